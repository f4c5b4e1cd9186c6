"""The user's classes as data: dataclasses, NamedTuples and plain classes used as parameters,
locals and results.

A NamedTuple instance is a tuple with names (RecordTupleT: every tuple operation applies); a
dataclass instance is a record shared by the names that refer to it (RecordT). The fields'
types are those of the values the instance is built with (Python's dataclasses convert
nothing); an annotation only decides a value that is incomplete (an empty list). Methods,
properties and __post_init__ compile as functions of the instance. Back in Python the caller
gets an instance of the class.

A plain class of the user's (a tracker, a tokenizer or a pipeline written as a class) is a
record too: its fields are the attributes its __init__ sets, and `Tracker(0.5)` is its
__init__ compiled as the function that makes the instance, each `self.x` a variable of that
function (so a field takes the type of what __init__ assigns, on every path, as any variable
does) and each exit returning the record of them (`Constructing`).
"""
from __future__ import annotations

import ast
import dataclasses
import enum
import inspect
import sys
import textwrap
import typing

from .build_ir import call, convert
from .diagnostics import Rebuild
from .ir import Expr
from .types import NONE, STR, AnyT, DictT, RecordT, RecordTupleT, Type, strip_literal, types_within


def is_record_class(cls) -> bool:
    return isinstance(cls, type) and (dataclasses.is_dataclass(cls) or
                                      (issubclass(cls, tuple) and hasattr(cls, "_fields")))


def is_plain_class(cls) -> bool:
    """A class of the user's own code that is none of the kinds muna knows otherwise (a
    dataclass, NamedTuple, Enum, exception or nn.Module), built from `object` with an __init__
    of its own or none."""
    if not isinstance(cls, type) or is_record_class(cls) or issubclass(cls, (BaseException, enum.Enum)):
        return False
    torch = sys.modules.get("torch")
    if torch is not None and issubclass(cls, torch.nn.Module):
        return False
    init = cls.__dict__.get("__init__")
    if "__new__" in cls.__dict__ or "__slots__" in cls.__dict__:
        return False
    if cls.__bases__ != (object,) and not (len(cls.__bases__) == 1 and is_plain_class(cls.__bases__[0])):
        return False  # (one base, itself such a class: its fields and methods are inherited)
    from .frontend import _library_code
    return init is None or (inspect.isfunction(init) and not _library_code(init))


def record_type(cls, types) -> Type:
    names = _field_names(cls)
    if issubclass(cls, tuple):
        return RecordTupleT(tuple(types), tuple(names), cls)
    return RecordT(cls, tuple(zip(names, types)))


def _field_names(cls) -> list:
    if issubclass(cls, tuple):
        return list(cls._fields)
    if not dataclasses.is_dataclass(cls):
        return Constructing.of(cls).fields
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
        if not is_tuple:
            values = widened(self.program, cls, [name for name, _ in fields], values)
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

    def construct_instance(self, cls, args, kwargs, node) -> Expr:
        """Tracker(0.5), of a plain class: its __init__ compiled as the function that returns
        the instance (Constructing); a class without one takes no arguments."""
        making = Constructing.of(cls)
        if making.init is None:
            if args or kwargs:
                self.error(node, f"{cls.__name__}() takes no arguments")
            return _NewInstance(cls, []).muna_call(self, [], {}, node)
        return self.invoke(making.init, making, list(args), kwargs, node)

    def super_call(self, node) -> Expr:
        """super().name(...) in a method of the user's class: the method of the first class
        after the one defining this method in the instance's MRO."""
        owner = self.globals.get(self.fn.__qualname__.split(".")[0]) if "." in self.fn.__qualname__ else None
        for part in self.fn.__qualname__.split(".")[1:-1]:
            owner = getattr(owner, part, None)
        me = self.tree.args.args[0].arg if self.tree.args.args else None
        receiver = self.read(node, me) if me in self.scope else None
        t = strip_literal(receiver.type) if receiver is not None else None
        if not isinstance(owner, type) or not isinstance(t, RecordT) or owner not in t.cls.__mro__:
            self.unsupported(node, "super() here", "call the base class's method by name")
        name = node.func.attr
        mro = t.cls.__mro__
        method = next((k.__dict__[name] for k in mro[mro.index(owner) + 1:] if name in k.__dict__), None)
        if not inspect.isfunction(method):
            self.unsupported(node, f"super().{name}", "call a method the base class defines")
        kwargs = {k.arg: self.argument(k.value) for k in node.keywords}
        return self.invoke(method, None, [receiver] + [self.argument(a) for a in node.args], kwargs, node)

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

    def record_as_dict(self, args, kwargs, node) -> Expr:
        """dataclasses.asdict(r): {field: value} in field order, a dataclass field's own value
        a dict too, as asdict recurses; the record read once."""
        if len(args) != 1 or kwargs:
            self.error(node, "asdict() takes one dataclass instance")
        record = args[0]
        t = strip_literal(record.type)
        if not isinstance(t, RecordT) or not dataclasses.is_dataclass(t.cls):
            self.error(node, f"asdict() should be called on dataclass instances, got {t}", )
        effects = []
        if record.op not in ("var", "global", "const"):
            loc = self.loc(node)
            target, value = self.bind(node, f"_asdict_{loc.line}_{loc.col}", record)
            effects.append(Expr("assign_expr", target.type, (value,), attrs=(("name", target.name),), loc=loc))
            record = self.read(node, f"_asdict_{loc.line}_{loc.col}")
        values = []
        for name, _ in t.fields:
            v = self.record_attribute(record, name, node)
            if isinstance(strip_literal(v.type), RecordT) and dataclasses.is_dataclass(strip_literal(v.type).cls):
                v = self.record_as_dict([v], {}, node)
            elif any(isinstance(x, RecordT) for x in types_within(strip_literal(v.type))):
                self.unsupported(node, f"asdict() of {t.cls.__name__}, whose field '{name}' holds instances in a "
                                 "container", "build the dict of that field yourself")
            values.append(v)
        kinds = [strip_literal(v.type) for v in values]
        item = kinds[0] if kinds and all(k == kinds[0] for k in kinds) else AnyT()
        pairs = []
        for (name, _), v in zip(t.fields, values):
            pairs += [Expr("const", STR, attrs=(("value", name),), loc=self.loc(node)),
                      v if item != AnyT() else convert(v, AnyT())]
        out = Expr("dict", DictT(STR, item), tuple(pairs), loc=self.loc(node))
        for effect in reversed(effects):
            out = Expr("seq", out.type, (effect, out), loc=self.loc(node))
        return out

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
        """r.name of a property, or of a class attribute that is no function and no container
        (a constant the class holds: `self.PAD`), or None."""
        t = strip_literal(receiver.type)
        attr = inspect.getattr_static(t.cls, name, None)
        if isinstance(attr, property) and attr.fget is not None:
            return self.invoke(attr.fget, None, [receiver], {}, node)
        if hasattr(t.cls, name) and not isinstance(attr, (list, dict, set)) and not callable(attr) \
                and not isinstance(attr, (staticmethod, classmethod, property)):
            # (Not a list, dict or set: shared by every instance, a method could change it.)
            return self.static_value(node, f"{t.cls.__name__}.{name}", getattr(t.cls, name))
        return None

    def set_record_field(self, target_node, value: Expr, node):
        """r.field = value on a dataclass instance (everyone holding it sees the change)."""
        if isinstance(target_node.value, ast.Name) and target_node.value.id in self.statics:
            self.unsupported(target_node, f"changing the attribute '{target_node.attr}' of an object compiled into the "
                             "library", "such objects are constants; keep the value in a local variable")
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
        from .scope import holds_exactly, join_held
        if not holds_exactly(ft, value.type):
            wider = join_held(ft, value.type)
            if wider is not None:  # `self.total = 0` then `self.total += 0.5`: an int | float
                raise FieldWidened((t.cls, target_node.attr), wider, self.loc(node))
            self.error(node, f"field '{target_node.attr}' of {t} holds {ft}; this assigns {value.type} (one field, one "
                       "type in compiled code: convert the value)")
        e = call("record.set", NONE, (receiver, convert(value, ft)), self.loc(node), (str(i),))
        return self.mk(node, "expr", exprs=(e,))


# The builtins and operators that call a dunder method of their first operand's class.
_DUNDERS = {
    "builtins.len": "__len__", "builtins.bool": "__bool__", "builtins.str": "__str__", "builtins.repr": "__repr__",
    "operator.getitem": "__getitem__", "operator.contains": "__contains__", "operator.eq": "__eq__",
    "operator.lt": "__lt__", "operator.le": "__le__", "operator.gt": "__gt__", "operator.ge": "__ge__",
    "operator.add": "__add__", "operator.sub": "__sub__", "operator.mul": "__mul__",
    "operator.truediv": "__truediv__", "operator.neg": "__neg__",
}


def user_dunder(cls, op_name: str):
    """The class's own method that the op `op_name` calls on an instance (`len(x)` calls
    __len__; `str(x)` __str__, else a __repr__ of the class's), written in the user's code; or
    None (then the op's own rule applies: a dataclass's generated __eq__ and __repr__)."""
    names = [_DUNDERS.get(op_name)] + (["__repr__"] if op_name == "builtins.str" else [])
    for name in names:
        fn = inspect.getattr_static(cls, name, None) if name else None
        code = getattr(fn, "__code__", None)
        if inspect.isfunction(fn) and code is not None and not code.co_filename.startswith("<"):
            from .frontend import _library_code
            if not _library_code(fn):
                return fn
    return None


def printable_record(t) -> bool:
    """Whether muna prints an instance as Python would: a dataclass's generated repr (a class
    with its own __repr__ or __str__, or none at all, prints otherwise)."""
    return dataclasses.is_dataclass(t.cls) and user_dunder(t.cls, "builtins.str") is None


class FieldWidened(Rebuild):
    """A method assigns an instance's field a type its construction did not give it (`self.w
    = w` of an int, then `self.w *= 0.5`): the program is built again (frontend.build_program)
    with the field holding both (scope.join_held), from its construction on."""


def widened(program, cls, names, values) -> list:
    """The field values of a new instance, each converted to what a method makes its field
    hold (FieldWidened), where it does."""
    from .scope import join_held
    out = []
    for name, value in zip(names, values):
        wide = program.widened_fields.get((cls, name))
        t = join_held(wide, value.type) if wide is not None else None
        out.append(convert(value, t) if t is not None and t != strip_literal(value.type) else value)
    return out


class Constructing:
    """`self` of a plain class's __init__ while it is compiled as the function that makes the
    instance: FunctionBuilder asks it to rewrite the function's tree (`rewrite`), in which
    `self.x` is the variable `self.x`, the class's other attributes are read from the class,
    and every exit returns `__muna_new__(self.a, self.b, ...)`, the record of the fields."""
    _made: dict = {}

    def __init__(self, cls):
        self.cls = cls
        # The __init__ that runs: the class's own, else its nearest base's (`owner`).
        self.owner = next((k for k in cls.__mro__[:-1] if "__init__" in k.__dict__), None)
        self.init = self.owner.__dict__["__init__"] if self.owner is not None else None
        self.fields, self.me = [], None  # the attributes __init__ sets; the name of its `self`
        if self.init is not None:
            tree = ast.parse(textwrap.dedent(inspect.getsource(self.init))).body[0]
            self.me = tree.args.args[0].arg if tree.args.args else None
            self.fields = _fields_in_source_order(tree, self.me, self.base)

    @property
    def base(self):
        """The class whose __init__ `super().__init__(...)` (or `Base.__init__(self, ...)`) runs."""
        bases = self.owner.__bases__ if self.owner is not None else ()
        return bases[0] if bases and bases[0] is not object else None

    @classmethod
    def of(cls_, cls) -> "Constructing":
        if cls not in cls_._made:
            cls_._made[cls] = Constructing(cls)
        return cls_._made[cls]

    @property
    def cpp_prefix(self) -> str:
        return self.cls.__name__

    def rewrite(self, tree, fail):
        """The function tree of __init__ made the instance's constructor; `fail(node, message)`
        raises a diagnostic at a use of `self` that has no meaning before the instance exists."""
        me, fields, cls, base = self.me, self.fields, self.cls, self.base

        class Rewrite(ast.NodeTransformer):
            def visit_Expr(self, node):
                args = _base_init_args(node, me, base)
                if args is None:
                    return self.generic_visit(node)
                # super().__init__(a, b): the base's instance made, then its fields copied.
                instance = f"__muna_base_{node.lineno}_{node.col_offset}"
                call = ast.Call(func=ast.Name(id="__muna_super__", ctx=ast.Load()), args=[self.visit(a) for a in args[0]],
                                keywords=[self.visit(k) for k in args[1]])
                out = [ast.Assign(targets=[ast.Name(id=instance, ctx=ast.Store())], value=call)]
                out += [ast.Assign(targets=[ast.Name(id=f"{me}.{f}", ctx=ast.Store())],
                                   value=ast.Attribute(value=ast.Name(id=instance, ctx=ast.Load()), attr=f, ctx=ast.Load()))
                        for f in Constructing.of(base).fields]
                return [ast.copy_location(s, node) for s in out]

            def visit_Attribute(self, node):
                if not (isinstance(node.value, ast.Name) and node.value.id == me):
                    return self.generic_visit(node)
                if node.attr in fields:
                    return ast.copy_location(ast.Name(id=f"{me}.{node.attr}", ctx=node.ctx), node)
                if isinstance(node.ctx, ast.Load) and hasattr(cls, node.attr):
                    attr = inspect.getattr_static(cls, node.attr)
                    if isinstance(attr, (staticmethod, classmethod)) or not callable(attr):
                        # A class constant or a static method: the class's own.
                        return ast.copy_location(ast.Attribute(value=ast.Name(id="__muna_class__", ctx=ast.Load()),
                                                               attr=node.attr, ctx=node.ctx), node)
                    fail(node, f"calling the method '{node.attr}' of {cls.__name__} in its __init__ is not supported "
                               "yet; compute the value in __init__ itself or in a module function")
                fail(node, f"'{me}.{node.attr}' is read in {cls.__name__}.__init__ before it is set")

            def visit_Name(self, node):
                if node.id == me:
                    fail(node, f"using '{me}' in {cls.__name__}.__init__ other than through its attributes is not "
                               "supported yet")
                return node

            def visit_Return(self, node):
                return ast.copy_location(ast.Return(value=made(node)), node)

            def visit_FunctionDef(self, node):
                return node  # a nested function: its own `self`, if any

        def made(at):
            return ast.copy_location(ast.Call(func=ast.Name(id="__muna_new__", ctx=ast.Load()),
                                              args=[ast.Name(id=f"{me}.{f}", ctx=ast.Load()) for f in fields],
                                              keywords=[]), at)

        annotations = _class_annotations(cls)
        annotated = set()

        class Annotate(ast.NodeTransformer):
            """The first assignment of a field the class body annotates (`values: list[float]`)
            takes that annotation, as `self.values: list[float] = []` would."""
            def visit_Assign(self, node):
                target = node.targets[0]
                if (len(node.targets) == 1 and _is_self_attribute(target, me) and target.attr in annotations
                        and target.attr not in annotated):
                    annotated.add(target.attr)
                    return ast.copy_location(ast.AnnAssign(target=target, annotation=annotations[target.attr],
                                                           value=node.value, simple=0), node)
                return node

            def visit_FunctionDef(self, node):
                return node

        body = []
        for statement in tree.body:
            rewritten = Rewrite().visit(Annotate().visit(statement))
            body += rewritten if isinstance(rewritten, list) else [rewritten]
        last = tree.body[-1] if tree.body else tree
        end = ast.Return(value=None)
        ast.copy_location(end, last)
        body.append(ast.copy_location(ast.Return(value=made(end)), end))
        new = ast.FunctionDef(name=tree.name, args=ast.arguments(
            posonlyargs=tree.args.posonlyargs, args=tree.args.args[1:], vararg=tree.args.vararg,
            kwonlyargs=tree.args.kwonlyargs, kw_defaults=tree.args.kw_defaults, kwarg=tree.args.kwarg,
            defaults=tree.args.defaults), body=body, decorator_list=[], returns=None, type_comment=None)
        return ast.fix_missing_locations(ast.copy_location(new, tree))

    def new(self):
        """The object `__muna_new__` names in the rewritten __init__."""
        return _NewInstance(self.cls, self.fields)

    def super_new(self):
        """The object `__muna_super__` names: the base class, constructed (`super().__init__`)."""
        return _BaseInstance(self.base) if self.base is not None else None


class _NewInstance:
    """`__muna_new__(...)`: the instance, a record of the fields' values as they are."""

    def __init__(self, cls, fields):
        self.cls, self.fields = cls, fields

    def muna_call(self, builder, args, kwargs, node):
        # A field __init__ leaves None (`self.state = None`, set in another method) holds a
        # value of run-time type: what it holds later is not known here.
        args = [convert(a, AnyT()) if strip_literal(a.type) == NONE else a for a in args]
        args = widened(builder.program, self.cls, self.fields, args)
        t = RecordT(self.cls, tuple(zip(self.fields, [strip_literal(a.type) for a in args])))
        builder.program.records[t.info] = t
        return call("record.new", t, tuple(args), builder.loc(node))


def _class_annotations(cls) -> dict:
    """The class body's annotations of names (`values: list[float]`), as expressions."""
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(cls))).body[0]
    except (OSError, TypeError, SyntaxError):
        return {}
    return {s.target.id: s.annotation for s in tree.body if isinstance(s, ast.AnnAssign) and isinstance(s.target, ast.Name)}


class _BaseInstance:
    """`__muna_super__(...)`: an instance of the base class, whose fields the subclass's
    __init__ then copies (a record of the base's own type, made only for that)."""

    def __init__(self, base):
        self.base = base

    def muna_call(self, builder, args, kwargs, node):
        return builder.construct_instance(self.base, args, kwargs, node)


def _base_init_args(stmt, me, base):
    """(args, keywords) of a statement that runs the base's __init__ on `me`
    (`super().__init__(...)`, `super(Cls, self).__init__(...)`, `Base.__init__(self, ...)`), or None."""
    call = stmt.value if isinstance(stmt, ast.Expr) else None
    if base is None or not isinstance(call, ast.Call) or not isinstance(call.func, ast.Attribute) \
            or call.func.attr != "__init__":
        return None
    owner = call.func.value
    if isinstance(owner, ast.Call) and isinstance(owner.func, ast.Name) and owner.func.id == "super":
        return call.args, call.keywords
    if isinstance(owner, ast.Name) and owner.id == base.__name__ and call.args and \
            isinstance(call.args[0], ast.Name) and call.args[0].id == me:
        return call.args[1:], call.keywords
    return None


def _assigned(node) -> list:
    if isinstance(node, ast.Assign):
        return [t for target in node.targets for t in _flat_targets(target)]
    if isinstance(node, (ast.AnnAssign, ast.AugAssign)):
        return [node.target]
    if isinstance(node, (ast.For, ast.AsyncFor)):
        return _flat_targets(node.target)
    return []


def _flat_targets(target) -> list:
    if isinstance(target, (ast.Tuple, ast.List)):
        return [t for item in target.elts for t in _flat_targets(item)]
    if isinstance(target, ast.Starred):
        return _flat_targets(target.value)
    return [target]


def _is_self_attribute(node, me) -> bool:
    return isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == me


def _fields_in_source_order(tree, me, base=None) -> list:
    """The attributes of `me` the function sets, in the order of their first assignments (the
    base's, where the function runs the base's __init__)."""
    first = {}
    for node in ast.walk(tree):
        targets = [t for t in _assigned(node) if _is_self_attribute(t, me)]
        for target in targets:
            key = (target.lineno, target.col_offset, 0)
            first[target.attr] = min(first.get(target.attr, key), key)
        if _base_init_args(node, me, base) is not None:
            for i, name in enumerate(Constructing.of(base).fields):
                key = (node.lineno, node.col_offset, i)
                first[name] = min(first.get(name, key), key)
    return sorted(first, key=first.get)


def _incomplete(t) -> bool:
    from .control import _incomplete as incomplete
    return incomplete(t)

