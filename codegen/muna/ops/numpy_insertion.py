"""numpy.append, numpy.insert and numpy.delete: arrays with entries added or removed along an
axis (of the flattened array for axis=None). append's dtype is NumPy's result_type of the two
(a number counts as an array of its default dtype, as np.ravel makes it); insert and delete keep
arr's dtype. The index argument is an int, an integer array or a list of ints (delete also takes a
boolean mask); slices are not supported. numpy.trim_zeros removes the zeros at either end of a
1-d array (a view, as NumPy's slice).
"""
from __future__ import annotations

import numpy as np

from ..registry import Resolved, op
from ..build_ir import const
from .numpy_ops import (INT, ListT, NumpyScalar, Scalar, TensorT, array_arg, axes_arg, convert,
                        operand_to, static, static_none, strip_literal, supported_dtype)

INTS = ("uint8", "int8", "int16", "int32", "int64")
PY_DEFAULT = {"bool": "bool", "int": "int64", "float": "float64"}


def _axis(b, t):
    """(result rank, the axis as C++ takes it: None or an int)."""
    axis = static(b, "axis")
    if axis is None:
        return 1, b.args["axis"]
    if not isinstance(axis, int) or isinstance(axis, bool):
        b.fail(f"{b.op.name}: axis must be an int or None known at compile time")
    axes_arg(b, t.rank)
    return t.rank, convert(b.args["axis"], INT)


def _values_dtype(b, name):
    v = strip_literal(b.type(name))
    if isinstance(v, (TensorT, NumpyScalar)):
        return v.dtype
    if isinstance(v, Scalar) and v.name in PY_DEFAULT:
        return PY_DEFAULT[v.name]
    b.fail(f"{b.op.name}: {name} must be an array or a number (np.array(...) for a list)")


@op("numpy.append", "arr, values, axis=None", obj=np.append)
def _append(b):
    t = array_arg(b, "arr")
    dtype = supported_dtype(b, np.result_type(np.dtype(t.dtype), np.dtype(_values_dtype(b, "values"))))
    rank, axis = _axis(b, t)
    return Resolved(t.with_(dtype=dtype, rank=rank),
                    (operand_to(b.args["arr"], dtype), operand_to(b.args["values"], dtype), axis))


def _index(b, allow_bool):
    e = b.args["obj"]
    o = strip_literal(e.type)
    if o == INT or (isinstance(o, NumpyScalar) and o.dtype in INTS):
        return convert(e, INT)
    if isinstance(o, TensorT) and o.dtype in INTS:
        if o.rank is not None and o.rank > 1:
            b.fail(f"index array argument obj to {b.op.name[6:]} must be one dimensional or scalar")
        return operand_to(e, "int64")
    if allow_bool and isinstance(o, TensorT) and o.dtype == "bool":
        return e
    if isinstance(o, ListT) and strip_literal(o.item) == INT:
        return e
    b.fail(f"{b.op.name}: obj must be an int, an integer array or a list of ints (slices are not supported)")


@op("numpy.insert", "arr, obj, values, axis=None", obj=np.insert)
def _insert(b):
    t = array_arg(b, "arr")
    _values_dtype(b, "values")
    rank, axis = _axis(b, t)
    return Resolved(t.with_(rank=rank), (b.args["arr"], _index(b, False),
                                         operand_to(b.args["values"], t.dtype), axis))


@op("numpy.delete", "arr, obj, axis=None", obj=np.delete)
def _delete(b):
    t = array_arg(b, "arr")
    rank, axis = _axis(b, t)
    if static_none(b, "obj"):
        b.fail("numpy.delete: obj must be an index")
    return Resolved(t.with_(rank=rank), (b.args["arr"], _index(b, True), axis))


@op("numpy.trim_zeros", "filt, trim='fb'", obj=np.trim_zeros)
def _trim_zeros(b):
    """trim is read as NumPy reads it: 'f' or 'F' anywhere trims the front, 'b' the back."""
    t = array_arg(b, "filt")
    if t.rank != 1:
        b.fail("numpy.trim_zeros needs a 1-d array (of a rank known at compile time)")
    trim = static(b, "trim")
    if not isinstance(trim, str):
        b.fail("numpy.trim_zeros: trim must be a string constant ('fb', 'f' or 'b')")
    trim = trim.upper()
    return Resolved(t, (b.args["filt"], const("F" in trim, b.loc), const("B" in trim, b.loc)))
