"""Python's operators on NumPy scalars, beside NumPy scalars and Python numbers, against NumPy
1.24 itself: every pair of operand kinds through every arithmetic and comparison operator
(bitwise ones for integers and bools), the value and the exact type of each result
(np.float32 * 2.0 is np.float64; np.int8 + np.int8 wraps; a comparison is np.bool_).

The program is generated: one function per pair of operand kinds, returning a tuple of each
operator's result."""
import os
import warnings

import numpy as np
import pytest

import muna
from muna_testing import compile_generated

NUMPY_KINDS = {"float32": 2.5, "float64": -3.25, "int8": 100, "uint8": 200, "int64": 2**53 + 1, "bool_": True}
PYTHON_KINDS = {"int": 3, "float": 0.75, "bool": True}
# The second operand's values, chosen to be nonzero (NumPy divides integers by zero as 0 with
# a warning, Python raises) and to make integer powers and shifts small.
SECOND = {"float32": -1.5, "float64": 0.5, "int8": 3, "uint8": 7, "int64": 5, "bool_": True,
          "int": 3, "float": 0.75, "bool": True}
ARITHMETIC = ("+", "-", "*", "/", "//", "%", "**")
COMPARISON = ("==", "!=", "<", "<=", ">", ">=")
BITWISE = ("&", "|", "^")


def _integral(kind):
    return kind in ("int8", "uint8", "int64", "bool_", "int", "bool")


def _operators(a, b):
    ops = COMPARISON + BITWISE * (_integral(a) and _integral(b))
    if not (a in ("bool_", "bool") and b in ("bool_", "bool")):  # NumPy refuses bool - bool
        ops = ARITHMETIC + ops
    return ops


def _annotation(kind):
    return f"np.{kind}" if kind in NUMPY_KINDS else kind


PAIRS = [(a, b) for a in list(NUMPY_KINDS) + list(PYTHON_KINDS) for b in list(NUMPY_KINDS) + list(PYTHON_KINDS)
         if a in NUMPY_KINDS or b in NUMPY_KINDS]
SOURCE = "import numpy as np\n\n" + "".join(
    f"\ndef ops_{a}_{b}(a: {_annotation(a)}, b: {_annotation(b)}):\n"
    f"    return ({', '.join(f'a {o} b' for o in _operators(a, b))},)\n" for a, b in PAIRS)
PATH = os.path.join("build", "generated", "scalar_operators", "programs.py")


def _value(kind, v):
    return getattr(np, kind)(v) if kind in NUMPY_KINDS else {"int": int, "float": float, "bool": bool}[kind](v)


@pytest.fixture(scope="module")
def program():
    return compile_generated(SOURCE, PATH, (f"ops_{a}_{b}" for a, b in PAIRS))


@pytest.mark.parametrize("a,b", PAIRS, ids=[f"{a}-{b}" for a, b in PAIRS])
def test_operators_as_numpy(program, a, b):
    namespace, library = program
    first = NUMPY_KINDS.get(a, PYTHON_KINDS.get(a))
    args = (_value(a, first), _value(b, SECOND[b]))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # integer overflow wraps, as it does compiled
        want = namespace[f"ops_{a}_{b}"](*args)
    got = muna.load(library, f"ops_{a}_{b}")(*args)
    for o, w, g in zip(_operators(a, b), want, got):
        assert type(g) is type(w), f"a {o} b: {type(g).__name__}, NumPy gives {type(w).__name__}"
        if isinstance(w, (float, np.floating)):
            np.testing.assert_allclose(g, w, rtol=1e-6 if type(w) is np.float32 else 1e-15, err_msg=f"a {o} b")
        else:
            assert g == w, f"a {o} b: {g!r}, NumPy gives {w!r}"
