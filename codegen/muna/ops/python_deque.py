"""collections.deque: deque(iterable, maxlen), append/appendleft, pop/popleft, extend/extendleft,
rotate, clear, insert, remove, index, count, reverse, copy, maxlen, len, truthiness, iteration,
d[i] (and d[i] = v), `in`, ==, repr. CPython's exceptions and messages ("pop from an empty
deque", "deque index out of range", "deque mutated during iteration").

C++: include/muna/python/collections/deque.hpp (one class: its methods are members).
"""
from __future__ import annotations

import collections

from ..build_ir import convert
from ..registry import REGISTRY, Resolved, op
from ..types import BOOL, INT, NONE, STR, DequeT, IterT, OptionalT, PendingT, Scalar, strip_literal
from .python_containers import _fits, _items_of, _iterable_args, _same_items

HEADER = "muna/python/collections/deque.hpp"
KIND = "collections.deque"


def _maxlen(b):
    e = b.args["maxlen"]
    t = strip_literal(e.type)
    if t == NONE or t == OptionalT(INT):
        return e
    if isinstance(t, Scalar) and t.name in ("int", "bool"):
        return convert(e, INT)
    b.fail(f"an integer is required, not {t}")


@op(KIND, "iterable=(), maxlen=None", obj=collections.deque, header=HEADER,
    emit=lambda args, r: (f"muna::python::collections::deque::make<{r.type.item.cpp()}>({args[0]}, {args[1]})"
                          if len(args) == 2 else
                          f"muna::python::collections::deque::make_empty<{r.type.item.cpp()}>({args[0]})"),
    doc="a double-ended queue, bounded by maxlen")
def _deque(b):
    maxlen = _maxlen(b)
    e = b.args["iterable"]
    if e.op == "const" and e.attr("value") == ():
        return Resolved(DequeT(b.builder.pending_type(b.loc, "item")), (maxlen,))
    _iterable_args(b, "iterable")
    e = b.args["iterable"]
    return Resolved(DequeT(_items_of(b, "deque", e.type)), (e, maxlen))


def _self(b) -> DequeT:
    return strip_literal(b.type("self"))


def _item(b, name):
    """An argument stored in or compared with the deque's items; an empty deque's first item
    decides their type."""
    t = _self(b)
    e = b.args[name]
    if isinstance(t.item, PendingT):
        b.builder.resolve(t.item, e.type)
        return e
    return _fits(b, e, t.item, f"deque item ({t})")


def _method(name, params, rule, member=None):
    """A method of deque: a call of the C++ member of the same name."""
    member = member or name
    op(f"{KIND}.{name}", params, method_of=KIND, kind="method", header=HEADER,
       emit=lambda args, r: f"{args[0]}.{member}({', '.join(args[1:])})")(rule)


for _name in ("append", "appendleft"):
    _method(_name, "self, x", lambda b: Resolved(NONE, (b.args["self"], _item(b, "x"))))
for _name in ("pop", "popleft"):
    _method(_name, "self", lambda b: Resolved(_self(b).item, (b.args["self"],)))
for _name in ("extend", "extendleft"):
    _method(_name, "self, iterable", lambda b: Resolved(NONE, (b.args["self"], _same_items(b, _self(b), "iterable"))))
_method("rotate", "self, n=1", lambda b: Resolved(NONE, (b.args["self"], convert(b.args["n"], INT))))
for _name in ("clear", "reverse"):
    _method(_name, "self", lambda b: Resolved(NONE, (b.args["self"],)))
_method("insert", "self, i, x", lambda b: Resolved(NONE, (b.args["self"], convert(b.args["i"], INT), _item(b, "x"))))
_method("remove", "self, value", lambda b: Resolved(NONE, (b.args["self"], _item(b, "value"))))
_method("index", "self, x", lambda b: Resolved(INT, (b.args["self"], _item(b, "x"))), member="position")
_method("count", "self, x", lambda b: Resolved(INT, (b.args["self"], _item(b, "x"))))
_method("copy", "self", lambda b: Resolved(_self(b), (b.args["self"],)))
op(f"{KIND}.maxlen", "self", method_of=KIND, kind="property", header=HEADER,
   emit=lambda args, r: f"{args[0]}.maxlen()")(lambda b: Resolved(OptionalT(INT), (b.args["self"],)))


# --- the data model ---------------------------------------------------------------------------
def _operator(name, params, rule, emit):
    op(f"{KIND}.{name}", params, kind="operator", header=HEADER, emit=emit)(rule)


def _getitem(b):
    kt = strip_literal(b.type("key"))
    if not (isinstance(kt, Scalar) and kt.name in ("int", "bool")):
        b.fail(f"sequence index must be integer, not '{kt}'")
    return Resolved(_self(b).item, (b.args["self"], convert(b.args["key"], INT)))


def _compare(b):
    if strip_literal(b.type("other")) != _self(b):
        return None
    return Resolved(BOOL, (b.args["self"], b.args["other"]))


_operator("__len__", "self", lambda b: Resolved(INT, (b.args["self"],)), lambda args, r: f"{args[0]}.size()")
# A loop walks the deque itself, checking at each step that it did not change.
_operator("__iter__", "self", lambda b: Resolved(IterT(_self(b).item), (b.args["self"],)), lambda args, r: args[0])
_operator("__getitem__", "self, key", _getitem, lambda args, r: f"{args[0]}.at({args[1]})")
_operator("__setitem__", "self, key, value",
          lambda b: Resolved(NONE, (b.args["self"], _getitem(b).args[1], _item(b, "value"))),
          lambda args, r: f"{args[0]}.set({args[1]}, {args[2]})")
_operator("__contains__", "self, x", lambda b: Resolved(BOOL, (b.args["self"], _item(b, "x"))),
          lambda args, r: f"{args[0]}.contains({args[1]})")
_operator("__eq__", "self, other", _compare, lambda args, r: f"({args[0]} == {args[1]})")
_operator("__ne__", "self, other", _compare, lambda args, r: f"({args[0]} != {args[1]})")
_operator("__format__", "self, format_spec", lambda b: Resolved(STR, (b.args["self"], b.args["format_spec"])),
          lambda args, r: f"muna::python::collections::deque::format({args[0]}, {args[1]})")
for _name in ("__repr__", "__str__"):
    _operator(_name, "self", lambda b: Resolved(STR, (b.args["self"],)), lambda args, r: f"{args[0]}.repr()")

REGISTRY.mark_mutating([f"{KIND}.{m}" for m in ("append", "appendleft", "pop", "popleft", "extend", "extendleft",
                                                "rotate", "clear", "reverse", "insert", "remove", "__setitem__")])
