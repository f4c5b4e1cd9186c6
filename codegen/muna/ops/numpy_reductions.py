"""NumPy reductions with axis (None, int, tuple), keepdims and dtype, and their ndarray
methods; plus the scans (cumsum, cumprod) and the order statistics (median, percentile,
quantile).

Every C++ reduction is `name<Out>(a, axis, [ddof,] keepdims)` where Out is the result's C++
type: a Tensor, or the element type itself when NumPy returns a scalar (axis=None without
keepdims), so the generated code never unwraps a 0-d array.
"""
from __future__ import annotations

import numpy as np

from ..build_ir import const
from ..registry import Resolved, op
from ..types import NONE
from .numpy_ops import (static, BOOL, FLOAT, FLOAT_DTYPES, INT, NumpyScalar, TensorT, array_arg,
                        axes_arg, convert, cpp, dtype_arg, operand_to, rename_self,
                        strip_literal, supported_dtype)

ORDER = "exact: NumPy's order (pairwise sums on contiguous rows, in order otherwise)"


def _keepdims(b):
    keepdims = static(b, "keepdims")
    if not isinstance(keepdims, bool):
        b.fail("keepdims must be True or False")
    return keepdims


def _result(t, dtype, axes, keepdims):
    """The result type of reducing `t` over `axes` (None: all)."""
    if keepdims:
        return t.with_(dtype=dtype)
    if axes is None:
        return NumpyScalar(dtype)
    return t.with_(dtype=dtype, rank=None if t.rank is None else t.rank - len(axes))


def _no_out(b):
    if "out" in b.args and static(b, "out") is not None:
        b.fail(f"{b.op.name}(out=...) is not supported; assign the result instead")


def _axis_arg(b):
    return b.args["axis"] if "axis" in b.args else const(None, b.loc)


def _initial(b, dtype):
    """max/min's initial=: a constant, cast to the array's dtype as NumPy casts it (2.5 is 2
    for an integer array), by NumPy itself."""
    value = b.const("initial")
    if isinstance(value, (bool, np.generic)) or not isinstance(value, (int, float)):
        b.fail(f"{b.op.name}: initial must be an int or float constant")
    if isinstance(value, int) and dtype != "bool" and np.dtype(dtype).kind in "iu" and not (
            np.iinfo(dtype).min <= value <= np.iinfo(dtype).max):
        b.fail(f"{b.op.name}: initial={value} is out of range for {dtype} (NumPy 1.24 deprecates "
               "the wrap-around, NumPy 2 raises OverflowError)")
    cast = np.array(value).astype(dtype).item()
    return const(cast, b.loc, NumpyScalar(dtype))


def reduce_rule(kind: str):
    """kind: "sum" (NumPy's add/multiply dtype: small ints widen to int64), "float" (mean,
    var, std: integers give float64), "same" (max, min, ptp), "bool" (any, all), "index"
    (argmax, argmin: int64)."""
    def rule(b):
        if "self" in b.args:
            rename_self(b)
        t = array_arg(b)
        _no_out(b)
        axes = axes_arg(b, t.rank, run_time=True)
        keepdims = _keepdims(b) if "keepdims" in b.args else False
        requested = dtype_arg(b) if "dtype" in b.args else None
        dtype = t.dtype
        if kind == "sum":
            dtype = requested or np.add.reduce(np.zeros(1, dtype)).dtype.name
        elif kind == "float":
            dtype = requested or (dtype if dtype in FLOAT_DTYPES else "float64")
        elif kind == "bool":
            dtype = "bool"
        elif kind == "index":
            dtype = "int64"
            if axes is not None and len(axes) > 1:
                b.fail(f"{b.op.name}: axis must be an int or None")
        dtype = supported_dtype(b, dtype)
        result = _result(t, dtype, axes, keepdims)
        axis = _axis_arg(b)
        if isinstance(strip_literal(axis.type), NumpyScalar):
            axis = convert(axis, INT)
        args = [b.args["a"], axis]
        if "ddof" in b.args:
            args.append(convert(b.args["ddof"], INT))
        args.append(const(keepdims, b.loc))
        if "initial" in b.args and strip_literal(b.type("initial")) != NONE:
            args.append(_initial(b, dtype))
        return Resolved(result, tuple(args), (result.cpp(),))
    return rule


# name, parameters (NumPy 1.24's), kind, tolerance
REDUCTIONS = [
    ("sum", "a, axis=None, dtype=None, out=None, keepdims=False", "sum", ORDER),
    ("prod", "a, axis=None, dtype=None, out=None, keepdims=False", "sum", ORDER),
    ("mean", "a, axis=None, dtype=None, out=None, keepdims=False", "float", ORDER),
    ("var", "a, axis=None, dtype=None, out=None, ddof=0, keepdims=False", "float", ORDER),
    ("std", "a, axis=None, dtype=None, out=None, ddof=0, keepdims=False", "float", ORDER),
    ("max", "a, axis=None, out=None, keepdims=False, initial=None", "same", "exact"),
    ("min", "a, axis=None, out=None, keepdims=False, initial=None", "same", "exact"),
    ("ptp", "a, axis=None, out=None, keepdims=False", "same", "exact"),
    ("any", "a, axis=None, out=None, keepdims=False", "bool", "exact"),
    ("all", "a, axis=None, out=None, keepdims=False", "bool", "exact"),
    ("argmax", "a, axis=None, out=None, keepdims=False", "index", "exact"),
    ("argmin", "a, axis=None, out=None, keepdims=False", "index", "exact"),
    ("nansum", "a, axis=None, dtype=None, out=None, keepdims=False", "sum", ORDER),
    ("nanmean", "a, axis=None, dtype=None, out=None, keepdims=False", "float", ORDER),
    ("nanmax", "a, axis=None, out=None, keepdims=False", "same", "exact"),
    ("nanmin", "a, axis=None, out=None, keepdims=False", "same", "exact"),
    ("nanvar", "a, axis=None, dtype=None, out=None, ddof=0, keepdims=False", "float", ORDER),
    ("nanstd", "a, axis=None, dtype=None, out=None, ddof=0, keepdims=False", "float", ORDER),
]
METHODS = ("sum", "prod", "mean", "var", "std", "max", "min", "ptp", "any", "all", "argmax",
           "argmin")

for _name, _params, _kind, _tol in REDUCTIONS:
    op(f"numpy.{_name}", _params, obj=getattr(np, _name), tolerance=_tol)(reduce_rule(_kind))
    if _name in METHODS:
        op(f"numpy.ndarray.{_name}", _params.replace("a,", "self,", 1), method_of="numpy.ndarray",
           kind="method", tolerance=_tol, header=f"muna/numpy/{_name}.hpp",
           cpp=f"muna::numpy::{_name}", doc=f"method form of numpy.{_name}")(reduce_rule(_kind))
# np.amax/np.amin are the same objects as np.max/np.min in NumPy 1.24.
for _alias in ("amax", "amin"):
    op(f"numpy.{_alias}", "a, axis=None, out=None, keepdims=False, initial=None", tolerance="exact",
       header=f"muna/numpy/{_alias[1:]}.hpp", cpp=f"muna::numpy::{_alias[1:]}",
       doc=f"alias of numpy.{_alias[1:]}")(reduce_rule("same"))


@op("numpy.count_nonzero", "a, axis=None, keepdims=False", obj=np.count_nonzero,
    tolerance="exact")
def _count_nonzero(b):
    """A Python int for axis=None (as NumPy returns), int64 counts otherwise."""
    t = array_arg(b)
    axes = axes_arg(b, t.rank)
    keepdims = _keepdims(b)
    result = INT if axes is None and not keepdims else _result(t, "int64", axes, keepdims)
    return Resolved(result, (b.args["a"], b.args["axis"], const(keepdims, b.loc)),
                    (result.cpp(),))


def scan_rule(b):
    """cumsum/cumprod: axis=None flattens; dtype as numpy.sum's."""
    if "self" in b.args:
        rename_self(b)
    t = array_arg(b)
    _no_out(b)
    axis = static(b, "axis")
    if axis is not None and not isinstance(axis, int):
        b.fail(f"{b.op.name}: axis must be an int or None")
    if axis is not None and t.rank is not None and not -t.rank <= axis < t.rank:
        b.fail(f"axis {axis} is out of bounds for array of dimension {t.rank}")
    dtype = supported_dtype(b, dtype_arg(b) or np.add.reduce(np.zeros(1, t.dtype)).dtype)
    rank = 1 if axis is None else t.rank
    return Resolved(t.with_(dtype=dtype, rank=rank), (b.args["a"], b.args["axis"]), (cpp(dtype),))


for _name in ("cumsum", "cumprod"):
    op(f"numpy.{_name}", "a, axis=None, dtype=None, out=None", obj=getattr(np, _name),
       tolerance="exact: in order along the axis, as NumPy")(scan_rule)
    op(f"numpy.ndarray.{_name}", "self, axis=None, dtype=None, out=None",
       method_of="numpy.ndarray", kind="method", header=f"muna/numpy/{_name}.hpp",
       cpp=f"muna::numpy::{_name}", tolerance="exact", doc=f"method form of numpy.{_name}")(scan_rule)


def order_statistic_rule(b):
    """median, percentile, quantile (method='linear'), NumPy 1.24's dtypes: float64 for
    integers, and for percentile/quantile float64 for every floating q (the interpolation
    weights are float64); quantile with an integer q (a number or array) takes elements
    directly and keeps a's dtype. An array q adds its axes in front."""
    t = array_arg(b)
    _no_out(b)
    if t.dtype == "bool" and "q" in b.args:  # (the interpolation subtracts)
        b.fail("numpy boolean subtract, the `-` operator, is not supported, use the bitwise_xor, the `^` "
               "operator, or the logical_xor function instead.")
    if t.dtype == "bool":  # the median of bools: of their values as floats
        b.args["a"] = operand_to(b.args["a"], "float64")
        t = t.with_(dtype="float64")
    axes = axes_arg(b, t.rank)
    keepdims = _keepdims(b)
    dtype = t.dtype if t.dtype in FLOAT_DTYPES else "float64"
    result = _result(t, dtype, axes, keepdims)
    args = [b.args["a"]]
    if "q" in b.args:
        method = static(b, "method")
        if method != "linear":
            b.fail(f"{b.op.name}(method={method!r}) is not supported; only 'linear'")
        q = strip_literal(b.type("q"))
        scale = 100.0 if b.op.name.endswith("percentile") else 1.0
        if isinstance(q, TensorT) and q.dtype != "bool":
            integer, q_e = q.dtype not in FLOAT_DTYPES, operand_to(b.args["q"], "float64")
        elif q in (INT, FLOAT):
            integer, q_e = q == INT, convert(b.args["q"], FLOAT)
        else:
            b.fail(f"{b.op.name}: q must be a number or an array of numbers (np.array(q) for a "
                   "list)")
        direct = integer and scale == 1.0  # percentile divides q by 100 first: never direct
        dtype = t.dtype if direct else "float64"
        if b.args["q"].op == "const":
            value = b.args["q"].attr("value") / scale
            if not 0 <= value <= 1:
                b.fail("Percentiles must be in the range [0, 100]" if scale == 100
                       else "Quantiles must be in the range [0, 1]")
        result = _result(t, dtype, axes, keepdims)
        if isinstance(q, TensorT):
            base = 0 if isinstance(result, NumpyScalar) else result.rank
            result = t.with_(dtype=dtype, rank=None if None in (q.rank, base) else q.rank + base)
        args += [q_e, const(scale, b.loc), const(direct, b.loc)]
    args += [b.args["axis"], const(keepdims, b.loc)]
    return Resolved(result, tuple(args), (result.cpp(),))


op("numpy.median", "a, axis=None, out=None, overwrite_input=False, keepdims=False",
   obj=np.median, tolerance="exact")(order_statistic_rule)
op("numpy.quantile", "a, q, axis=None, out=None, overwrite_input=False, method='linear', "
   "keepdims=False", obj=np.quantile, tolerance="ulp:16")(order_statistic_rule)
op("numpy.percentile", "a, q, axis=None, out=None, overwrite_input=False, method='linear', "
   "keepdims=False", obj=np.percentile, tolerance="ulp:16", header="muna/numpy/quantile.hpp",
   cpp="muna::numpy::quantile")(order_statistic_rule)


@op("numpy.average", "a, axis=None, weights=None, returned=False, keepdims=False",
    obj=np.average, tolerance="ulp:2")
def _average(b):
    """Without weights: numpy.mean. With weights (same shape as a, or 1-d along one axis):
    sum(a * w) / sum(w) in result_type(a, w, float64 when integer), as NumPy computes it."""
    t = array_arg(b)
    if static(b, "returned"):
        b.fail("numpy.average(returned=True) is not supported")
    axes = axes_arg(b, t.rank)
    keepdims = _keepdims(b)
    w = b.args["weights"]
    if w.op == "const" and w.attr("value") is None:
        dtype = t.dtype if t.dtype in FLOAT_DTYPES else "float64"
        result = _result(t, dtype, axes, keepdims)
        return Resolved(result, (b.args["a"], w, b.args["axis"], const(keepdims, b.loc)),
                        (result.cpp(),))
    wt = strip_literal(w.type)
    if not isinstance(wt, TensorT):
        b.fail("numpy.average: weights must be an array")
    dtype = np.result_type(np.dtype(t.dtype), np.dtype(wt.dtype))
    if dtype.kind not in "f":
        dtype = np.result_type(dtype, np.float64)
    dtype = supported_dtype(b, dtype)
    if axes is not None and len(axes) > 1:
        b.fail("numpy.average with weights takes one axis (or None)")
    result = _result(t, dtype, axes, keepdims)
    return Resolved(result, (operand_to(b.args["a"], dtype), operand_to(w, dtype),
                             b.args["axis"], const(keepdims, b.loc)), (result.cpp(),))


def _contains(b):
    """`v in x` of an array or tensor: `(x == v).any()`, as NumPy's and torch's __contains__
    compute it (a bool: torch's too, through .item())."""
    node = b.builder.located(b.loc)
    x, v = b.args["self"], b.args["value"]
    lib = strip_literal(x.type).lib
    found = b.builder.apply(f"{'numpy.ndarray' if lib == 'numpy' else 'torch.Tensor'}.any",
                            [b.builder.apply("operator.eq", [x, v], {}, node)], {}, node)
    return b.builder.apply("builtins.bool", [found], {}, node)


for _kind in ("numpy.ndarray", "torch.Tensor"):
    op(f"{_kind}.__contains__", "self, value", kind="method", doc="`value in x`: (x == value).any()")(_contains)
