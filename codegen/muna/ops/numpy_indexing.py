"""Subscripts of arrays (x[key], x[key] = value), their function forms (take,
take_along_axis, put_along_axis) and the array properties (.shape, .ndim, .size, .T).

A key is an int, a slice, None (newaxis), Ellipsis, an integer array, a boolean mask, or a
tuple of these; the result rank is known at compile time from the key's types (the arrays
together contribute the rank of their broadcast shape, a mask counting as one dimension).
"""
from __future__ import annotations

from ..diagnostics import CompileError
from ..registry import REGISTRY, Redispatch, Resolved, op
from .numpy_ops import (BOOL, INT, NumpyScalar, Scalar, TensorT, TupleT, array_arg, axes_arg,
                        convert, emit_item, np, operand_to, rename_self, static, static_none,
                        strip_literal)
from ..ir import Expr
from ..build_ir import call
from ..types import ELLIPSIS, NONE, NUMPY_ARRAY_DTYPES, SLICE, AnyT, DynTensorT, ListT, NumberT


def _key_items(b, key):
    t = strip_literal(key.type)
    items = list(t.items) if isinstance(t, TupleT) and key.op == "tuple" else [t]
    if isinstance(t, TupleT) and key.op != "tuple":
        items = list(t.items)  # a tuple variable: its item types
    return items


def _index_list(t):
    """Whether t is a (nested) list of ints or bools (Python's or NumPy's: the ids an argsort
    gave): an index array, as NumPy and torch read it."""
    t = strip_literal(t)
    if not isinstance(t, ListT):
        return False
    while isinstance(t, ListT):
        t = strip_literal(t.item)
    return t in (INT, BOOL) or isinstance(t, NumpyScalar) and t.dtype not in ("float32", "float64", "bfloat16",
                                                                           "complex64", "complex128")


def lists_as_index_arrays(b, maker, param):
    """Rewrites b.args["key"] so that list items (x[[0, 2]], x[ids, :]) are the arrays they
    stand for, made by op `maker` from its parameter `param` (numpy.asarray, torch.tensor):
    a list of ints indexes like an int64 array, a list of bools like a mask."""
    def as_array(e):
        return REGISTRY.apply(maker, {param: e}, b.loc, b.builder) if _index_list(e.type) else e
    key = b.args["key"]
    if _index_list(key.type):
        b.args["key"] = as_array(key)
    elif key.op == "tuple" and any(_index_list(e.type) for e in key.args):
        items = tuple(as_array(e) for e in key.args)
        b.args["key"] = Expr("tuple", TupleT(tuple(e.type for e in items)), items, loc=key.loc)


def index_layout(b, x: TensorT, key):
    """(result rank or None, whether the result is a scalar). Array items are NumPy's advanced
    indexing: together they contribute the broadcast of the integer arrays' shapes (a mask
    counts as the 1-d arrays of its true positions)."""
    items = _key_items(b, key)
    used, added, ints, unknown, array_ranks = 0, 0, 0, False, []
    for i in items:
        if i in (INT, BOOL) or (isinstance(i, NumpyScalar) and i.dtype not in ("float32", "float64")):
            used, ints = used + 1, ints + 1
        elif i == SLICE:
            used, added = used + 1, added + 1
        elif i == NONE:
            added += 1
        elif i == ELLIPSIS:
            pass
        elif isinstance(i, TensorT):
            unknown = unknown or i.rank is None  # then the result rank is unknown too
            if i.dtype == "bool":
                used, array_ranks = used + (i.rank or 0), array_ranks + [1]
            elif i.dtype in ("uint8", "int8", "int16", "int32", "int64"):
                used, array_ranks = used + 1, array_ranks + [i.rank or 0]
            else:
                b.fail("arrays used as indices must be of integer (or boolean) type")
        else:
            b.fail(f"only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and "
                   f"integer or boolean arrays are valid indices, got {i}")
    added += max(array_ranks, default=0)
    if items.count(ELLIPSIS) > 1:
        b.fail("an index can only have a single ellipsis ('...')")
    if x.rank is not None and used > x.rank and not unknown:
        b.fail(f"too many indices for array: array is {x.rank}-dimensional, but {used} were indexed")
    scalar = x.rank is not None and ints == x.rank and len(items) == ints
    rank = None if x.rank is None or unknown else x.rank - used + added
    return rank, scalar


@op("numpy.ndarray.__getitem__", "self, key", header="muna/numpy/ndarray/getitem.hpp",
    cpp="muna::numpy::ndarray::getitem", kind="method", tolerance="exact")
def _getitem(b):
    x = strip_literal(b.type("self"))
    lists_as_index_arrays(b, "numpy.asarray", "a")
    rank, scalar = index_layout(b, x, b.args["key"])
    if scalar and x.dtype in ("complex64", "complex128"):
        b.unsupported("one element of a complex array is a complex scalar, which muna does not have; "
               "slice it (z[i:i + 1]) or index .real / .imag")
    result = NumpyScalar(x.dtype) if scalar else x.with_(rank=rank)
    return Resolved(result, (b.args["self"], b.args["key"]), (result.cpp(),))


@op("numpy.ndarray.__setitem__", "self, key, value", header="muna/numpy/ndarray/setitem.hpp",
    cpp="muna::numpy::ndarray::setitem", kind="method", tolerance="exact")
def _setitem(b):
    """The value is cast to the array's dtype (NumPy's same-kind-or-unsafe assignment)."""
    x = strip_literal(b.type("self"))
    lists_as_index_arrays(b, "numpy.asarray", "a")
    _, one_element = index_layout(b, x, b.args["key"])
    v = strip_literal(b.type("value"))
    if isinstance(v, ListT):
        # x[i, :n] = [1, 2, 3]: the list is an array first, as NumPy makes it.
        b.args["value"] = REGISTRY.apply("numpy.asarray", {"a": b.args["value"]}, b.loc, b.builder)
        v = b.args["value"].type
    if isinstance(v, NumberT) or isinstance(v, AnyT) and one_element and x.dtype.startswith(("float", "bfloat")):
        # An `int | float`, or a value known at run time only (a float or a NumPy float on two
        # paths) put in one element: its number, converted as NumPy converts it (NumPy too
        # raises a TypeError when it holds no number; a sequence would fill a slice instead).
        b.args["value"] = convert(b.args["value"], NumpyScalar(x.dtype))
    elif isinstance(v, AnyT):  # any other value of run-time type: as NumPy reads it, then by its dtype
        raise Redispatch("value", call("numpy.detail.operand_of_object", DynTensorT("numpy", NUMPY_ARRAY_DTYPES),
                                       (b.args["value"],), b.loc))
    elif not isinstance(v, (TensorT, NumpyScalar, Scalar)):
        b.fail(f"cannot assign {v} into an array")
    return Resolved(NONE, (b.args["self"], b.args["key"], operand_to(b.args["value"], x.dtype)))


# --- properties ------------------------------------------------------------------------------

def _known_rank(b):
    x = strip_literal(b.type("self"))
    if not isinstance(x, TensorT):
        b.fail(f"{b.op.name} expects an array")
    return x


@op("numpy.ndarray.shape", "self", method_of="numpy.ndarray", kind="property",
    emit=lambda args, r: f"muna::numpy::ndarray::shape<{len(r.type.items)}>({args[0]})",
    header="muna/numpy/ndarray/shape.hpp")
def _shape(b):
    x = _known_rank(b)
    if x.rank is None:
        return Resolved(ListT(INT, frozen=True), (b.args["self"],), op="tensor.shape_of")
    return Resolved(TupleT((INT,) * x.rank), (b.args["self"],))


@op("numpy.ndarray.ndim", "self", method_of="numpy.ndarray", kind="property",
    emit=lambda args, r: f"{args[0]}.ndim()")
def _ndim(b):
    _known_rank(b)
    return Resolved(INT, (b.args["self"],))


@op("numpy.ndarray.size", "self", method_of="numpy.ndarray", kind="property",
    emit=lambda args, r: f"{args[0]}.size()")
def _size(b):
    _known_rank(b)
    return Resolved(INT, (b.args["self"],))


@op("numpy.ndarray.T", "self", method_of="numpy.ndarray", kind="property",
    header="muna/numpy/transpose.hpp", cpp="muna::numpy::transpose",
    doc="numpy.transpose: a view with the axes reversed")
def _T(b):
    x = _known_rank(b)
    return Resolved(x, (b.args["self"],))


# --- function forms --------------------------------------------------------------------------
def _indices(b, name="indices"):
    """An integer index array (or int) argument, as int64; a list, tuple or range of ints as the
    array NumPy makes of it."""
    if not isinstance(strip_literal(b.type(name)), TensorT) and strip_literal(b.type(name)) not in (INT, BOOL):
        try:
            array_arg(b, name)  # (np.asarray's array of it, else the diagnostic below)
        except CompileError:
            pass
    t = strip_literal(b.type(name))
    if isinstance(t, TensorT) and t.dtype in ("uint8", "int8", "int16", "int32", "int64"):
        return t, operand_to(b.args[name], "int64")
    if t in (INT, BOOL) or (isinstance(t, NumpyScalar) and t.dtype not in ("float32", "float64", "bool")):
        return TensorT("numpy", "int64", 0), convert(b.args[name], INT)
    b.fail("`indices` must be an integer array")


def _axis(b, rank):
    """None (the flattened array) or an int axis: known at compile time (checked here), or an
    int known when it runs (the C++ op checks it, with NumPy's AxisError)."""
    if strip_literal(b.type("axis")) in (INT, BOOL) and b.args["axis"].op != "const":
        return ..., convert(b.args["axis"], INT)
    axis = static(b, "axis")
    if axis is not None:
        axes_arg(b, rank)
        return axis, convert(b.args["axis"], INT)
    return None, b.args["axis"]


@op("numpy.take", "a, indices, axis=None, out=None, mode='raise'", obj=np.take,
    emit=emit_item("muna::numpy::take"), header="muna/numpy/take.hpp")
def _take(b):
    t = array_arg(b)
    idx, indices = _indices(b)
    if static(b, "mode") != "raise" or not static_none(b, "out"):
        b.fail("numpy.take: only mode='raise' without out= is supported")
    axis, axis_e = _axis(b, t.rank)
    if idx.rank is None or (axis is not None and t.rank is None):
        rank = None
    else:
        rank = idx.rank if axis is None else t.rank - 1 + idx.rank
    result = NumpyScalar(t.dtype) if rank == 0 else t.with_(rank=rank)
    return Resolved(result, (b.args["a"], indices, axis_e))


op("numpy.ndarray.take", "self, indices, axis=None, out=None, mode='raise'", method_of="numpy.ndarray",
   kind="method", emit=emit_item("muna::numpy::take"), header="muna/numpy/take.hpp",
   doc="numpy.take")(lambda b: _take(rename_self(b, to="a")))


@op("numpy.take_along_axis", "arr, indices, axis", obj=np.take_along_axis)
def _take_along_axis(b):
    t = array_arg(b, "arr")
    idx, indices = _indices(b)
    axis, axis_e = _axis(b, t.rank)
    if axis is None and idx.rank not in (None, 1):
        b.fail("when axis=None, `indices` must have a single dimension.")
    if axis is not None and None not in (idx.rank, t.rank) and idx.rank != t.rank:
        b.fail("`indices` and `arr` must have the same number of dimensions")
    return Resolved(t.with_(rank=idx.rank), (b.args["arr"], indices, axis_e))


@op("numpy.put_along_axis", "arr, indices, values, axis", obj=np.put_along_axis)
def _put_along_axis(b):
    t = array_arg(b, "arr")
    idx, indices = _indices(b)
    if static_none(b, "axis"):
        b.fail("numpy.put_along_axis(axis=None) is not supported; pass arr.ravel() and axis=0")
    axis, axis_e = _axis(b, t.rank)
    if None not in (idx.rank, t.rank) and idx.rank != t.rank:
        b.fail("`indices` and `arr` must have the same number of dimensions")
    return Resolved(NONE, (b.args["arr"], indices, operand_to(b.args["values"], t.dtype), axis_e))
