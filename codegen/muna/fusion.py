"""Pattern fusion: replace a dataflow subgraph of registry ops with one fused op.

Patterns are small trees over registry op names (ops/torch_fused.py declares them with the fused
ops). A function's top-level statements are read as a dataflow graph: a `var` read resolves to
the expression last assigned to that name, and no-op casts (`x.float()` of a float32 tensor) are
looked through, so a pattern matches however the source splits the computation into statements
and reassigns its names (`h = x.float(); h = h * rsqrt(...); h = h * (1 + w)`).

A match is applied only when every intermediate value it replaces is used by the match alone
(otherwise the unfused code would still run for the other use and nothing is saved). Its inputs
are re-expressed at the root: the same variable when its binding is still current there, else a
fresh `_fused_N` local assigned where the value was computed. Assignments the rewrite left
unread are then removed. Only top-level statements are matched: a loop or branch body keeps its
code as written.
"""
from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass, replace
from typing import Callable

from .ir import Expr, Function, Stmt, Target, walk_exprs, walk_stmts
from .types import TensorT

# Binary ops whose two operands may be swapped when matching.
COMMUTATIVE = {"torch.mul", "torch.add", "torch.Tensor.mul", "torch.Tensor.add"}
# Casts that change nothing when the input already has the result's dtype.
CASTS = {"torch.Tensor.float", "torch.Tensor.to", "torch.Tensor.type_as", "torch.Tensor.contiguous"}


# --- the pattern language ------------------------------------------------------------------------
@dataclass(frozen=True)
class Call:
    """A call of one of `ops` whose operands match `args` (and whose template is `template`,
    when given: e.g. gelu's tanh form)."""
    ops: tuple
    args: tuple
    template: tuple | None = None


@dataclass(frozen=True)
class Bind:
    """Any value, bound to `name`; the same name twice must be the same value. `check` may
    refuse it by its expression (its type, a constant's value)."""
    name: str
    check: Callable[[Expr], bool] | None = None


@dataclass(frozen=True)
class Const:
    """A constant equal to `value`."""
    value: object


@dataclass(frozen=True)
class Node:
    """An expression of kind `op` other than a call (a list, tuple or slice literal) whose
    operands match `args`."""
    op: str
    args: tuple


@dataclass(frozen=True)
class Either:
    """The first of `options` that matches."""
    options: tuple


@dataclass(frozen=True)
class Fusion:
    """Where `pattern` matches, call `op` with the bound values named by `args`, in that order.
    `extra(bindings)` may append constant arguments (e.g. which variant matched); `accept`
    may refuse a match by relations between its bindings (bindings map names to the resolved
    expressions)."""
    op: str
    pattern: object
    args: tuple
    extra: Callable[[dict], tuple] = lambda bindings: ()
    accept: Callable[[dict], bool] = lambda bindings: True


def call(ops, *args, template=None) -> Call:
    return Call((ops,) if isinstance(ops, str) else tuple(ops), args, template)


def is_float32_tensor(e: Expr) -> bool:
    return isinstance(e.type, TensorT) and e.type.dtype == "float32"


def is_number(e: Expr) -> bool:
    return e.op == "const" and isinstance(e.attr("value"), (int, float)) and not isinstance(e.attr("value"), bool)


# --- the dataflow view of a function body -------------------------------------------------------
def is_identity_cast(e: Expr) -> bool:
    return (e.op == "call" and e.attr("op") in CASTS and len(e.args) == 1
            and isinstance(e.type, TensorT) and isinstance(e.args[0].type, TensorT)
            and e.type.dtype == e.args[0].type.dtype)


def is_pure(e: Expr) -> bool:
    """Tensor arithmetic that may be moved or dropped: no helper calls, no in-place ops."""
    for x in walk_exprs(e):
        if x.op in ("const", "var", "global", "tuple", "list", "slice"):
            continue
        if x.op != "call":
            return False
        name = x.attr("op")
        in_place = name.endswith("_") and not name.endswith("__")  # add_, masked_fill_
        if not name.startswith(("torch.", "numpy.", "muna.fused.", "tensor.")) or in_place \
                or "__setitem__" in name:
            return False
    return True


def assigned_names(s: Stmt):
    def names(t: Target):
        if t.kind == "name":
            yield t.name
        for item in t.items:
            yield from names(item)

    for st in walk_stmts((s,)):
        for t in st.targets:
            yield from names(t)
        for _, bound, _ in st.handlers:
            if bound:
                yield bound


def simple_assign(s: Stmt) -> str | None:
    """The name of `name = value`, else None."""
    if s.op == "assign" and len(s.targets) == 1 and s.targets[0].kind == "name" and not s.targets[0].inner:
        return s.targets[0].name
    return None


class Dataflow:
    """Use-def links over a function's top-level statements."""

    def __init__(self, body: tuple):
        self.body = body
        self.definition = {}   # id(var read) -> the expression it reads (when resolvable)
        self.version = {}      # id(var read) -> which binding of its name it reads
        self.versions_at = []  # statement index -> {name: version} when it starts
        self.statement = {}    # id(expr) -> index of the top-level statement holding it
        self.assigned_to = {}  # id(expr) -> name, for the whole right side of `name = expr`
        self.uses = Counter()  # id(expr) -> operand edges into it, plus var reads of it
        current = {}           # name -> (version, defining expr or None)
        fresh = itertools.count(1)
        for i, s in enumerate(body):
            self.versions_at.append({n: v for n, (v, _) in current.items()})
            nested = s.op not in ("assign", "return", "expr")
            for root in self.roots(s):
                self.index(root, i, current, resolvable=not nested)
            for st in walk_stmts((s,)):
                if st is not s:
                    for root in self.roots(st):
                        self.index(root, i, current, resolvable=False)
            name = simple_assign(s)
            for n in set(assigned_names(s)):
                current[n] = (next(fresh), s.exprs[0] if n == name else None)
            if name is not None:
                self.assigned_to[id(s.exprs[0])] = name

    @staticmethod
    def roots(s: Stmt):
        yield from s.exprs
        for t in s.targets:
            if t.kind == "subscript":
                yield t.container
                yield t.index

    def index(self, e: Expr, i: int, current: dict, resolvable: bool):
        self.statement[id(e)] = i
        if e.op == "var":
            version, definition = current.get(e.attr("name"), (0, None))
            self.version[id(e)] = version
            if definition is not None:
                self.uses[id(definition)] += 1
                if resolvable:
                    self.definition[id(e)] = definition
        # Values reached through anything but calls and list/tuple literals are not matched (a
        # comprehension's names shadow the function's): their reads still count as uses.
        inner = resolvable and e.op in ("call", "list", "tuple")
        for a in e.args:
            self.uses[id(a)] += 1
            self.index(a, i, current, inner)

    def step(self, e: Expr) -> Expr | None:
        """The value `e` stands for, one link further: a var read's definition, a no-op cast's
        input; None when `e` is itself the value."""
        if e.op == "var":
            return self.definition.get(id(e))
        if is_identity_cast(e):
            return e.args[0]
        return None

    def resolve(self, e: Expr) -> Expr:
        while (nxt := self.step(e)) is not None:
            e = nxt
        return e

    def key(self, e: Expr):
        """What identifies the value `e` stands for: two reads of one binding are one value."""
        r = self.resolve(e)
        if r.op == "var":
            return ("var", r.attr("name"), self.version.get(id(r), 0))
        if r.op == "const":
            return ("const", repr(r.attr("value")), str(r.type))
        if r.op == "global":
            return ("global", r.attr("name"), r.attr("packed"))
        return ("expr", id(r))


# --- matching -----------------------------------------------------------------------------------
class Match:
    def __init__(self):
        self.bindings = {}  # name -> expression as first reached
        self.keys = {}      # name -> Dataflow.key
        self.edges = Counter()  # id(expr) -> edges the match follows into it (interior only)

    def copy(self):
        m = Match()
        m.bindings, m.keys, m.edges = dict(self.bindings), dict(self.keys), Counter(self.edges)
        return m


def match(p, e: Expr, flow: Dataflow, m: Match):
    """Every way pattern `p` matches the value `e` stands for, extending `m` (a generator)."""
    if isinstance(p, Bind):
        key = flow.key(e)
        if p.name in m.keys:
            if m.keys[p.name] == key:
                yield m
            return
        target = flow.resolve(e)
        if p.check is not None and not p.check(target):
            return
        m = m.copy()
        m.bindings[p.name], m.keys[p.name] = e, key
        yield m
        return
    if isinstance(p, Either):
        for option in p.options:
            yield from match(option, e, flow, m)
        return
    # Interior positions: walk through var reads and no-op casts, counting the edges taken.
    m = m.copy()
    m.edges[id(e)] += 1
    while (nxt := flow.step(e)) is not None:
        e = nxt
        m.edges[id(e)] += 1
    if isinstance(p, Const):
        if e.op == "const" and is_number(e) and e.attr("value") == p.value:
            yield m
        elif e.op == "const" and e.attr("value") is p.value:
            yield m
        return
    if isinstance(p, Node):
        if e.op == p.op and len(e.args) == len(p.args):
            yield from match_all(p.args, e.args, flow, m)
        return
    assert isinstance(p, Call)
    if e.op != "call" or e.attr("op") not in p.ops or len(e.args) != len(p.args):
        return
    if p.template is not None and tuple(e.attr("template") or ()) != p.template:
        return
    orders = [e.args]
    if e.attr("op") in COMMUTATIVE and len(e.args) == 2:
        orders.append(e.args[::-1])
    for args in orders:
        yield from match_all(p.args, args, flow, m)


def match_all(patterns, exprs, flow, m):
    if not patterns:
        yield m
        return
    for m1 in match(patterns[0], exprs[0], flow, m):
        yield from match_all(patterns[1:], exprs[1:], flow, m1)


def exclusive(m: Match, root: Expr, flow: Dataflow) -> bool:
    """Whether every intermediate value of the match is used by the match alone."""
    return all(flow.uses[k] <= n for k, n in m.edges.items() if k != id(root))


# --- rewriting ----------------------------------------------------------------------------------
def rebuild(e: Expr, swap: dict) -> Expr:
    if id(e) in swap:
        return swap[id(e)]
    args = tuple(rebuild(a, swap) for a in e.args)
    return e if all(a is b for a, b in zip(args, e.args)) else replace(e, args=args)


def rebuild_stmt(s: Stmt, swap: dict) -> Stmt:
    def target(t: Target) -> Target:
        if t.kind == "subscript":
            return replace(t, container=rebuild(t.container, swap), index=rebuild(t.index, swap))
        return replace(t, items=tuple(target(x) for x in t.items)) if t.items else t

    return replace(s, exprs=tuple(rebuild(e, swap) for e in s.exprs),
                   targets=tuple(target(t) for t in s.targets))


class Rewriter:
    """Applies one match to a body: returns the new body, or None when an input cannot be
    re-expressed at the root (an impure expression would have to move)."""

    def __init__(self, fn_names: set, counter):
        self.taken = fn_names
        self.counter = counter

    def temp(self) -> str:
        while True:
            name = f"_fused_{next(self.counter)}"
            if name not in self.taken:
                self.taken.add(name)
                return name

    def apply(self, body: tuple, flow: Dataflow, fusion: Fusion, m: Match, resolved: dict, root: Expr, r: int):
        inside = {id(x) for x in walk_exprs(root)}
        before, after, swaps = {}, {}, {}  # statement index -> new statements / expr swaps
        args = []
        for name in fusion.args:
            e = m.bindings[name]
            value = self.at_root(e, root, r, inside, flow, before, after, swaps)
            if value is None:
                return None
            args.append(value)
        fused = Expr("call", root.type, args=tuple(args) + fusion.extra(resolved),
                     attrs=(("op", fusion.op),), loc=root.loc)
        swaps.setdefault(r, {})[id(root)] = fused
        out = []
        for i, s in enumerate(body):
            out += before.get(i, [])
            out.append(rebuild_stmt(s, swaps[i]) if i in swaps else s)
            out += after.get(i, [])
        return tuple(out)

    def at_root(self, e, root, r, inside, flow, before, after, swaps):
        while True:
            if e.op in ("const", "global") or id(e) in inside:
                return e
            if e.op == "var" and flow.versions_at[r].get(e.attr("name"), 0) == flow.version.get(id(e), 0):
                return replace(e, loc=root.loc)
            nxt = flow.step(e)
            if nxt is None:
                break
            e = nxt
        s = flow.statement[id(e)]
        name = self.temp()
        stmt = flow.body[s]
        if flow.assigned_to.get(id(e)) is not None:
            # The whole right side of `n = e`: keep a second name for the value after it.
            read = Expr("var", e.type, attrs=(("name", flow.assigned_to[id(e)]),), loc=stmt.loc)
            after.setdefault(s, []).append(Stmt("assign", stmt.loc, stmt.source, exprs=(read,),
                                                targets=(Target("name", e.type, name=name),)))
        else:
            if not is_pure(e):
                return None
            before.setdefault(s, []).append(Stmt("assign", stmt.loc, stmt.source, exprs=(e,),
                                                 targets=(Target("name", e.type, name=name),)))
            swaps.setdefault(s, {})[id(e)] = Expr("var", e.type, attrs=(("name", name),), loc=e.loc)
        return Expr("var", e.type, attrs=(("name", name),), loc=root.loc)


def read_counts(body: tuple) -> Counter:
    """How many times each name is read anywhere in `body`."""
    return Counter(e.attr("name") for st in walk_stmts(body) for root in Dataflow.roots(st)
                   for e in walk_exprs(root) if e.op == "var")


def drop_unread(body: tuple, original: Counter) -> tuple:
    """Removes `name = <pure expr>` whose value nothing reads any more, for the names the
    rewrites read less often than `original` did (code the user wrote unread stays as it is)."""
    body = list(body)
    while True:
        now = read_counts(tuple(body))
        fewer = {n for n in original if now[n] < original[n]}
        for i, s in enumerate(body):
            name = simple_assign(s)
            if name in fewer and is_pure(s.exprs[0]) and not live_after(body[i + 1:], name):
                del body[i]
                break
        else:
            return tuple(body)


def live_after(rest: list, name: str) -> bool:
    """Whether a statement of `rest` may read the value `name` holds before them."""
    for s in rest:
        if read_counts((s,))[name]:
            return True
        if simple_assign(s) == name:
            return False
        if name in set(assigned_names(s)):  # reassigned on some paths only
            return True
    return False


def candidate_roots(body: tuple):
    """(statement index, call) for every call reachable from a top-level statement through
    calls alone, outermost first."""
    for i, s in enumerate(body):
        if s.op not in ("assign", "return", "expr"):
            continue
        stack = list(reversed(list(Dataflow.roots(s))))
        while stack:
            e = stack.pop()
            if e.op != "call":
                continue
            yield i, e
            stack.extend(reversed(e.args))


def rewrite_once(body: tuple, fusions: list, rewriter: Rewriter) -> tuple | None:
    """The body with the first applicable match rewritten, outermost roots first; None when
    nothing matches."""
    flow = Dataflow(body)
    for r, root in candidate_roots(body):
        for fusion in fusions:
            for m in match(fusion.pattern, root, flow, Match()):
                resolved = {k: flow.resolve(v) for k, v in m.bindings.items()}
                if not (exclusive(m, root, flow) and fusion.accept(resolved)):
                    continue
                new_body = rewriter.apply(body, flow, fusion, m, resolved, root, r)
                if new_body is not None:
                    return new_body
    return None


def fuse(fn: Function, fusions: list) -> Function:
    """Applies `fusions` to `fn` until none matches; then drops what they left unread."""
    if not fusions:
        return fn
    names = {p.name for p in fn.params} | {n for s in walk_stmts(fn.body) for n in assigned_names(s)}
    rewriter = Rewriter(names, itertools.count(1))
    body = fn.body
    while (new_body := rewrite_once(body, fusions, rewriter)) is not None:
        body = new_body
    return fn if body is fn.body else replace(fn, body=drop_unread(body, read_counts(fn.body)))
