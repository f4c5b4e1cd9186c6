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
    t = strip_literal(b.type(name))
    if isinstance(t, (ListT, TupleT)) and b.op.name.startswith("numpy.") and b.builder is not None:
        # array_like: a list or tuple (of numbers, of lists, ...) is the array np.asarray makes
        # of it, as NumPy's functions take one (`np.argmax(scores)` of a list of floats).
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
