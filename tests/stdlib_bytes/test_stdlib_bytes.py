"""bytes, bytearray and the standard-library functions on them (codecs, hashlib, base64, struct,
json.dumps, NumPy's and torch's buffer seams), through the generator against CPython: every
function of each program in programs/ is compiled into one library per program (through the
real CLI), run on the program's CASES in a child process, and compared with CPython running
the same function on the same arguments: the same value and type, recursively (bytes and
bytearray told apart, floats by repr, arrays by dtype, shape and bytes), or the same exception
type and message. A non-builtin exception is named as a traceback names it (binascii.Error)."""
import copy
import glob
import inspect
import os
import pickle
import subprocess
import sys
import warnings
from concurrent.futures import ThreadPoolExecutor

import pytest

from muna_testing import ROOT, as_returned, compile_library, same

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from run_cases import load_program  # noqa: E402

PROGRAMS = sorted(glob.glob(os.path.join(HERE, "programs", "*.py")))
MODULES = {os.path.splitext(os.path.basename(p))[0]: load_program(p) for p in PROGRAMS}
# One target: these ops are scalar code, the same on every instruction set; one compile per
# program instead of three keeps the suite fast.
TARGET = ("--target", "x86-64-v3")


def _functions(module):
    return [name for name, f in vars(module).items()
            if inspect.isfunction(f) and f.__module__ == module.__name__ and not name.startswith("_")]


def exception_name(e) -> str:
    cls = type(e)
    return cls.__name__ if cls.__module__ == "builtins" else f"{cls.__module__}.{cls.__name__}"


# muna's int is 64-bit: where CPython's result holds a larger int, muna raises this instead
# (docs/language.md).
INT_OVERFLOW = ("raise", "OverflowError", "integer result does not fit in muna's 64-bit int")


def _beyond_int64(value) -> bool:
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return not -2**63 <= value < 2**63
    if isinstance(value, (list, tuple)):
        return any(_beyond_int64(v) for v in value)
    if isinstance(value, dict):
        return any(_beyond_int64(k) or _beyond_int64(v) for k, v in value.items())
    return False


def cpython(fn, args):
    try:
        with warnings.catch_warnings():  # torch.frombuffer of bytes warns that they are not writable
            warnings.simplefilter("ignore")
            value = fn(*copy.deepcopy(args))
    except Exception as e:
        return ("raise", exception_name(e), str(e))
    if _beyond_int64(value):
        return INT_OVERFLOW
    return ("value", as_returned(value))


def show(outcome) -> str:
    if outcome[0] == "value":
        text = repr(outcome[1])
        return f"{text[:400]}{'...' if len(text) > 400 else ''} ({type(outcome[1]).__name__})"
    return f"{outcome[0]} {outcome[1]}: {outcome[2]!r}"


_results = {}


@pytest.fixture(scope="session")
def libraries(request):
    """The library of every program the selected tests need, built two at a time (the machine
    has two cores); a failed build is kept as its AssertionError."""
    needed = sorted({item.callspec.params["module"] for item in request.session.items
                     if getattr(item, "originalname", "") == "test_matches_cpython"
                     and getattr(item, "module", None) is sys.modules[__name__]})

    def build(module):
        functions = ",".join(MODULES[module].CASES)
        path = os.path.relpath(os.path.join(HERE, "programs", f"{module}.py"), ROOT)
        try:
            return module, compile_library(path, functions, *TARGET)
        except AssertionError as e:
            return module, e

    with ThreadPoolExecutor(max_workers=2) as pool:
        return dict(pool.map(build, needed))


def results(libraries, module):
    """Every function's outcomes on its cases, from one compiled library per program."""
    if module not in _results:
        library = libraries[module]
        if isinstance(library, AssertionError):
            # The compiler's diagnostic, once; the module's other tests only point at it.
            _results[module] = f"{module} did not compile (see its first test)"
            pytest.fail("\n".join(str(library).splitlines()[-3:]), pytrace=False)
        path = os.path.join(HERE, "programs", f"{module}.py")
        proc = subprocess.run([sys.executable, os.path.join(HERE, "run_cases.py"), library, path],
                              capture_output=True, timeout=600)
        if proc.returncode != 0:
            last = proc.stderr.decode(errors="replace").strip().splitlines()[-1:] or ["?"]
            _results[module] = f"the compiled library died (status {proc.returncode}) at {last[0]}"
        else:
            _results[module] = pickle.loads(proc.stdout)
    got = _results[module]
    if isinstance(got, str):
        pytest.fail(got, pytrace=False)
    return got


CASES = [(m, f) for m, module in MODULES.items() for f in module.CASES]


@pytest.mark.parametrize("module,function", CASES, ids=[f"{m}:{f}" for m, f in CASES])
def test_matches_cpython(libraries, module, function):
    prog = MODULES[module]
    cases = prog.CASES[function]
    got = results(libraries, module)[function]
    assert len(got) == len(cases)
    mismatches = []
    for args, compiled in zip(cases, got):
        expected = cpython(getattr(prog, function), args)
        if expected[0] != compiled[0] or not all(same(x, y) for x, y in zip(expected[1:], compiled[1:])):
            shown = repr(args)
            mismatches.append(f"{function}{shown[:300]}:\n    CPython: {show(expected)}\n    muna:    {show(compiled)}")
    if mismatches:
        pytest.fail(f"{len(mismatches)} of {len(cases)} cases differ:\n" + "\n".join(mismatches[:15]), pytrace=False)


@pytest.mark.parametrize("module", sorted(MODULES))
def test_every_function_has_cases(module):
    prog = MODULES[module]
    assert sorted(prog.CASES) == sorted(_functions(prog))
    # Two cases at least, but for a function of no arguments.
    assert all(len(cases) >= 2 or not inspect.signature(getattr(prog, f)).parameters
               for f, cases in prog.CASES.items())
