"""NumPy 1.24's value-based casting on arrays of static dtype, against NumPy: a scalar operand
whose value is known only when the function runs (a Python int or float parameter, a NumPy
scalar from a reduction, a 0-d array of open rank) beside an array. NumPy decides the result's
dtype by that value (uint8 array + 300 is uint16, + -1 int16; float32 array * 100000 is
float64; float32 array * a 0-d float64 array is float32); muna compiles the operation for the
values that keep one dtype and checks the value where it runs.

Each function is called at both sides of every edge of np.min_scalar_type. The result must be
NumPy's (type, dtype, value), or a NotImplementedError naming value-based casting, and that only
where NumPy's result differs from the compiled one (the dtype NumPy gives at a small value, or,
for comparisons, NumPy's loop: its values differ only there). Before these checks muna converted
the value to the array's dtype: 300 became 44, `x > -1` of a uint8 array was all False."""
import math
import os
import warnings

import numpy as np
import pytest

import muna
from muna_testing import compile_generated

DTYPES = ("uint8", "int8", "int16", "int32", "int64", "float32", "float64")
# name: (expression, the kinds of scalar it takes)
EXPRESSIONS = {
    "add": ("x + n", ("int", "float")),
    "mul": ("n * x", ("int", "float")),
    "floordiv": ("x // n", ("int",)),
    "gt": ("x > n", ("int", "float")),
    "maximum": ("np.maximum(x, n)", ("int", "float")),
    "where": ("np.where(x > 0, x, n)", ("int", "float")),
    "clip": ("np.clip(x, 0, n)", ("int", "float")),
    "sum": ("x + y.sum()", ("int64", "float64")),   # a NumPy scalar of the reduction's dtype
    "zero_d": ("x.reshape(-1) * y", ("int64", "float64")),  # y of open rank, called 0-d, beside a 1-d array
}
INTS = (0, 1, 3, 127, 128, 255, 256, 32767, 32768, 65535, 65536, 2**31 - 1, 2**31, 2**40,
        -1, -128, -129, -32768, -32769, -2**31, -2**31 - 1, -2**40)
FLOATS = (0.5, -2.5, 65504.0, 70000.0, 3.0e38, 3.5e38, -3.5e38, 1e300, math.inf, math.nan)
SCALAR_TYPE = {"int": "int", "float": "float", "int64": "npt.NDArray[np.int64]", "float64": "npt.NDArray[np.float64]"}


def _functions():
    for dtype in DTYPES:
        for name, (expression, kinds) in EXPRESSIONS.items():
            for kind in kinds:
                other = "y" if name in ("sum", "zero_d") else "n"
                yield (f"{name}_{dtype}_{kind}", dtype, kind, name,
                       f"def {name}_{dtype}_{kind}(x: npt.NDArray[np.{dtype}], {other}: {SCALAR_TYPE[kind]}):\n"
                       f"    return {expression}\n")


FUNCTIONS = list(_functions())
SOURCE = "import numpy as np\nimport numpy.typing as npt\n\n" + "\n\n".join(f[-1] for f in FUNCTIONS)
PATH = os.path.join("build", "generated", "value_based", "programs.py")


def _arguments(dtype, kind, name):
    x = np.array([3, 0, 1], dtype) if dtype.startswith("uint") else np.array([-3, 0, 2], dtype)
    values = INTS if kind in ("int", "int64") else FLOATS
    if name == "sum":  # y.sum() is the value
        return [(x, np.array([v], kind)) for v in values if kind == "float64" or -2**63 <= v < 2**63]
    if name == "zero_d":
        return [(x, np.array(v, kind)) for v in values] + [(x, np.array([2, 1, 0], kind))]
    return [(x, v) for v in values]


@pytest.fixture(scope="module")
def program():
    return compile_generated(SOURCE, PATH, [f[0] for f in FUNCTIONS])


def _numpy(fn, args):
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        return fn(*args)


def _same(got, want) -> bool:
    if type(got) is not type(want) or np.asarray(got).dtype != np.asarray(want).dtype:
        return False
    if np.asarray(want).dtype.kind == "f":
        return np.allclose(got, want, rtol=1e-6, equal_nan=True)
    return np.array_equal(got, want)


def _operands(expression, args):
    """The operands NumPy promotes together in the function's expression."""
    x, other = args
    if expression == "sum":
        return x, other.sum()
    return (x, 0, other) if expression == "clip" else (x, other)


def _loop(ufunc, operands):
    """The inner loop NumPy 1.24's default type resolver picks (its documented rule): the first
    of ufunc.types to which every operand casts safely, np.can_cast reading scalars by value."""
    for signature in ufunc.types:
        inputs = signature.split("->")[0]
        if all(np.can_cast(o, np.dtype(c)) for o, c in zip(operands, inputs)):
            return inputs
    return None


def _changes_result(fn, expression, args, small) -> bool:
    """Whether NumPy's result at these arguments has another dtype than at a small value of the
    scalar (the one muna compiles for), NumPy promotes the operands to another dtype, or a
    comparison runs in another loop (its result is bool either way)."""
    operands, base = _operands(expression, args), _operands(expression, small)
    return (np.asarray(_numpy(fn, args)).dtype != np.asarray(_numpy(fn, small)).dtype
            or np.result_type(*operands) != np.result_type(*base)
            or expression == "gt" and _loop(np.greater, operands) != _loop(np.greater, base))


@pytest.mark.parametrize("dtype", DTYPES)
def test_value_based_casting_as_numpy(program, dtype):
    namespace, library = program
    wrong, raised, calls = [], 0, 0
    for name_, dtype_, kind, expression, _ in FUNCTIONS:
        if dtype_ != dtype:
            continue
        fn = muna.load(library, name_)
        arguments = _arguments(dtype, kind, expression)
        small = arguments[2] if expression != "zero_d" else arguments[-1]
        for args in arguments:
            calls += 1
            want = _numpy(namespace[name_], args)
            try:
                got = fn(*args)
            except muna.MunaError as e:
                if e.type == "NotImplementedError" and "value-based casting" in str(e) and \
                        _changes_result(namespace[name_], expression, args, small):
                    raised += 1
                    continue
                wrong.append(f"{name_}{args!r}: raised {e.type}: {e}, NumPy gives {want!r}")
                continue
            if not _same(got, want):
                wrong.append(f"{name_}{args!r}: {got!r}, NumPy gives {want!r}")
    assert not wrong, f"{len(wrong)} of {calls} differ:\n" + "\n".join(wrong[:30])
    assert raised < calls, "every call declined"
