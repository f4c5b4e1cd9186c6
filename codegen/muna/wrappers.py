"""Which function a call or an exported name compiles, through its decorators: those compiled
code may ignore (torch's no_grad/inference_mode, functools' caches) are looked through; a
decorator of the user's is compiled as the wrapper it returns, whose closure (the wrapped
function, the decorator's arguments) holds compile-time values; an exported function under one
keeps the wrapped function's signature. Also where a function's source tree comes from, and
the annotations of a helper that evaluate.
"""
from __future__ import annotations

import ast
import contextlib
import copy
import functools
import inspect
import sys
import textwrap
import types as pytypes
import typing

from .function_values import module_lambda


def function_tree(fn) -> ast.FunctionDef:
    """The tree of `fn`'s `def`: the file's, read from its own code; a lambda's as a `def`
    (function_values: assigned to a name, or in a module-level table)."""
    if hasattr(fn, "__muna_tree__"):
        return fn.__muna_tree__
    if fn.__name__ == "<lambda>":
        tree = module_lambda(fn)
        if tree is not None:
            return tree
    lines, _ = inspect.getsourcelines(own_code(fn))
    return ast.parse(textwrap.dedent("".join(lines))).body[0]


def unwrapped(fn):
    """The function under its decorators, when each is one compiled code may ignore: torch's
    no_grad/inference_mode (compiled code keeps no autograd state) and functools' caches (a
    pure function's result is the same without one). Any other decorator (the user's own,
    whose wrapper calls the function) changes what the function does: then `fn` itself, the
    wrapper, compiled as the function it is (its closure's names are compile-time values)."""
    inner = inspect.unwrap(fn) if callable(fn) else fn
    if inner is fn or not isinstance(inner, pytypes.FunctionType):
        return fn
    try:
        lines, first = inspect.getsourcelines(inner)
    except (OSError, TypeError):
        return fn
    tree = ast.parse(textwrap.dedent("".join(lines))).body[0]
    for dec in getattr(tree, "decorator_list", []):
        try:
            obj = eval(compile(ast.Expression(dec), inspect.getsourcefile(inner) or "?", "eval"), inner.__globals__)
        except Exception:
            obj = None
        if not _ignorable_decorator(obj):
            return fn
    return inner


def exported(fn):
    """The function an entry point compiles: `fn` under the decorators compiled code may
    ignore; under a decorator of the user's, a function with the wrapped function's signature
    (what the caller passes, as inspect.signature reads it) whose body calls the wrapper."""
    fn = unwrapped(fn)
    inner = inspect.unwrap(fn) if isinstance(fn, pytypes.FunctionType) else fn
    if inner is fn and isinstance(fn, pytypes.FunctionType) and fn.__code__.co_flags & (inspect.CO_VARARGS |
                                                                                       inspect.CO_VARKEYWORDS):
        # A wrapper without functools.wraps: the one function its closure holds is the one it wraps.
        held = [v for v in closure_of(fn).values() if isinstance(v, pytypes.FunctionType)]
        inner = held[0] if len(held) == 1 else fn
    if inner is fn or not isinstance(inner, pytypes.FunctionType):
        return fn
    tree = copy.deepcopy(function_tree(inner))
    a = tree.args
    call_args = [ast.Name(id=p.arg, ctx=ast.Load()) for p in a.posonlyargs + a.args]
    if a.vararg:
        call_args.append(ast.Starred(value=ast.Name(id=a.vararg.arg, ctx=ast.Load()), ctx=ast.Load()))
    keywords = [ast.keyword(arg=p.arg, value=ast.Name(id=p.arg, ctx=ast.Load())) for p in a.kwonlyargs]
    if a.kwarg:
        keywords.append(ast.keyword(arg=None, value=ast.Name(id=a.kwarg.arg, ctx=ast.Load())))
    call_wrapper = ast.Call(func=ast.Name(id="__muna_wrapper__", ctx=ast.Load()), args=call_args, keywords=keywords)
    tree.body = [ast.copy_location(ast.Return(value=call_wrapper), tree)]
    tree.decorator_list = []
    entry = pytypes.FunctionType(inner.__code__, inner.__globals__, inner.__name__, inner.__defaults__, inner.__closure__)
    entry.__kwdefaults__, entry.__annotations__ = inner.__kwdefaults__, inner.__annotations__
    entry.__muna_tree__ = ast.fix_missing_locations(tree)
    entry.__muna_statics__ = {"__muna_wrapper__": fn}
    return entry


def _ignorable_decorator(obj) -> bool:
    torch = sys.modules.get("torch")
    if torch is not None:
        modes = (torch.no_grad, torch.inference_mode)
        if obj in modes or isinstance(obj, modes):
            return True
    if obj in (functools.cache, functools.lru_cache):
        return True
    return getattr(obj, "__module__", "") == "functools" and "lru_cache" in getattr(obj, "__qualname__", "")
def evaluable_hints(fn) -> dict:
    """The annotations of `fn` that evaluate, each on its own (names imported only for type
    checkers leave theirs out)."""
    out = {}
    for name, ann in getattr(fn, "__annotations__", {}).items():
        with contextlib.suppress(Exception):
            out[name] = typing.get_type_hints(_Annotated({name: ann}, fn), include_extras=True)[name]
    return out


class _Annotated:
    """A stand-in holding one annotation of `fn` (typing.get_type_hints reads __annotations__
    and the function's globals)."""

    def __init__(self, annotations, fn):
        self.__annotations__, self.__globals__ = annotations, fn.__globals__


def own_code(fn):
    """What to read `fn`'s source from: its code, since inspect reads a wrapper made with
    functools.wraps as the function it wraps."""
    return fn.__code__ if isinstance(fn, pytypes.FunctionType) else fn


def closure_of(fn) -> dict:
    """The names a function made inside another reads from it (a decorator's wrapper reads the
    function it wraps), with their values: known at compile time, as module names are."""
    out = {}
    for name, cell in zip(fn.__code__.co_freevars, fn.__closure__ or ()):
        with contextlib.suppress(ValueError):  # a cell not filled yet
            out[name] = cell.cell_contents
    return out
