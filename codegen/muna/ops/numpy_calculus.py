"""Polynomials, integration and differences: polyfit (no w/full/cov), polyval, trapz and
gradient. Dtypes are NumPy 1.24's, asked of NumPy on stand-ins where value-based casting decides
them; the C++ rounds each product and sum as NumPy's array arithmetic does (no FMA contraction).
"""
from __future__ import annotations

import numpy as np

from ..build_ir import const
from ..registry import Resolved, op
from .numpy_ops import (FLOAT, INT, ListT, NumpyScalar, Scalar, TensorT, TupleT, array_arg,
                        axes_arg, convert, cpp, operand_to, static, static_none, strip_literal,
                        supported_dtype, trial_value)

FLOATS = ("float32", "float64")


def _float_of(dtype):
    """x + 0.0: float dtypes stay, the others become float64."""
    return dtype if dtype in FLOATS else "float64"


@op("numpy.polyfit", "x, y, deg, rcond=None, full=False, w=None, cov=False", obj=np.polyfit,
    tolerance="close:1e-9", doc="no w=, full=True or cov=; an SVD solve (Eigen) where NumPy calls LAPACK's gelsd")
def _polyfit(b):
    xt, yt = array_arg(b, "x"), array_arg(b, "y")
    if static(b, "full") is not False or static(b, "cov") is not False or not static_none(b, "w"):
        b.fail("numpy.polyfit: w=, full=True and cov=True are not supported")
    if strip_literal(b.type("deg")) != INT:
        b.fail("numpy.polyfit: deg must be an int")
    if xt.rank not in (None, 1):
        b.fail("expected 1D vector for x")
    if yt.rank is not None and yt.rank not in (1, 2):
        b.fail("expected 1D or 2D array for y")
    rcond = b.args["rcond"] if static_none(b, "rcond") else convert(b.args["rcond"], FLOAT)
    return Resolved(TensorT("numpy", "float64", yt.rank),
                    (operand_to(b.args["x"], _float_of(xt.dtype)), operand_to(b.args["y"], "float64"),
                     convert(b.args["deg"], INT), rcond))


@op("numpy.polyval", "p, x", obj=np.polyval, tolerance="exact")
def _polyval(b):
    """y = y * x + p[i]: the dtype of x's array with each coefficient as a NumPy scalar
    (value-based: a float64 coefficient keeps a float32 x float32)."""
    pt = array_arg(b, "p")
    xt = strip_literal(b.type("x"))
    if not isinstance(xt, (TensorT, NumpyScalar, Scalar)):
        b.fail("numpy.polyval: x must be an array or a number")
    x_array = trial_value(b.args["x"])
    x_array = np.zeros(1, np.asarray(x_array).dtype) if not isinstance(xt, Scalar) else np.zeros((), np.asarray(x_array).dtype)
    dtype = supported_dtype(b, (np.zeros_like(x_array) * x_array + np.dtype(pt.dtype).type(1)).dtype)
    result = xt.with_(dtype=dtype) if isinstance(xt, TensorT) else NumpyScalar(dtype)
    x = b.args["x"] if isinstance(xt, TensorT) else operand_to(b.args["x"], np.asarray(trial_value(b.args["x"])).dtype.name)
    return Resolved(result, (b.args["p"], x), (cpp(dtype),))


@op("numpy.trapz", "y, x=None, dx=1.0, axis=-1", obj=np.trapz, tolerance="exact: NumPy's steps and numpy.sum's order")
def _trapz(b):
    yt = array_arg(b, "y")
    if yt.rank == 0:
        b.fail("numpy.trapz of a 0-d array: too many indices for array")
    axis = static(b, "axis")
    if not isinstance(axis, int) or isinstance(axis, bool):
        b.fail("numpy.trapz: axis must be an int known at compile time")
    axes_arg(b, yt.rank)
    ys = np.zeros(2, yt.dtype) + np.zeros(2, yt.dtype)
    if static_none(b, "x"):
        if not isinstance(strip_literal(b.type("dx")), (Scalar, NumpyScalar)):
            b.fail("numpy.trapz: dx must be a number")
        d = trial_value(b.args["dx"])
        x = b.args["x"]
    else:
        xt = array_arg(b, "x")
        d = np.zeros(2, xt.dtype) - np.zeros(2, xt.dtype)
        x = b.args["x"]
    with np.errstate(all="ignore"):
        product = np.asarray(d * ys)
        final = np.asarray(product / 2.0)
    p, r = supported_dtype(b, product.dtype), supported_dtype(b, final.dtype)
    rank = None if yt.rank is None else yt.rank - 1
    result = NumpyScalar(r) if rank == 0 else yt.with_(dtype=r, rank=rank)
    return Resolved(result, (b.args["y"], x, convert(b.args["dx"], FLOAT), convert(b.args["axis"], INT)),
                    (result.cpp(), cpp(p), cpp(r)))


@op("numpy.gradient", "f, *varargs, axis=None, edge_order=1", obj=np.gradient,
    tolerance="exact", doc="spacings: none, one scalar, or one scalar or 1-d coordinate array per axis")
def _gradient(b):
    t = array_arg(b, "f")
    axis = static(b, "axis")
    if axis is None:
        if t.rank is None:
            b.fail("numpy.gradient over every axis needs an array of known rank (or pass axis=)")
        axes = tuple(range(t.rank))
    else:
        axes = axis if isinstance(axis, tuple) else (axis,)
        axes_arg(b, t.rank)
    if strip_literal(b.type("edge_order")) != INT:
        b.fail("numpy.gradient: edge_order must be an int")
    spacings = list(b.args["varargs"].args) if b.args["varargs"].op == "tuple" else None
    if spacings is None:
        b.fail("numpy.gradient: spacings must be written out as arguments")
    if not spacings:
        spacings = [const(1.0, b.loc)] * len(axes)
    elif len(spacings) == 1 and isinstance(strip_literal(spacings[0].type), (Scalar, NumpyScalar)):
        spacings = spacings * len(axes)
    elif len(spacings) != len(axes):
        b.fail("invalid number of arguments")
    r = t.dtype if t.dtype in FLOATS else "float64"
    if t.dtype == "bool":
        b.fail("numpy.gradient of a bool array: numpy boolean subtract is not supported")
    coordinate = [strip_literal(s.type) for s in spacings if isinstance(strip_literal(s.type), TensorT)]
    d = _float_of(coordinate[0].dtype) if coordinate else "float64"
    if len({_float_of(c.dtype) for c in coordinate}) > 1:
        b.fail("numpy.gradient: coordinate arrays of different dtypes are not supported")
    p = np.result_type(np.dtype(d), np.dtype(r)).name
    args = []
    for s in spacings:
        st = strip_literal(s.type)
        if isinstance(st, TensorT):
            args.append(operand_to(s, d))
        elif isinstance(st, (Scalar, NumpyScalar)):
            args.append(convert(s, FLOAT))
        else:
            b.fail("numpy.gradient: a spacing must be a number or a 1-d array")
    from ..ir import Expr
    template = (cpp(r), cpp(p), cpp(d))
    if len(axes) == 1:
        result = t.with_(dtype=r)
        return Resolved(result, (b.args["f"], args[0], const(axes[0], b.loc), convert(b.args["edge_order"], INT)), template)
    spacing_tuple = Expr("tuple", TupleT(tuple(strip_literal(a.type) for a in args)), tuple(args), loc=b.loc)
    return Resolved(ListT(t.with_(dtype=r)), (b.args["f"], spacing_tuple, const(tuple(axes), b.loc),
                                              convert(b.args["edge_order"], INT)), template)
