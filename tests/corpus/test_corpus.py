"""The corpus of issue 3: every function of tests/corpus/programs/ compiled through the real
CLI (one library per function) and run on its CASES, compared with CPython running the same
function: the same value and Python type, recursively (floats exactly, lists and tuples
distinguished, dicts in insertion order, arrays by dtype, shape and bytes), or the same
exception type and message."""
import copy
import glob
import inspect
import os
import pickle
import subprocess
import sys

import numpy as np
import pytest

from muna_testing import ROOT, as_returned, compile_functions, same
from run_compiled import load_program

PROGRAMS = "tests/corpus/programs"
RUNNER = os.path.join(ROOT, "tests", "corpus", "run_compiled.py")

MODULES = {os.path.splitext(os.path.basename(p))[0]: load_program(p)
           for p in sorted(glob.glob(os.path.join(ROOT, PROGRAMS, "*.py")))}


def _functions(module):
    return [name for name, f in vars(module).items()
            if inspect.isfunction(f) and f.__module__ == module.__name__ and not name.startswith("_")]


FUNCTIONS = [(m, f) for m, module in MODULES.items() for f in _functions(module)]
IDS = [f"{m}:{f}" for m, f in FUNCTIONS]
REJECTED = [(m, f) for m, module in MODULES.items() for f in getattr(module, "REJECTED_ARGS", {})]

_libraries = {}


def library(module, function):
    """The compiled library's path: each module's functions are compiled together, once per
    session (muna_testing.compile_functions); a function that fails to compile fails its
    tests with the compiler's message."""
    if module not in _libraries:
        _libraries[module] = compile_functions(f"{PROGRAMS}/{module}.py", _functions(MODULES[module]))
    result = _libraries[module][function]
    if not result.endswith(".so"):
        if "internal compiler error" in result:
            pytest.fail("the generated C++ did not build (a muna bug):\n" + result, pytrace=False)
        pytest.fail(result, pytrace=False)
    return result


def run_compiled(module, function, table):
    path = library(module, function)
    proc = subprocess.run([sys.executable, RUNNER, path, os.path.join(ROOT, PROGRAMS, f"{module}.py"),
                           function, table], capture_output=True, timeout=120)
    if proc.returncode != 0:
        last = proc.stderr.decode(errors="replace").strip().splitlines()[-1:] or ["?"]
        pytest.fail(f"the compiled library died (status {proc.returncode}) at {last[0]}", pytrace=False)
    return pickle.loads(proc.stdout)


def cpython(fn, args):
    try:
        return ("value", as_returned(fn(*copy.deepcopy(args))))
    except Exception as e:
        return ("raise", type(e).__name__, str(e))


def show(outcome) -> str:
    if outcome[0] == "value":
        return f"{outcome[1]!r} ({type(outcome[1]).__name__})"
    return f"{outcome[0]} {outcome[1]}: {outcome[2]!r}"


@pytest.mark.parametrize("module,function", FUNCTIONS, ids=IDS)
def test_compiles(module, function):
    """The compiler accepts every corpus function and the C++ it emits builds."""
    assert os.path.exists(library(module, function))


@pytest.mark.parametrize("module,function", FUNCTIONS, ids=IDS)
def test_matches_cpython(module, function):
    prog = MODULES[module]
    cases = prog.CASES[function]
    got = run_compiled(module, function, "CASES")
    mismatches = []
    for args, compiled_outcome in zip(cases, got):
        expected = cpython(getattr(prog, function), args)
        if expected[0] != compiled_outcome[0] or not all(same(x, y) for x, y in zip(expected[1:], compiled_outcome[1:])):
            mismatches.append(f"{function}{args!r}:\n    CPython: {show(expected)}\n    muna:    {show(compiled_outcome)}")
    if mismatches:
        pytest.fail(f"{len(mismatches)} of {len(cases)} cases differ:\n" + "\n".join(mismatches), pytrace=False)


@pytest.mark.parametrize("module,function", REJECTED, ids=[f"{m}:{f}" for m, f in REJECTED])
def test_literal_rejects_other_values(module, function):
    """A value outside a Literal[...] parameter is an error status (CPython would run it)."""
    cases = MODULES[module].REJECTED_ARGS[function]
    wrong = [f"{function}{args!r}: {show(got)}" for args, got in zip(cases, run_compiled(module, function, "REJECTED_ARGS"))
             if got[0] != "raise" or got[1] != "TypeError"]
    if wrong:
        pytest.fail("expected a TypeError status:\n" + "\n".join(wrong), pytrace=False)


@pytest.mark.parametrize("module", sorted(MODULES))
def test_every_function_has_cases(module):
    prog = MODULES[module]
    functions = _functions(prog)
    assert sorted(prog.CASES) == sorted(functions)
    assert all(len(prog.CASES[f]) >= 2 for f in functions)
