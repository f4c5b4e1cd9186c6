"""collections.Counter and collections.defaultdict: dicts (DictT with a `kind`) whose missing
keys read as Python's do, and Counter's own methods. C++: include/muna/python/collections.hpp."""
from __future__ import annotations

import builtins
import collections

from ..build_ir import convert
from ..registry import REGISTRY, Resolved, op
from ..types import (FLOAT, INT, NONE, STR, DictT, ListT, PendingT, Scalar, SetT, StaticT, Str,
                     TupleT, strip_literal)
from .python_containers import _items_of, _iterable_args

HEADER = "muna/python/collections.hpp"


@op("collections.Counter", "iterable=None", obj=collections.Counter, header=HEADER,
    cpp="muna::python::counter::from_iterable", doc="counts of an iterable's items, or of a mapping's")
def _counter(b):
    e = b.args["iterable"]
    t = strip_literal(e.type)
    if t == NONE:
        return Resolved(DictT(b.builder.pending_type(b.loc, "key"), INT, "counter"), (), op="dict.__new__")
    if isinstance(t, DictT):
        return Resolved(DictT(t.key, t.value, "counter"), (e,))
    _iterable_args(b, "iterable")
    e = b.args["iterable"]
    return Resolved(DictT(_items_of(b, "Counter", e.type), INT, "counter"), (e,))


def _factory_type(b, factory):
    """The value type a defaultdict's factory makes, and that it is one muna makes as V{}."""
    if factory is list:
        return ListT(b.builder.pending_type(b.loc, "item"))
    if factory is set:
        return SetT(b.builder.pending_type(b.loc, "item"))
    if factory is dict:
        return DictT(b.builder.pending_type(b.loc, "key2"), b.builder.pending_type(b.loc, "value2"))
    simple = {int: INT, float: FLOAT, str: STR}
    if factory in simple:
        return simple[factory]
    b.fail("defaultdict's factory must be list, set, dict, int, float or str (what it makes on a missing key)")


@op("collections.defaultdict", "default_factory=None", obj=collections.defaultdict,
    emit=lambda args, r: f"{r.type.cpp()}{{}}", doc="a dict whose missing keys get the factory's value")
def _defaultdict(b):
    f = b.args["default_factory"]
    if not (f.op == "const" and isinstance(f.type, StaticT)):
        b.fail("defaultdict needs its factory (list, int, ...) known at compile time")
    value = _factory_type(b, f.attr("value"))
    return Resolved(DictT(b.builder.pending_type(b.loc, "key"), value, "defaultdict"), ())


op("counter.__getitem__", "self, key", header=HEADER, cpp="muna::python::counter::getitem")(lambda b: None)
op("defaultdict.__getitem__", "self, key", header=HEADER, cpp="muna::python::defaultdict::getitem")(lambda b: None)


def _counter_self(b):
    t = strip_literal(b.type("self"))
    if not (isinstance(t, DictT) and t.kind == "counter"):
        b.fail(f"{b.op.name} needs a Counter, got {t}")
    return t


def _counts(b, t, name):
    """What update()/subtract() add: a mapping of counts, or an iterable of keys."""
    e = b.args[name]
    other = strip_literal(e.type)
    if isinstance(other, DictT):
        if isinstance(t.key, PendingT):
            b.builder.resolve(t.key, other.key)
        return e
    _iterable_args(b, name)
    e = b.args[name]
    item = _items_of(b, b.op.name, e.type)
    if isinstance(t.key, PendingT):
        b.builder.resolve(t.key, item)
    return e


@op("collections.Counter.most_common", "self, n=None", method_of="collections.Counter", kind="method",
    header=HEADER, cpp="muna::python::counter::most_common")
def _most_common(b):
    t = _counter_self(b)
    n = b.args["n"]
    pairs = ListT(TupleT((t.key, t.value)))
    if strip_literal(n.type) == NONE:
        return Resolved(pairs, (b.args["self"],), op="counter.most_common_all")
    return Resolved(pairs, (b.args["self"], convert(n, INT)))


op("counter.most_common_all", "self", header=HEADER, cpp="muna::python::counter::most_common_all")(lambda b: None)


@op("collections.Counter.update", "self, iterable", method_of="collections.Counter", kind="method",
    header=HEADER, cpp="muna::python::counter::update")
def _update(b):
    t = _counter_self(b)
    return Resolved(NONE, (b.args["self"], _counts(b, t, "iterable")))


@op("collections.Counter.subtract", "self, iterable", method_of="collections.Counter", kind="method",
    header=HEADER, cpp="muna::python::counter::subtract")
def _subtract(b):
    t = _counter_self(b)
    return Resolved(NONE, (b.args["self"], _counts(b, t, "iterable")))


@op("collections.Counter.total", "self", method_of="collections.Counter", kind="method", header=HEADER,
    cpp="muna::python::counter::total")
def _total(b):
    return Resolved(_counter_self(b).value, (b.args["self"],))


@op("collections.Counter.elements", "self", method_of="collections.Counter", kind="method", header=HEADER,
    cpp="muna::python::counter::elements")
def _elements(b):
    return Resolved(ListT(_counter_self(b).key), (b.args["self"],))


# Operator -> C++ function of Counter's multiset arithmetic.
COUNTER_OPERATORS = {"add": "add", "sub": "sub", "and_": "min_counts", "or_": "max_counts"}
for _name, _cpp in COUNTER_OPERATORS.items():
    op(f"counter.{_name}", "a, b", header=HEADER, cpp=f"muna::python::counter::{_cpp}")(lambda b: None)


def counter_arithmetic(b, name, ta, tb):
    """c + d, c - d, c & d, c | d of two Counters: multiset sum, difference, intersection and
    union (keys whose count is not positive go)."""
    if name not in COUNTER_OPERATORS or ta != tb:
        b.fail(f"operator '{name.rstrip('_')}' on {ta} and {tb} is not supported")
    return Resolved(ta, (b.args["a"], b.args["b"]), op=f"counter.{name}")


@op("builtins.dict_copy", "mapping", emit=lambda args, r: f"muna::python::dict::copy({args[0]})",
    header="muna/python/dict/copy.hpp")
def _dict_copy(b):
    return None


def dict_from(b, e):
    """dict(x): a plain dict copy of a mapping (a Counter too), or of (key, value) pairs."""
    t = strip_literal(e.type)
    if isinstance(t, DictT):
        return Resolved(DictT(t.key, t.value), (e,), op="builtins.dict_copy")
    _iterable_args(b, "iterable")
    e = b.args["iterable"]
    item = _items_of(b, "dict", e.type)
    if isinstance(item, TupleT) and len(item.items) == 2:
        return Resolved(DictT(item.items[0], item.items[1]), (e,), op="builtins.dict_of_pairs")
    b.fail(f"dict() of {t} is not supported; pass a mapping or (key, value) pairs")


op("builtins.dict_of_pairs", "pairs", header="muna/python/dict/of_pairs.hpp",
   cpp="muna::python::dict::of_pairs")(lambda b: None)


# Counter and defaultdict are dicts: dict's methods apply (receiver kinds fall back to dict).
DICT_KINDS = {"counter": "collections.Counter", "defaultdict": "collections.defaultdict"}
_ = builtins
