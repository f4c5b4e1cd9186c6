"""The lowering from the frontend's IR to what the emitter takes: one flat, named list of small
passes, each followed by the verifier."""
from __future__ import annotations

from dataclasses import replace

from .build_ir import const
from .diagnostics import CompileError
from .fusion import fuse
from .ir import Function, Program, Stmt, Target, bound_flag, stmt_exprs, verify, walk_exprs, walk_stmts
from .ops.torch_fused import FUSIONS
from .registry import REGISTRY
from .types import BOOL, NONE, AnyT, NumberT, ScalarKindsT, python_float_to_integer, strip_literal


def always_exits(body) -> bool:
    """Whether control can never fall off the end of this block."""
    if not body:
        return False
    last = body[-1]
    if last.op in ("return", "raise"):
        return True
    if last.op == "if":
        return always_exits(last.body) and always_exits(last.orelse)
    if last.op == "try":
        if always_exits(last.finalbody):
            return True
        return ((always_exits(last.body) or always_exits(last.orelse))
                and all(always_exits(h) for _, _, h in last.handlers))
    if last.op == "while":
        cond = last.exprs[0]
        return cond.op == "const" and cond.attr("value") is True and not any(
            s.op == "break" for s in walk_stmts(last.body))
    return False


def check_returns(fn: Function) -> Function:
    """Every path returns or raises (the front end ends a body that can fall off its end with
    `return None`): a C++ function falling off its end would return garbage."""
    from .control import falls_through
    if falls_through(fn.body):
        raise CompileError(fn.loc, f"function '{fn.name}' may end without returning (a muna bug; please report it)")
    return fn


def bound_flags(fn: Function) -> Function:
    """The flags of variables the body may read unassigned (control.read checks one through
    python.detail.check_bound where a name was assigned on some paths only): each set after
    every statement that assigns its variable, and at the top of a loop that binds it. Before
    hoist_locals, which declares them (false) with the other locals."""
    flags = {e.args[0].attr("name") for s in walk_stmts(fn.body) for e in stmt_exprs(s)
             if e.op == "call" and e.attr("op") == "python.detail.check_bound"}
    if not flags:
        return fn

    def names(targets):
        for t in targets:
            if t.kind == "name":
                yield t.name
            yield from names(t.items)

    def setting(var, s):
        flag = bound_flag(var)
        if flag not in flags:
            return []
        return [Stmt("assign", s.loc, "", exprs=(const(True, s.loc),),
                     targets=(Target("name", BOOL, name=flag),))]

    def block(body):
        out = []
        for s in body:
            s = replace(s, body=block(s.body), orelse=block(s.orelse), finalbody=block(s.finalbody),
                        handlers=tuple((c, n, block(h)) for c, n, h in s.handlers))
            assigned = [] if s.op == "raise" else list(names(s.targets))
            assigned += [e.attr("name") for e in stmt_exprs(s) if e.op == "assign_expr"]
            if s.op == "for":  # the loop's own variables: bound at the top of each iteration
                s = replace(s, body=tuple(x for v in assigned for x in setting(v, s)) + s.body)
                out.append(s)
            else:
                out.append(s)
                out += [x for v in assigned for x in setting(v, s)]
        return tuple(out)

    return replace(fn, body=block(fn.body))


def hoist_locals(fn: Function) -> Function:
    """Every variable gets one C++ declaration at the top, with its single type: Python's
    function-wide scope, and the reason a variable cannot change type."""
    params = {p.name for p in fn.params}
    seen = {}

    def visit_target(t):
        if t.kind == "name" and t.name not in params and not t.inner:
            seen.setdefault(t.name, t.type)
        for item in t.items:
            visit_target(item)

    for s in walk_stmts(fn.body):
        for t in s.targets:
            if s.op != "raise":
                visit_target(t)
        for e in stmt_exprs(s):
            if e.op == "assign_expr" and e.attr("name") not in params:
                seen.setdefault(e.attr("name"), e.type)
    return replace(fn, locals=tuple(seen.items()))


def collect_includes(fn: Function) -> Function:
    """The headers of the ops the function calls, and of the runtime types its values have."""
    exprs = [e for s in walk_stmts(fn.body) for e in stmt_exprs(s)]
    types = [p.type for p in fn.params] + [t for _, t in fn.locals] + [fn.returns]
    return replace(fn, includes=tuple(sorted(headers_of(exprs, types))))


def headers_of(exprs, types=()) -> set:
    """The headers that C++ code made of `exprs` (each walked already, sub-expressions listed
    too) needs for its ops and for the runtime types of its values and of `types`."""
    headers = set()
    types = list(types)
    for e in exprs:
        types.append(e.type)
        if e.op == "convert" and python_float_to_integer(e.args[0].type, e.type):
            headers.add("muna/numpy/integer_from_float.hpp")
        if e.op in ("call", "subscript"):
            header = REGISTRY[e.attr("op")].header
            if header:
                headers.add(header)
    if any(NumberT() == t or NumberT() in _nested_types(t) for t in types):
        headers.add("muna/python/number.hpp")
    if any(isinstance(u, ScalarKindsT) for t in types for u in (strip_literal(t), *_nested_types(t))):
        headers.add("muna/python/any_scalar.hpp")
    if any(AnyT() == t or AnyT() in _nested_types(t) for t in types):
        headers.add("muna/python/object.hpp")
    from .records import enum_classes, record_classes
    if any(record_classes(t) for t in types):
        headers.add("muna/python/record.hpp")
    if any(enum_classes(t) for t in types):
        headers.add("muna/python/enum.hpp")
    return headers


def fuse_patterns(fn: Function) -> Function:
    """Fused kernels for the subgraphs ops/torch_fused.py names (RMSNorm, gated MLPs)."""
    return fuse(fn, FUSIONS)


PASSES = [
    ("check_returns", check_returns),
    ("bound_flags", bound_flags),
    ("fuse_patterns", fuse_patterns),
    ("hoist_locals", hoist_locals),
    ("collect_includes", collect_includes),
]


def _exprs_of(fn: Function):
    """Every expression of `fn`: its body's and its parameters' defaults."""
    for s in walk_stmts(fn.body):
        yield from stmt_exprs(s)
    for p in fn.params:
        if p.default is not None:
            yield from walk_exprs(p.default)


def drop_unreached_helpers(program: Program) -> Program:
    """Only the helpers the entry functions call, directly or through other helpers: building
    an entry may try forms that are then not kept (a rank the body does not take, the per-dtype
    fallback), and their helpers would be compiled for nothing."""
    by_name = {f.name: key for key, f in program.helpers.items()}
    reached, todo = set(), list(program.entries)
    while todo:
        fn = todo.pop()
        for e in _exprs_of(fn):
            name = e.attr("function") if e.op == "invoke" else None
            if name in by_name and name not in reached:
                reached.add(name)
                todo.append(program.helpers[by_name[name]])
    program.helpers = {k: f for k, f in program.helpers.items() if f.name in reached}
    return program


def drop_unused_constants(program: Program) -> Program:
    """Only the module-level constants the kept code reads: the front end may register one it
    then does not use (an item of a config dict folded after the dict was reached, a form of a
    helper that was not kept), and each costs a definition and its headers."""
    used = {e.attr("name") for fn in program.functions() for e in _exprs_of(fn) if e.op == "global"}
    program.constants = {k: v for k, v in program.constants.items() if k in used}
    return program


def lower(program: Program) -> Program:
    program = drop_unused_constants(drop_unreached_helpers(program))
    for fn in program.functions():
        verify(fn, REGISTRY, "frontend")
    for name, run in PASSES:
        program.entries = [run(f) for f in program.entries]
        program.entry = program.entries[0]
        program.helpers = {k: run(f) for k, f in program.helpers.items()}
        for fn in program.functions():
            verify(fn, REGISTRY, name)
    return program


def _nested_types(t):
    for attr in ("item", "key", "value"):
        sub = getattr(t, attr, None)
        if sub is not None:
            yield sub
            yield from _nested_types(sub)
    for sub in getattr(t, "items", ()) or ():
        yield sub
        yield from _nested_types(sub)
