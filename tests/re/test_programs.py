"""Text clean-up functions (tests/re/programs.py) compiled by muna against CPython running them.

    /usr/bin/python3 -m pytest tests/re/test_programs.py -q -p no:cacheprovider
"""
import copy
import importlib.util
import os
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

from muna_testing import ROOT, compile_library  # noqa: E402

SOURCE = "tests/re/programs.py"


def _python():
    spec = importlib.util.spec_from_file_location("re_programs", os.path.join(ROOT, SOURCE))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


PROGRAMS = _python()
_loaded = {}


def _compiled(name):
    if not _loaded:
        import muna
        path = compile_library(SOURCE, ",".join(PROGRAMS.CASES))
        _loaded.update({f: muna.load(path, f) for f in PROGRAMS.CASES})
    return _loaded[name]


def outcome(fn, args):
    try:
        value = fn(*copy.deepcopy(args))
        return ("value", list(value) if isinstance(value, tuple) else value)
    except Exception as e:
        return ("raise", getattr(e, "type", type(e).__name__), getattr(e, "message", str(e)))


@pytest.mark.parametrize("name", list(PROGRAMS.CASES))
def test_program(name):
    for args in PROGRAMS.CASES[name]:
        got = outcome(_compiled(name), args)
        want = outcome(getattr(PROGRAMS, name), args)
        if want[0] == "raise" and want[1] == "KeyError":  # str(KeyError('x')) is "'x'"
            want = ("raise", "KeyError", want[2])
        assert got == want, f"{name}{args!r}:\n  muna:    {got!r}\n  CPython: {want!r}"


def test_catastrophic_backtracking_gives_up():
    import time
    for name, args in PROGRAMS.HANGS_IN_CPYTHON.items():
        start = time.monotonic()
        got = outcome(_compiled(name), args)
        assert got[0] == "raise" and got[1] == "RuntimeError" and "backtracking steps" in got[2], got
        assert time.monotonic() - start < 120


def test_documented_differences():
    for name, (args, kind) in PROGRAMS.DIFFERS.items():
        got = outcome(_compiled(name), args)
        assert got[:2] == ("raise", kind), got


def test_docs_example_is_compiled_here():
    """docs/language.md's re example: each of its statements is one of programs.py, so it is
    built and checked against CPython by the tests above."""
    import ast
    import re
    with open(os.path.join(ROOT, "docs", "language.md"), encoding="utf-8") as f:
        section = f.read().split("### re", 1)[1]
    snippet = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    with open(os.path.join(ROOT, SOURCE), encoding="utf-8") as f:
        ours = {ast.unparse(node) for node in ast.parse(f.read()).body}
    missing = [ast.unparse(node) for node in ast.parse(snippet).body if ast.unparse(node) not in ours]
    assert not missing, missing
