"""The engine is the one the tokenizers' Split patterns can move onto: with its Unicode-property
classes (Options::unicode_properties: \\p{L}, \\p{N}, White_Space \\s), the GPT-2, Llama 3 and
Qwen 2 pre-tokenizer patterns, as Hugging Face writes them, split the tokenizer corpus exactly
as the hand-written walks in include/muna/text/byte_level.hpp do (those are checked against
Hugging Face itself in tests/text).

    /usr/bin/python3 -m pytest tests/re/test_re_tokenizer_patterns.py -q -p no:cacheprovider
"""
import os
import struct
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tests", "text"))
sys.path.insert(0, os.path.join(ROOT, "codegen"))

from muna.text.byte_level import GPT2_PATTERN, LLAMA3_PATTERN, QWEN2_PATTERN  # noqa: E402
from text_corpus import build_corpus  # noqa: E402

DRIVER = r'''
#include <cstdio>
#include <iostream>
#include <iterator>
#include <string>
#include <utility>
#include <vector>
#include "muna/text/byte_level.hpp"
#include "muna/text/regex/compiler.hpp"
#include "muna/text/regex/matcher.hpp"
using namespace muna::text;
using Spans = std::vector<std::pair<size_t, size_t>>;

std::string read(const std::string& all, size_t& at) {
  uint32_t n;
  memcpy(&n, all.data() + at, 4);
  at += 4;
  std::string s = all.substr(at, n);
  at += n;
  return s;
}

Spans matches(const regex::Program& p, const std::string& s) {
  regex::Matcher m(p);
  regex::Captures c;
  Spans out;
  int64_t start = 0;
  bool must_advance = false;
  while (start <= static_cast<int64_t>(s.size()) && m.search(s, start, s.size(), c, must_advance)) {
    out.emplace_back(c.start, c.end);
    must_advance = c.end == c.start;
    start = c.end;
  }
  return out;
}

int main() {
  std::string all((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
  size_t at = 0;
  regex::Options onig;
  onig.unicode_properties = true;
  std::vector<regex::Program> programs;
  for (int i = 0; i < 3; ++i) programs.push_back(regex::compile_program(read(all, at), 0, onig));
  int bad = 0, strings = 0;
  while (at < all.size()) {
    std::string s = read(all, at);
    ++strings;
    for (int i = 0; i < 3; ++i) {
      Spans want;
      if (i == 0) gpt2_split(s, want); else llama3_split(s, i == 1 ? 3 : 1, want);
      if (matches(programs[i], s) != want && ++bad <= 5) std::printf("pattern %d differs on %s\n", i, s.c_str());
    }
  }
  std::printf("%d strings, %d differ\n", strings, bad);
  return bad != 0;
}
'''


def test_tokenizer_split_patterns(tmp_path):
    src, exe = tmp_path / "split.cpp", tmp_path / "split"
    src.write_text(DRIVER)
    subprocess.run(["g++", "-std=c++17", "-O2", f"-I{ROOT}/include", str(src), "-o", str(exe)], check=True)

    def text(s):
        data = s.encode("utf-8")
        return struct.pack("<I", len(data)) + data

    corpus = build_corpus()
    payload = b"".join(text(p) for p in (GPT2_PATTERN, LLAMA3_PATTERN, QWEN2_PATTERN)) + b"".join(map(text, corpus))
    proc = subprocess.run([str(exe)], input=payload, capture_output=True)
    out = proc.stdout.decode("utf-8", "replace")
    assert proc.returncode == 0, out + proc.stderr.decode()
    assert f"{len(corpus)} strings, 0 differ" in out
