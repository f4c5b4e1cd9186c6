"""Sorting and searching: sort, argsort (stable), partition, argpartition, searchsorted,
unique (return_index/return_inverse/return_counts), nonzero, flatnonzero, argwhere, and
where(condition) through nonzero.

NaN sorts to the end, as in NumPy. Results that NumPy returns as tuples are tuples; unique's
extra outputs are int64 arrays.
"""
from __future__ import annotations

from ..build_ir import const
from ..ir import Expr
from ..types import ELLIPSIS
from ..registry import Resolved, op
from .numpy_ops import (INT, ListT, TensorT, TupleT, array_arg, axes_arg, convert, operand_to,
                        rename_self, static, strip_literal, supported_dtype)

import numpy as np


def nonzero_rule(b, name="a", op_name=None):
    t = array_arg(b, name)
    index = TensorT("numpy", "int64", 1)
    if t.rank is None:  # one index array per axis, as many as it has when it runs
        return Resolved(ListT(index, frozen=True), (b.args[name],), ("-1",), op=op_name)
    rank = max(t.rank, 1)
    return Resolved(TupleT((index,) * rank), (b.args[name],), (str(rank),), op=op_name)


op("numpy.nonzero", "a", obj=np.nonzero)(nonzero_rule)
op("numpy.ndarray.nonzero", "self", method_of="numpy.ndarray", kind="method",
   header="muna/numpy/nonzero.hpp", cpp="muna::numpy::nonzero",
   doc="method form of numpy.nonzero")(lambda b: nonzero_rule(rename_self(b)))


@op("numpy.flatnonzero", "a", obj=np.flatnonzero, header="muna/numpy/nonzero.hpp")
def _flatnonzero(b):
    array_arg(b)
    return Resolved(TensorT("numpy", "int64", 1), (b.args["a"],))


@op("numpy.argwhere", "a", obj=np.argwhere, header="muna/numpy/nonzero.hpp")
def _argwhere(b):
    array_arg(b)
    return Resolved(TensorT("numpy", "int64", 2), (b.args["a"],))


# A sort kind as include/muna/numpy/sort.hpp's detail::SortKind (how argsort orders equal
# elements), by its first letter as NumPy reads it ('q', 'Quick', 'heapsort', 'merge', 's').
_SORT_KINDS = {"q": 0, "h": 1, "m": 2, "s": 2}


def _kind(b) -> int:
    kind = static(b, "kind")
    if kind is None:
        return 0
    if not isinstance(kind, str) or kind[:1].lower() not in _SORT_KINDS:
        b.fail(f"sort kind must be one of 'quick', 'heap', or 'stable' (got {kind!r})", raises="ValueError")
    return _SORT_KINDS[kind[:1].lower()]


def _sort(b):
    if "self" in b.args:
        rename_self(b)
    t = array_arg(b)
    kind = _kind(b)
    if static(b, "order") is not None:
        b.fail("sort(order=...) is for structured arrays, which muna does not have")
    axis = static(b, "axis")
    if axis is not None:
        axes_arg(b, t.rank)
    rank = 1 if axis is None else t.rank
    args = (b.args["a"], b.args["axis"] if axis is None else convert(b.args["axis"], INT))
    if "argsort" not in b.op.name:
        return Resolved(t.with_(rank=rank), args)
    return Resolved(t.with_(dtype="int64", rank=rank), args, (str(kind),))


op("numpy.sort", "a, axis=-1, kind=None, order=None", obj=np.sort,
   doc="stable for every kind (NumPy's quicksort is not, but equal elements are "
       "indistinguishable in a sorted array)")(_sort)
op("numpy.argsort", "a, axis=-1, kind=None, order=None", obj=np.argsort,
   header="muna/numpy/sort.hpp", doc="equal elements in NumPy's order for each kind (its introsort by default)")(_sort)
op("numpy.ndarray.argsort", "self, axis=-1, kind=None, order=None", method_of="numpy.ndarray",
   kind="method", header="muna/numpy/sort.hpp", cpp="muna::numpy::argsort",
   doc="method form of numpy.argsort")(_sort)


@op("numpy.ndarray.sort", "self, axis=-1, kind=None, order=None", method_of="numpy.ndarray", kind="method",
    doc="in place: x[...] = np.sort(x, axis, kind); returns None")
def _sort_in_place(b):
    if not isinstance(static(b, "axis"), int):
        b.fail("ndarray.sort sorts along an axis given as an int constant")
    array = b.args["self"]
    if array.op not in ("var", "dispatch_arg"):  # (read twice: once sorted, once assigned)
        b.fail("ndarray.sort of an expression is not supported; sort a named array")
    where = b.builder.located(b.loc)
    ordered = b.builder.apply("numpy.sort", [array], {k: b.args[k] for k in ("axis", "kind", "order")}, where)
    everything = Expr("const", ELLIPSIS, attrs=(("value", Ellipsis),), loc=b.loc)
    return b.builder.apply("numpy.ndarray.__setitem__", [array, everything, ordered], {}, where)


def _partition(b):
    t = array_arg(b)
    k = strip_literal(b.type("kth"))
    ints = ("uint8", "int8", "int16", "int32", "int64")
    if k == INT or (isinstance(k, TupleT) and all(strip_literal(i) == INT for i in k.items)):
        kth = b.args["kth"]
    elif isinstance(k, TensorT) and k.dtype in ints:
        kth = operand_to(b.args["kth"], "int64")
    elif isinstance(k, ListT) and strip_literal(k.item) == INT:
        kth = b.args["kth"]
    else:
        b.fail(f"{b.op.name}: kth must be an int or a sequence of ints")
    if static(b, "kind") != "introselect":
        b.fail(f"select kind must be 'introselect' (got {static(b, 'kind')!r})", raises="ValueError")
    axis = static(b, "axis")
    if axis is not None:
        axes_arg(b, t.rank)
    rank = 1 if axis is None else t.rank
    result = t.with_(rank=rank) if "arg" not in b.op.name else t.with_(dtype="int64", rank=rank)
    return Resolved(result, (b.args["a"], kth,
                             b.args["axis"] if axis is None else convert(b.args["axis"], INT)))


op("numpy.partition", "a, kth, axis=-1, kind='introselect', order=None", obj=np.partition,
   doc="kth an int or a sequence; the order within each part is unspecified, as NumPy's")(_partition)
op("numpy.argpartition", "a, kth, axis=-1, kind='introselect', order=None",
   obj=np.argpartition, header="muna/numpy/partition.hpp",
   doc="kth an int or a sequence; the order within each part is unspecified, as NumPy's")(_partition)


@op("numpy.searchsorted", "a, v, side='left', sorter=None", obj=np.searchsorted)
def _searchsorted(b):
    t = array_arg(b)
    if static(b, "side") not in ("left", "right"):
        b.fail("side must be 'left' or 'right'")
    sorter = ()
    if not (b.args["sorter"].op == "const" and b.args["sorter"].attr("value") is None):
        st = strip_literal(b.type("sorter"))
        if not (isinstance(st, TensorT) and st.dtype in ("uint8", "int8", "int16", "int32", "int64")):
            b.fail("numpy.searchsorted: sorter must be an integer array (np.argsort(a))")
        sorter = (operand_to(b.args["sorter"], "int64"),)
    v = strip_literal(b.type("v"))
    dtype = supported_dtype(b, np.result_type(np.dtype(t.dtype), np.dtype(v.dtype)
                                              if isinstance(v, TensorT) else
                                              {"int": np.int64, "float": np.float64,
                                               "bool": np.bool_}.get(getattr(v, "name", ""), np.float64)))
    result = TensorT("numpy", "int64", v.rank) if isinstance(v, TensorT) else TensorT("numpy", "int64", 0)
    return Resolved(result, (operand_to(b.args["a"], dtype), operand_to(b.args["v"], dtype),
                             const(static(b, "side") == "right", b.loc)) + sorter)


@op("numpy.unique", "ar, return_index=False, return_inverse=False, return_counts=False, "
    "axis=None, equal_nan=True", obj=np.unique)
def _unique(b):
    t = array_arg(b, "ar")
    flags = [static(b, n) for n in ("return_index", "return_inverse", "return_counts")]
    if static(b, "axis") is not None:
        b.fail("numpy.unique(axis=...) is not supported")
    if not all(isinstance(f, bool) for f in flags):
        b.fail("the return_* flags must be True or False")
    values = t.with_(rank=1)
    extra = [TensorT("numpy", "int64", 1)] * sum(flags)
    result = TupleT((values, *extra)) if extra else values
    return Resolved(result, (b.args["ar"],), tuple("true" if f else "false" for f in flags))


@op("numpy.lexsort", "keys, axis=-1", obj=np.lexsort)
def _lexsort(b):
    """keys: a tuple of arrays of one shape (the last is the primary key), or an array whose
    rows are the keys."""
    k = strip_literal(b.type("keys"))
    axis = static(b, "axis")
    if not isinstance(axis, int) or isinstance(axis, bool):
        b.fail("numpy.lexsort: axis must be an int known at compile time")
    if isinstance(k, TupleT):
        if not k.items:
            b.fail("need sequence of keys with len > 0 in lexsort")
        if not all(isinstance(i, TensorT) for i in k.items):
            b.fail("numpy.lexsort: keys must be arrays")
        ranks = {i.rank for i in k.items}
        rank = ranks.pop() if len(ranks) == 1 else None
    elif isinstance(k, TensorT):
        rank = None if k.rank is None else max(k.rank - 1, 0)
    else:
        b.fail("numpy.lexsort: keys must be a tuple of arrays or an array")
    return Resolved(TensorT("numpy", "int64", rank), (b.args["keys"], convert(b.args["axis"], INT)))
