"""Python's binary operators and NumPy's binary ufuncs on values of run-time type (`typing.Any`,
or a name bound to an int on one path and an array on another), against CPython and NumPy 1.24:
every pair of operand kinds — Python numbers of several magnitudes, NumPy scalars, 0-d and 1-d
arrays of every dtype, lists — through every operator (and -x, ~x, abs(x) of each), the result's exact type, dtype and value, or
the exception's class. This is NumPy's value-based casting at run time (uint8 array + 300 is
uint16, int8 array + np.int64(3) is int8, bool array + 1 is int64), NumPy's refusals
(bool - bool, float & int) and Python's own operators between Python values.

Where NumPy computes in a dtype muna's arrays do not have (uint16, uint32, uint64, float16),
muna raises NotImplementedError, counted and checked to be only there; a Python int past int64
is OverflowError (muna's ints are 64-bit: issue 31), and a Python power that CPython makes
complex is a ValueError."""
import math
import os
import warnings

import numpy as np
import pytest

import muna
from muna_testing import compile_generated

OPERATORS = {"add": "+", "sub": "-", "mul": "*", "truediv": "/", "floordiv": "//", "mod": "%", "pow": "**",
             "lt": "<", "le": "<=", "gt": ">", "ge": ">=", "eq": "==", "ne": "!=", "and": "&", "or": "|",
             "xor": "^", "lshift": "<<", "rshift": ">>"}
UFUNCS = ("add", "subtract", "multiply", "true_divide", "floor_divide", "remainder", "power", "maximum",
          "minimum", "less", "equal", "bitwise_and", "left_shift")
UNARY = {"neg": "-a", "invert": "~a", "abs": "abs(a)"}
NAMES = [f"op_{n}" for n in OPERATORS] + [f"uf_{n}" for n in UFUNCS] + [f"un_{n}" for n in UNARY]
SOURCE = "from typing import Any\n\nimport numpy as np\n\n" + "".join(
    f"\ndef op_{n}(a: Any, b: Any):\n    return a {s} b\n" for n, s in OPERATORS.items()) + "".join(
    f"\ndef uf_{n}(a: Any, b: Any):\n    return np.{n}(a, b)\n" for n in UFUNCS) + "".join(
    f"\ndef un_{n}(a: Any):\n    return {e}\n" for n, e in UNARY.items())
PATH = os.path.join("build", "generated", "object_operators", "programs.py")

DTYPES = ("bool", "uint8", "int8", "int16", "int32", "int64", "float32", "float64")
PYTHON = [True, 0, 3, -1, 100, 200, 300, -200, 70000, 2**40, 0.75, -2.5, 1e10, 3.5e38, math.nan]
SCALAR_VALUES = {"bool": True, "uint8": 200, "int8": -7, "int16": 300, "int32": -70000, "int64": 2**40,
                 "float32": 1.5, "float64": -1e10}
NUMPY = ([np.dtype(d).type(v) for d, v in SCALAR_VALUES.items()]
         + [np.array(v, d) for d, v in (("uint8", 5), ("int64", -3), ("float32", 2.5), ("float64", 1e300))]
         + [np.array([1, 0, 1], d) if d == "bool" else np.array([3, 1, 2], d) if d == "uint8" else
            np.array([-3, 1, 2], d) for d in DTYPES])
# Lists: Python's sequence operators between them, NumPy's np.asarray of one beside an array.
LISTS = [[1, 2, 3], [True, False, True], [0.5, 1.5, 2.5]]
OPERANDS = PYTHON + NUMPY + LISTS
PAIRS = [(a, b) for a in range(len(OPERANDS)) for b in range(len(OPERANDS))]


def _huge(name, a, b) -> bool:
    """A Python int ** or << whose exact result CPython would spend minutes and gigabytes on
    (70000 ** 2**40): left out."""
    python_ints = all(isinstance(x, int) for x in (a, b))
    count = b if isinstance(a, list) else a  # [1, 2, 3] * 2**40, np.int64 too (its __index__)
    repeated = name == "op_mul" and isinstance(a, list) != isinstance(b, list) and \
        isinstance(count, (int, np.integer)) and count > 64
    return repeated or python_ints and name.endswith(("pow", "power", "lshift", "left_shift")) and b > 64
# Dtypes NumPy may compute in that muna's arrays do not have.
MISSING = ("uint16", "uint32", "uint64", "float16")


@pytest.fixture(scope="module")
def program():
    return compile_generated(SOURCE, PATH, NAMES)


def _outcome(fn, *args):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # NumPy's overflow and division warnings
        with np.errstate(all="ignore"):
            try:
                return fn(*args), None
            except Exception as e:  # noqa: BLE001 - the exception is the outcome compared
                return None, e


def _mismatch(want, got) -> str | None:
    if type(got) is not type(want):
        return f"{type(got).__name__}, want {type(want).__name__} {want!r}"
    if isinstance(want, np.ndarray):
        if got.dtype != want.dtype or got.shape != want.shape:
            return f"{got.dtype}{got.shape}, want {want.dtype}{want.shape}"
        if want.dtype.kind == "f":
            ok = np.allclose(got, want, rtol=1e-6 if want.dtype == np.float32 else 1e-13, equal_nan=True)
        else:
            ok = np.array_equal(got, want)
        return None if ok else f"{got!r}, want {want!r}"
    if isinstance(want, (float, np.floating)):
        same = (math.isnan(want) and math.isnan(got)) or math.isclose(got, want, rel_tol=1e-6 if type(want) is np.float32 else 1e-13)
        return None if same else f"{got!r}, want {want!r}"
    return None if got == want else f"{got!r}, want {want!r}"


def _kind(error) -> str:
    """An exception's class name: muna's come as MunaError naming the class Python raises."""
    return error.type if isinstance(error, muna.MunaError) else type(error).__name__


def _declined(want, error) -> bool:
    """muna may decline (not compute differently) where NumPy's result has a dtype muna's arrays
    lack, where a Python int outgrows int64, or where CPython's result is complex (muna has no
    complex number: ValueError, tests/python_runtime)."""
    if isinstance(want, complex):
        return _kind(error) == "ValueError"
    if _kind(error) == "NotImplementedError":
        return want is not None and np.asarray(want).dtype.name in MISSING
    if _kind(error) == "OverflowError":
        return isinstance(want, int) and not -2**63 <= want < 2**63
    return False


@pytest.mark.parametrize("name", NAMES)
def test_object_operator_as_python_and_numpy(program, name):
    namespace, library = program
    fn = muna.load(library, name)
    wrong, declined = [], 0
    calls = [(a,) for a in OPERANDS] if name.startswith("un_") else [(OPERANDS[i], OPERANDS[j]) for i, j in PAIRS]
    for args in calls:
        if len(args) == 2 and _huge(name, *args):
            continue
        want, want_error = _outcome(namespace[name], *args)
        got, got_error = _outcome(fn, *args)
        where = f"{name}{args!r}"
        if got_error is not None and _declined(want, got_error):
            declined += 1
        elif want_error is not None:
            if got_error is None or _kind(got_error) != _kind(want_error):
                wrong.append(f"{where}: {got_error!r} / {got!r}, want {want_error!r}")
        elif got_error is not None:
            wrong.append(f"{where}: raised {got_error!r}, want {want!r}")
        elif (m := _mismatch(want, got)) is not None:
            wrong.append(f"{where}: {m}")
    assert not wrong, f"{len(wrong)} of {len(calls)} differ:\n" + "\n".join(wrong[:40])
    assert declined < len(calls) // 4, f"declined {declined} of {len(calls)}"
