"""The engine's character tests (include/muna/text/regex/chars.hpp) for every code point against
CPython's sre: simple lower/upper case (sre_lower_unicode, sre_upper_unicode), iscased, and the
Unicode and ASCII \\d \\s \\w classes. The tables the engine reads were generated from another
CPython run; this catches any drift, exhaustively, with a small native driver.

    /usr/bin/python3 -m pytest tests/re/test_re_chars.py -q -p no:cacheprovider
"""
import os
import re
import subprocess

import _sre
import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DRIVER = r'''
#include <cstdio>
#include <vector>
#include "muna/text/regex/chars.hpp"
using namespace muna::text::regex;
int main() {
  std::vector<uint32_t> out;
  for (char32_t c = 0; c < 0x110000; ++c) {
    uint32_t bits = iscased(c) | uni_word(c) << 1 | uni_digit(c) << 2 | uni_space(c) << 3 | ascii_word(c) << 4 |
                    ascii_space(c) << 5;
    out.push_back(lower(c));
    out.push_back(upper(c));
    out.push_back(bits);
  }
  fwrite(out.data(), 4, out.size(), stdout);
}
'''


def native_table(tmp_path):
    src = tmp_path / "chars.cpp"
    src.write_text(DRIVER)
    exe = tmp_path / "chars"
    subprocess.run(["g++", "-std=c++17", "-O1", f"-I{ROOT}/include", str(src), "-o", str(exe)], check=True)
    data = subprocess.run([str(exe)], capture_output=True, check=True).stdout
    return np.frombuffer(data, dtype=np.uint32).reshape(-1, 3)


def test_every_code_point(tmp_path):
    table = native_table(tmp_path)
    word, digit, space = re.compile(r"\w"), re.compile(r"\d"), re.compile(r"\s")
    aword, aspace = re.compile(r"\w", re.A), re.compile(r"\s", re.A)
    bad = []
    for c in range(0x110000):
        ch = chr(c)
        upper = ch.upper()
        want = (_sre.unicode_tolower(c), ord(upper[0]) if upper else c,
                int(_sre.unicode_iscased(c)) | bool(word.match(ch)) << 1 | bool(digit.match(ch)) << 2
                | bool(space.match(ch)) << 3 | bool(aword.match(ch)) << 4 | bool(aspace.match(ch)) << 5)
        if tuple(int(v) for v in table[c]) != want:
            bad.append((hex(c), tuple(int(v) for v in table[c]), want))
            if len(bad) > 10:
                break
    assert not bad, bad
