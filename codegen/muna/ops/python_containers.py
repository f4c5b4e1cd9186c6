"""list, tuple, dict and set: methods, the builtins that build or walk them, membership.

C++: include/muna/python/{list,dict,set}.hpp (the types, reference semantics as in Python) and
one header per method in include/muna/python/{list,dict,set}/.
"""
from __future__ import annotations

import sys

import builtins

from ..build_ir import call, const, convert
from ..diagnostics import CompileError
from ..registry import REGISTRY, Resolved, op
from ..ir import Expr
from ..types import (BOOL, FLOAT, INT, NONE, STR, AnyT, DictT, DynTensorT, IterT, ListT, NumpyScalar, OptionalT, Scalar, SetT, StaticT, Str,
                     TensorT, TupleT, join_numbers, open_row_type, strip_literal)


def _items_of(b, name, t):
    """The item type of something iterable (list, tuple, str, dict keys, set, iterator, array
    rows: see _iterable_args)."""
    t = strip_literal(t)
    if isinstance(t, IterT) and t.infinite:
        b.fail(f"{name}() of an infinite iterator ({t}) never ends; bound it first (itertools.islice, "
               "takewhile or zip with a finite iterable)")
    from ..types import DequeT
    if isinstance(t, (ListT, SetT, IterT, DequeT)):
        return t.item
    if isinstance(t, TensorT):
        from ..types import row_type
        item = row_type(t) or open_row_type(t)
        if item is None:
            b.fail(f"{name}() over an array of unknown rank: what each item is depends on it; annotate the rank")
        return item
    if isinstance(t, Str):
        return STR
    if isinstance(t, DictT):
        return t.key
    if isinstance(t, TupleT) and t.items and all(i == t.items[0] for i in t.items):
        return t.items[0]
    from ..types import BytesT
    if isinstance(t, BytesT):  # the bytes as ints
        return INT
    b.fail(f"{name}() of {t} is not supported; pass a list, str, dict, set or a tuple of one type")


# What `_fits` fits into a hashed container (a set's item, a dict's key): an array is unhashable.
HASHED = ("set.add", "dict key", "set item")


def _fits(b, e, item, what, container=None):
    """Converts `e` to a container's item type as Python would accept it (int into a float
    list), or fails with what to change; into a `container` list made empty, an item of another
    type widens it (the program is built again with the list holding both)."""
    t = strip_literal(e.type)
    from ..types import PendingT
    if what in HASHED and (
            isinstance(t, TensorT) or isinstance(t, DynTensorT) and not t.scalar):
        b.fail(f"unhashable type: '{'Tensor' if t.lib == 'torch' else 'numpy.ndarray'}'")
    held = e.attr("held") if e.op == "dispatch_arg" else None
    origin = container.origin if isinstance(container, ListT) else None
    if isinstance(item, PendingT) and isinstance(container, ListT) and not container.frozen:
        origin = b.builder.pending_key(item)
    if isinstance(item, PendingT) and isinstance(held, DynTensorT) and what not in HASHED:
        item = b.builder.resolve(item, held)  # (dispatch.branch_on: the value's type, not this branch's)
    elif isinstance(item, PendingT) and isinstance(held, DynTensorT) and held.scalar and held.lib == "numpy":
        # A set of NumPy scalars of run-time dtype: each hashed and compared by value, as
        # NumPy's are (np.int32(1) and np.float64(1.0) are one element)
        from ..types import ScalarKindsT
        item = b.builder.resolve(item, ScalarKindsT.of(held))
    if isinstance(item, PendingT):
        item = b.builder.resolve(item, t)
    if t == item:
        return e
    if _one_of_dtypes(item, t):
        return convert(e, item)  # one of the dtypes a value of run-time dtype may have
    if (e.op == "tuple" and type(item) is TupleT and len(item.items) == len(e.args)
            and all(strip_literal(a.type) == i or _one_of_dtypes(i, strip_literal(a.type))
                    or (isinstance(i, AnyT) and AnyT.holds(strip_literal(a.type)))
                    for a, i in zip(e.args, item.items))):
        # a tuple display of such values, into tuples of values of run-time dtype (or of run-time
        # type, where the list was widened to hold them: diagnostics.ItemWidened): item by item
        return Expr("tuple", item, tuple(a if strip_literal(a.type) == i else convert(a, i)
                                         for a, i in zip(e.args, item.items)), loc=e.loc)
    if type(t) is type(item) and isinstance(t, (ListT, SetT, DictT)):
        return b.builder.coerce(e, item, None, what)  # an empty literal taking its type here
    if isinstance(item, Scalar) and isinstance(t, Scalar) and join_numbers(item, t) == item:
        return convert(e, item)
    if (isinstance(item, AnyT) and AnyT.holds(t)) or (isinstance(t, AnyT) and AnyT.holds(item)):
        return convert(e, item)
    from ..scope import holds_exactly, join_held
    if holds_exactly(item, t) and not isinstance(t, PendingT):
        return convert(e, item)  # (a list widened to hold several types: diagnostics.ItemWidened)
    from ..diagnostics import CompileError, ItemWidened
    if origin is not None and (wider := join_held(item, held if isinstance(held, DynTensorT) else t)) is not None:
        raise ItemWidened(origin, wider, e.loc or b.loc)
    raise CompileError(e.loc or b.loc, f"{what}: expected {item}, got {t}")


def _one_of_dtypes(item, t) -> bool:
    """Whether `t` is an array (a NumPy scalar) of one of the dtypes of `item`, an array (a NumPy
    scalar) of run-time dtype."""
    return (isinstance(item, DynTensorT) and isinstance(t, (NumpyScalar, TensorT)) and t.dtype in item.dtypes
            and isinstance(t, NumpyScalar) == item.scalar)


def _iterable_args(b, *names):
    """Arguments of builtins that walk an iterable, as C++ iterates them: an array's rows, a
    str's characters (each a str, as Python yields them)."""
    from ..frontend import array_rows
    for n in names:
        e = b.args[n]
        t = strip_literal(e.type)
        if isinstance(t, TensorT):
            b.args[n] = array_rows(e, b.loc, b.fail)
        elif isinstance(t, Str):
            b.args[n] = call("str.iter", IterT(STR), (e,), b.loc)
        elif isinstance(t, AnyT):  # a value of run-time type: its items, as iter() gives them when it runs
            b.args[n] = call("object.iterate", ListT(AnyT()), (e,), b.loc)


# --- builtins that walk or build containers ---------------------------------------------------
def _empty(b, make):
    """list() / set() / dict(): an empty container whose item type comes from its use."""
    from ..ir import Expr
    t = make(b.builder.pending_type)
    return Resolved(t, (), op=f"{'list' if isinstance(t, ListT) else 'set' if isinstance(t, SetT) else 'dict'}.__new__")


def _characters(b, e):
    """A str read as an iterable: its characters (code points) as strs, not its bytes."""
    if isinstance(strip_literal(e.type), Str):
        return call("str.iter", IterT(STR), (e,), b.loc)
    return e


@op("builtins.list", "iterable=()", obj=builtins.list, iterates=("iterable",))
def _list(b):
    e = b.args["iterable"]
    if e.op == "const" and e.attr("value") == ():
        return _empty(b, lambda p: ListT(p(b.loc)))
    _iterable_args(b, "iterable")
    e = b.args["iterable"]
    return Resolved(ListT(_items_of(b, "list", e.type)), (e,))


@op("builtins.tuple", "iterable=()", obj=builtins.tuple, iterates=("iterable",), header="muna/python/builtins/list.hpp",
    emit=lambda args, r: (f"{r.type.cpp()}(muna::python::builtins::list({args[0]}))" if args
                          else f"{r.type.cpp()}()"))
def _tuple(b):
    """tuple(iterable): a tuple of as many items as it has (tuple[T, ...]); a tuple is itself."""
    e = b.args["iterable"]
    t = strip_literal(e.type)
    if e.op == "const" and e.attr("value") == ():
        return Resolved(TupleT(()), (), op="builtins.empty_tuple")
    if isinstance(t, TupleT) or (isinstance(t, ListT) and t.frozen):
        return Resolved(t, (e,), op="builtins.identity")
    _iterable_args(b, "iterable")
    e = b.args["iterable"]
    return Resolved(ListT(_items_of(b, "tuple", e.type), frozen=True), (e,))


op("builtins.empty_tuple", "", emit=lambda args, r: "std::tuple<>{}")(lambda b: None)


@op("builtins.set", "iterable=()", obj=builtins.set)
def _set(b):
    e = b.args["iterable"]
    if e.op == "const" and e.attr("value") == ():
        return _empty(b, lambda p: SetT(p(b.loc)))
    return Resolved(SetT(_items_of(b, "set", e.type)), (_characters(b, e),))


@op("builtins.sorted", "iterable, key=None, reverse=False", obj=builtins.sorted, iterates=("iterable",))
def _sorted(b):
    _iterable_args(b, "iterable")
    item = _items_of(b, "sorted", b.type("iterable"))
    return Resolved(ListT(item), (b.args["iterable"], _key(b, item), _flag(b, "reverse")))


@op("builtins.reversed", "sequence", obj=builtins.reversed)
def _reversed(b):
    t = strip_literal(b.type("sequence"))
    if not isinstance(t, (ListT, Str)):
        b.fail(f"reversed() of {t} is not supported; pass a list or str")
    return Resolved(ListT(_items_of(b, "reversed", t)), (b.args["sequence"],))


@op("builtins.enumerate", "iterable, start=0", obj=builtins.enumerate, iterates=("iterable",))
def _enumerate(b):
    from .python_itertools import has_iterator, lazy_enumerate
    if has_iterator(b.args["iterable"]):  # lazy, as Python's: an iterator is read as it is needed
        return lazy_enumerate(b)
    _iterable_args(b, "iterable")
    item = _items_of(b, "enumerate", b.type("iterable"))
    return Resolved(ListT(TupleT((INT, item))), (b.args["iterable"], convert(b.args["start"], INT)))


@op("builtins.zip", "*iterables", obj=builtins.zip, iterates=("iterables",))
def _zip(b):
    parts = b.args["iterables"].args
    if not parts:
        b.fail("zip() needs at least one iterable")
    from .python_itertools import has_iterator, lazy_zip
    if has_iterator(*parts):  # lazy, as Python's: an iterator is read as it is needed
        return lazy_zip(b, parts)
    from ..frontend import array_rows
    parts = tuple(array_rows(p, b.loc, b.fail) if isinstance(strip_literal(p.type), TensorT) else
                  call("object.iterate", ListT(AnyT()), (p,), b.loc) if isinstance(strip_literal(p.type), AnyT) else p
                  for p in parts)
    items = tuple(_items_of(b, "zip", p.type) for p in parts)
    return Resolved(ListT(TupleT(items)), tuple(parts))


def _flag(b, name):
    e = b.args[name]
    if strip_literal(e.type) != BOOL:
        b.fail(f"{name} must be a bool")
    return e


def _key(b, item):
    """key= as a C++ callable: None, or a function of one item (a lambda, a builtin such as
    len or str.lower, or a function of the module), compiled by the frontend."""
    key = b.args["key"]
    if key.op == "const" and key.attr("value") is None:
        return key
    if not (key.op == "const" and isinstance(key.type, StaticT)):
        b.fail("key= must be a lambda or a function")
    return b.callable(key, (item,))


# --- membership -------------------------------------------------------------------------------
@op("operator.contains", "a, b", kind="operator")
def _contains(b):
    """`b in a` (the operator module's argument order)."""
    container, x = b.args["a"], b.args["b"]
    t = strip_literal(container.type)
    if isinstance(t, AnyT) or isinstance(strip_literal(x.type), AnyT):
        # Membership with a value of unknown type: Python's == item by item (a str never
        # equals an int, so it is simply not found).
        if not AnyT.holds(t):
            b.fail(f"'in' on {t} is not supported")
        return Resolved(BOOL, (convert(container, AnyT()), convert(x, AnyT())), op="object.contains")
    if isinstance(t, Str):
        if strip_literal(x.type) != STR:
            b.fail(f"'in <string>' requires string as left operand, not {x.type}")
        return Resolved(BOOL, (container, x), op="str.contains")
    xt = strip_literal(x.type)
    if isinstance(xt, OptionalT) and isinstance(t, (DictT, ListT, SetT)) and \
            xt.item == (t.key if isinstance(t, DictT) else t.item):
        return Resolved(BOOL, (container, x), op="optional.__contains__")  # `None in names` is False
    if isinstance(t, DictT):
        return Resolved(BOOL, (container, _fits(b, x, t.key, "dict key")), op="dict.__contains__")
    if isinstance(t, (ListT, SetT)):
        what = "item" if isinstance(t, ListT) else "set item"
        return Resolved(BOOL, (container, _fits(b, x, t.item, what)), op=f"{'list' if isinstance(t, ListT) else 'set'}.__contains__")
    if isinstance(t, TupleT):
        xt = strip_literal(x.type)
        if not all(i == xt or isinstance(i, Scalar) and isinstance(xt, Scalar) for i in t.items):
            b.fail(f"'in' of {xt} in {t} is not supported")
        return Resolved(BOOL, (container, x), op="tuple.__contains__")
    from .python_ops import kind_method
    r = kind_method(b, t, "__contains__", (container, x))
    if r is not None:
        return r
    b.fail(f"'in' on {t} is not supported")


for _kind in ("list", "set", "dict", "tuple"):
    op(f"{_kind}.__contains__", "self, x",
       emit=lambda args, r: f"muna::python::contains({args[0]}, {args[1]})")(lambda b: None)
    REGISTRY[f"{_kind}.__contains__"].header = "muna/python/contains.hpp"
op("optional.__contains__", "self, x", header="muna/python/contains.hpp",
   cpp="muna::python::contains_optional")(lambda b: None)
op("optional.attribute_of", "self", header="muna/python/unwrap.hpp",
   emit=lambda args, r: f'muna::python::unwrap_attribute({args[0]}, "{r.attr("template")[0]}")',
   doc="internal: what an Optional holds, whose attribute is read; None raises AttributeError")(lambda b: None)


# --- list methods -----------------------------------------------------------------------------
def _list_method(name, params, result_fn):
    def rule(b):
        t = strip_literal(b.type("self"))
        return result_fn(b, t)
    op(f"list.{name}", params, method_of="list", kind="method")(rule)


_list_method("extend", "self, iterable",
             lambda b, t: Resolved(NONE, (b.args["self"], _same_items(b, t, "iterable"))))
_list_method("insert", "self, index, object",
             lambda b, t: Resolved(NONE, (b.args["self"], convert(b.args["index"], INT), _fits(b, b.args["object"], t.item, "list.insert", t))))
_list_method("pop", "self, index=-1",
             lambda b, t: Resolved(t.item, (b.args["self"], convert(b.args["index"], INT))))
_list_method("remove", "self, value",
             lambda b, t: Resolved(NONE, (b.args["self"], _fits(b, b.args["value"], t.item, "list.remove"))))
_list_method("index", f"self, value, start=0, stop={sys.maxsize}",
             lambda b, t: Resolved(INT, (b.args["self"], _fits(b, b.args["value"], t.item, "list.index"),
                                         convert(b.args["start"], INT), convert(b.args["stop"], INT)), ("false",)))


def _tuple_method(name, params, result_fn):
    """A method tuples share with lists (index, count): on the tuple's items read as a list."""
    def rule(b):
        node = b.builder.located(b.loc)
        b.args["self"] = b.builder.apply("builtins.list", [b.args["self"]], {}, node)
        r = result_fn(b, strip_literal(b.type("self")))
        r.op = f"list.{name}"
        return r
    op(f"tuple.{name}", params, method_of="tuple", kind="method")(rule)


_tuple_method("index", f"self, value, start=0, stop={sys.maxsize}",
              lambda b, t: Resolved(INT, (b.args["self"], _fits(b, b.args["value"], t.item, "tuple.index"),
                                          convert(b.args["start"], INT), convert(b.args["stop"], INT)), ("true",)))
_tuple_method("count", "self, value",
              lambda b, t: Resolved(INT, (b.args["self"], _fits(b, b.args["value"], t.item, "tuple.count"))))
_list_method("count", "self, value",
             lambda b, t: Resolved(INT, (b.args["self"], _fits(b, b.args["value"], t.item, "list.count"))))
_list_method("reverse", "self", lambda b, t: Resolved(NONE, (b.args["self"],)))
_list_method("copy", "self", lambda b, t: Resolved(t, (b.args["self"],)))
_list_method("clear", "self", lambda b, t: Resolved(NONE, (b.args["self"],)))
_list_method("sort", "self, key=None, reverse=False",
             lambda b, t: Resolved(NONE, (b.args["self"], _key(b, t.item), _flag(b, "reverse"))))


def _same_items(b, t, name):
    """list.extend's argument: any iterable (a tuple, str, array rows, a generator), as a list
    of items that fit the list."""
    from ..types import PendingT
    e = b.args[name]
    other = strip_literal(e.type)
    if not isinstance(other, ListT) or other.frozen:
        _iterable_args(b, name)
        e = b.args[name]
        item = _items_of(b, "list.extend", e.type)
        e = call("builtins.list", ListT(item), (e,), b.loc)
        other = ListT(item)
    if isinstance(t.item, PendingT):
        b.builder.resolve(t.item, other.item)
        return e
    if other.item != t.item:
        try:
            return b.builder.items_as(e, t.item, b.loc, "list.extend() item")
        except CompileError:
            b.fail(f"list.extend() needs a {t}, got {other}")
    return e


# --- dict methods -----------------------------------------------------------------------------
def _dict_method(name, params, result_fn):
    op(f"dict.{name}", params, method_of="dict", kind="method")(
        lambda b: result_fn(b, strip_literal(b.type("self"))))


def _get(b, t):
    if isinstance(t, AnyT):  # d.get(k, v) on a value of unknown type: it must be a dict
        return Resolved(AnyT(), (b.args["self"], convert(b.args["key"], AnyT()), convert(b.args["default"], AnyT())),
                        op="object.get")
    default = b.args["default"]
    key = _fits(b, b.args["key"], t.key, "dict key")
    from ..types import OptionalT
    if strip_literal(default.type) == NONE and not isinstance(t.value, (OptionalT, AnyT)):  # Any holds None
        return Resolved(OptionalT(t.value), (b.args["self"], key), op="dict.get_optional")
    if strip_literal(default.type) == NONE:  # Optional values: a missing key gives the None default
        return Resolved(t.value, (b.args["self"], key, convert(default, t.value)))
    d = strip_literal(default.type)
    if isinstance(t.value, Scalar) and isinstance(d, Scalar) and join_numbers(t.value, d) != t.value:
        # Python hands back either one: an int value or a float default is a Number.
        from ..scope import join
        from ..types import NumberT
        joined = join(t.value, d)
        if isinstance(joined, NumberT):
            return Resolved(joined, (b.args["self"], key, default), op="dict.get_joined")
    return Resolved(t.value, (b.args["self"], key, _fits(b, default, t.value, "dict.get default")))


_dict_method("get", "self, key, default=None", _get)
op("dict.get_optional", "self, key")(lambda b: None)
op("dict.get_joined", "self, key, default", header="muna/python/dict.hpp",
   emit=lambda args, r: f"muna::python::get_joined<{r.type.cpp()}>({args[0]}, {args[1]}, {args[2]})")(lambda b: None)
_dict_method("keys", "self", lambda b, t: Resolved(ListT(t.key), (b.args["self"],)))
_dict_method("values", "self", lambda b, t: Resolved(ListT(t.value), (b.args["self"],)))
_dict_method("items", "self", lambda b, t: Resolved(ListT(TupleT((t.key, t.value))), (b.args["self"],)))
_dict_method("setdefault", "self, key, default",
             lambda b, t: Resolved(t.value, (b.args["self"], _fits(b, b.args["key"], t.key, "dict key"),
                                             _fits(b, b.args["default"], t.value, "dict value"))))
_dict_method("update", "self, other",
             lambda b, t: Resolved(NONE, (b.args["self"], b.args["other"])) if strip_literal(b.type("other")) == t
             else b.fail(f"dict.update() needs a {t}"))
_dict_method("copy", "self", lambda b, t: Resolved(t, (b.args["self"],)))
_dict_method("clear", "self", lambda b, t: Resolved(NONE, (b.args["self"],)))


def _dict_pop(b, t):
    key = _fits(b, b.args["key"], t.key, "dict key")
    default = b.args["default"]
    if default.op == "const" and default.attr("value") is NO_DEFAULT:
        return Resolved(t.value, (b.args["self"], key))
    return Resolved(t.value, (b.args["self"], key, _fits(b, default, t.value, "dict.pop default")))


class _NoDefault:
    """dict.pop's "no default given" (None is a valid default)."""

    def __repr__(self):
        return "<no default>"


NO_DEFAULT = _NoDefault()
_dict_method("pop", "self, key, default", _dict_pop)
REGISTRY["dict.pop"].params = (("self", REGISTRY["dict.pop"].params[0][1]), ("key", REGISTRY["dict.pop"].params[0][1]),
                               ("default", NO_DEFAULT))


# --- set methods ------------------------------------------------------------------------------
def _set_method(name, params, result_fn):
    op(f"set.{name}", params, method_of="set", kind="method")(
        lambda b: result_fn(b, strip_literal(b.type("self"))))


_set_method("add", "self, element",
            lambda b, t: Resolved(NONE, (b.args["self"], _fits(b, b.args["element"], t.item, "set.add"))))
_set_method("discard", "self, element",
            lambda b, t: Resolved(NONE, (b.args["self"], _fits(b, b.args["element"], t.item, "set.discard"))))
_set_method("remove", "self, element",
            lambda b, t: Resolved(NONE, (b.args["self"], _fits(b, b.args["element"], t.item, "set.remove"))))
for _name in ("union", "intersection", "difference"):
    _set_method(_name, "self, other",
                lambda b, t: Resolved(t, (b.args["self"], b.args["other"])) if strip_literal(b.type("other")) == t
                else b.fail(f"set operation needs a {t}"))


# --- functions taking functions ---------------------------------------------------------------
@op("builtins.map", "function, iterable", obj=builtins.map)
def _map(b):
    from .python_itertools import has_iterator, lazy_map
    if has_iterator(b.args["iterable"]):  # lazy, as Python's: an iterator is read as it is needed
        return lazy_map(b)
    item = _items_of(b, "map", b.type("iterable"))
    fn = b.callable(b.args["function"], (item,))
    return Resolved(ListT(strip_literal(fn.type)), (fn, b.args["iterable"]))


@op("builtins.filter", "function, iterable", obj=builtins.filter)
def _filter(b):
    from .python_itertools import has_iterator, lazy_filter
    if has_iterator(b.args["iterable"]):  # lazy, as Python's: an iterator is read as it is needed
        return lazy_filter(b)
    item = _items_of(b, "filter", b.type("iterable"))
    f = b.args["function"]
    fn = f if f.op == "const" and f.attr("value") is None else b.callable(f, (item,))
    return Resolved(ListT(item), (fn, b.args["iterable"]))


@op("builtins.dict", "iterable=()", obj=builtins.dict)
def _dict(b):
    e = b.args["iterable"]
    if e.op == "const" and e.attr("value") == ():
        return _empty(b, lambda p: DictT(p(b.loc, "key"), p(b.loc, "value")))
    from .python_collections import dict_from
    return dict_from(b, e)


for _kind in ("list", "set", "dict"):
    op(f"{_kind}.__new__", "", emit=lambda args, r: f"{r.type.cpp()}{{}}")(lambda b: None)


# --- unpacking a list into names (`a, b = xs`, `first, *rest = xs`) ---------------------------
op("list.unpack_item", "self, index, expected", header="muna/python/list/unpack.hpp",
   cpp="muna::python::list::unpack_item")(lambda b: None)
op("list.check_unpack_at_least", "self, expected", header="muna/python/list/unpack.hpp",
   cpp="muna::python::list::check_unpack_at_least")(lambda b: None)

from ..registry import REGISTRY as _R  # noqa: E402
_R.methods[("object", "get")] = "dict.get"  # d.get(k, default) where d's type is known only at run time


def _object_parts():
    """d.keys(), d.values(), d.items() where d's type is known only at run time (json.loads):
    lists of values of run-time type; AttributeError unless d is a dict."""
    for name, item in (("keys", AnyT()), ("values", AnyT()), ("items", TupleT((AnyT(), AnyT())))):
        op(f"object.{name}", "self", method_of="object", kind="method", header="muna/python/object.hpp",
           cpp=f"muna::python::object::{name}")(lambda b, _item=item: Resolved(ListT(_item), (b.args["self"],)))


_object_parts()


op("builtins.zip_rows", "rows", header="muna/python/builtins/zip_rows.hpp", cpp="muna::python::builtins::zip_rows",
   doc="zip(*rows) of a list of lists: its columns, as tuples")(lambda b: None)
