"""A helper's `*args` and `**kwargs`, and `f(*args)` / `f(**kwargs)` in calls.

A call binds the extra positional (keyword) arguments of a helper that takes `*args`
(`**kwargs`) item by item: each becomes a hidden parameter of the helper named `args.0`,
`kwargs.eps`, ... (or, known at compile time, a compile-time argument of that name), and the
name `args` (`kwargs`) holds a Spread saying which. Read as a value it is the tuple (the dict)
of them; spread into a call (`f(*args, **kwargs)`, what a decorator's wrapper does) it is
those names again, so what the caller passed reaches `f` as it was passed, compile-time
arguments (a function, a dtype) too.
"""
from __future__ import annotations

import ast

from .ir import Expr
from .types import STR, AnyT, DictT


class Spread:
    """The `*args` (`keywords` False) or `**kwargs` of a helper: item -> the name holding it."""

    def __init__(self, names: dict, keywords: bool):
        self.names, self.keywords = names, keywords

    def static_key(self):
        return ("spread", self.keywords, tuple(self.names.items()))

    def muna_value(self, builder, node):
        """The tuple (the dict, keys in the caller's order) of the items."""
        if self.keywords and not self.names:  # nothing passed: an empty dict of anything
            return Expr("dict", DictT(STR, AnyT()), (), loc=builder.loc(node))
        if self.keywords:
            tree = ast.Dict(keys=[ast.Constant(k) for k in self.names], values=[_name(n, node) for n in self.names.values()])
        else:
            tree = ast.Tuple(elts=[_name(n, node) for n in self.names.values()], ctx=ast.Load())
        return builder.value(ast.fix_missing_locations(ast.copy_location(tree, node)))

    def get(self):
        """`kwargs.get(key[, default])` with the key known now: the argument, else the default."""
        return _Get(self) if self.keywords else None

    def positional(self, node) -> list:
        return [_name(n, node) for n in self.names.values()]

    def keyword_arguments(self, node) -> list:
        return [ast.copy_location(ast.keyword(arg=k, value=_name(n, node)), node) for k, n in self.names.items()]


def _name(name: str, node) -> ast.Name:
    return ast.copy_location(ast.Name(id=name, ctx=ast.Load()), node)


def hidden_name(param: str, item) -> str:
    """The name of item `item` (a position or a keyword) of the helper's `param`."""
    return f"{param}.{item}"


class _Get:
    def __init__(self, spread: Spread):
        self.spread = spread

    def muna_call(self, builder, args, kwargs, node):
        if kwargs or not 1 <= len(args) <= 2 or args[0].op != "const" or not isinstance(args[0].attr("value"), str):
            return builder.apply("dict.get", [self.spread.muna_value(builder, node), *args], kwargs, node)
        name = self.spread.names.get(args[0].attr("value"))
        if name is not None:
            return builder.value(_name(name, node))
        return args[1] if len(args) == 2 else builder.value(ast.copy_location(ast.Constant(None), node))
