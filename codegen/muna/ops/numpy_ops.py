"""What every NumPy family of rules shares: operand stand-ins for NumPy's own promotion,
dtype arguments, axes, and the checks of array arguments.

Promotion is NumPy's own: rules ask numpy (result_type, or the ufunc itself on tiny stand-in
arrays) at compile time, with a Python scalar operand standing in by its value when it is a
constant (1.24's value-based casting) and by a zero of its kind otherwise. The families live in
numpy_ufuncs, numpy_reductions, numpy_creation, numpy_shape, numpy_indexing, numpy_dtypes,
numpy_sorting and numpy_linalg.
"""
from __future__ import annotations

import numpy as np

from ..build_ir import call, const, convert
from ..diagnostics import CompileError
from ..registry import Redispatch
from ..types import (BOOL, FLOAT, INT, NUMPY_ARRAY_DTYPES, AnyT, DynTensorT, NumberT, NumpyScalar, Scalar, StaticT,
                     TensorT, TupleT, ListT, CPP_DTYPE, FLOAT_DTYPES, cpp_dtype, strip_literal)

INT_DTYPES = ("uint8", "int8", "int16", "int32", "int64")
# The dtypes muna's tensors have (bfloat16 is torch's; NumPy code never produces it).
NUMPY_DTYPES = ("bool", "uint8", "int8", "int16", "int32", "int64", "float32", "float64")
COMPLEX_DTYPES = ("complex64", "complex128")
# The ops that take complex arrays (numpy_complex.py and numpy_fft.py add theirs): every other
# rule rejects a complex operand in array_arg/check_operand/supported_dtype, so complex values
# never reach a C++ template written for real numbers.
COMPLEX_OPS: set = set()


def _complex_refused(b, t):
    return getattr(t, "dtype", None) in COMPLEX_DTYPES and b.op.name not in COMPLEX_OPS


def refuse_complex(b, name):
    b.fail(f"{b.op.name} of a complex array ('{name}') is not supported; take np.abs(...), "
           ".real or .imag first (see docs/fft.md)")


def static(b, name):
    """A compile-time argument's Python value: a constant, or a tuple literal of constants
    (axis=(0, 1)); anything else is Bound.const's diagnostic."""
    def fold(e):
        if e.op == "const":
            return e.attr("value")
        if e.op == "tuple":
            items = [fold(i) for i in e.args]
            return _NOT_CONST if any(i is _NOT_CONST for i in items) else tuple(items)
        return _NOT_CONST

    value = fold(b.args[name])
    return b.const(name) if value is _NOT_CONST else value  # b.const: the diagnostic


_NOT_CONST = object()


def static_none(b, name):
    """Whether an optional argument is the constant None (left out)."""
    e = b.args[name]
    return e.op == "const" and e.attr("value") is None


def _standin(e):
    """What numpy.result_type should see for an operand."""
    t = strip_literal(e.type)
    if isinstance(t, TensorT):
        return np.dtype(t.dtype) if t.dtype != "bfloat16" else np.dtype("float32")
    if isinstance(t, NumpyScalar):
        return np.dtype(t.dtype)
    if e.op == "const":
        return e.attr("value")
    if not isinstance(t, Scalar):  # a number of run-time kind (its branches decide: dispatch.py)
        raise CompileError(e.loc, f"expected an array or a number, got {t}")
    return {"bool": False, "int": 0, "float": 0.0}[t.name]


def trial_value(e):
    """A tiny NumPy value that NumPy 1.24 promotes exactly as it will promote the operand: an
    array of the tensor's dtype (0-d for rank 0, which NumPy treats value-based like a scalar),
    a NumPy scalar, or the Python scalar itself (its value when constant)."""
    t = strip_literal(e.type)
    if isinstance(t, TensorT):
        dtype = "float32" if t.dtype == "bfloat16" else t.dtype
        return np.zeros(() if t.rank == 0 else (1,), dtype)
    if isinstance(t, NumpyScalar):
        return np.dtype(t.dtype).type(e.attr("value") if e.op == "const" else 0)
    return _standin(e)


# The values a scalar operand is tried at for NumPy 1.24's value-based casting (value_based):
# both sides of every edge np.min_scalar_type has, where the result's dtype may change.
INT_PROBES = (0, 1, 127, 128, 255, 256, 32767, 32768, 65535, 65536, 2**31 - 1, 2**31, 2**32 - 1, 2**32,
              2**63 - 1, -1, -128, -129, -32768, -32769, -2**31, -2**31 - 1, -2**63)
_FLOAT32_MAX = float(np.finfo(np.float32).max)
FLOAT_PROBES = (0.0, 1.0, -1.0, 65504.0, 65520.0, -65520.0, _FLOAT32_MAX / 2, _FLOAT32_MAX, -_FLOAT32_MAX,
                1e39, -1e39, float(np.finfo(np.float64).max), float("inf"), float("-inf"), float("nan"))
_FLOAT_GUARDS = ("muna::numpy::detail::AnyFloat", "muna::numpy::detail::Float32Range",
                 "muna::numpy::detail::BeyondFloat32", "muna::numpy::detail::NoFloat")


def _within_float32(value) -> bool:
    """Whether a float is one np.min_scalar_type puts in float32 or float16 (as value_based.hpp reads it)."""
    return not np.isfinite(value) or abs(value) < _FLOAT32_MAX


def _probes(e):
    """(kind, value, stand-in) for each value NumPy may read the operand `e` by: a scalar whose
    value is known only when it runs, a 0-d array or an array of open rank (as 0-d)."""
    t = strip_literal(e.type)
    if e.op == "const":
        return []
    if isinstance(t, (Scalar, NumberT)):
        kinds = ("int", "float") if isinstance(t, NumberT) else (t.name,)
        return [(k, v, v) for k in kinds if k != "bool" for v in (INT_PROBES if k == "int" else FLOAT_PROBES)]
    if isinstance(t, NumpyScalar):
        dtype, make = t.dtype, np.dtype(t.dtype).type
    elif isinstance(t, TensorT) and not isinstance(t, DynTensorT) and t.lib == "numpy" and t.rank in (0, None):
        dtype, make = t.dtype, (lambda v, d=t.dtype: np.full((), v, d))
    else:
        return []
    if dtype not in NUMPY_DTYPES or dtype == "bool":
        return []
    if dtype.startswith("float"):
        return [("float", v, make(v)) for v in FLOAT_PROBES if dtype == "float64" or _within_float32(v)]
    info = np.iinfo(dtype)
    return [("int", v, make(v)) for v in INT_PROBES if info.min <= v <= info.max]


def _int_guard(samples):
    """The ints that keep the result, as [lo, hi] ranges. NumPy reads every value between two
    neighbouring probes alike (the probes sit on both sides of each edge of np.min_scalar_type),
    so a range of kept probes extends to just before the neighbouring probes that changed it."""
    samples = sorted(samples)
    ranges = []
    for i, (_, kept) in enumerate(samples):
        if not kept or i > 0 and samples[i - 1][1]:  # (a kept probe after a kept one: in its range)
            continue
        last = i
        while last + 1 < len(samples) and samples[last + 1][1]:
            last += 1
        ranges.append((-2**63 if i == 0 else samples[i - 1][0] + 1,
                       2**63 - 1 if last + 1 == len(samples) else samples[last + 1][0] - 1))
    return ranges


def _float_guard(samples):
    """The floats that keep the result: every one, those np.min_scalar_type puts in float32 or
    float16, those it puts in float64, or none (the C++ classes of value_based.hpp)."""
    if all(kept for _, kept in samples):
        return _FLOAT_GUARDS[0]
    inside = {kept for value, kept in samples if _within_float32(value)}
    beyond = {kept for value, kept in samples if not _within_float32(value)}
    if inside == {True}:
        return _FLOAT_GUARDS[1]
    if beyond == {True}:
        return _FLOAT_GUARDS[2]
    return _FLOAT_GUARDS[3]


def _int64_cpp(v) -> str:
    return "INT64_MIN" if v == -2**63 else f"INT64_C({v})"


def value_based(b, names, trial, outcome):
    """The operands `names` of an op whose result NumPy 1.24 decides by the values of scalar
    operands beside arrays (value-based casting: uint8 array + 300 is uint16, float32 array *
    1e39 is float64, float32 array * 0-d float64 array is float32). The rule typed the op on
    `trial` (a zero, or an array of rank 1 for open rank); each operand NumPy may read by a value
    known only when it runs is tried at the edges of np.min_scalar_type (`outcome` of the trial
    with it replaced: what the op's types depend on), and wrapped in a check that raises where
    its value would give another result (numpy/detail/value_based.hpp) rather than be wrapped
    into the compiled dtype."""
    # Empty arrays stand in for arrays: NumPy reads scalars beside them by value all the same,
    # and computes nothing that could raise (an int array ** -1).
    trial = [np.zeros((0,), t.dtype) if isinstance(t, np.ndarray) and t.ndim else t for t in trial]
    base = outcome(trial)
    ranks = [strip_literal(b.args[n].type).rank if isinstance(strip_literal(b.args[n].type), TensorT) else 0
             for n in names]
    guarded = {}
    for k, n in enumerate(names):
        others = ranks[:k] + ranks[k + 1:]
        # An operand of open rank is read by its value when it is 0-d beside an array of rank
        # >= 1; one 0-d among others of open rank is promoted as an array (docs/language.md).
        if not any(r != 0 for r in others) or ranks[k] is None and not any(r for r in others):
            continue
        probes = _probes(b.args[n])
        if not probes:
            continue
        samples = {"int": [], "float": []}
        for kind, value, standin in probes:
            with np.errstate(all="ignore"):
                try:
                    kept = outcome(trial[:k] + [standin] + trial[k + 1:]) == base
                except (TypeError, ValueError, OverflowError):
                    kept = False
            samples[kind].append((value, kept))
        ints = _int_guard(samples["int"]) if samples["int"] else [(-2**63, 2**63 - 1)]
        floats = _float_guard(samples["float"])
        if ints == [(-2**63, 2**63 - 1)] and floats == _FLOAT_GUARDS[0]:
            continue
        where = const(f"{b.op.name} at {b.loc}", b.loc)
        guarded[n] = call("numpy.detail.value_based", strip_literal(b.args[n].type), (b.args[n], where), b.loc,
                          template=(floats, *(_int64_cpp(v) for r in ints for v in r)))
    return [guarded.get(n, b.args[n]) for n in names]


def broadcast_rank(*types):
    ranks = [t.rank for t in types if isinstance(t, TensorT)]
    if any(r is None for r in ranks):
        return None
    return max(ranks + [0])


def tensor_lib(*types):
    libs = {t.lib for t in types if isinstance(t, TensorT)}
    return "torch" if "torch" in libs else "numpy"


def operand_to(e, dtype, lib="numpy"):
    """Converts one operand to `dtype`: tensors by astype, scalars to a NumPy scalar of that
    dtype (so the C++ call sees one element type)."""
    t = strip_literal(e.type)
    if isinstance(t, TensorT):
        return convert(e, TensorT(t.lib, dtype, t.rank))
    return convert(e, NumpyScalar(dtype))


def check_operand(b, name):
    t = strip_literal(b.type(name))
    if not isinstance(t, (TensorT, NumpyScalar, Scalar, NumberT)):
        b.fail(f"{b.op.name} expects an array or a number for '{name}', got {t}")
    if _complex_refused(b, t):
        refuse_complex(b, name)
    return t


def array_arg(b, name="a"):
    """The tensor type of an argument that must be an array (a NumPy scalar or Python number is
    accepted where NumPy would make a 0-d array of it, by converting it)."""
    if is_range(b.args[name]) and b.op.name.startswith("numpy.") and b.builder is not None:
        b.args[name] = range_as_array(b, b.args[name])  # (`x.take(range(n))`)
    t = strip_literal(b.type(name))
    if isinstance(t, (ListT, TupleT, NumpyScalar, Scalar, NumberT)) and b.op.name.startswith("numpy.") \
            and b.builder is not None:
        # array_like: a list or tuple (of numbers, of lists, ...) or a number is the array
        # np.asarray makes of it, as NumPy's functions take one (`np.argmax(scores)` of a list
        # of floats, `np.atleast_1d(np.float64(2.0))`).
        try:
            e = b.builder.apply("numpy.asarray", [b.args[name]], {}, b.builder.located(b.loc))
        except CompileError:
            e = None
        if e is not None and isinstance(strip_literal(e.type), TensorT):
            b.args[name] = e
            t = strip_literal(e.type)
    if isinstance(t, TensorT):
        if _complex_refused(b, t):
            refuse_complex(b, name)
        return t
    if b.op.name.startswith("numpy.") and b.builder is not None and holds_any(t):
        # a value of run-time type, or a list of them: the array NumPy makes of it when it runs
        raise Redispatch(name, array_of_object(b.args[name], b.loc))
    b.fail(f"{b.op.name} expects an array for '{name}', got {t}")


def is_range(e) -> bool:
    return e.op == "call" and e.attr("op") == "builtins.range"


def range_as_array(b, e):
    """The array NumPy makes of a range (np.asarray(range(a, b, c))): np.arange(a, b, c)."""
    return b.builder.apply("numpy.arange", list(e.args), {}, b.builder.located(b.loc))


def holds_any(t) -> bool:
    """A value of run-time type, or a list or tuple holding some (at any depth)."""
    if isinstance(t, AnyT):
        return True
    if isinstance(t, ListT):
        return holds_any(strip_literal(t.item))
    return isinstance(t, TupleT) and any(holds_any(strip_literal(i)) for i in t.items)


def array_of_object(e, loc, copy=None):
    """np.asarray of `e` (a value of run-time type, or a list of them), made when it runs: an
    array of run-time dtype and rank (`copy`: np.array's, a bool constant)."""
    return call("numpy.detail.array_of_object", DynTensorT("numpy", NUMPY_ARRAY_DTYPES),
                (convert(e, AnyT()), copy or const(False, loc)), loc)


def supported_dtype(b, dtype, what="the result"):
    if dtype == "bfloat16":  # torch's; NumPy has none
        b.fail(f"{b.op.name}: {what} would have dtype bfloat16, which NumPy does not have; convert the tensor "
               "with .float() first")
    name = np.dtype(dtype).name
    if name in COMPLEX_DTYPES and b.op.name in COMPLEX_OPS:
        return name
    if name not in NUMPY_DTYPES:
        b.unsupported(f"{b.op.name}: {what} would have dtype {name}, which muna does not support; "
               "convert with .astype(np.float32) (or another supported dtype) first")
    return name


def dtype_arg(b, name="dtype", default=None):
    """A compile-time dtype argument (np.float32, 'float32', float, None) -> dtype name or
    `default` when None."""
    value = static(b, name)
    if value is None:
        return default
    try:
        dtype = np.dtype(value)
    except TypeError:
        b.fail(f"{b.op.name}: {value!r} is not a dtype")
    return supported_dtype(b, dtype, "the requested dtype")


def const_int_tuple(b, name, allow_none=False):
    """An int or tuple of ints known at compile time -> tuple (or None)."""
    value = static(b, name)
    if value is None and allow_none:
        return None
    values = value if isinstance(value, tuple) else (value,)
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        b.fail(f"{b.op.name}: '{name}' must be an int or a tuple of ints known at compile time, "
               f"got {value!r}")
    return tuple(values)


def axes_arg(b, rank, name="axis", run_time=False):
    """None or a tuple of axes, checked against a known rank. With `run_time`, axes computed
    at run time are taken too (the op's C++ checks them), as a tuple of that many Nones: the
    result's rank needs only how many there are."""
    e = b.args[name]
    t = strip_literal(e.type)
    if run_time and e.op not in ("const", "tuple"):
        if t in (INT, BOOL) or isinstance(t, NumpyScalar) and t.dtype[0] in "iu":
            return (None,)
        if isinstance(t, TupleT) and all(strip_literal(i) in (INT, BOOL) for i in t.items):
            return (None,) * len(t.items)
    axis = static(b, name)
    if axis is None:
        return None
    axes = axis if isinstance(axis, tuple) else (axis,)
    if not all(isinstance(a, int) and not isinstance(a, bool) for a in axes):
        b.fail(f"axis must be None, an int or a tuple of ints, got {axis!r}")
    if rank is not None:
        for a in axes:
            if not -rank <= a < rank:
                b.fail(f"axis {a} is out of bounds for array of dimension {rank}")
        if len({a % rank for a in axes}) != len(axes):
            b.fail("duplicate value in 'axis'")
    return axes


def shape_arg(b, name):
    """A shape: an int, a tuple of ints (constant or not) -> (C++ argument Expr, rank)."""
    e = b.args[name]
    t = strip_literal(e.type)
    if t in (INT, BOOL):
        return convert(e, INT), 1
    if isinstance(t, TupleT) and all(strip_literal(i) in (INT, BOOL) for i in t.items):
        return e, len(t.items)
    if isinstance(t, ListT) and strip_literal(t.item) == INT:
        return e, None
    b.fail(f"{b.op.name}: '{name}' must be an int or a tuple of ints, got {t}")


def rename_self(b, to="a"):
    """An ndarray method bound like the function: `self` becomes the function's array param."""
    b.args = {(to if k == "self" else k): v for k, v in b.args.items()}
    return b


def cpp(dtype):
    return cpp_dtype(dtype)


def emit_item(cpp_name):
    """The C++ spelling of an op whose C++ function returns a tensor where NumPy returns a
    scalar for a 0-d result: the call (with its template arguments), then its single element
    when the result type is a NumPy scalar."""
    def emit(args, e):
        template = e.attr("template")
        targs = f"<{', '.join(template)}>" if template else ""
        call = f"{cpp_name}{targs}({', '.join(args)})"
        return call + ".data()[0]" if isinstance(e.type, NumpyScalar) else call
    return emit


__all__ = ["np", "convert", "BOOL", "FLOAT", "INT", "NumpyScalar", "Scalar", "StaticT", "TensorT",
           "TupleT", "ListT", "FLOAT_DTYPES", "strip_literal"]
