"""The C++ side on its own: generated tables up to date, headers self-contained, bad tables refused."""
import os
import struct
import subprocess
import sys
import tempfile

import pytest

import text_harness as harness
import text_tokenizers as make_tokenizers

sys.path.insert(0, os.path.join(harness.ROOT, "codegen"))
from muna.text import Tokenizer, to_blob  # noqa: E402

INCLUDE = os.path.join(harness.ROOT, "include")
HEADERS = sorted(f for f in os.listdir(os.path.join(INCLUDE, "muna", "text")) if f.endswith(".hpp"))


# The Unicode tables (muna/python/unicode/tables.hpp, shared with str methods and unicodedata,
# and hf_categories.hpp) are checked against their generator by
# tests/python_runtime::test_unicode_tables_are_regenerated_from_this_python.


def test_each_header_compiles_on_its_own():
    with tempfile.TemporaryDirectory() as tmp:
        sources = []
        for h in HEADERS:
            src = os.path.join(tmp, h.replace(".hpp", ".cpp"))
            with open(src, "w") as f:
                f.write(f'#include "muna/text/{h}"\n')
            sources.append(src)
        proc = subprocess.run(["g++", "-std=c++17", "-fsyntax-only", "-Wall", "-Wextra", "-I" + INCLUDE] + sources,
                              capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr


def _driver_on_table(table: bytes):
    exe = harness.build_driver()
    with tempfile.TemporaryDirectory() as tmp:
        table_path, in_path, out_path = (os.path.join(tmp, n) for n in ("t", "in", "out"))
        with open(table_path, "wb") as f:
            f.write(table)
        with open(in_path, "wb") as f:
            f.write(b"\x01\x00\x00\x00\x05\x00\x00\x00hello")
        return subprocess.run([exe, "run", table_path, in_path, out_path], capture_output=True, text=True)


@pytest.mark.parametrize("cut", [0, 8, 15, 40, 200, 1000, -100, -1])
def test_truncated_table_is_a_value_error(cut):
    table = to_blob(Tokenizer(make_tokenizers.wordpiece()))
    proc = _driver_on_table(table[:cut])
    assert proc.returncode == 1 and proc.stderr.startswith("ValueError: corrupt tokenizer table"), proc.stderr


def test_wrong_version_is_refused():
    table = bytearray(to_blob(Tokenizer(make_tokenizers.wordpiece())))
    table[8] = 99
    proc = _driver_on_table(bytes(table))
    assert proc.returncode == 1 and "version 99" in proc.stderr


@pytest.mark.parametrize("family", ["wordpiece", "t5_unigram", "roberta_bpe"])
def test_corrupt_fields_never_crash(family):
    """Every u32 near the start and end of every section, set to hostile values: the native
    side must either work or raise ValueError, never crash or allocate wildly."""
    spec = getattr(make_tokenizers, family if family != "roberta_bpe" else "byte_bpe")
    table = to_blob(Tokenizer(spec() if family != "roberta_bpe" else spec(True)))
    exe = harness.build_driver()
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        in_path, table_path, out_path = (os.path.join(tmp, n) for n in ("in", "t", "out"))
        with open(in_path, "wb") as f:
            f.write(harness._pack_texts([b"hello world <mask> x", b"  \xc3\xa9 ok"]))
        (count,) = struct.unpack_from("<I", table, 12)
        for s in range(count):
            tag, _, off, size = struct.unpack_from("<4sIQQ", table, 16 + 24 * s)
            positions = sorted(set(range(off, min(off + size, off + 64), 4)) | set(range(max(off, off + size - 16), off + size, 4)))
            for pos in positions:
                for value in (0xFFFFFFFF, 0x80000000, 0x10000):
                    corrupt = bytearray(table)
                    struct.pack_into("<I", corrupt, pos, value)
                    with open(table_path, "wb") as f:
                        f.write(corrupt)
                    proc = subprocess.run([exe, "run", table_path, in_path, out_path], capture_output=True, text=True)
                    if proc.returncode not in (0, 1) or (proc.returncode == 1 and not proc.stderr.startswith("ValueError")):
                        failures.append((tag, pos - off, hex(value), proc.returncode, proc.stderr[:100]))
    assert not failures, failures[:5]
