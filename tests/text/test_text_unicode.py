"""muna.text's Unicode classes against Hugging Face's, one code point at a time.

The corpus tests cover what real text contains; this covers every code point, so a table or
version mismatch shows up even for characters no test string happens to use.
"""
import json
import os
import struct
import subprocess
import tempfile
import unicodedata

import pytest

import text_harness as harness
from muna.text import unicode as uc
from muna.text.components import BertNormalizer

pytestmark = pytest.mark.skipif(harness.deps_missing() is not None, reason=str(harness.deps_missing()))

CODE_POINTS = [cp for cp in range(0x110000) if not (0xD800 <= cp < 0xE000 or 0x40000 <= cp < 0xE0000)]
# HF's NFD comes from unicode-normalization-alignments, older than CPython's Unicode 14 tables.
NFD_NEWER_IN_CPYTHON = {0x11938}


@pytest.fixture(scope="module")
def oracle():
    script = os.path.join(harness.ROOT, "tests", "text", "oracle_unicode.js")
    with open(script, "rb") as f:
        path = os.path.join(harness.BUILD, f"oracle-unicode-{harness._digest(f.read())}.json")
    if not os.path.exists(path):
        os.makedirs(harness.BUILD, exist_ok=True)
        subprocess.run(["node", script, path], check=True, env=dict(os.environ, NODE_PATH=harness.DEPS))
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def test_bert_clean_text_drops_the_same_characters(oracle):
    clean = BertNormalizer(True, False, False, False)
    assert [cp for cp in CODE_POINTS if clean("a" + chr(cp) + "a") == "aa"] == oracle["dropped"]


def test_bert_punctuation_is_the_same(oracle):
    assert [cp for cp in CODE_POINTS if cp > 0x20 and uc.is_bert_punctuation(chr(cp))] == oracle["punctuation"]


def test_bert_accent_stripping_is_the_same(oracle):
    strip = BertNormalizer(False, False, True, False)
    got = [cp for cp in CODE_POINTS if strip("a" + chr(cp)) == "a"]
    assert got == oracle["stripped"]


def test_word_characters_and_spaces_are_the_same(oracle):
    """The Whitespace pre-tokenizer's \\w and \\s (regex crate, Unicode 16) on what CPython knows."""
    known = [cp for cp in CODE_POINTS if unicodedata.category(chr(cp)) != "Cn"]
    word = set(oracle["word"])
    assert [cp for cp in known if uc.is_word_char(chr(cp)) != (cp in word)] == []
    assert [cp for cp in CODE_POINTS if uc.is_whitespace(chr(cp))] == oracle["space"]


def test_nfd_is_the_same_up_to_unicode_version(oracle):
    want = {int(k): v for k, v in oracle["nfd"].items()}
    got = {cp: uc.nfd(chr(cp)) for cp in CODE_POINTS if uc.nfd(chr(cp)) != chr(cp)}
    assert set(got) ^ set(want) == NFD_NEWER_IN_CPYTHON
    assert all(got[cp] == want[cp] for cp in want)


def test_native_classes_equal_python_ones(oracle):
    """C++ against the Python definitions above, which the oracle checks: all must agree."""
    exe = harness.build_driver()
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "out")
        subprocess.run([exe, "unicode", "-", out], check=True)
        data = open(out, "rb").read()
    p, lists, maps = 0, [], []
    for _ in range(3):
        (n,) = struct.unpack_from("<I", data, p)
        lists.append(list(struct.unpack_from(f"<{n}I", data, p + 4)))
        p += 4 + 4 * n
    for _ in range(4):
        (n,) = struct.unpack_from("<I", data, p)
        p += 4
        m = {}
        for _ in range(n):
            cp, length = struct.unpack_from("<II", data, p)
            m[cp] = data[p + 8 : p + 8 + length].decode("utf-8")
            p += 8 + length
        maps.append(m)
    clean, strip = BertNormalizer(True, False, False, False), BertNormalizer(False, False, True, False)
    assert lists[0] == [cp for cp in CODE_POINTS if clean("a" + chr(cp) + "a") == "aa"] == oracle["dropped"]
    assert lists[1] == oracle["punctuation"]
    assert lists[2] == [cp for cp in CODE_POINTS if strip("a" + chr(cp)) == "a"] == oracle["stripped"]
    assert maps[0] == {cp: uc.nfd(chr(cp)) for cp in CODE_POINTS if uc.nfd(chr(cp)) != chr(cp)}
    assert maps[1] == {cp: uc.lowercase(chr(cp)) for cp in CODE_POINTS if uc.lowercase(chr(cp)) != chr(cp)}
    framed = {cp: "A" + chr(cp) + "\u0301" for cp in CODE_POINTS}
    assert maps[2] == {cp: uc.nfc(f) for cp, f in framed.items() if uc.nfc(f) != f}
    assert maps[3] == {cp: uc.nfkc(chr(cp)) for cp in CODE_POINTS if uc.nfkc(chr(cp)) != chr(cp)}


def test_nfc_and_nfkc_differ_only_where_hf_lacks_the_data(oracle):
    """HF composes with unicode-normalization-alignments, whose tables predate Unicode 10: for
    characters added or given mappings since (about 50 combining marks, 72 compatibility
    characters such as U+32FF) HF leaves the text unchanged. Every other character must agree."""
    known = [cp for cp in CODE_POINTS if unicodedata.category(chr(cp)) != "Cn" and cp not in NFD_NEWER_IN_CPYTHON]
    nfc, nfkc = {int(k): v for k, v in oracle["nfc"].items()}, {int(k): v for k, v in oracle["nfkc"].items()}
    framed = lambda cp: "A" + chr(cp) + "\u0301"  # noqa: E731
    nfc_diff = [cp for cp in known if uc.nfc(framed(cp)) != nfc.get(cp, framed(cp))]
    nfkc_diff = [cp for cp in known if uc.nfkc(chr(cp)) != nfkc.get(cp, chr(cp))]
    assert all(cp not in nfc and unicodedata.combining(chr(cp)) for cp in nfc_diff) and len(nfc_diff) < 60
    assert all(cp not in nfkc for cp in nfkc_diff) and len(nfkc_diff) < 80


def test_lowercase_is_the_same_for_characters_cpython_knows(oracle):
    want = {int(k): v for k, v in oracle["lower"].items()}
    known = [cp for cp in CODE_POINTS if unicodedata.category(chr(cp)) != "Cn"]
    assert [cp for cp in known if uc.lowercase(chr(cp)) != want.get(cp, chr(cp))] == []
