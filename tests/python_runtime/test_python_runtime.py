"""Differential tests of muna's C++ Python runtime (include/muna/python/{str,builtins,unicode,format})
against the CPython running this file. Run: /usr/bin/python3 -m pytest tests/python_runtime
"""
import builtins
import math
import operator
import struct
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
import drivers  # noqa: E402
import runtime_cases as case_gen  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
INCLUDE = ROOT / "include"

# muna's int is int64; where CPython returns a bigger int, muna raises this instead.
INT_OVERFLOW = "OverflowError: integer result does not fit in muna's 64-bit int"
# CPython returns a complex here; muna has no complex type.
COMPLEX_POW = "ValueError: negative number cannot be raised to a fractional power"

PREDICATES = ["isalpha", "isdecimal", "isdigit", "isnumeric", "isspace", "isalnum", "isupper",
              "islower", "istitle", "isprintable"]

def is_valid_utf8(data):
    try:
        data.decode("utf-8")  # CPython's decoder is strict: no overlongs, no surrogates
        return True
    except UnicodeDecodeError:
        return False


PYTHON_OPS = {
    "unicode.is_valid_utf8": is_valid_utf8,
    "str.getitem": lambda s, i: s[i],
    "str.slice": lambda s, a, b, c: s[a:b:c],
    "str.len": len,
    "str.contains": lambda s, sub: sub in s,
    "str.mul": operator.mul,
    "str.iter": list,
    "builtins.lshift": operator.lshift,
    "builtins.rshift": operator.rshift,
    "builtins.add": operator.add,
    "builtins.sub": operator.sub,
    "builtins.mul": operator.mul,
    "builtins.neg": operator.neg,
    "builtins.floordiv": operator.floordiv,
    "builtins.mod": operator.mod,
    "builtins.truediv": operator.truediv,
    "test.predicates": lambda c: [getattr(c, p)() for p in PREDICATES],
}


def python_op(op):
    if op in PYTHON_OPS:
        return PYTHON_OPS[op]
    namespace, name = op.split(".")
    return getattr(str if namespace == "str" else builtins, name)


def float_tag(x):
    return ("f", "nan") if math.isnan(x) else ("f", struct.pack("<d", x).hex())


def tag(value):
    """Python value -> the comparable form of what the driver prints."""
    if isinstance(value, bool):
        return ("b", value)
    if isinstance(value, int):
        if not -2**63 <= value < 2**63:
            return ("e", INT_OVERFLOW)
        return ("i", value)
    if isinstance(value, float):
        return float_tag(value)
    if isinstance(value, complex):
        return ("e", COMPLEX_POW)
    if isinstance(value, str):
        return ("s", value)
    items = [tag(v) for v in value]
    # An int overflow anywhere inside a tuple (divmod) is the whole result's error.
    for t in items:
        if t[0] == "e":
            return t
    return ("L", items)


def expected(op, args):
    if (op == "builtins.pow" and isinstance(args[0], float) and -math.inf < args[0] < 0
            and math.isfinite(args[1]) and args[1] != math.floor(args[1])):
        return ("e", COMPLEX_POW)  # CPython goes complex (or fails with "complex exponentiation")
    try:
        return tag(python_op(op)(*args))
    except Exception as e:  # noqa: BLE001 - every Python exception is part of the contract
        return ("e", f"{type(e).__name__}: {e}")


def encode_arg(v, out):
    if v is None:
        out += b"n"
    elif isinstance(v, bool):
        out += b"b1" if v else b"b0"
    elif isinstance(v, int):
        out += b"i%d;" % v
    elif isinstance(v, float):
        out += b"f" + struct.pack(">d", v).hex().encode() + b";"
    elif isinstance(v, (str, bytes)):
        data = v.encode("utf-8") if isinstance(v, str) else v
        out += b"s%d:" % len(data) + data
    else:
        out += b"L%d:" % len(v)
        for x in v:
            encode_arg(x, out)


def encode_cases(cases):
    out = bytearray()
    for op, args in cases:
        out += op.encode() + b" %d " % len(args)
        for a in args:
            encode_arg(a, out)
        out += b"\n"
    return bytes(out)


def decode_results(data):
    pos = 0

    def until(stop):
        nonlocal pos
        end = data.index(stop, pos)
        text = data[pos:end]
        pos = end + 1
        return text

    def value():
        nonlocal pos
        kind = chr(data[pos])
        pos += 1
        if kind in "se":
            n = int(until(b":"))
            text = data[pos:pos + n].decode("utf-8", errors="surrogateescape")
            pos += n
            return (kind, text)
        if kind == "i":
            return ("i", int(until(b";")))
        if kind == "f":
            return float_tag(struct.unpack(">d", bytes.fromhex(until(b";").decode()))[0])
        if kind == "b":
            pos += 1
            return ("b", data[pos - 1:pos] == b"1")
        if kind == "L":
            return ("L", [value() for _ in range(int(until(b":")))])
        raise AssertionError(f"bad driver output at {pos}: {data[pos - 1:pos + 20]!r}")

    results = []
    while pos < len(data):
        results.append(value())
        assert data[pos:pos + 1] == b"\n"
        pos += 1
    return results


@pytest.fixture(scope="session")
def driver():
    return drivers.build("driver.cpp")


def run_cases(driver, cases):
    proc = subprocess.run([str(driver)], input=encode_cases(cases), capture_output=True, timeout=300)
    assert proc.returncode == 0, proc.stderr.decode()
    got = decode_results(proc.stdout)
    assert len(got) == len(cases)
    failures = []
    for (op, args), actual in zip(cases, got):
        want = expected(op, args)
        if actual != want:
            failures.append(f"{op}{tuple(args)!r}\n    CPython: {want!r}\n    muna:    {actual!r}")
    return failures


SECTIONS = {
    "strings": lambda rng: case_gen.string_cases(rng, 1500),
    "numbers": lambda rng: case_gen.number_cases(rng, 1500),
    "int_text": case_gen.int_text_cases,
    "float_text": case_gen.float_text_cases,
    "unicode_sweep": lambda rng: case_gen.unicode_sweep_cases(),
    "rounding": case_gen.rounding_cases,
    "utf8_validation": case_gen.utf8_validation_cases,
}


@pytest.mark.parametrize("section", list(SECTIONS))
def test_matches_cpython(driver, section):
    import random
    cases = SECTIONS[section](random.Random(f"muna-{section}"))
    failures = run_cases(driver, cases)
    counts = Counter(op for op, _ in cases)
    print(f"\n{section}: {len(cases)} cases over {len(counts)} ops, {len(failures)} mismatches")
    assert not failures, f"{len(failures)} of {len(cases)} differ from CPython:\n" + "\n".join(failures[:40])


def test_unicode_tables_are_regenerated_from_this_python():
    """Every generated Unicode header (the shared database, the names, HF's classes) is what
    scripts/gen_unicode_tables.py writes from this CPython."""
    proc = subprocess.run([sys.executable, str(ROOT / "scripts" / "gen_unicode_tables.py"), "--check"],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr


def test_unicode_tables_are_of_this_pythons_unicode_version():
    import unicodedata
    text = (INCLUDE / "muna" / "python" / "unicode" / "tables.hpp").read_text()
    assert f'kUnicodeVersion[] = "{unicodedata.unidata_version}";' in text
