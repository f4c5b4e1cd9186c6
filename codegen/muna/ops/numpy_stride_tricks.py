"""numpy.lib.stride_tricks: sliding_window_view and as_strided (views of an array's elements with
new shape and strides, for reading), and the ndarray properties they are written with (.strides
in bytes, .itemsize). as_strided refuses a view that reaches past the elements of its array
(NumPy would read whatever memory lies there)."""
from __future__ import annotations

import numpy as np

from ..registry import Resolved, op
from .numpy_ops import (COMPLEX_OPS, INT, TensorT, TupleT, array_arg, static, static_none,
                        strip_literal)

_stride_tricks = np.lib.stride_tricks


def _int_tuple(b, name):
    """An int or a tuple of ints (constant or not) as a C++ tuple expression, and its length."""
    e = b.args[name]
    t = strip_literal(e.type)
    if t == INT:
        from ..ir import Expr
        return Expr("tuple", TupleT((INT,)), (e,), loc=b.loc), 1
    if isinstance(t, TupleT) and all(strip_literal(i) == INT for i in t.items):
        return e, len(t.items)
    b.fail(f"{b.op.name}: {name} must be an int or a tuple of ints")


@op("numpy.lib.stride_tricks.sliding_window_view", "x, window_shape, axis=None, subok=False, writeable=False",
    obj=_stride_tricks.sliding_window_view)
def _sliding_window_view(b):
    t = array_arg(b, "x")
    window, count = _int_tuple(b, "window_shape")
    axis = static(b, "axis")
    if axis is not None:
        axes = axis if isinstance(axis, tuple) else (axis,)
        if not all(isinstance(a, int) and not isinstance(a, bool) for a in axes):
            b.fail("numpy.lib.stride_tricks.sliding_window_view: axis must be None, an int or a tuple of ints")
    if not isinstance(static(b, "writeable"), bool):
        b.fail("writeable must be True or False")
    rank = None if t.rank is None else t.rank + count
    return Resolved(t.with_(rank=rank), (b.args["x"], window, b.args["axis"], b.args["writeable"]))


@op("numpy.lib.stride_tricks.as_strided", "x, shape=None, strides=None, subok=False, writeable=True",
    obj=_stride_tricks.as_strided, doc="strides in bytes, multiples of the itemsize; a view past the array's elements is a ValueError")
def _as_strided(b):
    t = array_arg(b, "x")
    rank = t.rank
    if not static_none(b, "shape"):
        shape, rank = _int_tuple(b, "shape")
    else:
        shape = b.args["shape"]
    if not static_none(b, "strides"):
        strides, count = _int_tuple(b, "strides")
        if rank is not None and count != rank:
            b.fail("mismatch in length of strides and shape")
    else:
        strides = b.args["strides"]
    if not isinstance(static(b, "writeable"), bool):
        b.fail("writeable must be True or False")
    return Resolved(t.with_(rank=rank), (b.args["x"], shape, strides, b.args["writeable"]))


@op("numpy.ndarray.strides", "self", method_of="numpy.ndarray", kind="property",
    emit=lambda args, r: f"muna::numpy::ndarray::strides<{len(r.type.items)}>({args[0]})",
    header="muna/numpy/ndarray/strides.hpp", doc="in bytes, of muna's view (a copy where NumPy keeps a view has C strides)")
def _strides(b):
    t = strip_literal(b.type("self"))
    if not isinstance(t, TensorT) or t.rank is None:
        b.fail(".strides of an array of unknown rank is not supported; annotate the rank")
    return Resolved(TupleT((INT,) * t.rank), (b.args["self"],))


@op("numpy.ndarray.itemsize", "self", method_of="numpy.ndarray", kind="property",
    emit=lambda args, r: f"static_cast<int64_t>(sizeof(typename std::decay_t<decltype({args[0]})>::value_type))")
def _itemsize(b):
    t = strip_literal(b.type("self"))
    if not isinstance(t, TensorT):
        b.fail(".itemsize expects an array")
    return Resolved(INT, (b.args["self"],))


COMPLEX_OPS.update({"numpy.lib.stride_tricks.sliding_window_view", "numpy.lib.stride_tricks.as_strided",
                    "numpy.ndarray.strides", "numpy.ndarray.itemsize"})