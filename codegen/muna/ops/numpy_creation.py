"""NumPy's array constructors: array/asarray from (nested) lists, tuples, scalars and arrays;
zeros/ones/empty/full and their _like forms; arange, linspace, eye, identity, copy.

The dtype is decided here, as NumPy decides it (a dtype= argument, else the data's own); the
C++ functions take it as their first template argument. Shapes may be runtime values (an int,
a tuple or a list of ints); the rank must be known, which it is for ints and tuples.
"""
from __future__ import annotations

import itertools

import numpy as np

from ..build_ir import call, const, settle_numbers
from ..registry import REGISTRY, Resolved, op
from ..types import AnyT, NumberT, ScalarKindsT
from .numpy_ops import (static, BOOL, FLOAT, INT, ListT, NumpyScalar, Scalar, TensorT, TupleT,
                        array_arg, array_of_object, convert, is_range, range_as_array, cpp, dtype_arg, holds_any, shape_arg,
                        strip_literal, supported_dtype)

PY_DTYPE = {"bool": "bool", "int": "int64", "float": "float64"}


def _data_layout(b, t):
    """(rank, dtype NumPy infers) of array-like data of type t, or a diagnostic."""
    t = strip_literal(t)
    if isinstance(t, Scalar) and t.name in PY_DTYPE:
        return 0, PY_DTYPE[t.name]
    if isinstance(t, NumpyScalar):
        return 0, t.dtype
    if isinstance(t, ScalarKindsT):
        # Python numbers and NumPy scalars: NumPy's dtype for whichever of them the data holds
        # (np.array([np.float64(1), 2.0]) is float64 either way; float32 and a float are not).
        samples = [np.float64(0) if k == FLOAT else np.int64(0) if k == INT else np.bool_(0) if k == BOOL
                   else np.zeros((), k.dtype)[()] for k in t.kinds]
        found = {np.result_type(*(np.asarray(s).dtype for s in held)).name
                 for n in range(1, len(samples) + 1) for held in itertools.combinations(samples, n)}
        if len(found) != 1:
            b.fail(f"{b.op.name}: the array's dtype depends on which of {t} the data holds at run time; "
                   "convert the items with float(...) or a dtype= argument")
        return 0, found.pop()
    if isinstance(t, TensorT):  # (of open rank: the result's rank is known when it runs)
        return t.rank, t.dtype
    if isinstance(t, ListT):
        rank, dtype = _data_layout(b, t.item)
        return None if rank is None else rank + 1, dtype
    if isinstance(t, TupleT) and t.items:
        layouts = [_data_layout(b, i) for i in t.items]
        if len({r for r, _ in layouts}) != 1:
            b.fail(f"{b.op.name}: the items of the tuple have different nesting depths")
        dtype = np.result_type(*[np.dtype(d) for _, d in layouts]).name
        return None if layouts[0][0] is None else layouts[0][0] + 1, dtype
    b.fail(f"{b.op.name} cannot make an array from {t}; pass a list, tuple, number or array")


def array_rule(b):
    name = "object" if "object" in b.args else "a"
    b.args[name] = settle_numbers(b.args[name])
    t = strip_literal(b.type(name))
    for unsupported, default in (("like", None), ("order", None)):
        if unsupported in b.args and static(b, unsupported) not in (default, "K", "C"):
            b.fail(f"{b.op.name}({unsupported}=...) is not supported")
    if "copy" in b.args and not isinstance(static(b, "copy"), bool):
        b.fail("copy must be True or False")
    if holds_any(t):  # a value of run-time type, or a list of them: made when it runs
        return _array_of_object(b, name)
    if is_range(b.args[name]) and b.builder is not None:  # np.asarray(range(n)): np.arange(n)
        b.args[name] = range_as_array(b, b.args[name])
        t = strip_literal(b.type(name))
    rank, dtype = (t.rank, t.dtype) if isinstance(t, TensorT) else _data_layout(b, t)
    dtype = dtype_arg(b) or dtype
    dtype = supported_dtype(b, dtype)
    lib = t.lib if isinstance(t, TensorT) else "numpy"
    copy = static(b, "copy") if "copy" in b.args else False
    made = Resolved(TensorT(lib, dtype, rank), (b.args[name], const(bool(copy), b.loc)),
                    (cpp(dtype), str(-1 if rank is None else rank)))
    ndmin = static(b, "ndmin") if "ndmin" in b.args else 0
    if not isinstance(ndmin, int) or isinstance(ndmin, bool):
        b.fail(f"{b.op.name}: ndmin must be an int given as a constant")
    if ndmin <= 0 or rank is not None and rank >= ndmin:
        return made
    # ndmin: ones prepended to the shape, up to ndmin dimensions
    e = call(b.op.name, made.type, made.args, b.loc, made.template)
    if rank is None:
        if ndmin > 2:  # (np.atleast_3d puts its ones elsewhere)
            b.fail(f"{b.op.name}(ndmin={ndmin}) of an array of unknown rank is not supported; annotate its rank")
        return REGISTRY.apply(f"numpy.atleast_{ndmin}d", {"arys": e}, b.loc, b.builder)
    for _ in range(ndmin - rank):
        e = REGISTRY.apply("numpy.expand_dims", {"a": e, "axis": const(0, b.loc)}, b.loc, b.builder)
    return e


def _array_of_object(b, name):
    """np.array / np.asarray of a value of run-time type (or a list of them): the array NumPy
    makes of it when it runs, of run-time dtype and rank (or of dtype=)."""
    if "ndmin" in b.args and static(b, "ndmin") not in (0, None):
        b.fail(f"{b.op.name}(ndmin=...) of a value of run-time type is not supported; give it a static type")
    copy = const(bool(static(b, "copy")) if "copy" in b.args else False, b.loc)
    dtype = dtype_arg(b)
    if dtype:
        dtype = supported_dtype(b, dtype)
        return Resolved(TensorT("numpy", dtype, None), (convert(b.args[name], AnyT()), copy), (cpp(dtype),),
                        op="numpy.detail.array_of_object_as")
    return array_of_object(b.args[name], b.loc, copy)


for _name in ("array_of_object", "array_of_object_as"):
    op(f"numpy.detail.{_name}", "x, copy", header="muna/numpy/array_of_object.hpp", cpp=f"muna::numpy::{_name}",
       doc="np.array / np.asarray of a value of run-time type")(lambda b: None)
op("numpy.detail.operand_of_object", "x", header="muna/numpy/array_of_object.hpp", cpp="muna::numpy::operand_of_object",
   doc="a value of run-time type as a ufunc's operand")(lambda b: None)


op("numpy.array", "object, dtype=None, copy=True, order='K', subok=False, ndmin=0, like=None",
   obj=np.array)(array_rule)
op("numpy.asarray", "a, dtype=None, order=None, like=None", obj=np.asarray,
   header="muna/numpy/array.hpp", cpp="muna::numpy::array",
   doc="numpy.array without a copy when the dtype already matches")(array_rule)
op("numpy.ascontiguousarray", "a, dtype=None, like=None", obj=np.ascontiguousarray,
   header="muna/numpy/array.hpp", cpp="muna::numpy::array",
   doc="numpy.array without a copy when already contiguous")(array_rule)
op("numpy.asanyarray", "a, dtype=None, order=None, like=None", obj=np.asanyarray,
   header="muna/numpy/array.hpp", cpp="muna::numpy::array", doc="numpy.asarray (muna has no subclasses)")(array_rule)


@op("numpy.asfarray", "a, dtype=None", obj=np.asfarray, header="muna/numpy/array.hpp",
    cpp="muna::numpy::array", doc="numpy.asarray in dtype, float64 unless dtype is a float type")
def _asfarray(b):
    dtype = dtype_arg(b, default="float64")
    b.args["dtype"] = const(dtype if np.issubdtype(np.dtype(dtype), np.inexact) else "float64", b.loc)
    return array_rule(b)


def filled_rule(fill):
    """zeros/ones/empty (fill given), full (fill_value argument): dtype= or the default."""
    def rule(b):
        shape, rank = shape_arg(b, "shape")
        if "order" in b.args and static(b, "order") not in ("C", None):
            b.fail(f"{b.op.name}(order={static(b, 'order')!r}) is not supported; muna arrays are C-ordered")
        if fill is None:
            ft = strip_literal(b.type("fill_value"))
            default = _data_layout(b, ft)[1] if isinstance(ft, (Scalar, NumpyScalar)) else None
            if default is None:
                b.fail("numpy.full: fill_value must be a number")
            dtype = dtype_arg(b) or default
            value = b.args["fill_value"]
        else:
            dtype = dtype_arg(b) or "float64"
            value = const(fill, b.loc)
        dtype = supported_dtype(b, dtype)
        return Resolved(TensorT("numpy", dtype, rank), (shape, convert(value, NumpyScalar(dtype))),
                        (cpp(dtype),))
    return rule


op("numpy.zeros", "shape, dtype=None, order='C', like=None", obj=np.zeros,
   header="muna/numpy/full.hpp", cpp="muna::numpy::full")(filled_rule(0))
op("numpy.ones", "shape, dtype=None, order='C', like=None", obj=np.ones,
   header="muna/numpy/full.hpp", cpp="muna::numpy::full")(filled_rule(1))
op("numpy.empty", "shape, dtype=None, order='C', like=None", obj=np.empty,
   header="muna/numpy/full.hpp", cpp="muna::numpy::full",
   doc="zero-filled (NumPy leaves the memory uninitialised)")(filled_rule(0))
op("numpy.full", "shape, fill_value, dtype=None, order='C', like=None", obj=np.full)(filled_rule(None))


def like_rule(fill):
    def rule(b):
        t = array_arg(b)
        if static(b, "shape") is not None:
            b.fail(f"{b.op.name}(shape=...) is not supported; use numpy.{b.op.name[6:-5]}(shape)")
        dtype = dtype_arg(b) or t.dtype
        value = const(fill, b.loc) if fill is not None else b.args["fill_value"]
        if not isinstance(strip_literal(value.type), (Scalar, NumpyScalar)):
            b.fail(f"{b.op.name}: fill_value must be a number")
        return Resolved(t.with_(dtype=dtype), (b.args["a"], convert(value, NumpyScalar(dtype))),
                        (cpp(dtype),))
    return rule


for _name, _fill in (("zeros_like", 0), ("ones_like", 1), ("empty_like", 0)):
    op(f"numpy.{_name}", "a, dtype=None, order='K', subok=True, shape=None",
       obj=getattr(np, _name), header="muna/numpy/full_like.hpp", cpp="muna::numpy::full_like",
       doc="zero-filled (NumPy leaves the memory uninitialised)" if _name == "empty_like" else "",
       )(like_rule(_fill))
op("numpy.full_like", "a, fill_value, dtype=None, order='K', subok=True, shape=None",
   obj=np.full_like)(like_rule(None))


@op("numpy.arange", "start, stop=None, step=None, dtype=None, like=None", obj=np.arange)
def _arange(b):
    """NumPy's arange: length ceil((stop - start) / step); out[0] = start, out[1] = start +
    step in the dtype, then out[i] = out[0] + i * (out[1] - out[0]) (NumPy's fill)."""
    given = [n for n in ("start", "stop", "step")
             if not (b.args[n].op == "const" and b.args[n].attr("value") is None)]
    requested = dtype_arg(b)
    for n in given:
        t = strip_literal(b.type(n))
        if isinstance(t, (AnyT, NumberT)) and requested:
            continue  # arange(n, dtype=np.float32) of a value known at run time: a number then
        if not isinstance(t, (Scalar, NumpyScalar)):
            b.fail(f"numpy.arange: '{n}' must be a number, got {t}" + (
                " (the result's dtype would depend on its kind at run time: give dtype=)"
                if isinstance(t, (AnyT, NumberT)) else ""))
    if requested:
        dtype = requested
    else:
        values = [np.array(b.args[n].attr("value")) if b.args[n].op == "const" else
                  np.zeros((), PY_DTYPE[strip_literal(b.type(n)).name]
                           if isinstance(strip_literal(b.type(n)), Scalar) else strip_literal(b.type(n)).dtype)
                  for n in given]
        dtype = supported_dtype(b, np.result_type(*values).name)
    if given == ["start"]:
        start, stop = const(0, b.loc), b.args["start"]
    else:
        start, stop = b.args["start"], b.args["stop"]
    step = b.args["step"] if "step" in given else const(1, b.loc)
    if step.op == "const" and step.attr("value") == 0:
        b.fail("Maximum allowed size exceeded")
    args = tuple(convert(e, FLOAT) for e in (start, stop, step))
    return Resolved(TensorT("numpy", dtype, 1), args, (cpp(dtype),))


@op("numpy.linspace", "start, stop, num=50, endpoint=True, retstep=False, dtype=None, axis=0",
    obj=np.linspace, tolerance="exact")
def _linspace(b):
    """Scalar start/stop: float64 y[i] = i * step + start (stop exactly at the end with
    endpoint), then astype(dtype) (floored first for integer dtypes), as NumPy 1.24."""
    for n in ("start", "stop"):
        if not isinstance(strip_literal(b.type(n)), (Scalar, NumpyScalar)):
            b.fail("numpy.linspace with array start/stop is not supported")
    if static(b, "retstep") or static(b, "axis") != 0:
        b.fail("numpy.linspace(retstep=True / axis=...) is not supported")
    if not isinstance(static(b, "endpoint"), bool):
        b.fail("endpoint must be True or False")
    dtype = supported_dtype(b, dtype_arg(b) or "float64")
    return Resolved(TensorT("numpy", dtype, 1),
                    (convert(b.args["start"], FLOAT), convert(b.args["stop"], FLOAT),
                     convert(b.args["num"], INT), b.args["endpoint"]), (cpp(dtype),))


@op("numpy.eye", "N, M=None, k=0, dtype=None, order='C', like=None", obj=np.eye)
def _eye(b):
    dtype = supported_dtype(b, dtype_arg(b) or "float64")
    m = b.args["M"]
    m = const(-1, b.loc) if m.op == "const" and m.attr("value") is None else convert(m, INT)
    return Resolved(TensorT("numpy", dtype, 2), (convert(b.args["N"], INT), m,
                                                 convert(b.args["k"], INT)), (cpp(dtype),))


@op("numpy.identity", "n, dtype=None, like=None", obj=np.identity, header="muna/numpy/eye.hpp",
    cpp="muna::numpy::eye", doc="numpy.eye(n)")
def _identity(b):
    dtype = supported_dtype(b, dtype_arg(b) or "float64")
    n = convert(b.args["n"], INT)
    return Resolved(TensorT("numpy", dtype, 2), (n, const(-1, b.loc), const(0, b.loc)),
                    (cpp(dtype),))


def _copy(b):
    if "self" in b.args:
        b.args["a"] = b.args.pop("self")
    t = array_arg(b)
    if static(b, "order") not in ("K", "C", "A"):
        b.fail("only C-ordered copies are supported")
    return Resolved(t, (b.args["a"],))


op("numpy.copy", "a, order='K', subok=False", obj=np.copy)(_copy)
op("numpy.ndarray.copy", "self, order='C'", method_of="numpy.ndarray", kind="method",
   header="muna/numpy/copy.hpp", cpp="muna::numpy::copy", doc="method form of numpy.copy")(_copy)


@op("numpy.fromiter", "iter, dtype, count=-1, like=None", obj=np.fromiter, header="muna/numpy/fromiter.hpp")
def _fromiter(b):
    """np.fromiter(items, dtype, count): the iterable read whole (a generator expression, a
    list, ...), its first `count` items (NumPy's ValueError when there are fewer), as
    np.array(..., dtype) makes them."""
    from ..build_ir import call
    if static(b, "dtype") is None:
        b.fail("numpy.fromiter needs a dtype")
    node = b.builder.located(b.loc)
    items = b.builder.apply("builtins.list", [b.args["iter"]], {}, node)
    taken = call("numpy.fromiter", items.type, (items, convert(b.args["count"], INT)), b.loc)
    return b.builder.apply("numpy.array", [taken], {"dtype": b.args["dtype"]}, node)


def _window(b):
    """np.hanning(M) and the other windows of NumPy's function_base: float64, of length M (an
    int; NumPy also takes a float M, read here as a diagnostic)."""
    m = strip_literal(b.type("M"))
    if not (m in (INT, BOOL) or isinstance(m, NumpyScalar) and m.dtype.startswith(("int", "uint"))):
        b.fail(f"{b.op.name}: M must be an int, got {m}")
    return Resolved(TensorT("numpy", "float64", 1), (convert(b.args["M"], INT),))


for _name in ("hanning", "hamming", "blackman", "bartlett"):
    op(f"numpy.{_name}", "M", obj=getattr(np, _name), header="muna/numpy/windows.hpp", tolerance="ulp:2",
       doc=f"the {_name} window, NumPy's formula term for term")(_window)
