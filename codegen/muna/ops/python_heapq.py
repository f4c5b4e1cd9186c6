"""Python's heapq and bisect on lists of numbers, strs and tuples: CPython's algorithms step for
step, so heaps hold their items in CPython's order and equal items come out as CPython's do
(include/muna/python/heapq/, include/muna/python/bisect/). Items compare with Python's `<`
(muna::python::detail::less). heapq.merge runs to the end and returns a list (CPython: an
iterator over the same items)."""
from __future__ import annotations

import bisect
import heapq

from ..build_ir import const, convert
from ..registry import Resolved, op
from ..types import INT, NONE, ListT, NumberT, NumpyScalar, Scalar, Str, TupleT, join_numbers, strip_literal
from .python_containers import _fits, _flag, _key
from .python_math import integer, is_none


def _orderable(t):
    """Items Python orders with `<`: numbers (NumPy's real scalars too), strs, and tuples and
    lists of those."""
    t = strip_literal(t)
    if isinstance(t, NumpyScalar):
        return not t.dtype.startswith("complex")
    return (isinstance(t, (Scalar, Str, NumberT)) or (isinstance(t, TupleT) and all(_orderable(i) for i in t.items))
            or (isinstance(t, ListT) and _orderable(t.item)))


def iterable_list(b, name):
    """An iterable argument that is only read (range(), a str, a tuple of one type, a dict's
    keys, a set) as a list of its items, as CPython walks it."""
    e = b.args[name]
    t = strip_literal(e.type)
    if isinstance(t, ListT):
        return e, t
    from ..build_ir import call
    from .python_containers import _characters, _items_of
    t = ListT(_items_of(b, b.op.name, t))
    return call("builtins.list", t, (_characters(b, e),), b.loc), t


def heap_list(b, name, read_only=False):
    """A list whose items Python orders with `<`; an argument only read may be any iterable."""
    e, t = iterable_list(b, name) if read_only else (b.args[name], strip_literal(b.type(name)))
    if isinstance(t, ListT) and _orderable(t.item):
        return e, t
    b.fail(f"{b.op.name}() needs a list of numbers, strs or tuples of them, not {t}")


def _push_like(name, result_is_item):
    def rule(b):
        heap, t = heap_list(b, "heap")
        item = _fits(b, b.args["item"], t.item, f"{b.op.name} item")
        return Resolved(t.item if result_is_item else NONE, (heap, item))
    op(f"heapq.{name}", "heap, item", obj=getattr(heapq, name))(rule)


_push_like("heappush", False)
_push_like("heappushpop", True)
_push_like("heapreplace", True)


@op("heapq.heappop", "heap", obj=heapq.heappop)
def _heappop(b):
    heap, t = heap_list(b, "heap")
    return Resolved(t.item, (heap,))


@op("heapq.heapify", "x", obj=heapq.heapify)
def _heapify(b):
    return Resolved(NONE, (heap_list(b, "x")[0],))


def _select(name):
    def rule(b):
        items, t = heap_list(b, "iterable", read_only=True)
        key = _key(b, t.item)
        if not is_none(key) and not _orderable(key.type):
            b.fail(f"heapq.{name}() key= must return numbers, strs, or tuples or lists of them, not {key.type}")
        return Resolved(t, (integer(b, "n"), items, key))
    op(f"heapq.{name}", "n, iterable, key=None", obj=getattr(heapq, name))(rule)


_select("nlargest")
_select("nsmallest")


@op("heapq.merge", "*iterables, key=None, reverse=False", obj=heapq.merge)
def _merge(b):
    from ..registry import Bound
    lists = [heap_list(Bound(b.op, {"it": e}, b.loc, b.builder), "it", read_only=True)[0]
             for e in b.args["iterables"].args]
    if not lists:
        b.fail("heapq.merge() of no iterables is not supported; pass at least one list")
    types = {strip_literal(e.type) for e in lists}
    t = strip_literal(lists[0].type)
    if len(types) != 1 or not isinstance(t, ListT) or not _orderable(t.item):
        b.fail(f"heapq.merge() needs lists of one type (numbers, strs or tuples of them), not "
               f"{', '.join(sorted(str(x) for x in types))}")
    return Resolved(t, (_key(b, t.item), _flag(b, "reverse"), *lists))


# --- bisect ------------------------------------------------------------------------------------
def _bounds(b):
    """lo and hi as CPython's _bisect takes them: hi=None is -1 (len(a))."""
    hi = b.args["hi"]
    return integer(b, "lo"), const(-1, b.loc) if is_none(hi) else integer(b, "hi")


def _search_key(b, t, x_name):
    """key= and the value it is compared with: the items' keys against x (bisect) or key(x)
    (insort, in C++); a number x of another numeric type compares as Python mixes them."""
    key = _key(b, t.item)
    x = b.args[x_name]
    keyed = strip_literal(key.type) if not is_none(key) else strip_literal(t.item)
    xt = strip_literal(x.type)
    if isinstance(keyed, Scalar) and isinstance(xt, Scalar):
        return key, convert(x, join_numbers(keyed, xt))
    if keyed != xt or not _orderable(xt):
        b.fail(f"{b.op.name}() compares {xt} with {keyed}; pass an x of the items' type")
    return key, x


def _bisect(name, obj):
    def rule(b):
        a, t = heap_list(b, "a")
        key, x = _search_key(b, t, "x")
        return Resolved(INT, (a, x, *_bounds(b), key))
    op(f"bisect.{name}", "a, x, lo=0, hi=None, key=None", obj=obj)(rule)


def _insort(name, obj):
    def rule(b):
        a, t = heap_list(b, "a")
        x = _fits(b, b.args["x"], t.item, f"{b.op.name} item")
        key = _key(b, t.item)
        return Resolved(NONE, (a, x, *_bounds(b), key))
    op(f"bisect.{name}", "a, x, lo=0, hi=None, key=None", obj=obj)(rule)


# bisect.bisect and bisect.insort are the same objects as bisect_right and insort_right.
_bisect("bisect_left", bisect.bisect_left)
_bisect("bisect_right", bisect.bisect_right)
_insort("insort_left", bisect.insort_left)
_insort("insort_right", bisect.insort_right)
