"""itertools, and the iterator objects it makes: iter(), next(), and the lazy forms of zip, map,
filter and enumerate when one of their inputs is an iterator.

Every itertools function returns an IteratorT (include/muna/python/iterator.hpp): its items are
made on demand, in the order CPython makes them, by the C++ port of CPython's own algorithm
(include/muna/python/itertools/<name>.hpp). So an iterator shared by two consumers, a
takewhile that stops early, a groupby whose group is read (or not) before the next, an infinite
count() that a zip or islice bounds, behave as in CPython. Functions given to them (key=,
predicates, func=) are C++ lambdas reading the enclosing function's variables, as Python's
closures do; variables of an enclosing comprehension or lambda are copied (the iterator may
outlive them). count(), cycle() and repeat(x) are infinite: a consumer that reads everything
(list(), sorted(), sum(), a comprehension) of one is a diagnostic, since it would never end.
"""
from __future__ import annotations

import ast
import builtins
import itertools

from ..build_ir import call, const, convert
from ..ir import Expr
from ..registry import REGISTRY, Resolved, op
from ..scope import holds_exactly, join
from ..types import (BOOL, INT, NONE, STR, AnyT, DequeT, DictT, IterT, IteratorT, ListT, NumberT, OptionalT,
                     Scalar, SetT, StaticT, Str, TensorT, TupleT, join_numbers, strip_literal)


class _Missing:
    """An argument left out (itertools' optional positionals, where None would be a value)."""

    def __repr__(self):
        return "<missing>"


MISSING = _Missing()


def missing(e) -> bool:
    return e.op == "const" and e.attr("value") is MISSING


def is_none(e) -> bool:
    return e.op == "const" and e.attr("value") is None


def _set_params(name, *params):
    REGISTRY[name].params = tuple(params)


# --- arguments --------------------------------------------------------------------------------
def iterated(b, name, allow_infinite=False, e=None):
    """(the argument as C++ iterates it, its item type): lists, tuples of one type, strs (their
    characters), dicts (their keys), sets, range(), arrays (their rows), deques, iterators."""
    from ..frontend import array_rows
    e = b.args[name] if e is None else e
    t = strip_literal(e.type)
    what = f"{b.op.name}()"
    if isinstance(t, Str):
        return call("str.iter", IterT(STR), (e,), b.loc), STR
    if isinstance(t, TensorT):
        e = array_rows(e, b.loc, b.fail)
        return e, e.type.item
    if isinstance(t, TupleT):
        if t.items and all(i == t.items[0] for i in t.items):
            return call("builtins.list", ListT(t.items[0]), (e,), b.loc), t.items[0]
        if not t.items:
            b.fail(f"{what} of an empty tuple: give its items' type, e.g. a list")
        b.fail(f"{what} of {t}: iterate a tuple of one item type (or a list)")
    if isinstance(t, AnyT):
        return call("object.iterate", ListT(AnyT()), (e,), b.loc), AnyT()
    if isinstance(t, DictT):
        return e, t.key
    if isinstance(t, IterT):
        if t.infinite and not allow_infinite:
            b.fail(f"{what} of an infinite iterator ({t}) never ends; bound it first (itertools.islice, "
                   "takewhile or zip with a finite iterable)")
        return e, t.item
    if isinstance(t, (ListT, SetT, DequeT)):
        return e, t.item
    b.fail(f"{what} of {t} is not supported; pass a list, tuple, str, dict, set, range() or an iterator")


def is_infinite(e) -> bool:
    t = strip_literal(e.type)
    return isinstance(t, IterT) and t.infinite


def lazy_function(b, name, param_types):
    """A function argument (a lambda or function) as a C++ lambda of `param_types`, which a lazy
    iterator keeps: variables of an enclosing comprehension or lambda are copied into it."""
    e = b.args[name]
    if not (e.op == "const" and isinstance(e.type, StaticT)):
        b.fail(f"{b.op.name}() argument '{name}' must be a lambda or a function")
    fn = b.callable(e, tuple(param_types))
    return with_copies(fn)


def with_copies(fn: Expr) -> Expr:
    """`fn` (a lambda Expr) marked to copy the scoped variables it reads (emit.expr_lambda)."""
    own, read = set(), []

    def walk(e):
        if not isinstance(e, Expr):
            return
        if e.op == "lambda":
            own.update(n for n, _ in e.attr("params"))
        if e.op == "comp":
            for target, _ in e.attr("shape"):
                declared(target)
        if e.op == "var" and e.attr("local_to") in ("inner", "loop") and e.attr("name") not in read:
            read.append(e.attr("name"))
        for a in e.args:
            walk(a)

    def declared(t):
        if t.kind == "name":
            own.add(t.name)
        for i in t.items:
            declared(i)

    walk(fn)
    copies = tuple(n for n in read if n not in own)
    if not copies:
        return fn
    return Expr(fn.op, fn.type, fn.args, fn.attrs + (("copies", copies),), fn.loc)


def synthesized_lambda(b, params, body):
    """A compile-time lambda `lambda params: body` (ast built here), placed at the call."""
    from ..frontend import _LambdaSource
    where = dict(lineno=b.loc.line - b.builder.line_offset, col_offset=b.loc.col - 1 - b.builder.indent)
    node = ast.Lambda(args=ast.arguments(posonlyargs=[], args=[ast.arg(arg=p, **where) for p in params], vararg=None,
                                         kwonlyargs=[], kw_defaults=[], kwarg=None, defaults=[]),
                      body=body(lambda n: ast.Name(id=n, ctx=ast.Load(), **where)), **where)
    ast.fix_missing_locations(node)
    return Expr("const", StaticT("lambda"), attrs=(("value", _LambdaSource(node)),), loc=b.loc)


def common_item(b, types, what):
    """The item type that holds every one of `types` exactly (int | float, Optional, Any)."""
    out = None
    for t in types:
        out = strip_literal(t) if out is None else join(out, t)
        if out is None:
            b.fail(f"{what}: items of {', '.join(sorted({str(x) for x in types}))} have no common type")
    return out


def small_int(b, name, what):
    """An int argument (a bool counts as one)."""
    e = b.args[name]
    t = strip_literal(e.type)
    if t not in (INT, BOOL):
        b.fail(f"{b.op.name}() {what} must be an int, not {t}")
    return convert(e, INT)


def constant_int(e):
    """The value of an int argument known at compile time, or None."""
    if e.op == "const" and type(e.attr("value")) in (int, bool):
        return int(e.attr("value"))
    return None


def iterator(item, infinite=False) -> IteratorT:
    return IteratorT(strip_literal(item), infinite)


def _template(*types):
    return tuple(t.cpp() for t in types)


# --- iter() and next() ------------------------------------------------------------------------
@op("builtins.iter", "object", obj=builtins.iter, header="muna/python/iterator.hpp", cpp="muna::python::iter_as")
def _iter(b):
    e, item = iterated(b, "object", allow_infinite=True)
    t = strip_literal(e.type)
    if isinstance(t, IteratorT):
        return Resolved(t, (e,), op="builtins.identity")  # iter(it) is it
    return Resolved(iterator(item), (e,), _template(item))


@op("builtins.next", "iterator, default", obj=builtins.next, header="muna/python/builtins/next.hpp",
    cpp="muna::python::builtins::next")
def _next(b):
    it = b.args["iterator"]
    t = strip_literal(it.type)
    if not isinstance(t, IteratorT):
        b.fail(f"'{t}' object is not an iterator; call iter() on it first")
    default = b.args["default"]
    if missing(default):
        return Resolved(t.item, (it,))
    result = join(t.item, default.type)
    if result is None:
        b.fail(f"next() with a default of {default.type} for items of {t.item}: give a default of the items' type")
    return Resolved(result, (it, convert(default, result) if not holds_exactly(result, default.type) or
                             strip_literal(default.type) != result else default), _template(result))


_set_params("builtins.next", ("iterator", REGISTRY["builtins.next"].params[0][1]), ("default", MISSING))


# --- the lazy builtins (an iterator among the inputs) -----------------------------------------
def has_iterator(*exprs) -> bool:
    return any(isinstance(strip_literal(e.type), IteratorT) for e in exprs)


def lazy_zip(b, parts):
    """zip() of an iterator: lazy, each round reading the inputs left to right and stopping at
    the first that ends (CPython's order, which decides what a shared iterator loses)."""
    fake = {f"it{i}": p for i, p in enumerate(parts)}
    b.args.update(fake)
    read = [iterated(b, k, allow_infinite=True) for k in fake]
    item = TupleT(tuple(strip_literal(t) for _, t in read))
    infinite = all(is_infinite(e) for e, _ in read)
    return Resolved(iterator(item, infinite), tuple(e for e, _ in read), op="iterator.zip")


def lazy_map(b):
    e, item = iterated(b, "iterable", allow_infinite=True)
    fn = lazy_function(b, "function", (item,))
    result = strip_literal(fn.type)
    return Resolved(iterator(result, is_infinite(e)), (fn, e), _template(result), op="iterator.map")


def lazy_filter(b):
    e, item = iterated(b, "iterable", allow_infinite=True)
    f = b.args["function"]
    fn = f if is_none(f) else lazy_function(b, "function", (item,))
    return Resolved(iterator(item, is_infinite(e)), (fn, e), _template(item), op="iterator.filter")


def lazy_enumerate(b):
    e, item = iterated(b, "iterable", allow_infinite=True)
    result = TupleT((INT, strip_literal(item)))
    return Resolved(iterator(result, is_infinite(e)), (e, convert(b.args["start"], INT)), _template(item),
                    op="iterator.enumerate")


for _name in ("zip", "map", "filter", "enumerate"):
    op(f"iterator.{_name}", "*args")(lambda b: None)


# --- infinite iterators -----------------------------------------------------------------------
@op("itertools.count", "start=0, step=1", obj=itertools.count)
def _count(b):
    start, step = b.args["start"], b.args["step"]
    ts, tp = strip_literal(start.type), strip_literal(step.type)
    for t in (ts, tp):
        if not isinstance(t, (Scalar, NumberT)):
            b.fail(f"a number is required (itertools.count() of {t})")
    if isinstance(ts, NumberT) or isinstance(tp, NumberT):
        item = NumberT()
    else:
        # The first item is `start` itself, the next ones start + step + ...: one type when
        # both agree (count(0) ints, count(0.5) floats), else int | float (count(0, 0.5)).
        following = join_numbers(join_numbers(ts, tp), INT)
        item = ts if ts == following else NumberT()
    return Resolved(iterator(item, infinite=True), (convert(start, item), convert(step, item)), _template(item))


@op("itertools.cycle", "iterable", obj=itertools.cycle)
def _cycle(b):
    e, item = iterated(b, "iterable", allow_infinite=True)
    return Resolved(iterator(item, infinite=True), (e,), _template(item))


@op("itertools.repeat", "object, times", obj=itertools.repeat)
def _repeat(b):
    x, times = b.args["object"], b.args["times"]
    item = strip_literal(x.type)
    if isinstance(item, StaticT):
        b.fail("itertools.repeat() of a compile-time object (a function, a module) is not supported")
    if missing(times):
        return Resolved(iterator(item, infinite=True), (x,), _template(item))
    if is_none(times):
        b.fail("'NoneType' object cannot be interpreted as an integer (itertools.repeat's times)")
    return Resolved(iterator(item), (x, small_int(b, "times", "times")), _template(item))


_set_params("itertools.repeat", ("object", REGISTRY["itertools.repeat"].params[0][1]), ("times", MISSING))


# --- iterators ending at the shortest input ---------------------------------------------------
def _chain_rule(b):
    parts = b.args["iterables"].args
    b.args.update({f"it{i}": p for i, p in enumerate(parts)})
    read = [iterated(b, f"it{i}", allow_infinite=True) for i in range(len(parts))]
    item = common_item(b, [t for _, t in read], "itertools.chain()") if read else AnyT()
    infinite = any(is_infinite(e) for e, _ in read)
    return Resolved(iterator(item, infinite), tuple(e for e, _ in read), _template(item))


op("itertools.chain", "*iterables", obj=itertools.chain)(_chain_rule)


@op("itertools.chain.from_iterable", "iterable", obj=itertools.chain.from_iterable,
    header="muna/python/itertools/chain_from_iterable.hpp", cpp="muna::python::itertools::chain_from_iterable")
def _from_iterable(b):
    e, inner = iterated(b, "iterable", allow_infinite=True)
    # Each item is itself iterated (its own type decides how: a str's characters, a list's items).
    b.args["_inner"] = Expr("var", inner, attrs=(("name", "_"),), loc=b.loc)
    _, item = iterated(b, "_inner")
    return Resolved(iterator(item, is_infinite(e)), (e,), _template(item))


@op("itertools.islice", "iterable, *args", obj=itertools.islice)
def _islice(b):
    """islice(it, stop) or islice(it, start, stop[, step]); each bound an int or None, checked at
    run time with CPython's messages."""
    e, item = iterated(b, "iterable", allow_infinite=True)
    bounds = list(b.args["args"].args)
    if not 1 <= len(bounds) <= 3:
        b.fail(f"islice expected 2 to 4 arguments, got {len(bounds) + 1}")
    values = []
    for x in bounds:
        t = strip_literal(x.type)
        if t == NONE:
            values.append(const(None, b.loc, OptionalT(INT)))
        elif t in (INT, BOOL):
            values.append(convert(convert(x, INT), OptionalT(INT)))
        elif t == OptionalT(INT):
            values.append(x)
        else:
            b.fail("islice() arguments must be None or ints (CPython: ValueError \"Indices for islice() must be None "
                   f"or an integer: 0 <= x <= sys.maxsize.\"), not {t}")
    none = const(None, b.loc, OptionalT(INT))
    a1, a2, a3 = (values + [none, none])[:3]
    has_step = const(len(values) == 3, b.loc)
    stop = bounds[0] if len(bounds) == 1 else bounds[1]
    ends = not is_infinite(e) or not is_none(stop)
    return Resolved(iterator(item, not ends), (e, const(len(values) == 1, b.loc), a1, a2, a3, has_step),
                    _template(item))


def _predicate_rule(name, keeps_infinite):
    def rule(b):
        e, item = iterated(b, "iterable", allow_infinite=True)
        f = b.args["predicate"]
        fn = f if (name == "filterfalse" and is_none(f)) else lazy_function(b, "predicate", (item,))
        return Resolved(iterator(item, keeps_infinite and is_infinite(e)), (fn, e), _template(item))
    return rule


for _name, _keeps in (("takewhile", False), ("dropwhile", True), ("filterfalse", True)):
    op(f"itertools.{_name}", "predicate, iterable", obj=getattr(itertools, _name))(_predicate_rule(_name, _keeps))


@op("itertools.compress", "data, selectors", obj=itertools.compress)
def _compress(b):
    data, item = iterated(b, "data", allow_infinite=True)
    selectors, _ = iterated(b, "selectors", allow_infinite=True)
    return Resolved(iterator(item, is_infinite(data) and is_infinite(selectors)), (data, selectors), _template(item))


@op("itertools.pairwise", "iterable", obj=itertools.pairwise)
def _pairwise(b):
    e, item = iterated(b, "iterable", allow_infinite=True)
    return Resolved(iterator(TupleT((item, item)), is_infinite(e)), (e,), _template(item))


@op("itertools.starmap", "function, iterable", obj=itertools.starmap)
def _starmap(b):
    e, item = iterated(b, "iterable", allow_infinite=True)
    item = strip_literal(item)
    if not isinstance(item, TupleT):
        b.fail(f"itertools.starmap() needs tuples of known length to unpack, not {item}")
    fn = lazy_function(b, "function", item.items)
    result = strip_literal(fn.type)
    return Resolved(iterator(result, is_infinite(e)), (fn, e), _template(result))


@op("itertools.accumulate", "iterable, func=None, initial=None", obj=itertools.accumulate)
def _accumulate(b):
    e, item = iterated(b, "iterable", allow_infinite=True)
    initial = b.args["initial"]
    if not is_none(initial) and isinstance(strip_literal(initial.type), OptionalT):
        b.fail("itertools.accumulate() initial= that may be None: pass a value or leave it out")
    if is_none(b.args["func"]):
        b.args["func"] = synthesized_lambda(b, ("total", "item"),
                                            lambda name: ast.BinOp(left=name("total"), op=ast.Add(), right=name("item")))
    total = strip_literal(item) if is_none(initial) else strip_literal(initial.type)
    fn, total = folded(b, "func", total, item)
    init = const(None, b.loc, OptionalT(total)) if is_none(initial) else convert(convert_to(b, initial, total),
                                                                                  OptionalT(total))
    return Resolved(iterator(total, is_infinite(e)), (e, fn, init), _template(total))


def convert_to(b, e, t):
    return e if strip_literal(e.type) == t else convert(e, t)


def folded(b, name, total, item):
    """func(total, item) compiled for the running total's type: the join of where it starts and
    what func returns (an int total that func makes a float is an `int | float`)."""
    for _ in range(4):
        fn = lazy_function(b, name, (total, item))
        result = strip_literal(fn.type)
        if holds_exactly(total, result):
            return fn, total
        wider = join(total, result)
        if wider is None:
            b.fail(f"{b.op.name}(): the function returns {result} from a total of {total}; they need one type")
        total = wider
    b.fail(f"{b.op.name}(): the running total's type does not settle")


@op("itertools.zip_longest", "*iterables, fillvalue=None", obj=itertools.zip_longest)
def _zip_longest(b):
    parts = b.args["iterables"].args
    b.args.update({f"it{i}": p for i, p in enumerate(parts)})
    read = [iterated(b, f"it{i}", allow_infinite=True) for i in range(len(parts))]
    fill = b.args["fillvalue"]
    if isinstance(strip_literal(fill.type), StaticT):
        b.fail("zip_longest() fillvalue must be a value")
    items = []
    for _, t in read:
        j = join(t, fill.type)
        if j is None:
            b.fail(f"zip_longest(): fillvalue {fill.type} and items of {t} have no common type")
        items.append(j)
    result = TupleT(tuple(items))
    infinite = bool(read) and all(is_infinite(e) for e, _ in read)
    return Resolved(iterator(result, infinite), (fill,) + tuple(e for e, _ in read), _template(result))


# --- combinatorics ----------------------------------------------------------------------------
def _tuple_of(b, item, r_expr, what):
    """The type of a tuple of r items: a tuple[T, T, ...] when r is known now, else tuple[T, ...]."""
    n = constant_int(r_expr)
    if n is not None and n >= 0:
        return TupleT((strip_literal(item),) * n)
    return ListT(strip_literal(item), frozen=True)


@op("itertools.product", "*iterables, repeat=1", obj=itertools.product)
def _product(b):
    parts = b.args["iterables"].args
    b.args.update({f"it{i}": p for i, p in enumerate(parts)})
    read = [iterated(b, f"it{i}") for i in range(len(parts))]
    repeat = b.args["repeat"]
    if strip_literal(repeat.type) not in (INT, BOOL):
        b.fail(f"itertools.product() repeat must be an int, not {repeat.type}")
    n = constant_int(repeat)
    types = [strip_literal(t) for _, t in read]
    if n is not None:
        result = TupleT(tuple(types) * max(n, 0))
    elif types and all(t == types[0] for t in types):
        result = ListT(types[0], frozen=True)
    else:
        b.fail("itertools.product() with a repeat known only at run time needs iterables of one item type")
    return Resolved(iterator(result), (convert(repeat, INT),) + tuple(e for e, _ in read), _template(result))


def _choose(name, r_required):
    def rule(b):
        e, item = iterated(b, "iterable")
        item = strip_literal(item)
        r = b.args["r"]
        tr = strip_literal(r.type)
        if not r_required and tr == NONE:  # C++ <Result, T>: the tuples, and the pool's items
            result = ListT(item, frozen=True)
            return Resolved(iterator(result), (e, const(-1, b.loc), const(False, b.loc)), _template(result, item))
        if tr not in (INT, BOOL):
            b.fail(f"Expected int as r (itertools.{name}() of r {tr})")
        result = _tuple_of(b, item, r, name)
        return Resolved(iterator(result), (e, convert(r, INT), const(True, b.loc)), _template(result, item))
    return rule


op("itertools.permutations", "iterable, r=None", obj=itertools.permutations)(_choose("permutations", False))
op("itertools.combinations", "iterable, r", obj=itertools.combinations)(_choose("combinations", True))
op("itertools.combinations_with_replacement", "iterable, r",
   obj=itertools.combinations_with_replacement)(_choose("combinations_with_replacement", True))


# --- groupby and tee --------------------------------------------------------------------------
@op("itertools.groupby", "iterable, key=None", obj=itertools.groupby)
def _groupby(b):
    """(key, group) pairs; each group an iterator over its run of items that is valid until
    the groupby moves on (then it is empty, as CPython's is)."""
    e, item = iterated(b, "iterable", allow_infinite=True)
    item = strip_literal(item)
    key = b.args["key"]
    if is_none(key):
        fn, key_t = key, item
    else:
        fn = lazy_function(b, "key", (item,))
        key_t = strip_literal(fn.type)
    result = TupleT((key_t, iterator(item)))
    return Resolved(iterator(result, is_infinite(e)), (e, fn), _template(key_t, item))


@op("itertools.tee", "iterable, n=2", obj=itertools.tee)
def _tee(b):
    e, item = iterated(b, "iterable", allow_infinite=True)
    n = constant_int(b.args["n"])
    if n is None:
        b.fail("itertools.tee() n must be an int known at compile time (the number of iterators it returns)")
    if n < 0:
        b.fail("n must be >= 0")
    it = iterator(item, is_infinite(e))
    return Resolved(TupleT((it,) * n), (e,), _template(item) + (str(n),))


def materialized(b, name):
    """An iterable argument a builtin reads whole (sum, min, max of an iterator, a set, range()):
    the list of its items, in the order Python reads them."""
    e = b.args[name]
    t = strip_literal(e.type)
    if isinstance(t, ListT) or isinstance(t, (Str, TensorT)) or (isinstance(t, TupleT) and not t.items):
        return e
    if isinstance(t, (IterT, SetT, DictT, DequeT)) or (isinstance(t, TupleT) and all(i == t.items[0] for i in t.items)):
        if isinstance(t, IterT) and t.infinite:
            b.fail(f"{b.op.name}() of an infinite iterator ({t}) never ends; bound it first (itertools.islice, "
                   "takewhile or zip with a finite iterable)")
        read, item = iterated(b, name)
        return call("builtins.list", ListT(strip_literal(item)), (read,), b.loc)
    return e
