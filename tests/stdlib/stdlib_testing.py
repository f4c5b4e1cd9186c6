"""Differential testing of the standard-library modules muna compiles (math, statistics, heapq,
bisect, string, operator): a program of small functions is compiled into one library, and each
function runs on a table of cases beside CPython running the same function. A case passes when
both return the same value of the same type (floats bit for bit, NaN as NaN) or both raise the
same exception type with the same message.

Where CPython returns an int that does not fit muna's 64-bit int, the expected outcome is muna's
OverflowError; where muna documents a float for CPython's int (statistics on ints), the case
says so with `as_float`.
"""
from __future__ import annotations

import copy
import importlib.util
import math
import os
import struct

from muna_testing import ROOT, compile_library, host_target

INT_OVERFLOW = ("OverflowError", "integer result does not fit in muna's 64-bit int")


def load_program(name):
    """The program module tests/stdlib/programs/<name>.py, as CPython runs it."""
    path = os.path.join(ROOT, "tests", "stdlib", "programs", f"{name}.py")
    spec = importlib.util.spec_from_file_location(f"stdlib_{name}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class Library:
    """Every function of one program, compiled once into one library for one target (the
    standard library's code is scalar: the default targets differ in their vector width, not
    in its code; muna_testing.compile_library checks the others build)."""

    def __init__(self, name, functions, target):
        import muna
        self.python = load_program(name)
        path = compile_library(f"tests/stdlib/programs/{name}.py", ",".join(functions), "--target", target)
        self.native = {f: muna.load(path, f) for f in functions}


_libraries = {}


def check(program, functions, target, function, cases, convert_ints=False):
    """The test of one function: every case as in CPython (the library compiled and loaded once
    per program and target)."""
    key = (program, target)
    if key not in _libraries:
        try:
            _libraries[key] = Library(program, functions, target)
        except Exception as e:  # reported once, by every test of the program
            _libraries[key] = e
    if isinstance(_libraries[key], Exception):
        raise _libraries[key]
    bad = mismatches(_libraries[key], function, cases, convert_ints)
    assert not bad, "\n".join(bad)


def fits_int64(value):
    if isinstance(value, bool):
        return True
    if isinstance(value, int):
        return -2**63 <= value < 2**63
    if isinstance(value, (list, tuple)):
        return all(fits_int64(v) for v in value)
    return True


def as_float(value):
    """CPython's int results where muna documents a float of the same value."""
    if isinstance(value, bool) or not isinstance(value, int):
        if isinstance(value, list):
            return [as_float(v) for v in value]
        return value
    return float(value)


def python_outcome(fn, args, convert_ints=False):
    try:
        value = fn(*copy.deepcopy(args))
    except Exception as e:  # the outcome to reproduce
        return ("raises", type(e).__name__, str(e))
    if convert_ints:
        value = as_float(value)
    if not fits_int64(value):
        return ("raises", *INT_OVERFLOW)
    return ("returns", value)


def native_outcome(fn, args):
    import muna
    try:
        return ("returns", fn(*copy.deepcopy(args)))
    except muna.MunaError as e:
        return ("raises", e.type, e.message)


def same(a, b):
    """Equal values of equal types; floats bit for bit (any NaN equals any NaN)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, float):
        if math.isnan(a) or math.isnan(b):
            return math.isnan(a) and math.isnan(b)
        return struct.pack("<d", a) == struct.pack("<d", b)
    if isinstance(a, (list, tuple)):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return a == b


def same_outcome(a, b):
    if a[0] != b[0]:
        return False
    if a[0] == "raises":
        return a[1:] == b[1:]
    return same(a[1], b[1])


def mismatches(library, function, cases, convert_ints=False, limit=8):
    """Runs `function` on every case in both; returns the differing cases (the first `limit`)
    and how many ran."""
    native, python = library.native[function], getattr(library.python, function)
    bad = []
    for args in cases:
        expected = python_outcome(python, args, convert_ints)
        got = native_outcome(native, args)
        if not same_outcome(expected, got):
            bad.append(f"{function}{tuple(args)!r}: CPython {expected!r}, muna {got!r}")
            if len(bad) >= limit:
                break
    return bad


def targets():
    return [host_target()]


def assert_rejected_at_the_call(tmp_path, header, body, returns, col, message):
    """`def f(x: float, n: int, s: str, xs: list[float]) -> returns` with `body` after `header` is
    a CompileError carrying `message`, at column `col` of the body's first line."""
    import pytest
    from muna.diagnostics import CompileError
    from muna.frontend import build_program
    path = tmp_path / "user_code.py"
    path.write_text(header + f"def f(x: float, n: int, s: str, xs: list[float]) -> {returns}:\n    {body}\n")
    with pytest.raises(CompileError) as info:
        build_program(str(path), "f")
    assert message in info.value.message
    assert (info.value.loc.line, info.value.loc.col) == (header.count("\n") + 2, col), info.value.render()
