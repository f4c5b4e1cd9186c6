"""Shape and joining functions: reshape, ravel, flatten, transpose, swapaxes, moveaxis, squeeze,
expand_dims, atleast_1d, atleast_2d, concatenate, stack, hstack, vstack, column_stack, dstack,
split, array_split, tile, repeat, broadcast_to, broadcast_arrays, flip, roll, diff, pad,
meshgrid.

Views are views (reshape of a contiguous array, transpose, swapaxes, squeeze, expand_dims,
broadcast_to, flip, split), as in NumPy, so writes through them reach the original.
Axis arguments must be compile-time constants (they decide the result rank).
"""
from __future__ import annotations

import numpy as np

from ..build_ir import call, const
from ..ir import Expr
from ..registry import REGISTRY, Resolved, op
from ..types import BOOL, STR, AnyT, DynTensorT, NumberT
from .numpy_ops import (static, static_none, FLOAT, INT, ListT, NumpyScalar, Scalar, TensorT, TupleT, array_arg, axes_arg,
                        broadcast_rank, const_int_tuple,
                        convert, operand_to, rename_self, shape_arg, strip_literal,
                        supported_dtype)


def _int_const(b, name):
    value = static(b, name)
    if not isinstance(value, int) or isinstance(value, bool):
        b.fail(f"{b.op.name}: '{name}' must be an int known at compile time")
    return value


def _method(rule, first="a"):
    """The ndarray method form of a function rule whose array parameter is `first`."""
    def method(b):
        return rule(rename_self(b, to=first))
    return method


# --- reshape ---------------------------------------------------------------------------------
def _reshape(b):
    t = array_arg(b)
    if static(b, "order") != "C":
        b.fail("only order='C' reshapes are supported")
    shape, rank = shape_arg(b, "newshape")
    return Resolved(t.with_(rank=rank), (b.args["a"], shape))


op("numpy.reshape", "a, newshape, order='C'", obj=np.reshape)(_reshape)

_DIMS = ", ".join(f"d{i}=None" for i in range(1, 8))


@op("numpy.ndarray.reshape", f"self, shape, {_DIMS}, order='C'", method_of="numpy.ndarray",
    kind="method", header="muna/numpy/reshape.hpp", cpp="muna::numpy::reshape",
    doc="x.reshape(shape) or x.reshape(d0, d1, ...)")
def _reshape_method(b):
    dims = [b.args["shape"]] + [b.args[f"d{i}"] for i in range(1, 8)]
    dims = [d for d in dims if not (d.op == "const" and d.attr("value") is None)]
    if len(dims) > 1:
        for d in dims:
            if strip_literal(d.type) != INT:
                b.fail("reshape dimensions must be ints")
        from ..ir import Expr
        shape = Expr("tuple", TupleT((INT,) * len(dims)), tuple(dims), loc=b.loc)
    else:
        shape = dims[0]
    b.args = {"a": b.args["self"], "newshape": shape, "order": b.args["order"]}
    return _reshape(b)


def _ravel(b):
    t = array_arg(b)
    if static(b, "order") != "C":
        b.fail("only order='C' is supported")
    return Resolved(t.with_(rank=1), (b.args["a"],))


op("numpy.ravel", "a, order='C'", obj=np.ravel)(_ravel)
op("numpy.ndarray.ravel", "self, order='C'", method_of="numpy.ndarray", kind="method",
   header="muna/numpy/ravel.hpp", cpp="muna::numpy::ravel")(_method(_ravel))
op("numpy.ndarray.flatten", "self, order='C'", method_of="numpy.ndarray", kind="method",
   header="muna/numpy/ravel.hpp", cpp="muna::numpy::flatten",
   doc="always a copy")(_method(_ravel))


# --- axes ------------------------------------------------------------------------------------
def _transpose(b):
    t = array_arg(b)
    axes = static(b, "axes")
    if axes is not None:
        axes = const_int_tuple(b, "axes")
        if t.rank is not None and len(axes) != t.rank:
            b.fail("axes don't match array")
        if t.rank is not None and sorted(a % t.rank for a in axes) != list(range(t.rank)):
            b.fail("repeated axis in transpose")
    return Resolved(t, (b.args["a"], b.args["axes"]))


op("numpy.transpose", "a, axes=None", obj=np.transpose)(_transpose)


@op("numpy.ndarray.transpose", "self, " + ", ".join(f"a{i}=None" for i in range(8)),
    method_of="numpy.ndarray", kind="method", header="muna/numpy/transpose.hpp",
    cpp="muna::numpy::transpose", doc="x.transpose(), x.transpose(axes) or x.transpose(1, 0)")
def _transpose_method(b):
    given = [b.args[f"a{i}"] for i in range(8)
             if not (b.args[f"a{i}"].op == "const" and b.args[f"a{i}"].attr("value") is None)]
    if len(given) > 1:
        axes = const(tuple(g.attr("value") if g.op == "const" else b.fail("axes must be constants")
                           for g in given), b.loc)
    else:
        axes = given[0] if given else const(None, b.loc)
    b.args = {"a": b.args["self"], "axes": axes}
    return _transpose(b)


def _swapaxes(b):
    t = array_arg(b)
    axes_arg(b, t.rank, "axis1")
    axes_arg(b, t.rank, "axis2")
    return Resolved(t, (b.args["a"], convert(b.args["axis1"], INT), convert(b.args["axis2"], INT)))


op("numpy.swapaxes", "a, axis1, axis2", obj=np.swapaxes)(_swapaxes)
op("numpy.ndarray.swapaxes", "self, axis1, axis2", method_of="numpy.ndarray", kind="method",
   header="muna/numpy/swapaxes.hpp", cpp="muna::numpy::swapaxes")(_method(_swapaxes))


@op("numpy.moveaxis", "a, source, destination", obj=np.moveaxis,
    header="muna/numpy/swapaxes.hpp")
def _moveaxis(b):
    t = array_arg(b)
    for n in ("source", "destination"):
        if isinstance(static(b, n), tuple):
            b.fail("numpy.moveaxis with several axes is not supported; move one at a time")
        axes_arg(b, t.rank, n)
    return Resolved(t, (b.args["a"], convert(b.args["source"], INT),
                        convert(b.args["destination"], INT)))


def _squeeze(b):
    t = array_arg(b)
    axes = axes_arg(b, t.rank)
    rank = None if axes is None or t.rank is None else t.rank - len(axes)
    return Resolved(t.with_(rank=rank), (b.args["a"], b.args["axis"]))


op("numpy.squeeze", "a, axis=None", obj=np.squeeze)(_squeeze)
op("numpy.ndarray.squeeze", "self, axis=None", method_of="numpy.ndarray", kind="method",
   header="muna/numpy/squeeze.hpp", cpp="muna::numpy::squeeze")(_method(_squeeze))


@op("numpy.expand_dims", "a, axis", obj=np.expand_dims, header="muna/numpy/squeeze.hpp")
def _expand_dims(b):
    t = array_arg(b)
    axes = const_int_tuple(b, "axis")
    rank = None if t.rank is None else t.rank + len(axes)
    if rank is not None:
        axes_arg(b, rank)
    return Resolved(t.with_(rank=rank), (b.args["a"], b.args["axis"]))


# --- joining and splitting -------------------------------------------------------------------
def _sequence(b, name):
    """The arrays of a tuple/list argument, converted to their common dtype: (Expr, TensorT)."""
    e = b.args[name]
    t = strip_literal(e.type)
    if e.op == "list" and e.args and all(x.op == "convert" and isinstance(strip_literal(x.type), AnyT) for x in e.args):
        # a list display of items of different types ([[0], pixels, [0]]): each as it is, as in a tuple
        e = Expr("tuple", TupleT(tuple(strip_literal(x.args[0].type) for x in e.args)),
                 tuple(x.args[0] for x in e.args), loc=e.loc)
        t = e.type
    if e.op == "tuple" and any(isinstance(strip_literal(i), ListT) for i in t.items):
        # np.concatenate(([0.0], recall, [1.0])): each list is the array np.asarray makes of it.
        items = tuple(REGISTRY.apply("numpy.asarray", {"a": x}, b.loc, b.builder)
                      if isinstance(strip_literal(x.type), ListT) else x for x in e.args)
        e = Expr("tuple", TupleT(tuple(x.type for x in items)), items, loc=e.loc)
        t = e.type
    if isinstance(t, ListT) and isinstance(t.item, TensorT):
        return e, t.item
    if isinstance(t, TupleT) and t.items and all(isinstance(i, TensorT) for i in t.items):
        dtype = supported_dtype(b, np.result_type(*[np.dtype(i.dtype) for i in t.items]))
        ranks = {i.rank for i in t.items}
        if e.op == "tuple":
            items = tuple(operand_to(x, dtype) for x in e.args)
            e = Expr("tuple", TupleT(tuple(strip_literal(i.type) for i in items)), items, loc=e.loc)
        elif len({i.dtype for i in t.items}) != 1:
            b.fail(f"{b.op.name}: arrays of different dtypes must be passed as a tuple literal")
        return e, TensorT(t.items[0].lib, dtype, ranks.pop() if len(ranks) == 1 else None)
    b.fail(f"{b.op.name} expects a tuple or list of arrays, got {t}")


@op("numpy.concatenate", "arrays, axis=0, out=None, dtype=None, casting='same_kind'",
    obj=np.concatenate)
def _concatenate(b):
    e, t = _sequence(b, "arrays")
    axis = static(b, "axis")
    if axis is not None:
        axes_arg(b, t.rank)
    return Resolved(t.with_(rank=1 if axis is None else t.rank),
                    (e, b.args["axis"] if axis is None else convert(b.args["axis"], INT)))


@op("numpy.stack", "arrays, axis=0, out=None, dtype=None, casting='same_kind'", obj=np.stack,
    header="muna/numpy/concatenate.hpp")
def _stack(b):
    e, t = _sequence(b, "arrays")
    rank = None if t.rank is None else t.rank + 1
    axes_arg(b, rank)
    return Resolved(t.with_(rank=rank), (e, convert(b.args["axis"], INT)))


def _hvstack(minimum):
    def rule(b):
        e, t = _sequence(b, "tup")
        rank = None if t.rank is None else max(t.rank, minimum)
        return Resolved(t.with_(rank=rank), (e,))
    return rule


op("numpy.hstack", "tup, dtype=None, casting='same_kind'", obj=np.hstack,
   header="muna/numpy/concatenate.hpp")(_hvstack(1))
op("numpy.vstack", "tup, dtype=None, casting='same_kind'", obj=np.vstack,
   header="muna/numpy/concatenate.hpp")(_hvstack(2))


def _fixed_rank_stack(rank):
    """column_stack (2-d) and dstack (3-d) of arrays of rank up to that."""
    def rule(b):
        e, t = _sequence(b, "tup")
        seq = strip_literal(b.type("tup"))
        items = seq.items if isinstance(seq, TupleT) else (seq.item,)
        if any(i.rank is None or i.rank > rank for i in items):
            b.fail(f"{b.op.name} needs arrays of known rank up to {rank}; annotate their shapes")
        return Resolved(t.with_(rank=rank), (e,))
    return rule


op("numpy.column_stack", "tup", obj=np.column_stack)(_fixed_rank_stack(2))
op("numpy.dstack", "tup", obj=np.dstack)(_fixed_rank_stack(3))


def _atleast(minimum):
    def rule(b):
        t = array_arg(b, "arys")
        return Resolved(t.with_(rank=None if t.rank is None else max(t.rank, minimum)),
                        (b.args["arys"],))
    return rule


op("numpy.atleast_1d", "arys", obj=np.atleast_1d)(_atleast(1))
op("numpy.atleast_2d", "arys", obj=np.atleast_2d, header="muna/numpy/atleast_1d.hpp")(_atleast(2))


@op("numpy.broadcast_arrays", "x1, x2, x3=None, subok=False", obj=np.broadcast_arrays)
def _broadcast_arrays(b):
    """Two or three arrays (NumPy takes any number): a tuple of read-only views, each keeping
    its dtype."""
    names = ["x1", "x2"] + ([] if static_none(b, "x3") else ["x3"])
    types = [array_arg(b, n) for n in names]
    rank = broadcast_rank(*types)
    return Resolved(TupleT(tuple(t.with_(rank=rank) for t in types)),
                    tuple(b.args[n] for n in names))


def _split(b):
    t = array_arg(b, "ary")
    axes_arg(b, t.rank)
    s = strip_literal(b.type("indices_or_sections"))
    # (an array of indices, as `np.where(np.diff(x) != 1)[0] + 1` makes: of rank 1, or 0-d a count)
    index_array = isinstance(s, TensorT) and not isinstance(s, DynTensorT) and s.dtype.startswith(("int", "uint"))
    if s != INT and not (isinstance(s, TupleT) and all(i == INT for i in s.items)) and not index_array \
            and not (isinstance(s, ListT) and strip_literal(s.item) == INT):
        b.fail(f"{b.op.name}: indices_or_sections must be an int, or a tuple, list or integer array of indices")
    return Resolved(ListT(t), (b.args["ary"], b.args["indices_or_sections"],
                               convert(b.args["axis"], INT)))


op("numpy.split", "ary, indices_or_sections, axis=0", obj=np.split)(_split)
op("numpy.array_split", "ary, indices_or_sections, axis=0", obj=np.array_split,
   header="muna/numpy/split.hpp")(_split)


@op("numpy.tile", "A, reps", obj=np.tile)
def _tile(b):
    t = array_arg(b, "A")
    reps = strip_literal(b.type("reps"))
    if reps == INT:
        n = 1
    elif isinstance(reps, TupleT) and all(i == INT for i in reps.items):
        n = len(reps.items)
    elif isinstance(reps, ListT) and strip_literal(reps.item) == INT:
        n = len(b.args["reps"].args) if b.args["reps"].op == "list" else None  # a display's length
    else:
        b.fail("numpy.tile: reps must be an int, a tuple or a list of ints")
    if n is None:
        return Resolved(t.with_(rank=None), (b.args["A"], b.args["reps"]))
    return Resolved(t.with_(rank=None if t.rank is None else max(t.rank, n)),
                    (b.args["A"], b.args["reps"]))


def _axis_or_none(b, t):
    """None (the flattened array) or one int axis known at compile time, as C++ takes it."""
    axis = static(b, "axis")
    if axis is None:
        return b.args["axis"]
    if isinstance(axis, tuple):
        b.fail(f"{b.op.name}: axis must be an int or None")
    axes_arg(b, t.rank)
    return convert(b.args["axis"], INT)


def _repeat(b):
    """An int number of repeats, or an integer array of one per element along the axis."""
    t = array_arg(b)
    r = strip_literal(b.type("repeats"))
    if r == INT:
        repeats = b.args["repeats"]
    elif isinstance(r, TensorT) and r.dtype in ("uint8", "int8", "int16", "int32", "int64"):
        if r.rank is not None and r.rank > 1:
            b.fail("object too deep for desired array")
        repeats = operand_to(b.args["repeats"], "int64")
    else:
        b.fail(f"{b.op.name}: repeats must be an int or an integer array")
    axis = _axis_or_none(b, t)
    return Resolved(t.with_(rank=1 if static(b, "axis") is None else t.rank),
                    (b.args["a"], repeats, axis))


op("numpy.repeat", "a, repeats, axis=None", obj=np.repeat, header="muna/numpy/tile.hpp")(_repeat)
op("numpy.ndarray.repeat", "self, repeats, axis=None", method_of="numpy.ndarray", kind="method",
   header="muna/numpy/tile.hpp", cpp="muna::numpy::repeat")(_method(_repeat))


@op("numpy.broadcast_to", "array, shape, subok=False", obj=np.broadcast_to)
def _broadcast_to(b):
    t = array_arg(b, "array")
    shape, rank = shape_arg(b, "shape")
    return Resolved(t.with_(rank=rank), (b.args["array"], shape))


@op("numpy.flip", "m, axis=None", obj=np.flip)
def _flip(b):
    t = array_arg(b, "m")
    axes_arg(b, t.rank)
    return Resolved(t, (b.args["m"], b.args["axis"]))


@op("numpy.roll", "a, shift, axis=None", obj=np.roll)
def _roll(b):
    """An int shift, or a tuple of them, with one axis or a tuple of axes (known at compile
    time); NumPy broadcasts shifts against axes, which is done here: C++ gets equal-length
    tuples and sums the shifts per axis."""
    t = array_arg(b)
    shift_e = b.args["shift"]
    st = strip_literal(shift_e.type)
    if st == INT:
        shifts = [shift_e]
    elif isinstance(st, TupleT) and shift_e.op == "tuple" and all(strip_literal(i) == INT for i in st.items):
        shifts = list(shift_e.args)
    else:
        b.fail("numpy.roll: shift must be an int or a tuple literal of ints")
    axis = static(b, "axis")
    if axis is None:
        if len(shifts) == 1:
            return Resolved(t, (b.args["a"], shifts[0], b.args["axis"]))
        return Resolved(t, (b.args["a"], shift_e, b.args["axis"]))
    axes = list(axes_arg(b, t.rank) if isinstance(axis, tuple) else (axes_arg(b, t.rank)[0],))
    if isinstance(axis, int) and len(shifts) == 1:
        return Resolved(t, (b.args["a"], shifts[0], convert(b.args["axis"], INT)))
    if len(shifts) != len(axes) and 1 not in (len(shifts), len(axes)):
        b.fail("shape mismatch: objects cannot be broadcast to a single shape.  Mismatch is "
               f"between arg 0 with shape ({len(shifts)},) and arg 1 with shape ({len(axes)},).")
    count = max(len(shifts), len(axes))
    shifts, axes = shifts * (count // len(shifts)), axes * (count // len(axes))
    from ..ir import Expr
    shift_tuple = Expr("tuple", TupleT((INT,) * count), tuple(shifts), loc=b.loc)
    return Resolved(t, (b.args["a"], shift_tuple, const(tuple(axes), b.loc)))


@op("numpy.diff", "a, n=1, axis=-1, prepend=None, append=None", obj=np.diff)
def _diff(b):
    """prepend/append join a first: the result has the dtype of concatenating them (NumPy
    makes a number a 0-d array of its default dtype, so 0 is int64 and 0.5 float64)."""
    t = array_arg(b)
    axes_arg(b, t.rank)
    extra = [n for n in ("prepend", "append") if not static_none(b, n)]
    dtypes = [np.dtype(t.dtype)]
    for n in extra:
        e = strip_literal(b.type(n))
        if isinstance(e, (TensorT, NumpyScalar)):
            dtypes.append(np.dtype(e.dtype))
        elif isinstance(e, Scalar):
            dtypes.append(np.asarray({"bool": False, "int": 0, "float": 0.0}[e.name]).dtype)
        else:
            b.fail(f"numpy.diff: {n} must be an array or a number")
    dtype = supported_dtype(b, np.result_type(*dtypes))
    args = [operand_to(b.args["a"], dtype), convert(b.args["n"], INT), convert(b.args["axis"], INT)]
    if extra:
        args += [b.args[n] if static_none(b, n) else operand_to(b.args[n], dtype)
                 for n in ("prepend", "append")]
    return Resolved(t.with_(dtype=dtype), tuple(args))


PAD_KWARGS = {"constant": ("constant_values",), "linear_ramp": ("end_values",),
              "maximum": ("stat_length",), "mean": ("stat_length",), "median": ("stat_length",),
              "minimum": ("stat_length",), "reflect": ("reflect_type",),
              "symmetric": ("reflect_type",), "edge": (), "wrap": (), "empty": ()}


def _pad_pairs(b, name, value, rank, integral):
    """NumPy's _as_pairs of a compile-time value: a flat tuple of 2 (every axis) or 2 * rank."""
    arr = np.array(value, dtype=object if not integral else None)
    if integral:
        if arr.dtype.kind not in "iu":
            b.fail(f"`{name}` must be of integral type.")
        arr = arr.astype(np.int64)
    if arr.ndim < 3 and arr.size == 1:
        flat = (arr.ravel()[0],) * 2
    elif arr.ndim < 3 and arr.size == 2 and arr.shape != (2, 1):
        flat = tuple(arr.ravel())
    else:
        if rank is None:
            b.fail(f"numpy.pad with a pair per axis in {name} needs an array of known rank")
        try:
            flat = tuple(np.broadcast_to(arr, (rank, 2)).ravel())
        except ValueError:
            b.fail("operands could not be broadcast together with remapped shapes")
    if integral and any(v < 0 for v in flat):
        b.fail("index can't contain negative values")
    return flat


def _int_like(t) -> bool:
    t = strip_literal(t)
    return t in (INT, BOOL) or isinstance(t, NumpyScalar) and t.dtype != "bool" and t.dtype[0] in "iu"


def static_value(e):
    """The Python value of a constant or a tuple literal of constants, else None."""
    if e.op == "const":
        return e.attr("value")
    if e.op == "tuple":
        items = [static_value(i) for i in e.args]
        return None if any(i is None for i in items) else tuple(items)
    return None


def tuple_items(e):
    """The items of a tuple-typed expression, as expressions: a literal's own, else each read
    from the value (`t[i]`), which has no side effects."""
    t = strip_literal(e.type)
    if e.op == "tuple":
        return list(e.args)
    return [call("tuple.get", item, (e,), e.loc, template=(str(i),)) for i, item in enumerate(t.items)]


def int_items(b, e, name):
    """A flat tuple of ints known only at run time (`(0, n - len(x))`), as int expressions, or
    None when `e` is not a tuple of ints."""
    t = strip_literal(e.type)
    if not isinstance(t, TupleT) or not all(_int_like(i) for i in t.items):
        return None
    return [convert(i, INT) for i in tuple_items(e)]


def _list_of_pairs(t) -> bool:
    """A list of (before, after) pairs of ints (or of `int | float`, checked at run time)."""
    t = strip_literal(t)
    return (isinstance(t, ListT) and isinstance(t.item, TupleT) and len(t.item.items) == 2
            and all(_int_like(i) or isinstance(strip_literal(i), NumberT) for i in t.item.items))


def _runtime_pairs(b, name, e, rank):
    """NumPy's _as_pairs of widths computed at run time, from the structure of their type: an
    int or (w,) (both sides of every axis), (before, after) (every axis), ((before, after),) or
    one pair per axis; the C++ side spreads one width or one pair over every axis and rejects
    negative widths as NumPy does."""
    t = strip_literal(e.type)
    if _int_like(t):
        return [convert(e, INT)]
    flat = int_items(b, e, name)
    if flat is not None and len(flat) in (1, 2):
        return flat
    if isinstance(t, TupleT) and t.items and all(isinstance(strip_literal(i), TupleT) for i in t.items):
        pairs = [int_items(b, p, name) for p in tuple_items(e)]
        if all(p is not None and len(p) == 2 for p in pairs):
            if len(pairs) == 1:
                return pairs[0]
            if rank is not None and len(pairs) != rank:
                b.fail("operands could not be broadcast together with remapped shapes")
            return [w for p in pairs for w in p]
    b.fail(f"numpy.pad: {name} must be an int, a pair of ints or a pair per axis")


@op("numpy.pad", "array, pad_width, mode='constant', constant_values=None, end_values=None, "
    "stat_length=None, reflect_type=None", obj=np.pad,
    doc="every mode, NumPy's algorithm; widths and mode options known at compile time; "
        "mode='empty' pads with zeros")
def _pad(b):
    """pad_width and the mode's options are compile-time constants; C++ gets them as flat
    (before, after) tuples, one pair for every axis or a pair per axis."""
    t = array_arg(b, "array")
    given = [k for k in ("constant_values", "end_values", "stat_length", "reflect_type")
             if not static_none(b, k)]
    mode_e = b.args["mode"]
    if mode_e.op != "const" and strip_literal(mode_e.type) == STR and not given:
        mode = None  # chosen at run time (`"reflect" if n > pad else "constant"`): C++ checks it
    else:
        mode = static(b, "mode")
    if mode is not None and mode not in PAD_KWARGS:
        b.fail(f"mode '{mode}' is not supported" if isinstance(mode, str) else
               "numpy.pad: mode must be a string (a callable mode is not supported)")
    unsupported = set(given) - set(PAD_KWARGS[mode]) if mode is not None else set()
    if unsupported:
        b.fail(f"unsupported keyword arguments for mode '{mode}': {unsupported}")
    from ..ir import Expr
    width_e = b.args["pad_width"]
    if width_e.op == "const" or (width_e.op == "tuple" and static_value(width_e) is not None):
        widths = _pad_pairs(b, "pad_width", static(b, "pad_width"), t.rank, True)
        widths_arg = const(tuple(int(w) for w in widths), b.loc)
    elif _list_of_pairs(width_e.type):
        widths_arg = width_e  # as many pairs as the list holds at run time (muna/numpy/pad.hpp)
    else:
        items = _runtime_pairs(b, "pad_width", width_e, t.rank)
        widths_arg = Expr("tuple", TupleT((INT,) * len(items)), tuple(items), loc=b.loc)

    def values(name, default):
        e = b.args[name]
        if static_none(b, name):
            items = [const(default, b.loc)] * 2
        elif isinstance(strip_literal(e.type), (Scalar, NumpyScalar)):
            items = [e, e]
        else:
            items = [const(v, b.loc) for v in _pad_pairs(b, name, static(b, name), t.rank, False)]
        items = [operand_to(i, t.dtype) if name == "constant_values" else convert(i, FLOAT) for i in items]
        return Expr("tuple", TupleT(tuple(strip_literal(i.type) for i in items)), tuple(items), loc=b.loc)

    stat = static(b, "stat_length")
    lengths = (-1, -1) if stat is None else _pad_pairs(b, "stat_length", stat, t.rank, True)
    reflect = static(b, "reflect_type")
    if reflect not in (None, "even", "odd"):
        b.fail(f"numpy.pad: reflect_type must be 'even' or 'odd', got {reflect!r}")
    return Resolved(t, (b.args["array"], widths_arg, const(mode, b.loc) if mode is not None else mode_e,
                        values("constant_values", 0), values("end_values", 0),
                        const(tuple(int(v) for v in lengths), b.loc), const(reflect == "odd", b.loc)))


@op("numpy.meshgrid", "*xi, copy=True, sparse=False, indexing='xy'", obj=np.meshgrid,
    doc="arrays of one dtype give a list (as NumPy), of several dtypes a tuple")
def _meshgrid(b):
    """N arrays (each flattened), each result of rank N: a list of one tensor type, or a tuple
    when the dtypes differ (muna's lists hold one type)."""
    xs = b.args["xi"]
    types = [strip_literal(i) for i in xs.type.items]
    if not types or not all(isinstance(t, TensorT) for t in types):
        b.fail("numpy.meshgrid takes one or more arrays")
    for n in ("copy", "sparse"):
        if not isinstance(static(b, n), bool):
            b.fail(f"numpy.meshgrid: {n} must be True or False")
    if static(b, "indexing") not in ("xy", "ij"):
        b.fail("Valid values for `indexing` are 'xy' and 'ij'.")
    grids = tuple(TensorT(t.lib, t.dtype, len(types)) for t in types)
    args = (xs, b.args["copy"], b.args["sparse"], b.args["indexing"])
    if len({t.dtype for t in types}) == 1:
        return Resolved(ListT(grids[0]), args, op="numpy.detail.meshgrid_list")
    return Resolved(TupleT(grids), args)


op("numpy.detail.meshgrid_list", "xi, copy, sparse, indexing", header="muna/numpy/meshgrid.hpp",
   cpp="muna::numpy::meshgrid_list", doc="internal: meshgrid of arrays of one dtype")(lambda b: None)


@op("numpy.fliplr", "m", obj=np.fliplr, header="muna/numpy/flip.hpp",
    emit=lambda args, r: f"muna::numpy::flip({args[0]}, int64_t{{1}})")
def _fliplr(b):
    t = array_arg(b, "m")
    if t.rank is not None and t.rank < 2:
        b.fail("Input must be >= 2-d.")
    return Resolved(t, (b.args["m"],))


@op("numpy.flipud", "m", obj=np.flipud, header="muna/numpy/flip.hpp",
    emit=lambda args, r: f"muna::numpy::flip({args[0]}, int64_t{{0}})")
def _flipud(b):
    t = array_arg(b, "m")
    if t.rank == 0:
        b.fail("Input must be >= 1-d.")
    return Resolved(t, (b.args["m"],))


def _triangle(b):
    t = array_arg(b, "m")
    if t.rank is not None and t.rank < 2:
        b.fail(f"{b.op.name} of a 1-d array is not supported (NumPy broadcasts it to a matrix)")
    return Resolved(t, (b.args["m"], convert(b.args["k"], INT)))


op("numpy.triu", "m, k=0", obj=np.triu)(_triangle)
op("numpy.tril", "m, k=0", obj=np.tril, header="muna/numpy/triu.hpp")(_triangle)
