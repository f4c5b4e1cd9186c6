"""Python's re compiled by muna against CPython's re (the oracle), through the generator.

    /usr/bin/python3 -m pytest tests/re -q -p no:cacheprovider

re_generated.py writes one function per case of re_cases.py (every operation of re.Pattern,
re.Match and the module, with the pattern baked at compile time) and functions taking patterns
and templates at run time; the compiled library must give exactly CPython's lines.
"""
import importlib.util
import os
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.dirname(HERE))

import re_cases  # noqa: E402
import re_generated  # noqa: E402
from muna_testing import ROOT, compile_library  # noqa: E402

GENERATED = "build/test-re/re_cases_module.py"
TARGET = ("--target", "x86-64-v3")  # no SIMD here: one target suffices


def _load_python(path):
    spec = importlib.util.spec_from_file_location("re_cases_module", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_state = {}


def _library():
    if "lib" not in _state:
        import muna
        names = re_generated.write(os.path.join(ROOT, GENERATED))
        functions = names + ["runtime_case", "runtime_template", "escape"]
        path = compile_library(GENERATED, ",".join(functions), *TARGET)
        _state["python"] = _load_python(os.path.join(ROOT, GENERATED))
        _state["lib"] = {f: muna.load(path, f) for f in functions}
    return _state["lib"], _state["python"]


def outcome(fn, *args):
    try:
        return ("value", fn(*args))
    except Exception as e:  # CPython's exception, or muna's MunaError
        kind = getattr(e, "type", type(e).__name__)
        return ("raise", kind, getattr(e, "message", str(e)))


def _compare(got, want, what):
    if got != want and got[0] == want[0] == "value" and len(got[1]) == len(want[1]):
        diffs = [(i, g, w) for i, (g, w) in enumerate(zip(got[1], want[1])) if g != w]
        raise AssertionError(f"{what}: {len(diffs)} lines differ, first: line {diffs[0][0]}\n"
                             f"  muna:    {diffs[0][1]!r}\n  CPython: {diffs[0][2]!r}")
    assert got == want, f"{what}:\n  muna:    {got!r}\n  CPython: {want!r}"


@pytest.mark.parametrize("k", range(len(re_cases.CASES)))
def test_compile_time_pattern(k):
    lib, py = _library()
    pattern, flags, strings = re_cases.CASES[k]
    _compare(outcome(lib[f"case_{k}"], strings), outcome(getattr(py, f"case_{k}"), strings), f"{pattern!r} flags={flags}")


# \N{...} needs Unicode's name table, which a library does not carry: run time patterns with one
# raise NotImplementedError (compile-time ones are fine).
RUNTIME_CASES = [c for c in re_cases.CASES if "\\N{" not in c[0]]


@pytest.mark.parametrize("k", range(len(RUNTIME_CASES)))
def test_run_time_pattern(k):
    lib, py = _library()
    pattern, flags, strings = RUNTIME_CASES[k]
    args = (pattern, int(flags), strings)
    _compare(outcome(lib["runtime_case"], *args), outcome(py.runtime_case, *args), f"{pattern!r} flags={flags}")


def test_run_time_invalid_patterns():
    lib, py = _library()
    cases = [(p, 0) for p in re_cases.INVALID if "\\N" not in p] + list(re_cases.INVALID_FLAGS)
    for pattern, flags in cases:
        args = (pattern, int(flags), ["x"])
        _compare(outcome(lib["runtime_case"], *args), outcome(py.runtime_case, *args), f"{pattern!r}")


def test_run_time_templates():
    lib, py = _library()
    strings = ["abc 1 de", "x 2 y 3", "no digits here", ""]
    for template in re_cases.TEMPLATES + re_cases.INVALID_TEMPLATES:
        _compare(outcome(lib["runtime_template"], template, strings), outcome(py.runtime_template, template, strings),
                 f"template {template!r}")


def test_escape():
    lib, py = _library()
    texts = ["", "a.b*c", "()[]{}?*+-|^$\\.&~# \t\n\r\v\f", "héllo wörld", "😀 x", "_-=!@%\"'<>,/;:"]
    _compare(outcome(lib["escape"], texts), outcome(py.escape, texts), "escape")
