"""functools: reduce, partial and cmp_to_key (lru_cache and cache decorate functions muna
compiles as the plain function, frontend.unwrapped: the functions muna compiles are pure, so a
cache changes no result).

partial(f, *args, **keywords) and cmp_to_key(cmp) are compile-time objects: the name they are
assigned to holds them (no C++ value), and a call of one, or its use as key=, compiles the
call it stands for. C++: include/muna/python/functools/.
"""
from __future__ import annotations

import ast
import functools
from dataclasses import dataclass

from ..build_ir import call, convert
from ..ir import Expr
from ..registry import REGISTRY, Resolved, op
from ..types import NONE, NumberT, Scalar, StaticT, Type, strip_literal
from .python_itertools import MISSING, folded, iterated, missing, with_copies


@op("functools.reduce", "function, iterable, initial", obj=functools.reduce)
def _reduce(b):
    """reduce(function, iterable[, initial]): the total's type holds where it starts and every
    value function returns (see itertools.accumulate)."""
    e, item = iterated(b, "iterable")
    initial = b.args["initial"]
    total = strip_literal(item) if missing(initial) else strip_literal(initial.type)
    if isinstance(total, StaticT):
        b.fail("functools.reduce() initial must be a value")
    fn, total = folded(b, "function", total, item)
    if missing(initial):
        return Resolved(total, (fn, e), (total.cpp(),))
    init = initial if strip_literal(initial.type) == total else convert(initial, total)
    return Resolved(total, (fn, e, init), (total.cpp(),))


REGISTRY["functools.reduce"].params = REGISTRY["functools.reduce"].params[:2] + (("initial", MISSING),)


# --- partial ----------------------------------------------------------------------------------
class Partial:
    """functools.partial(func, *args, **keywords) at compile time: calling it calls func with
    the bound arguments first (keywords given at the call override the bound ones)."""

    def __init__(self, func, args, keywords):
        self.func, self.args, self.keywords = func, tuple(args), dict(keywords)

    def __call__(self, *args, **kwargs):  # a callable (key=, map) for the frontend
        raise TypeError("a compile-time partial")

    def muna_call(self, builder, args, kwargs, node):
        return builder.call_object(self.func, list(self.args) + list(args), {**self.keywords, **kwargs}, node)


def _stable(b, e) -> bool:
    """Whether reading `e` again where the partial is called gives the value it had when the
    partial was made: constants, and names assigned once, outside any loop (parameters)."""
    if e.op in ("const", "global"):
        return not isinstance(e.type, StaticT) or callable(e.attr("value"))
    if e.op == "convert":
        return _stable(b, e.args[0])
    if e.op == "var":
        if e.attr("local_to"):
            return False
        names = [n for n, vars_ in b.builder.vars_of.items() if any(v == e.attr("name") for v, _ in vars_)]
        return len(names) == 1 and _assigned_once(b.builder.tree, names[0])
    return False


def _assigned_once(tree, name) -> bool:
    params = {a.arg for a in tree.args.args}
    stores = []

    def visit(node, in_loop):
        for child in ast.iter_child_nodes(node):
            looping = in_loop or isinstance(node, (ast.For, ast.While, ast.comprehension))
            if isinstance(child, ast.Name) and child.id == name and isinstance(child.ctx, ast.Store):
                stores.append(looping)
            visit(child, looping)
    for stmt in tree.body:
        visit(ast.Module(body=[stmt], type_ignores=[]), False)
    if name in params:
        return not stores
    return len(stores) == 1 and not stores[0]


@op("functools.partial", "func, *args, **keywords", obj=functools.partial)
def _partial(b):
    func = b.args["func"]
    from ..function_values import LocalFunction
    if not (func.op == "const" and isinstance(func.type, StaticT) and
            (callable(func.attr("value")) or isinstance(func.attr("value"), LocalFunction))):
        b.fail("functools.partial() needs a function known at compile time (a module function, a builtin, a partial)")
    from ..frontend import _LambdaSource
    if isinstance(func.attr("value"), _LambdaSource):
        b.fail("functools.partial() of a lambda is not supported; define the function with def")
    bound = list(b.args["args"].args) + list(b.args["keywords"].args)
    for e in bound:
        if not _stable(b, e):
            b.fail("functools.partial() of a value that may change before the partial is called (a name assigned "
                   "again, in a loop, or a computed value): assign it to a name of its own first")
    names = b.args["keywords"].attr("names")
    value = Partial(func.attr("value"), b.args["args"].args, dict(zip(names, b.args["keywords"].args)))
    return Expr("const", StaticT("functools.partial"), attrs=(("value", value),), loc=b.loc)


# --- cmp_to_key -------------------------------------------------------------------------------
@dataclass(frozen=True)
class CmpKeyT(Type):
    """functools.cmp_to_key(cmp)(x): a key comparing by cmp (x < y when cmp(x, y) < 0)."""
    item: Type
    crosses_abi = False

    def cpp(self):
        return f"muna::python::functools::CmpKey<{self.item.cpp()}>"

    def __str__(self):
        return "functools.KeyWrapper"


class CmpToKey:
    """cmp_to_key(cmp) at compile time: applied to an item, the key object wrapping it."""

    def __init__(self, cmp):
        self.cmp = cmp

    def __call__(self, *args):
        raise TypeError("a compile-time cmp_to_key")

    def muna_call(self, builder, args, kwargs, node):
        if len(args) != 1 or kwargs:
            builder.error(node, "a cmp_to_key() key takes one argument")
        x = args[0]
        t = strip_literal(x.type)
        cmp = with_copies(builder.callable_expr(self.cmp, (t, t), builder.loc(node)))
        result = strip_literal(cmp.type)
        if not isinstance(result, (Scalar, NumberT)):
            builder.error(node, f"the cmp function of cmp_to_key() must return a number, not {result}")
        return call("functools.cmp_key", CmpKeyT(t), (x, cmp), builder.loc(node), (t.cpp(),))


@op("functools.cmp_to_key", "mycmp", obj=functools.cmp_to_key)
def _cmp_to_key(b):
    cmp = b.args["mycmp"]
    if not (cmp.op == "const" and isinstance(cmp.type, StaticT)):
        b.fail("functools.cmp_to_key() needs a function (a lambda or def) known at compile time")
    return Expr("const", StaticT("functools.cmp_to_key"), attrs=(("value", CmpToKey(cmp)),), loc=b.loc)


op("functools.cmp_key", "x, cmp", header="muna/python/functools/cmp_to_key.hpp",
   cpp="muna::python::functools::cmp_key")(lambda b: None)
_ = NONE
