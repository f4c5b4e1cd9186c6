"""The user's classes as data: dataclasses and NamedTuples used as parameters, locals and
results.

A NamedTuple instance is a tuple with names (RecordTupleT: every tuple operation applies); a
dataclass instance is a record shared by the names that refer to it (RecordT). The fields'
types are those of the values the instance is built with (Python's dataclasses convert
nothing); an annotation only decides a value that is incomplete (an empty list). Methods,
properties and __post_init__ compile as functions of the instance. Back in Python the caller
gets an instance of the class.
"""
from __future__ import annotations

import dataclasses
import inspect
import typing

from .build_ir import call, convert
from .ir import Expr
from .types import NONE, RecordT, RecordTupleT, Type, strip_literal


def is_record_class(cls) -> bool:
    return isinstance(cls, type) and (dataclasses.is_dataclass(cls) or
                                      (issubclass(cls, tuple) and hasattr(cls, "_fields")))


def record_type(cls, types) -> Type:
    names = _field_names(cls)
    if issubclass(cls, tuple):
        return RecordTupleT(tuple(types), tuple(names), cls)
    return RecordT(cls, tuple(zip(names, types)))


def _field_names(cls) -> list:
    if issubclass(cls, tuple):
        return list(cls._fields)
    return [f.name for f in dataclasses.fields(cls)]


def annotated_record(cls, annotation_type):
    """The record type a parameter annotated with the class has: its fields' annotations
    (each must be a concrete type the caller's values are read as)."""
    hints = typing.get_type_hints(cls)
    types = []
    for name in _field_names(cls):
        t = annotation_type(hints[name]) if name in hints else None
        if t is None:
            raise TypeError(f"field '{name}' of {cls.__name__} has no annotation")
        types.append(t)
    return record_type(cls, types)


def enum_classes(t, seen=None) -> dict:
    """{C++ table struct: EnumT} of the Enum types inside a type (records' fields included)."""
    from .types import EnumT
    seen = {} if seen is None else seen
    if isinstance(t, EnumT):
        seen.setdefault(t.info, t)
        return seen
    subs = []
    if isinstance(t, RecordT):
        subs = [ft for _, ft in t.fields]
    for attr in ("item", "key", "value", "base"):
        sub = getattr(t, attr, None)
        if isinstance(sub, Type):
            subs.append(sub)
    subs += [x for x in (getattr(t, "items", ()) or ()) if isinstance(x, Type)]
    for sub in subs:
        enum_classes(sub, seen)
    return seen


def record_classes(t, seen=None) -> dict:
    """{C++ info struct: record type} of the record types inside a type."""
    seen = {} if seen is None else seen
    if isinstance(t, (RecordT, RecordTupleT)):
        if t.info not in seen:
            seen[t.info] = t
            for sub in (t.items if isinstance(t, RecordTupleT) else [ft for _, ft in t.fields]):
                record_classes(sub, seen)
        return seen
    for attr in ("item", "key", "value", "base"):
        sub = getattr(t, attr, None)
        if isinstance(sub, Type):
            record_classes(sub, seen)
    for sub in getattr(t, "items", ()) or ():
        if isinstance(sub, Type):
            record_classes(sub, seen)
    return seen


class Records:
    """Record construction, fields and methods for FunctionBuilder."""

    def construct_record(self, cls, args, kwargs, node) -> Expr:
        """Span(1, 2, label="x"): the fields in order, defaults and factories filled, then the
        class's __post_init__ (a dataclass's) run on the new instance."""
        try:
            sig = inspect.signature(cls)
            bound = sig.bind(*args, **kwargs)
        except TypeError as e:
            self.error(node, f"{cls.__name__}(): {e}")
        values = []
        hints = typing.get_type_hints(cls)
        is_tuple = issubclass(cls, tuple)
        fields = ([(n, None) for n in cls._fields] if is_tuple else
                  [(f.name, f) for f in dataclasses.fields(cls)])
        for name, f in fields:
            if name in bound.arguments:
                value = bound.arguments[name]
            elif is_tuple:
                value = self.static_value(node, name, cls._field_defaults[name]) if name in cls._field_defaults else None
                if value is None:
                    self.error(node, f"{cls.__name__}() missing the argument '{name}'")
            elif f.default is not dataclasses.MISSING:
                value = self.static_value(node, f"{cls.__name__}.{name}", f.default)
            elif f.default_factory is not dataclasses.MISSING:
                value = self.factory_value(f.default_factory, node, cls, name)
            else:
                self.error(node, f"{cls.__name__}() missing the argument '{name}'")
            if not isinstance(value, Expr):
                self.error(node, f"field '{name}' of {cls.__name__} must be a value muna holds")
            if name in hints and _incomplete(value.type):
                # An empty list or None the annotation completes (`tags: list[str] = []`).
                t = self.annotation(hints[name], node)
                from .annotations import is_pattern
                if not is_pattern(t):
                    value = self.coerce(value, strip_literal(t), node, f"field '{name}'")
            values.append(value)
        t = record_type(cls, [strip_literal(v.type) for v in values])
        self.program.records[t.info] = t
        e = call("record.new", t, tuple(values), self.loc(node))
        post = getattr(cls, "__post_init__", None)
        if post is not None and not is_tuple:
            # __post_init__ may set fields: it runs on the new instance, which is then the value
            # (`(post(tmp = Span(...)), tmp)`, in that order).
            tmp = f"_record{node.lineno}_{node.col_offset}"
            target, value = self.bind(node, tmp, e)
            made = Expr("assign_expr", target.type, (value,), attrs=(("name", target.name),), loc=self.loc(node))
            ran = self.invoke(post, None, [made], {}, node)
            result = Expr("seq", t, (ran, self.read(node, tmp)), loc=self.loc(node))
            self.scope.pop(tmp, None)
            return result
        return e

    def factory_value(self, factory, node, cls, name) -> Expr:
        if factory in (list, dict, set):
            return self.call_object(factory, [], {}, node)
        try:
            value = factory()
        except Exception as e:
            self.error(node, f"the default_factory of {cls.__name__}.{name} fails at compile time: {e}")
        return self.static_value(node, f"{cls.__name__}.{name}", value)

    def record_attribute(self, receiver: Expr, name: str, node):
        """r.field, or None when `name` is not a field (a method or property then)."""
        t = strip_literal(receiver.type)
        names = list(t.fields) if isinstance(t, RecordTupleT) else [n for n, _ in t.fields]
        if name not in names:
            return None
        i = names.index(name)
        ft = t.items[i] if isinstance(t, RecordTupleT) else t.fields[i][1]
        op = "tuple.get" if isinstance(t, RecordTupleT) else "record.get"
        return call(op, ft, (receiver,), self.loc(node), (str(i),))

    def record_method(self, receiver: Expr, name: str, args, kwargs, node) -> Expr:
        """r.method(...): the class's function with the instance as `self`."""
        t = strip_literal(receiver.type)
        attr = inspect.getattr_static(t.cls, name, None)
        if isinstance(attr, staticmethod):
            return self.invoke(attr.__func__, None, list(args), kwargs, node)
        if isinstance(attr, classmethod) or attr is None or not callable(attr):
            self.unsupported(node, f"{t}.{name}", "call a method of the instance or a module function")
        return self.invoke(attr, None, [receiver] + list(args), kwargs, node)

    def record_property(self, receiver: Expr, name: str, node):
        t = strip_literal(receiver.type)
        attr = inspect.getattr_static(t.cls, name, None)
        if isinstance(attr, property) and attr.fget is not None:
            return self.invoke(attr.fget, None, [receiver], {}, node)
        return None

    def set_record_field(self, target_node, value: Expr, node):
        """r.field = value on a dataclass instance (everyone holding it sees the change)."""
        receiver = self.value(target_node.value)
        t = strip_literal(receiver.type)
        if isinstance(t, RecordTupleT):
            self.error(target_node, f"can't set attribute of {t} (a NamedTuple is immutable)")
        if not isinstance(t, RecordT):
            self.unsupported(target_node, "assigning to an attribute",
                             "objects compiled into the library are constants; keep the value in a local variable")
        params = getattr(t.cls, "__dataclass_params__", None)
        if params is not None and params.frozen:
            self.error(target_node, f"cannot assign to field '{target_node.attr}' of the frozen dataclass {t}")
        names = [n for n, _ in t.fields]
        if target_node.attr not in names:
            self.unsupported(target_node, f"adding the attribute '{target_node.attr}' to a {t}", "declare it as a field")
        i = names.index(target_node.attr)
        ft = t.fields[i][1]
        from .scope import holds_exactly
        if not holds_exactly(ft, value.type):
            self.error(node, f"field '{target_node.attr}' of {t} holds {ft}; this assigns {value.type} (one field, one "
                       "type in compiled code: convert the value)")
        e = call("record.set", NONE, (receiver, convert(value, ft)), self.loc(node), (str(i),))
        return self.mk(node, "expr", exprs=(e,))


def _incomplete(t) -> bool:
    from .control import _incomplete as incomplete
    return incomplete(t)

