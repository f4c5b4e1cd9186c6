"""The methods of NumPy's binary ufuncs: ufunc.reduce, accumulate, reduceat, outer and at, for
the arithmetic, comparison, logical and bitwise ufuncs (METHOD_UFUNCS).

`np.add.at` is a method bound to the ufunc object np.add: the registry resolves a bound method
of a registered object by its owner's name (Registry.lookup_object), so each entry here is named
`numpy.<ufunc>.<method>`. Dtypes are NumPy's own, asked of the real method on tiny stand-ins at
compile time (its TypeErrors become compile-time diagnostics), and the loops use the ufunc's own
functor (muna::kernels::<CamelCase name>, the one its header applies). ufunc.reduce of add,
multiply, maximum, minimum, logical_and and logical_or is numpy.sum, prod, max, min, all and any
(the same objects in NumPy), so it shares their pairwise order.
"""
from __future__ import annotations

import numpy as np

from ..build_ir import call, const
from ..registry import Resolved, op
from ..types import NONE
from .numpy_ops import (INT, NumpyScalar, Scalar, TensorT, TupleT, array_arg, axes_arg, convert,
                        cpp, operand_to, static, static_none, strip_literal, supported_dtype,
                        trial_value)
from .numpy_reductions import ORDER

METHOD_UFUNCS = (
    "add", "subtract", "multiply", "divide", "floor_divide", "remainder", "fmod", "maximum",
    "minimum", "fmax", "fmin", "logical_and", "logical_or", "logical_xor", "bitwise_and",
    "bitwise_or", "bitwise_xor", "equal", "not_equal", "less", "less_equal", "greater",
    "greater_equal",
)
# ufunc.reduce that is a registered reduction itself (np.sum is np.add.reduce, ...).
REDUCE_AS = {"add": "numpy.sum", "multiply": "numpy.prod", "maximum": "numpy.max",
             "minimum": "numpy.min", "logical_and": "numpy.all", "logical_or": "numpy.any"}


def functor(name: str) -> str:
    """The ufunc's C++ functor, as its header (include/muna/numpy/<name>.hpp) applies it."""
    return "muna::kernels::" + "".join(part.capitalize() for part in name.split("_"))


def _identity_cpp(ufunc, dtype):
    """The ufunc's identity in the loop dtype (its value for an empty reduction), or None."""
    if ufunc.identity is None:
        return None
    value = np.array(ufunc.identity).astype(dtype).item()
    return f"static_cast<{cpp(dtype)}>({int(value) if not isinstance(value, float) else repr(value)})"


def _trial_array(t: TensorT, rank=None):
    rank = t.rank if rank is None else rank
    return np.ones((2,) * (rank if rank is not None else 2), t.dtype if t.dtype != "bool" else "bool")


def _ask(b, call_numpy):
    """The dtype of NumPy's result (its TypeError a compile-time diagnostic)."""
    try:
        with np.errstate(all="ignore"):
            result = call_numpy()
    except TypeError as e:
        b.fail(f"{b.op.name}: {e}")
    return supported_dtype(b, np.asarray(result).dtype)


def _reduce_rule(ufunc):
    def rule(b):
        t = array_arg(b, "array")
        if not static_none(b, "out") or static(b, "where") is not True:
            b.fail(f"{b.op.name}: out= and where= are not supported")
        keepdims = static(b, "keepdims")
        if not isinstance(keepdims, bool):
            b.fail("keepdims must be True or False")
        axis = static(b, "axis")
        # NumPy's ufunc reductions let a 0-d array take axis 0 or -1 (detail/axes.hpp).
        axes = axes_arg(b, None if t.rank == 0 and axis in (0, -1) else t.rank)
        reorderable = ufunc.identity is not None or ufunc.__name__ in ("maximum", "minimum", "fmax", "fmin")
        if not reorderable and (axes is None or len(axes) > 1):
            b.fail(f"reduction operation '{ufunc.__name__}' is not reorderable, so at most one "
                   "axis may be specified")
        requested = static(b, "dtype")
        initial_given = not static_none(b, "initial")
        trial_kwargs = {"dtype": requested} if requested is not None else {}
        trial_axes = None if axes is None else tuple(a % (t.rank if t.rank else 2) for a in axes)
        if t.rank == 0:
            trial_axes = None
        dtype = _ask(b, lambda: ufunc.reduce(_trial_array(t), axis=trial_axes, **trial_kwargs))
        if axes is None or keepdims or t.rank == 0:
            result = t.with_(dtype=dtype) if keepdims else NumpyScalar(dtype)
        elif t.rank is not None and t.rank == len(axes):
            result = NumpyScalar(dtype)  # NumPy returns a scalar for a 0-d result
        else:
            result = t.with_(dtype=dtype, rank=None if t.rank is None else t.rank - len(axes))
        axis_e = b.args["axis"] if axis is None else (convert(b.args["axis"], INT) if isinstance(axis, int) else b.args["axis"])
        name = ufunc.__name__
        if name in REDUCE_AS and not initial_given:
            return Resolved(result, (b.args["array"], axis_e, const(keepdims, b.loc)), (result.cpp(),),
                            op=REDUCE_AS[name])
        if initial_given:
            if not isinstance(strip_literal(b.type("initial")), (Scalar, NumpyScalar)):
                b.fail(f"{b.op.name}: initial must be a number")
            start = operand_to(b.args["initial"], dtype)
        else:
            identity = _identity_cpp(ufunc, dtype)
            start = const(None, b.loc)
            if identity is not None:
                start = call("numpy.detail.cpp_value", NumpyScalar(dtype), (), b.loc, (identity,))
        return Resolved(result, (b.args["array"], axis_e, const(keepdims, b.loc), start,
                                 const(name, b.loc)),
                        (functor(name), result.cpp()), op="numpy.detail.ufunc_reduce")
    return rule


def _accumulate_rule(ufunc):
    def rule(b):
        t = array_arg(b, "array")
        if not static_none(b, "out"):
            b.fail(f"{b.op.name}: out= is not supported")
        if t.rank == 0:
            b.fail("cannot accumulate on a scalar")
        axis = static(b, "axis")
        if not isinstance(axis, int) or isinstance(axis, bool):
            b.fail(f"{b.op.name}: axis must be an int known at compile time")
        axes_arg(b, t.rank)
        requested = static(b, "dtype")
        kwargs = {"dtype": requested} if requested is not None else {}
        dtype = _ask(b, lambda: ufunc.accumulate(_trial_array(t), axis=axis % (t.rank or 2), **kwargs))
        return Resolved(t.with_(dtype=dtype), (b.args["array"], convert(b.args["axis"], INT)),
                        (functor(ufunc.__name__), cpp(dtype)))
    return rule


def _reduceat_rule(ufunc):
    def rule(b):
        t = array_arg(b, "array")
        if not static_none(b, "out"):
            b.fail(f"{b.op.name}: out= is not supported")
        idx = strip_literal(b.type("indices"))
        if not (isinstance(idx, TensorT) and idx.dtype in ("uint8", "int8", "int16", "int32", "int64")):
            b.fail(f"{b.op.name}: indices must be an integer array (np.array([...]) for a list)")
        if idx.rank not in (None, 1):
            b.fail("index must be 1-d")
        axis = static(b, "axis")
        if not isinstance(axis, int) or isinstance(axis, bool):
            b.fail(f"{b.op.name}: axis must be an int known at compile time")
        axes_arg(b, t.rank)
        if t.rank == 0:
            b.fail("cannot reduceat a scalar")
        requested = static(b, "dtype")
        kwargs = {"dtype": requested} if requested is not None else {}
        dtype = _ask(b, lambda: ufunc.reduceat(_trial_array(t), np.array([0, 1]), axis=axis % (t.rank or 2), **kwargs))
        pairwise = ufunc is np.add and dtype in ("float32", "float64")
        return Resolved(t.with_(dtype=dtype), (b.args["array"], operand_to(b.args["indices"], "int64"),
                                               convert(b.args["axis"], INT), const(ufunc.__name__, b.loc),
                                               const(pairwise, b.loc)),
                        (functor(ufunc.__name__), cpp(dtype)))
    return rule


def _outer_rule(ufunc):
    """result[i..., j...] = ufunc(A[i...], B[j...]): A viewed with B's rank of unit axes
    appended, broadcast against B by the ufunc's functor; dtypes as the ufunc's own rule."""
    from .numpy_ufuncs import ufunc_output

    def rule(b):
        for n in ("A", "B"):
            if not isinstance(strip_literal(b.type(n)), TensorT):
                b.fail(f"{b.op.name} of a number is not supported; pass arrays (np.asarray(x))")
        from .numpy_complex import is_complex
        if is_complex(b.type("A")) or is_complex(b.type("B")):
            b.fail(f"{b.op.name} of complex arrays is not supported")
        bound = type(b)(b.op, {"x1": b.args["A"], "x2": b.args["B"]}, b.loc)
        bound.op = type(b.op)(f"numpy.{ufunc.__name__}", (("x1", None), ("x2", None)), lambda _: None)
        result, args = ufunc_output(bound, ufunc, ["x1", "x2"])
        ra, rb = (strip_literal(b.type(n)).rank for n in ("A", "B"))
        result = result.with_(rank=None if None in (ra, rb) else ra + rb)
        return Resolved(result, args, (functor(ufunc.__name__),))
    return rule


def _at_rule(ufunc):
    """ufunc.at(a, indices, b): unbuffered in place, repeated indices applied once each; indices
    an integer array or int (the first axis), or a tuple of them (the leading axes)."""
    from .numpy_ufuncs import resolve_ufunc

    def rule(b):
        t = array_arg(b, "a")
        if static_none(b, "b"):
            b.fail(f"{b.op.name}: the binary ufunc needs b")
        it = strip_literal(b.type("indices"))
        ints = ("uint8", "int8", "int16", "int32", "int64")

        def index(e):
            et = strip_literal(e.type)
            if isinstance(et, TensorT) and et.dtype in ints:
                return operand_to(e, "int64")
            if et == INT or (isinstance(et, NumpyScalar) and et.dtype in ints):
                return convert(e, INT)
            b.fail(f"{b.op.name}: indices must be integer arrays or ints (slices are not supported)")

        from ..ir import Expr
        if isinstance(it, TupleT):
            if b.args["indices"].op != "tuple":
                b.fail(f"{b.op.name}: a tuple of indices must be written as a tuple literal")
            items = tuple(index(e) for e in b.args["indices"].args)
            indices = Expr("tuple", TupleT(tuple(strip_literal(i.type) for i in items)), items, loc=b.loc)
            if t.rank is not None and len(items) > t.rank:
                b.fail(f"too many indices for array: array is {t.rank}-dimensional, but {len(items)} were indexed")
        else:
            item = index(b.args["indices"])
            indices = Expr("tuple", TupleT((strip_literal(item.type),)), (item,), loc=b.loc)
        bound = type(b)(b.op, {"x1": b.args["a"], "x2": b.args["b"]}, b.loc)
        bound.op = type(b.op)(f"numpy.{ufunc.__name__}", (("x1", None), ("x2", None)), lambda _: None)
        _, loop, _, (_, value) = resolve_ufunc(bound, ufunc, ["x1", "x2"])
        return Resolved(NONE, (b.args["a"], indices, operand_to(value, loop)),
                        (functor(ufunc.__name__), cpp(loop)))
    return rule


for _name in METHOD_UFUNCS:
    _u = getattr(np, _name)
    _base = f"numpy.{_name}"
    op(f"{_base}.reduce", "array, axis=0, dtype=None, out=None, keepdims=False, initial=None, where=True",
       header="muna/numpy/ufunc/reduce.hpp", cpp="muna::numpy::ufunc::reduce",
       tolerance=ORDER if _name in ("add", "multiply") else "exact",
       doc=f"numpy.{_name}.reduce{' (numpy.' + REDUCE_AS[_name][6:] + ')' if _name in REDUCE_AS else ''}; "
           "no out=/where=")(_reduce_rule(_u))
    op(f"{_base}.accumulate", "array, axis=0, dtype=None, out=None",
       header="muna/numpy/ufunc/accumulate.hpp", cpp="muna::numpy::ufunc::accumulate",
       tolerance="exact: in order along the axis, as NumPy", doc="no out=")(_accumulate_rule(_u))
    op(f"{_base}.reduceat", "array, indices, axis=0, dtype=None, out=None",
       header="muna/numpy/ufunc/reduceat.hpp", cpp="muna::numpy::ufunc::reduceat",
       tolerance="exact: NumPy's order (the first element, then the pairwise sum of the rest for float add)",
       doc="no out=")(_reduceat_rule(_u))
    op(f"{_base}.outer", "A, B", header="muna/numpy/ufunc/outer.hpp", cpp="muna::numpy::ufunc::outer",
       tolerance="exact", doc="arrays (not numbers)")(_outer_rule(_u))
    op(f"{_base}.at", "a, indices, b=None", header="muna/numpy/ufunc/at.hpp",
       cpp="muna::numpy::ufunc::at", tolerance="exact",
       doc="integer-array or int indices, or a tuple of them; no slices")(_at_rule(_u))

op("numpy.detail.ufunc_reduce", "array, axis, keepdims, start, name",
   header="muna/numpy/ufunc/reduce.hpp", cpp="muna::numpy::ufunc::reduce",
   doc="internal: a ufunc's reduction by its functor")(lambda b: None)
op("numpy.detail.cpp_value", "", emit=lambda args, r: r.attr("template")[0],
   doc="internal: a C++ constant spelled by the rule")(lambda b: None)
