"""Functions as values: what a name, a container or a helper's result may hold when it is a
function (docs/language.md, "Functions as values").

A function known at compile time (`f = np.max`, `fn = fn or default_fn`, a `def` or a lambda
assigned to a name) is a constant of type FunctionT with one option: a call of it is compiled
for that function, as a direct call is. Where paths join with different functions, or a
container of functions is read at a run-time index, the value is one of several options, held
as its number; a call then runs the option held (`call_value`), each option's call compiled for
the call's argument types.

A function defined inside the one being compiled (LocalFunction) reads that function's names
where it is called (Python's closures read them then). Passed to a helper, it takes its
enclosing names along as hidden arguments of the helper (`Captured`), so the helper's own names
never stand in for them; held among several options it may not leave its function.
"""
from __future__ import annotations

import ast
import copy
import inspect
import itertools
import types as pytypes

import numpy as np

from .arguments import Spread
from .build_ir import call, convert
from .diagnostics import CompileError
from .ir import Expr
from .scope import join_all
from .types import INT, AnyT, ClosureT, FunctionT, NoneT, StaticT, function_number, function_type, strip_literal

_FUNCTION_TYPES = (pytypes.FunctionType, pytypes.BuiltinFunctionType, pytypes.MethodType,
                   pytypes.MethodDescriptorType, np.ufunc)


class LocalFunction:
    """A function defined inside the function being compiled (`def`, or a lambda assigned to a
    name): a real function object made from its tree (so its source, defaults and hints read as
    any function's), the names it may read from the enclosing function, and where it is
    defined, which is what makes two builds of the same `def` the same function."""

    def __init__(self, fn, free, where, nonlocals=()):
        self.fn, self.free, self.where = fn, tuple(free), where
        self.nonlocals = tuple(nonlocals)  # enclosing names it assigns (with_nonlocals_returned)
        self.__qualname__ = fn.__qualname__.replace(".<locals>", "")  # how types and messages name it

    def __eq__(self, other):
        return isinstance(other, LocalFunction) and (self.where, self.free) == (other.where, other.free)

    def __hash__(self):
        return hash((self.where, self.free))

    def static_key(self):  # the same function in every build of the function defining it: where it is
        return ("local", self.where, self.free)


class Captured:
    """A LocalFunction passed to a helper: the helper's parameters (`params`, an enclosing name
    -> the hidden parameter holding its value at the call) stand for the names it reads."""

    def __init__(self, local: LocalFunction, params: dict):
        self.local, self.params = local, params

    def static_key(self):
        return ("captured", self.local.where, tuple(sorted(self.params.items())))


# Builtin types called as conversions (`fn = str if as_text else int`); NumPy's scalar types stay
# dtypes (compile-time arguments of the ops that take one).
_CONVERSIONS = (int, float, str, bool, list, tuple, dict, set, frozenset, bytes)


def is_function_value(value) -> bool:
    """Whether `value` is a function muna holds as a value: a Python function, a builtin (a
    conversion such as `str` too), a NumPy ufunc, a method bound to a compile-time object, a
    method of a builtin type (`str.lower`), or a function defined in the function being compiled."""
    if isinstance(value, type):
        return value in _CONVERSIONS
    return isinstance(value, (*_FUNCTION_TYPES, LocalFunction, Captured))


def function_const(value, loc) -> Expr:
    """A function known at compile time, as a value."""
    return Expr("const", function_type(value), attrs=(("value", value),), loc=loc)


def known_function(e) -> object | None:
    """The function `e` holds if it is known at compile time, else None."""
    if isinstance(e, Expr) and e.op == "const" and isinstance(strip_literal(e.type), FunctionT):
        return e.attr("value")
    return None


def function_number_of(e: Expr) -> Expr | None:
    """The number of the function `e` holds, as an int (what `is` and `==` of functions
    compare), or None if `e` is no function."""
    fn = e.attr("value") if e.op == "const" else None
    if isinstance(strip_literal(e.type), StaticT) and is_function_value(fn) or known_function(e) is not None:
        return Expr("const", INT, attrs=(("value", function_number(fn)),), loc=e.loc)
    if isinstance(strip_literal(e.type), FunctionT):
        return Expr("convert", INT, (e,), loc=e.loc)
    return None


def bound_to_its_function(t) -> bool:
    """Whether a value of type `t` may hold a function that reads names of the function that
    defined it: such a value may not leave that function."""
    return isinstance(t, FunctionT) and any(isinstance(f, Captured) or isinstance(f, LocalFunction) and f.free
                                            for _, f in t.options)


_ids = itertools.count()


def call_value(builder, func: Expr, args: list, kwargs: dict, node) -> Expr:
    """A call of a function value known only at run time: the function, then its operands,
    evaluated once, in order (as Python does), then the call of the option held. A call an
    option cannot take raises its error when that option is held, as Python's call would."""
    t = strip_literal(func.type)
    if any(isinstance(f, LocalFunction) and f.nonlocals for _, f in t.options):
        builder.unsupported(node, f"calling one of {t} chosen at run time, where one rebinds names of this function "
                            "(nonlocal)", "call each where it is chosen")
    uid = next(_ids)
    operands = [a for a in [*args, *kwargs.values()] if a.op != "const"]
    slots = [f"f{uid}_{k}" for k in range(len(operands))]
    stand_ins = {id(a): Expr("dispatch_arg", a.type, attrs=(("slot", s), ("dynamic", False)), loc=a.loc)
                 for a, s in zip(operands, slots)}

    def held(a):
        return stand_ins.get(id(a), a)
    branches, refused = [], []
    for number, fn in t.options:
        try:
            result = builder.call_object(fn, [held(a) for a in args], {k: held(v) for k, v in kwargs.items()}, node)
        except CompileError as e:
            refused.append((number, e))
            continue
        branches.append((number, result))
    if not branches:
        raise refused[0][1]
    types = [strip_literal(r.type) for _, r in branches]
    result = join_all(types)
    if result is None and all(AnyT.holds(x) for x in types):
        result = AnyT()  # options returning different types: a value of run-time type, as in Python
    if result is None:
        builder.error(node, f"the functions this call may run ({t}) return {', '.join(sorted(set(map(str, types))))}; "
                      "make them return one type")
    attrs = (("slots", tuple(slots)), ("numbers", tuple(n for n, _ in branches)),
             ("refused", tuple((n, e.raises, e.message) for n, e in refused)))
    return Expr("call_value", result, (func, *operands, *(convert(r, result) for _, r in branches)), attrs,
                builder.loc(node))


def closed_over(builder, value: Expr, node) -> Expr:
    """`value` leaving the function that holds it (returned): a function defined there that
    reads its names becomes a closure holding their values now (ClosureT); any other value is
    returned as it is."""
    local = known_function(value)
    if not isinstance(local, LocalFunction) or not local.free:
        return value
    if local.nonlocals:
        builder.unsupported(node, f"returning {local.__qualname__}, which rebinds names of this function (nonlocal)",
                            "return what calling it gives, or keep the state in a list or dict it changes")
    held, statics = [], []
    for name in local.free:
        if name in builder.scope:
            v = builder.decided(builder.read(node, name))
            if known_function(v) is not None:
                v = known_function(v)
            elif v.op == "const" and isinstance(v.type, (StaticT, NoneT)):
                v = v.attr("value")
        elif name in builder.statics:  # a compile-time argument of its function (a function passed to it)
            v = builder.statics[name]
        else:
            continue
        if isinstance(v, Expr):
            held.append((name, v))
        elif isinstance(v, Spread):
            builder.unsupported(node, f"returning {local.__qualname__}, which reads *{name} or **{name}",
                                "return what calling it gives")
        else:  # known now: bound into each call; a function reading names takes their values along
            statics.append((name, builder.captured(name, v, node, held)))
    names, values = tuple(n for n, _ in held), tuple(v for _, v in held)
    t = ClosureT(local, names, tuple(strip_literal(v.type) for v in values), tuple(statics))
    return Expr("closure", t, values, loc=value.loc)


class MethodOp:
    """A method of a run-time value's kind (list.append), the function of a bound method value."""

    def __init__(self, op: str, text: str):
        self.op, self.__qualname__ = op, text

    def __eq__(self, other):
        return isinstance(other, MethodOp) and self.op == other.op

    def __hash__(self):
        return hash(self.op)


def bound_method(receiver: Expr, op: str, text: str, loc) -> Expr:
    """A method of a run-time value taken as a value (`add = out.append`): a closure over the
    value, bound now as Python binds it; a call applies the method to it."""
    t = ClosureT(MethodOp(op, text), ("self",), (strip_literal(receiver.type),))
    return Expr("closure", t, (receiver,), loc=loc)


def call_closure(builder, func: Expr, args: list, kwargs: dict, node) -> Expr:
    """A call of a closure (ClosureT): its function, reading the names it closed over from the
    values the closure holds. The closure is evaluated once, before the arguments."""
    t, loc = strip_literal(func.type), builder.loc(node)
    effects = []
    if func.op != "var" and len(t.items) > 1:
        if builder.in_comprehension:
            builder.unsupported(node, f"calling the {t} a call returns, in a comprehension", "name it first")
        held = f"_closure_{loc.line}_{loc.col}"
        target, value = builder.bind(node, held, func)
        effects.append(Expr("assign_expr", target.type, (value,), attrs=(("name", target.name),), loc=loc))
        func = builder.read(node, held)
    free = [(name, call("tuple.get", item, (func,), loc, (str(i),)))
            for i, (name, item) in enumerate(zip(t.names, t.items))]
    if isinstance(t.function, MethodOp):
        result = builder.apply(t.function.op, [free[0][1], *args], kwargs, node)
    else:
        result = builder.invoke(t.function.fn, None, args, kwargs, node, free=free, bound=t.statics)
    for effect in effects:
        result = Expr("seq", result.type, (effect, result), loc=loc)
    return result


def lambda_as_def(node: ast.Lambda) -> ast.FunctionDef:
    """A lambda as the `def <lambda>(x): return e` it is."""
    fn = ast.FunctionDef(name="<lambda>", args=node.args, body=[ast.Return(value=node.body)], decorator_list=[],
                         returns=None, type_comment=None)
    fn.from_lambda = True
    return ast.fix_missing_locations(ast.copy_location(fn, node))


def with_nonlocals_returned(node: ast.FunctionDef) -> tuple[ast.FunctionDef, tuple]:
    """A `def` that rebinds enclosing names (`nonlocal pos`), as one that returns them: each
    `return v` of its own becomes `return (v, pos)` (falling off the end, `(None, pos)`), so
    the call can bind them in the enclosing function afterwards (FunctionBuilder.call_local).
    Returns the new tree and the names; the tree itself where it has none."""
    names = []
    for n in _own_nodes(node):
        if isinstance(n, ast.Nonlocal):
            names += [x for x in n.names if x not in names]
    if not names:
        return node, ()
    tree = copy.deepcopy(node)

    def carry(value, at):
        items = [value or ast.Constant(None)] + [ast.Name(id=x, ctx=ast.Load()) for x in names]
        return ast.copy_location(ast.Tuple(elts=items, ctx=ast.Load()), at)
    for n in _own_nodes(tree):
        if isinstance(n, ast.Return):
            n.value = carry(n.value, n)
    for n in [tree, *_own_nodes(tree)]:
        for field in ("body", "orelse", "finalbody"):
            block = getattr(n, field, None)
            if isinstance(block, list):
                setattr(n, field, [x for x in block if not isinstance(x, ast.Nonlocal)] or [
                    ast.copy_location(ast.Pass(), n)])
    end = tree.body[-1]
    tree.body.append(ast.copy_location(ast.Return(value=carry(None, end)), end))
    return ast.fix_missing_locations(tree), tuple(names)


def _own_nodes(fn: ast.FunctionDef):
    """The nodes of `fn`'s body outside the functions and lambdas defined in it."""
    todo = list(fn.body)
    while todo:
        n = todo.pop()
        yield n
        if not isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            todo.extend(ast.iter_child_nodes(n))


def module_lambda(fn) -> ast.FunctionDef | None:
    """The tree of a lambda made at module level (`ACTIVATIONS = {"relu": lambda x: ...}`), as
    a `def`, numbered as FunctionBuilder numbers a function's own lines; None if its source is
    not found. The lambda is the one at its code's first line whose span holds the columns of
    its code (several may share a line)."""
    try:
        lines, first = inspect.getsourcelines(fn)
        with open(inspect.getsourcefile(fn), encoding="utf-8") as f:
            module = ast.parse(f.read())
    except (OSError, TypeError, SyntaxError):
        return None
    cols = [c for line, _, c, end in fn.__code__.co_positions() if line == first and c is not None and end and end > c]
    found = [n for n in ast.walk(module) if isinstance(n, ast.Lambda) and n.lineno == first
             and all(n.col_offset <= c <= (n.end_col_offset or 1 << 30) for c in cols)]
    if not found:
        return None
    innermost = min(found, key=lambda n: (n.end_col_offset or 0) - n.col_offset)
    indent = len(lines[0]) - len(lines[0].lstrip())
    return relocated(lambda_as_def(innermost), -(first - 1), -indent)


def relocated(tree: ast.AST, lines: int, cols: int) -> ast.AST:
    """A copy of `tree` whose positions are moved by `lines` and `cols` (a lambda's, from its
    enclosing function's numbering to its own)."""
    tree = copy.deepcopy(tree)
    for n in ast.walk(tree):
        if hasattr(n, "lineno"):
            n.end_lineno = (n.end_lineno or n.lineno) + lines
            n.lineno += lines
            n.col_offset = max(0, n.col_offset + cols)
            n.end_col_offset = max(0, (n.end_col_offset or 0) + cols)
    return tree


def static_of(e: Expr) -> Expr:
    """A known function as a compile-time argument (what ops taking a callable, and helpers
    specialized on one, read); any other value unchanged."""
    fn = known_function(e)
    if fn is None:
        return e
    return Expr("const", StaticT(getattr(fn, "__qualname__", None) or type(fn).__name__),
                attrs=(("value", fn),), loc=e.loc)
