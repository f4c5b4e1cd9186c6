"""The lowering from the frontend's IR to what the emitter takes: one flat, named list of small
passes, each followed by the verifier."""
from __future__ import annotations

from dataclasses import replace

from .build_ir import const
from .diagnostics import CompileError
from .fusion import fuse
from .ir import Function, Program, Stmt, stmt_exprs, verify, walk_stmts
from .ops.torch_fused import FUSIONS
from .registry import REGISTRY
from .types import NONE, strip_literal


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
    """A function declared to return None gets its implicit `return None`; any other must
    return on every path (C++ would silently return garbage)."""
    if always_exits(fn.body):
        return fn
    if strip_literal(fn.returns) == NONE:
        end = Stmt("return", fn.loc, "(implicit return None)", exprs=(const(None, fn.loc),))
        return replace(fn, body=fn.body + (end,))
    raise CompileError(fn.loc, f"function '{fn.name}' may end without returning a "
                       f"{fn.returns}; add a return (or raise) at the end")


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
    return replace(fn, locals=tuple(seen.items()))


def collect_includes(fn: Function) -> Function:
    headers = set()
    for s in walk_stmts(fn.body):
        for e in stmt_exprs(s):
            if e.op in ("call", "subscript"):
                header = REGISTRY[e.attr("op")].header
                if header:
                    headers.add(header)
    return replace(fn, includes=tuple(sorted(headers)))


def fuse_patterns(fn: Function) -> Function:
    """Fused kernels for the subgraphs ops/torch_fused.py names (RMSNorm, gated MLPs)."""
    return fuse(fn, FUSIONS)


PASSES = [
    ("check_returns", check_returns),
    ("fuse_patterns", fuse_patterns),
    ("hoist_locals", hoist_locals),
    ("collect_includes", collect_includes),
]


def lower(program: Program) -> Program:
    for fn in program.functions():
        verify(fn, REGISTRY, "frontend")
    for name, run in PASSES:
        program.entries = [run(f) for f in program.entries]
        program.entry = program.entries[0]
        program.helpers = {k: run(f) for k, f in program.helpers.items()}
        for fn in program.functions():
            verify(fn, REGISTRY, name)
    return program
