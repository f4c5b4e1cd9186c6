"""Statements, and how names' bindings (scope.py) flow through them.

The statement half of FunctionBuilder (frontend.py holds the expressions): assignments, if,
while and for (with else), try, with, raise, assert. Each builds IR and keeps `self.scope` (name
-> Binding or Conflict) true for the point after it: branches merge with copies at their ends,
and a loop is rebuilt until the bindings at its head (what back edges bring) and after it (what
`break` and the normal exit bring) no longer change.
"""
from __future__ import annotations

import ast
import builtins
import contextlib
import re

import numpy as np
from dataclasses import replace

from .build_ir import call, const, convert
from .diagnostics import CompileError
from .ir import Expr, Stmt, Target, bound_flag
from .registry import REGISTRY
from .scope import NOT_CONST, Binding, Conflict, holds_exactly, join_all, storage
from .function_values import LocalFunction, function_const, lambda_as_def, relocated, with_nonlocals_returned
from .types import (BOOL, NONE, STR, AnyT, DictT, DynTensorT, FunctionT, IterT, ListT, LiteralT, NumberT, OptionalT, Scalar, SetT,
                    SliceT, Str, StaticT, TensorT, TupleT, Type, open_row_type, row_type, rows_are_elements, strip_literal)

MAX_LOOP_ROUNDS = 12  # a loop's bindings settle in two or three rounds; more means a muna bug


class LoopContext:
    """A loop being built: where its back edges and breaks must leave each name."""

    def __init__(self, header, after, has_else, assigned=frozenset()):
        self.header = header  # name -> Binding/Conflict at the loop's head
        self.assigned = assigned  # the names the loop binds (Python's locals it may bind first)
        self.after = after    # name -> Binding/Conflict after the loop (None until known)
        self.has_else = has_else
        self.back = []        # scopes at `continue` and at the end of the body
        self.breaks = []      # scopes at `break`
        # Errors of statements left out of this round because they use an empty container's
        # items before the body decides what it holds (`for t in tracks: t.age += 1` above
        # `tracks.append(Track(...))`): the loop is built again once it is decided.
        self.deferred = []
        # Names read before the body binds them, in its later iterations (`total += prev` above
        # `prev = x`): the round is built again with them at the head, maybe unbound.
        self.read_before_bound = False


def falls_through(body) -> bool:
    """Whether control can leave this block by its end (not by return/raise/break/continue)."""
    if not body:
        return True
    last = body[-1]
    if last.op in ("return", "raise", "break", "continue"):
        return False
    if last.op == "if":
        return falls_through(last.body) or falls_through(last.orelse)
    if last.op == "try":
        if last.finalbody and not falls_through(last.finalbody):
            return False
        paths = [last.orelse if last.orelse else last.body] + [h for _, _, h in last.handlers]
        return any(falls_through(p) for p in paths) or (bool(last.orelse) and not falls_through(last.body))
    if last.op == "while":
        cond = last.exprs[0]
        if cond.op == "const" and cond.attr("value") is True:
            return _has_break(last.body)
    return True


def _has_break(body) -> bool:
    for s in body:
        if s.op == "break":
            return True
        if s.op in ("if", "try"):
            if _has_break(s.body) or _has_break(s.orelse) or any(_has_break(h) for _, _, h in s.handlers):
                return True
    return False


def same_scope(a: dict, b: dict) -> bool:
    if a.keys() != b.keys():
        return False
    for k in a:
        x, y = a[k], b[k]
        if isinstance(x, Conflict) or isinstance(y, Conflict):
            if not (isinstance(x, Conflict) and isinstance(y, Conflict)):
                return False
        elif not x.same_value(y):
            return False
    return True


class ControlFlow:
    """Statement building for FunctionBuilder (see frontend.py for the state it keeps)."""

    # --- bindings -------------------------------------------------------------------------------
    def next_serial(self) -> int:
        self.serials += 1
        return self.serials

    def var_for(self, name: str, var_type: Type, inner=False) -> str:
        """A C++ variable for `name` holding `var_type`: one the name had of that type (a value
        of this name reaches no other binding), else a new one."""
        key = storage(var_type)
        if not inner:
            for var, t in self.vars_of.get(name, ()):
                if t == key:
                    return var
        var, n = name, 1
        while var in self.taken or (var != name and var in self.python_names):
            n += 1
            var = f"{name}_{n}"
        self.taken.add(var)
        if not inner:
            self.vars_of.setdefault(name, []).append((var, key))
        return var

    def bind(self, node, name: str, value: Expr, inner=False) -> tuple:
        """Binds `name` to `value` from here on: (the assignment's target, the value converted to
        the variable's type)."""
        t = strip_literal(value.type)
        if isinstance(t, IterT) and not t.storable:
            self.error(node, f"an iterator ({t}) cannot be stored; use list(...)")
        old = self.scope.get(name)
        hint = self.declared.get(name)
        if hint is not None and not inner and _has_pending(t):
            # `xs = []` where `xs: list[float]` was declared: the declaration says what it holds.
            with contextlib.suppress(CompileError):
                value = self.coerce(value, hint, node, f"'{name}'")
                t = strip_literal(value.type)
        if isinstance(old, Binding) and not old.inner and not inner and holds_exactly(old.var_type, t):
            var, var_type = old.var, old.var_type
        elif hint is not None and not inner and holds_exactly(hint, t):
            var_type = hint
            var = self.var_for(name, var_type)
        else:
            var_type = t
            var = self.var_for(name, var_type, inner)
        # A compile-time object an op made (functools.partial(...), x.dtype) is held by the name
        # as a constant: it never reaches C++.
        static = value.op == "const" and isinstance(t, (StaticT, FunctionT))
        self.statics.pop(name, None)  # a compile-time argument of that name is no longer what it names
        c = value.attr("value") if value.op == "const" and (_foldable(value.attr("value")) or static) else NOT_CONST
        self.scope[name] = Binding(var, t, var_type, c, inner, self.next_serial(), self.loc(node))
        self.log_binding(name)
        converted = value if storage(t) == storage(var_type) else convert(value, var_type)
        return Target("name", var_type, name=var, inner=inner), converted

    def log_binding(self, name):
        """Inside try bodies, every binding a name takes is recorded: a handler may start at any
        of them."""
        for log in self.try_logs:
            log.setdefault(name, []).append(self.scope[name])

    def read(self, node, name: str) -> Expr:
        b = self.scope[name]
        loc = self.loc(node)
        if isinstance(b, Conflict):
            kinds = " or ".join(sorted({str(t) for t, _ in b.options}))
            where = ", ".join(f"line {l.line}" for _, l in b.options if l)
            self.error(node, f"'{name}' may be {kinds} here (assigned at {where}); a value used after "
                       "the paths join needs one type: convert it on each path, or use a new name")
        if b.const is not NOT_CONST:
            out = Expr("const", b.type, attrs=(("value", b.const),), loc=loc)
        else:
            attrs = (("name", b.var),) + ((("local_to", "inner"),) if b.inner else ())
            if storage(b.type) == storage(b.var_type):
                out = Expr("var", b.type, attrs=attrs, loc=loc)
            else:
                var = Expr("var", b.var_type, attrs=attrs, loc=loc)
                out = Expr("convert", b.type, (var,), loc=loc)
        if b.maybe_unbound:  # Python's UnboundLocalError on a path that did not assign it
            flag = Expr("var", BOOL, attrs=(("name", bound_flag(b.var)),), loc=loc)
            check = call("python.detail.check_bound", NONE, (flag, const(name, loc)), loc)
            out = Expr("seq", out.type, (check, out), loc=loc)
        return out

    def narrow(self, name: str, t: Type):
        b = self.scope.get(name)
        if isinstance(b, Binding) and holds_exactly(b.var_type, t):
            self.scope[name] = replace(b, type=t, serial=self.next_serial())

    def copy_into(self, target: Binding, name, node) -> list:
        """Statements that put the name's current value into `target`'s variable."""
        cur = self.scope.get(name)
        if not isinstance(cur, Binding) or cur.var == target.var or isinstance(target, Conflict):
            return []
        value = convert(self.read(node, name), target.var_type) if storage(cur.type) != storage(target.var_type) \
            else self.read(node, name)
        return [self.mk(node, "assign", exprs=(value,), targets=(Target("name", target.var_type, name=target.var),))]

    def resolved(self, scope: dict) -> dict:
        """`scope` with the empty containers' item types decided since it was saved."""
        return {k: self.decided(v) for k, v in scope.items()}

    def merge(self, states: list, node) -> tuple:
        """The scope where paths with these scopes join, and per path the copies that must end
        it (so that each name is in one variable whichever path ran)."""
        states = [self.resolved(s) for s in states]
        merged, copies = {}, [[] for _ in states]
        names = []
        for s in states:
            names += [n for n in s if n not in names]
        for name in names:
            present = [(i, s[name]) for i, s in enumerate(states) if name in s]
            bindings = [b for _, b in present]
            if any(isinstance(b, Conflict) for b in bindings):
                merged[name] = Conflict(tuple(o for b in bindings for o in (b.options if isinstance(b, Conflict) else ((b.type, b.loc),))))
                continue
            first = bindings[0]
            if any(b.inner for b in bindings):
                if all(b is first or b.same_value(first) for b in bindings):
                    merged[name] = first
                continue  # a comprehension's name never outlives it
            # bound on some of the paths only (or maybe unbound on one): checked where it is read
            unbound = len(present) < len(states) or any(b.maybe_unbound for b in bindings)
            if all(b is first or b.same_value(first) for b in bindings):
                merged[name] = replace(first, maybe_unbound=unbound) if unbound != first.maybe_unbound else first
                continue
            for b in bindings[1:]:
                self.unify(bindings[0].type, b.type)
            bindings = [self.decided(b) for b in bindings]
            present = [(i, self.decided(b)) for i, b in present]
            first = bindings[0]
            j = join_all([b.type for b in bindings])
            if j is None:
                merged[name] = Conflict(tuple((b.type, b.loc) for b in bindings))
                continue
            j = _literal_strings(bindings) or j
            common = first.const if all(b.const is not NOT_CONST and repr(b.const) == repr(first.const)
                                        and type(b.const) is type(first.const) for b in bindings) else NOT_CONST
            holders = [b for b in bindings if holds_exactly(b.var_type, j)]
            if holders:
                var, var_type = holders[0].var, holders[0].var_type
            else:
                var_type = j
                var = self.var_for(name, var_type)
            target = Binding(var, j, var_type, common, False, self.next_serial(), first.loc, unbound)
            merged[name] = target
            for i, b in present:
                if b.var != var:
                    saved = self.scope
                    self.scope = states[i]
                    copies[i] += self.copy_into(target, name, node)
                    self.scope = saved
        return merged, copies

    # --- statements -----------------------------------------------------------------------------
    def block(self, stmts) -> list:
        out = []
        for s in stmts:
            try:
                out.extend(self._stmt(s))
            except CompileError as e:
                if not self.loops or not (self.loops[-1].deferred or _about_pending(e)):
                    raise
                # In a loop, a use of items not decided yet (or anything after one): left out
                # of this round, which loop() builds again (LoopContext.deferred).
                self.loops[-1].deferred.append(e)
                continue
            if not falls_through(out):
                break  # what follows never runs (`if x.ndim != 1: raise ...` decided here): not compiled
        return out

    def mk(self, node, op, **kw) -> Stmt:
        return Stmt(op, self.loc(node), self.line_text(node), **kw)

    def _stmt(self, node) -> list:
        from .frontend import UNSUPPORTED
        if type(node) in UNSUPPORTED:
            self.unsupported(node, *UNSUPPORTED[type(node)])
        method = getattr(self, "stmt_" + type(node).__name__, None)
        if method is None:
            self.unsupported(node, f"the statement '{type(node).__name__}'", "rewrite it with if/for/while and assignments")
        saved, self.statement = self.statement, node
        try:
            return method(node)
        finally:
            self.statement = saved

    def stmt_Expr(self, node):
        if isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            return []  # docstring
        return [self.mk(node, "expr", exprs=(self.value(node.value),))]

    def stmt_Pass(self, node):
        return [self.mk(node, "pass")]

    def outliving(self) -> dict:
        """The scope a break or continue carries out of the loop body: without the names local
        to a construct being left (`except ... as e`: Python deletes e however the handler ends)."""
        return {k: v for k, v in self.scope.items() if not (isinstance(v, Binding) and v.inner)}

    def stmt_Break(self, node):
        if not self.loops:
            self.error(node, "'break' outside loop")
        ctx = self.loops[-1]
        ctx.breaks.append(self.outliving())
        out = []
        if ctx.after is not None:
            for name, target in ctx.after.items():
                if isinstance(target, Binding) and holds_exactly(target.var_type, getattr(self.scope.get(name), "type", NONE)):
                    out += self.copy_into(target, name, node)
        return out + [self.mk(node, "break")]

    def stmt_Continue(self, node):
        if not self.loops:
            self.error(node, "'continue' not properly in loop")
        return self.back_edge(node) + [self.mk(node, "continue")]

    def back_edge(self, node) -> list:
        """Copies that bring each name into its variable at the loop's head."""
        ctx = self.loops[-1]
        ctx.back.append(self.outliving())
        out = []
        for name, target in ctx.header.items():
            cur = self.scope.get(name)
            if isinstance(target, Binding) and isinstance(cur, Binding) and holds_exactly(target.var_type, cur.type):
                out += self.copy_into(target, name, node)
        return out

    def stmt_Return(self, node):
        from .build_ir import const as mkconst
        if node.value is None:
            value = mkconst(None, self.loc(node))
        else:
            value = self.value(node.value, expected=self.returns)
        value = self.returned(value, node)
        return [self.mk(node, "return", exprs=(value,))]

    def stmt_Assign(self, node):
        if isinstance(node.value, ast.Lambda) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            local = self.local_function(lambda_as_def(node.value))  # `f = lambda x: ...`: as `def`
            return self.bind_function(node, node.targets[0].id, local)
        value = self.unpacked_shape(node)
        if value is None:
            # Only a name keeps the iterator for later reads; `a, b = map(int, parts)` reads it whole.
            to_name = len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
            lazy = self.one_pass(node.value) if to_name else node.value
            try:
                value = self.value(lazy)
            except CompileError:  # iter() does not take it (the eager form's diagnostic is clearer)
                if lazy is node.value:
                    raise
                value = self.value(node.value)
        for t in node.targets:  # an empty literal's diagnostic names its variable
            if isinstance(t, ast.Name):
                from .frontend import _named, _pendings
                for p in _pendings(value.type):
                    n, known = self.pending[p.id]
                    self.pending[p.id] = (n, known) if hasattr(n, "muna_name") else (_named(n, t.id), known)
        if len(node.targets) > 1 and value.op not in ("const", "var"):
            # `a = b = f()`: f runs once, as in Python.
            target, value = self.bind(node, f"_chain{node.lineno}", value)
            out = [self.mk(node, "assign", exprs=(value,), targets=(target,))]
            value = self.read(node, f"_chain{node.lineno}")
            self.scope.pop(f"_chain{node.lineno}")
            return out + [s for t in node.targets for s in self.assign(node, t, value)]
        return [s for t in node.targets for s in self.assign(node, t, value)]

    # The iterable argument(s) of each builtin whose result is a one-pass iterator in Python.
    ONE_PASS = {builtins.zip: None, builtins.map: 1, builtins.filter: 1, builtins.enumerate: 0,
                builtins.reversed: 0}

    def one_pass(self, value_node):
        """`z = zip(a, b)` (map, filter, enumerate, reversed): a name holds Python's iterator,
        which a second pass finds empty, so the call is compiled as over iter(a): the lazy form.
        Used directly (`for p in zip(a, b)`, `list(map(f, xs))`) they read lists, one pass
        anyway. reversed() keeps its list of the items as they were at the call."""
        if not isinstance(value_node, ast.Call) or any(k.arg != "start" for k in value_node.keywords):
            return value_node
        func = self.static_operand(value_node.func)
        known = [f for f in self.ONE_PASS if f is func]
        if not known:
            return value_node

        def wrap(a):
            return ast.copy_location(ast.Call(func=ast.copy_location(ast.Name(id="iter", ctx=ast.Load()), a),
                                              args=[a], keywords=[]), a)
        if self.static_operand(wrap(value_node).func) is not builtins.iter:
            return value_node  # `iter` is the user's own name here
        where = self.ONE_PASS[known[0]]
        args = list(value_node.args)
        picks = range(len(args)) if where is None else [where] if where < len(args) else []
        if func is builtins.reversed:  # iter(reversed(xs)): an iterator over the reversed list
            return wrap(value_node)
        for i in picks:
            if not isinstance(args[i], ast.Starred):
                args[i] = wrap(args[i])
        return ast.copy_location(ast.Call(func=value_node.func, args=args, keywords=value_node.keywords), value_node)

    def assign(self, node, target_node, value) -> list:
        """`target = value`; item assignment on a registered kind (arrays) becomes its
        __setitem__ op, called as a statement."""
        from .frontend import receiver_kind
        if isinstance(target_node, ast.Subscript):
            container = self.value(target_node.value)
            ct = strip_literal(container.type)
            if not isinstance(ct, (ListT, DictT)):
                name = f"{receiver_kind(ct)}.__setitem__"
                if name not in REGISTRY:
                    self.unsupported(target_node, f"item assignment on {ct}", "build a new value instead")
                e = self.apply(name, [container, self.index(target_node.slice), value], {}, target_node)
                return [self.mk(node, "expr", exprs=(e,))]
        if isinstance(target_node, ast.Name):
            target, value = self.bind(target_node, target_node.id, value)
            if value.op == "const" and isinstance(strip_literal(value.type), StaticT):
                return []  # known at compile time: the name holds it (bind)
            return [self.mk(node, "assign", exprs=(value,), targets=(target,))]
        if isinstance(target_node, (ast.Tuple, ast.List)):
            return self.unpack(node, target_node, value)
        if isinstance(target_node, ast.Attribute):
            return [self.set_record_field(target_node, value, node)]
        if isinstance(target_node, ast.Starred):
            self.unsupported(target_node, "a starred assignment target here", "unpack into a tuple of names: first, *rest = xs")
        target = self.target(target_node, value.type)
        if target.kind == "subscript" and isinstance(strip_literal(target.container.type), (ListT, DictT)) \
                and not isinstance(strip_literal(target.index.type), SliceT):
            value = self.coerce(value, target.type, node, "item")  # (`xs[i] = min(a, b, any_value)`)
        return [self.mk(node, "assign", exprs=(value,), targets=(target,))]

    def unpack(self, node, target_node, value) -> list:
        """`a, (b, c) = value`: the value is evaluated once, into a temporary, then each target is
        bound to its item (a name keeps the item's constant when the tuple is one)."""
        t = strip_literal(value.type)
        elts = target_node.elts
        star = [i for i, e in enumerate(elts) if isinstance(e, ast.Starred)]
        if star:
            return self.unpack_starred(node, target_node, value, star)
        if isinstance(t, TupleT):
            if len(t.items) != len(elts):
                self.error(target_node, f"cannot unpack {t} into {len(elts)} names")
            items = value.args if value.op == "tuple" else None
        elif isinstance(t, (ListT, AnyT)) or isinstance(t, (TensorT, DynTensorT)) and (
                row_type(t) is not None or open_row_type(t) is not None):
            items = None  # (an array's rows: item_of)
        else:
            return [self.mk(node, "assign", exprs=(value,), targets=(self.target(target_node, value.type),))]
        if items is None and value.op == "const" and isinstance(value.attr("value"), tuple):
            items = [const(v, value.loc, it) for v, it in zip(value.attr("value"), t.items)]
        out = []
        if items is None and value.op == "var":
            items = [self.item_of(value, i, len(elts), node) for i in range(len(elts))]
        if items is None:
            # Python evaluates the right side fully before binding any target.
            tmp = f"_unpack{node.lineno}_{node.col_offset}"
            target, value = self.bind(node, tmp, value)
            out.append(self.mk(node, "assign", exprs=(value,), targets=(target,)))
            whole = self.read(node, tmp)
            self.scope.pop(tmp)
            items = [self.item_of(whole, i, len(elts), node) for i in range(len(elts))]
        elif value.op == "tuple" and any(not _pure(i) for i in items):
            tmps = []
            for i, item in enumerate(items):
                name = f"_unpack{node.lineno}_{node.col_offset}_{i}"
                target, item = self.bind(node, name, item)
                out.append(self.mk(node, "assign", exprs=(item,), targets=(target,)))
                tmps.append(self.read(node, name))
                self.scope.pop(name)
            items = tmps
        for e, item in zip(elts, items):
            out += self.assign(node, e, item)
        return out + self.rank_from_shape(node, target_node, len(elts))

    def rank_from_shape(self, node, target_node, n: int) -> list:
        """`h, w, c = x.shape` of an array of open rank: x has rank n from here on (unpacking
        raised Python's ValueError otherwise), so what follows is typed with it."""
        src = getattr(node, "value", None)
        if not (isinstance(src, ast.Attribute) and src.attr == "shape" and isinstance(src.value, ast.Name)
                and src.value.id in self.scope) or any(isinstance(e, ast.Starred) for e in target_node.elts) \
                or any(isinstance(e, ast.Name) and e.id == src.value.id for e in target_node.elts):
            return []
        x = self.read(src.value, src.value.id)
        t = strip_literal(x.type)
        if not isinstance(t, (TensorT, DynTensorT)) or t.rank is not None or getattr(t, "scalar", False):
            return []
        from .build_ir import call
        ranked = call("tensor.known_rank", replace(t, rank=n), (x,), self.loc(node))
        target, value = self.bind(src.value, src.value.id, ranked)
        return [self.mk(node, "assign", exprs=(value,), targets=(target,))]

    def item_of(self, whole: Expr, i: int, n: int, node) -> Expr:
        """Item i of a tuple (known length) or list (checked against n at run time)."""
        t = strip_literal(whole.type)
        from .build_ir import call
        if isinstance(t, TupleT):
            return call("tuple.get", t.items[i], (whole,), self.loc(node), (str(i),))
        if isinstance(t, AnyT):
            return call("object.unpack_item", t, (whole, const(i, self.loc(node)), const(n, self.loc(node))), self.loc(node))
        if isinstance(t, (TensorT, DynTensorT)):  # (x1, y1, x2, y2 = boxes.T: its rows; a 1-d array's elements)
            item = row_type(t)
            if item is None:  # (a NumPy array of a rank known when it runs)
                return call("tensor.unpack_open_row", open_row_type(t), (whole, const(i, self.loc(node)),
                                                                         const(n, self.loc(node))), self.loc(node))
            return call("tensor.unpack_row", item, (whole, const(i, self.loc(node)), const(n, self.loc(node))),
                        self.loc(node), ("true" if rows_are_elements(item) else "false",))
        return call("list.unpack_item", t.item, (whole, const(i, self.loc(node)), const(n, self.loc(node))), self.loc(node))

    def unpack_starred(self, node, target_node, value, star) -> list:
        """`first, *rest = xs`: the starred name takes a list of the items between."""
        elts = target_node.elts
        if len(star) > 1:
            self.error(target_node, "multiple starred expressions in assignment")
        k = star[0]
        t = strip_literal(value.type)
        from .build_ir import call
        tmp = f"_unpack{node.lineno}_{node.col_offset}"
        target, v = self.bind(node, tmp, value)
        out = [self.mk(node, "assign", exprs=(v,), targets=(target,))]
        whole = self.read(node, tmp)
        self.scope.pop(tmp)
        before, after = k, len(elts) - k - 1
        if isinstance(t, TupleT):
            if len(t.items) < before + after:
                self.error(target_node, f"not enough values to unpack (expected at least {before + after}, got {len(t.items)})")
            middle = t.items[before:len(t.items) - after]
            if middle and any(m != middle[0] for m in middle):
                self.error(elts[k], f"the starred name would take items of different types ({', '.join(map(str, middle))})")
            item_t = middle[0] if middle else None
            items = [self.item_of(whole, i, 0, node) for i in range(before)]
            rest = [self.item_of(whole, i, 0, node) for i in range(before, len(t.items) - after)]
            tail = [self.item_of(whole, i, 0, node) for i in range(len(t.items) - after, len(t.items))]
            if item_t is None:
                star_value = self.empty_list(node, elts[k])
            else:
                star_value = Expr("list", ListT(item_t), tuple(rest), loc=self.loc(node))
        elif isinstance(t, ListT):
            loc = self.loc(node)
            count = call("list.check_unpack_at_least", t, (whole, const(before + after, loc)), loc)
            out.append(self.mk(node, "expr", exprs=(count,)))
            items = [call("list.__getitem__", t.item, (whole, const(i, loc)), loc) for i in range(before)]
            tail = [call("list.__getitem__", t.item, (whole, const(i - after, loc)), loc) for i in range(after)]
            stop = const(-after if after else None, loc)
            star_value = call("list.slice", t, (whole, Expr("slice", SliceT(), (const(before, loc), stop, const(None, loc)), loc=loc)), loc)
        else:
            self.unsupported(target_node, f"star-unpacking {t}", "unpack a tuple or a list")
        starred = elts[k].value
        if not isinstance(starred, ast.Name):
            self.unsupported(elts[k], "this starred target", "use a name: first, *rest = xs")
        for e, item in zip(elts[:k], items):
            out += self.assign(node, e, item)
        out += self.assign(node, starred, star_value)
        for e, item in zip(elts[k + 1:], tail):
            out += self.assign(node, e, item)
        return out

    def empty_list(self, node, name_node):
        pending = self.pending_type(self.loc(name_node))
        return Expr("list", ListT(pending), (), loc=self.loc(node))

    def unpacked_shape(self, node):
        """`a, b, c = x.shape` where x's rank is open: the names say how many dimensions to take
        (checked at run time, as Python's unpacking is)."""
        from .build_ir import call
        from .types import INT
        target, value = node.targets[0], node.value
        if not (len(node.targets) == 1 and isinstance(target, ast.Tuple) and isinstance(value, ast.Attribute)
                and value.attr == "shape" and not any(isinstance(e, ast.Starred) for e in target.elts)):
            return None
        base = self.expr(value.value)
        if not (isinstance(base, Expr) and isinstance(strip_literal(base.type), TensorT)
                and strip_literal(base.type).rank is None):
            return None
        n = len(target.elts)
        return call("tensor.unpack_shape", TupleT((INT,) * n), (base,), self.loc(value), template=(str(n),))

    def stmt_AnnAssign(self, node):
        from .annotations import is_pattern
        t = self.annotation(self.eval_annotation(node.annotation), node.annotation)
        if is_pattern(t):  # `x: np.ndarray = ...`: the value's own type
            return self.assign(node, node.target, self.value(node.value)) if node.value is not None else []
        if not isinstance(node.target, ast.Name):
            if node.value is None:
                return []
            return self.assign(node, node.target, self.value(node.value))
        name = node.target.id
        self.declared[name] = t
        if node.value is None:
            return []
        value = self.value(node.value, expected=t)
        # The annotation says what an incomplete value is (an empty list, None); Python itself
        # converts nothing (`x: float = 0` binds the int 0).
        if not holds_exactly(t, value.type) or _incomplete(value.type):
            value = self.coerce(value, t, node.value, f"'{name}'")
        target, value = self.bind(node.target, name, value)
        return [self.mk(node, "assign", exprs=(value,), targets=(target,))]

    def eval_annotation(self, node):
        try:
            return eval(compile(ast.Expression(node), self.file, "eval"), self.globals)
        except Exception as e:
            self.error(node, f"cannot evaluate the annotation: {e}")

    def stmt_AugAssign(self, node):
        from .frontend import BINOPS, TORCH_INPLACE, _as_load, receiver_kind
        op_name = BINOPS.get(type(node.op))
        if isinstance(node.target, ast.Attribute):
            owner = self.expr(node.target.value) if _simple(node.target.value) else None
            if owner is not None and (not isinstance(owner, Expr) or owner.op == "const"):
                # (a module's buffer, a constant: compiled in, read-only)
                self.unsupported(node, "augmented assignment to an attribute of an object compiled into the library",
                                 "such objects are constants; keep the value in a local variable")
            if owner is None:
                return self.augmented_once(node)  # tracks[-1].hits += 1: the object computed once
        if not isinstance(node.target, (ast.Name, ast.Subscript, ast.Attribute)):
            self.unsupported(node, "this augmented assignment target", "assign to a name")
        if isinstance(node.target, ast.Subscript) and not all(_simple(n) for n in (node.target.value, node.target.slice)):
            # xs[f()] += v: Python evaluates the container and the index once.
            return self.augmented_once(node)
        if isinstance(node.target, (ast.Name, ast.Attribute)):
            # (`obj.n += 1`: the attribute read, then set to the result, or changed in place
            # where the value's own += does that, as Python's __iadd__ then setattr.)
            target = self.value(_as_load(node.target))
            tt = strip_literal(target.type)
            inplace = f"torch.Tensor.{TORCH_INPLACE.get(op_name, '?')}"
            if isinstance(tt, TensorT) and tt.lib == "torch" and inplace in REGISTRY:
                # torch's `x += y` is __iadd__: in place, so every view of x sees it.
                e = self.apply(inplace, [target, self.value(node.value)], {}, node)
                return [self.mk(node, "expr", exprs=(e,))]
            own = f"{receiver_kind(tt)}.__i{(op_name or '?').rstrip('_')}__"
            if own in REGISTRY:  # a kind's own in-place operator (bytearray's +=): every alias sees it
                e = self.apply(own, [target, self.value(node.value)], {}, node)
                return [self.mk(node, "expr", exprs=(e,))]
            if isinstance(tt, ListT) and op_name == "add":
                # list += iterable extends the list in place (other names of it see the items).
                e = self.apply("list.extend", [target, self.value(node.value)], {}, node)
                return [self.mk(node, "expr", exprs=(e,))]
            if isinstance(tt, (DictT, SetT, ListT)):
                self.unsupported(node, f"'{ast.unparse(node.op) if hasattr(ast, 'unparse') else op_name}=' on a {tt}",
                                 "call the method that changes it in place (update, extend, ...)")
            if isinstance(tt, TensorT) and tt.lib == "numpy":
                return self.numpy_inplace(node, target, op_name)
        load = ast.copy_location(ast.BinOp(left=_as_load(node.target), op=node.op, right=node.value), node)
        value = self.value(load)
        if isinstance(node.target, ast.Subscript):
            container = strip_literal(self.value(node.target.value).type)
            if isinstance(container, (ListT, DictT)):
                item = container.item if isinstance(container, ListT) else container.value
                value = self.coerce(value, item, node, "augmented assignment")
        return self.assign(node, node.target, value)

    def augmented_once(self, node) -> list:
        """`c[i] op= v` with c or i computed, or `o.a op= v` with o computed: each into a
        temporary, then `t[k] = t[k] op v` (`t.a = t.a op v`)."""
        import copy
        out, temporaries = [], []

        def once(part):
            """`part` with each piece that evaluating twice could tell held in a temporary; an
            index tuple and a slice piece by piece (a slice is not a value: `x[:, f()]`)."""
            if _simple(part):
                return part
            if isinstance(part, ast.Tuple):
                return ast.copy_location(ast.Tuple(elts=[once(e) for e in part.elts], ctx=ast.Load()), part)
            if isinstance(part, ast.Slice):
                return ast.copy_location(ast.Slice(*(None if p is None else once(p) for p in
                                                     (part.lower, part.upper, part.step))), part)
            tmp = f"_aug{node.lineno}_{node.col_offset}_{len(temporaries)}"
            temporaries.append(tmp)
            out.extend(self.stmt_Assign(ast.copy_location(ast.Assign(
                targets=[ast.copy_location(ast.Name(id=tmp, ctx=ast.Store()), node)], value=part), node)))
            return ast.copy_location(ast.Name(id=tmp, ctx=ast.Load()), node)

        fields = ("value",) if isinstance(node.target, ast.Attribute) else ("value", "slice")
        target = copy.copy(node.target)
        for f in fields:
            setattr(target, f, once(getattr(node.target, f)))
        out += self.stmt_AugAssign(ast.copy_location(ast.AugAssign(target=target, op=node.op, value=node.value), node))
        for tmp in temporaries:
            self.scope.pop(tmp, None)
        return out

    def numpy_inplace(self, node, target, op_name) -> list:
        """NumPy's `a += b` writes into a (every view of it sees the result), in a's dtype; a
        result NumPy cannot cast back under 'same_kind' is its UFuncTypeError."""
        from .frontend import _as_load
        load = ast.copy_location(ast.BinOp(left=_as_load(node.target), op=node.op, right=node.value), node)
        value = self.value(load)
        have, want = strip_literal(value.type), strip_literal(target.type)
        if isinstance(have, TensorT) and not np.can_cast(np.dtype(have.dtype), np.dtype(want.dtype), casting="same_kind"):
            self.error(node, f"NumPy cannot do '{ast.unparse(node)}' in place: the result is {have.dtype} and "
                       f"'{ast.unparse(node.target)}' is {want.dtype} (UFuncTypeError); write "
                       f"'{ast.unparse(node.target)} = {ast.unparse(load)}' for a new array")
        everything = Expr("const", _ELLIPSIS_T(), attrs=(("value", Ellipsis),), loc=self.loc(node))
        e = self.apply("numpy.ndarray.__setitem__", [target, everything, value], {}, node)
        return [self.mk(node, "expr", exprs=(e,))]

    def stmt_If(self, node):
        try:
            test = self.value(as_condition(node.test))
        except CompileError as e:
            if self.loops and _about_pending(e):
                self.decide_in_branches(node)
            raise
        known = decided_test(test)
        if known is not None:
            # Decided at compile time: the other branch is never compiled (library code
            # often guards options the instance does not use).
            value, effect = known
            ran = [self.mk(node, "expr", exprs=(effect,))] if effect is not None else []
            return ran + self.block(node.body if value else node.orelse)
        cond = self.truth(test, node.test)
        then_narrow, else_narrow = self.narrowings(node.test)
        before = dict(self.scope)
        self.apply_narrowing(then_narrow)
        body = self.block(node.body)
        then_state = self.scope
        self.scope = dict(before)
        self.apply_narrowing(else_narrow)
        orelse = self.block(node.orelse)
        else_state = self.scope
        paths = [(s, b) for s, b in ((then_state, body), (else_state, orelse)) if falls_through(b)]
        if paths:
            merged, copies = self.merge([s for s, _ in paths], node)
            for (_, b), c in zip(paths, copies):
                b.extend(c)
            self.scope = merged
        else:
            self.scope = before
        return [self.mk(node, "if", exprs=(cond,), body=tuple(body), orelse=tuple(orelse))]

    # --- loops ----------------------------------------------------------------------------------
    def loop(self, node, build_once) -> list:
        """A while or for loop: `build_once()` builds its head and body (Stmt without else) with
        self.scope at the head's bindings; rebuilt until those and the bindings after the loop
        settle. Returns the statements: copies into the head's variables, then the loop."""
        entry = dict(self.scope)
        assigned = _assigned_names(node.body) | (_assigned_names([node.target]) if isinstance(node, ast.For) else set())
        if isinstance(node, ast.While):
            assigned |= _assigned_names([ast.Expr(node.test)])
        header = {}
        for name, b in entry.items():
            if name in assigned and isinstance(b, Binding) and not b.inner:
                b = replace(b, const=NOT_CONST, serial=self.next_serial())
            header[name] = b
        after = None
        saved = self.snapshot()
        for _ in range(MAX_LOOP_ROUNDS):
            self.scope = dict(header)
            ctx = LoopContext(header, after, bool(node.orelse), frozenset(assigned))
            self.loops.append(ctx)
            decided = self.decided_count()
            try:
                loop_stmt = build_once()
            finally:
                self.loops.pop()
            if ctx.deferred:
                if ctx.read_before_bound:  # a name read above where the body first binds it
                    widened = self.widened(header, ctx.back)
                    if set(widened) - set(header):
                        header = widened
                        self.restore(saved)
                        continue
                if self.decided_count() == decided:
                    raise ctx.deferred[0]  # nothing decided since: the error stands (or an outer loop's round decides)
                header = self.resolved(header)
                self.restore(saved)
                continue
            self.scope = dict(header)
            orelse = self.block(node.orelse) if node.orelse else []
            exits = [dict(self.scope)] if falls_through(orelse) else []
            new_header = self.widened(header, ctx.back)
            new_after, after_copies = self.merge(exits + ctx.breaks, node)
            if same_scope(new_header, header) and (not ctx.breaks or after is not None and same_scope(new_after, after)):
                after = new_after
                break
            header, after = new_header, new_after
            self.restore(saved)
        else:
            self.error(node, "the types of this loop's variables do not settle (a muna bug; please report it)")
        self.scope = dict(entry)
        out = []
        for name, target in header.items():
            if isinstance(target, Binding) and name in entry:
                out += self.copy_into(target, name, node)
        if exits:
            orelse = list(orelse) + after_copies[0]
        self.scope = after
        return out + [replace(loop_stmt, orelse=tuple(orelse))]

    def widened(self, header: dict, backs: list) -> dict:
        """The head's bindings, joined with what each back edge brings."""
        backs = [self.resolved(b) for b in backs]
        header = self.resolved(header)
        out = dict(header)
        names = set(header)
        for b in backs:
            names |= set(b)
        for name in sorted(names):
            h = header.get(name)
            brought = [b[name] for b in backs if name in b]
            if not brought or isinstance(h, Conflict):
                continue
            if any(isinstance(x, Conflict) or x.inner for x in brought):
                if any(isinstance(x, Conflict) for x in brought):
                    out[name] = Conflict(tuple((x.type, x.loc) for x in brought if isinstance(x, Binding)))
                continue
            if h is None:
                # First bound in the body: at the head of a later iteration it holds what the
                # previous one left.
                j = join_all([x.type for x in brought])
                first = brought[0]
                if j is None:
                    out[name] = Conflict(tuple((x.type, x.loc) for x in brought))
                # (unbound in the first iteration: maybe unbound at the head)
                elif all(holds_exactly(first.var_type, x.type) for x in brought) and holds_exactly(first.var_type, j):
                    out[name] = Binding(first.var, j, first.var_type, NOT_CONST, False, self.next_serial(), first.loc,
                                        True)
                else:
                    out[name] = Binding(self.var_for(name, j), j, j, NOT_CONST, False, self.next_serial(), first.loc,
                                        True)
                continue
            if all(x.same_value(h) or x.same_value(replace(h, maybe_unbound=False)) for x in brought):
                continue
            unbound = h.maybe_unbound or any(x.maybe_unbound for x in brought)
            j = join_all([h.type] + [x.type for x in brought])
            if j is None:
                out[name] = Conflict(((h.type, h.loc),) + tuple((x.type, x.loc) for x in brought))
            elif holds_exactly(h.var_type, j):
                out[name] = Binding(h.var, j, h.var_type, NOT_CONST, False, h.serial, h.loc, unbound)
            else:
                out[name] = Binding(self.var_for(name, j), j, j, NOT_CONST, False, self.next_serial(), h.loc, unbound)
        return out

    def decide_in_branches(self, node) -> None:
        """An `if` whose test uses items not decided yet, in a loop round to be built again
        (LoopContext.deferred): its branches are built anyway, for what their uses decide
        (`if tracks and tracks[-1].x == x: ... else: tracks.append(...)`), and thrown away."""
        scope = dict(self.scope)
        for branch in (node.body, node.orelse):
            self.scope = dict(scope)
            try:
                self.block(branch)
            except CompileError:
                pass  # this round is built again; its errors that remain are raised then
        self.scope = scope

    def decided_count(self) -> int:
        """How many empty containers' item types are decided so far."""
        return sum(1 for _, t in self.pending.values() if t is not None)

    def snapshot(self):
        logs = [{k: list(v) for k, v in log.items()} for log in self.try_logs]
        return (set(self.pending), self.returns, dict(self.declared), logs, len(self.return_types))

    def restore(self, saved):
        """Back to the state before a loop's round. What empty containers were decided to hold
        stays decided: they are named by where they are made, and the same use decides alike."""
        _, returns, declared, logs, n_returns = saved
        del self.return_types[n_returns:]
        self.returns = returns
        self.declared = dict(declared)
        for log, old in zip(self.try_logs, logs):
            log.clear()
            log.update({k: list(v) for k, v in old.items()})

    def stmt_While(self, node):
        def once():
            test = self.value(as_condition(node.test))
            cond = self.truth(test, node.test)
            then_narrow, _ = self.narrowings(node.test)
            self.apply_narrowing(then_narrow)
            body = self.block(node.body)
            if falls_through(body):
                body += self.back_edge(node)
            return self.mk(node, "while", exprs=(cond,), body=tuple(body))
        return self.loop(node, once)

    def stmt_For(self, node):
        items = self.static_items(node.iter)
        if items is not None:
            if node.orelse:
                self.unsupported(node, "for/else over modules", "move the else block after the loop")
            return self.unrolled(node, items)
        iterable = self.iterable(node.iter)  # evaluated once, before the loop

        def once():
            item_t = iterable.type.item
            tmp = f"_item{node.lineno}_{node.col_offset}"
            item = Expr("var", item_t, attrs=(("name", tmp), ("local_to", "loop")), loc=self.loc(node))
            stmts = self.assign(node, node.target, item)
            first = stmts[0] if len(stmts) == 1 and stmts[0].op == "assign" else None
            if first is not None and first.exprs[0] is item:
                target, prelude = first.targets[0], []
            else:
                target = Target("name", item_t, name=tmp, inner=True)
                prelude = stmts
            body = prelude + self.block(node.body)
            if falls_through(body):
                body += self.back_edge(node)
            return self.mk(node, "for", exprs=(iterable,), targets=(target,), body=tuple(body))
        return self.loop(node, once)

    def static_items(self, node):
        """The items of a loop over compile-time objects (a ModuleList, a Sequential, a tuple
        of modules, enumerate/zip of these), or None for a loop run at run time."""
        from .frontend import Static, _is_module
        if isinstance(node, ast.Call) and node.args and not node.keywords:
            func = self.expr(node.func)
            if isinstance(func, Static) and func.value in (enumerate, zip, reversed):
                parts = [self.static_items(a) for a in node.args]
                if all(p is not None for p in parts):
                    if func.value is enumerate:
                        return list(enumerate(parts[0]))
                    if func.value is reversed:
                        return list(reversed(parts[0]))
                    return list(zip(*parts))
                return None
        if not isinstance(node, (ast.Name, ast.Attribute)):
            return None
        e = self.expr(node)
        if isinstance(e, Static) and _is_module(e.value):
            return list(iter(e.value)) if hasattr(type(e.value), "__iter__") else None
        if isinstance(e, Static) and isinstance(e.value, (tuple, list)):
            return list(e.value)
        return None

    def unrolled(self, node, items) -> list:
        """Each iteration compiled with the loop variable bound to its object, so each layer of
        a ModuleList runs with its own weights."""
        from .frontend import _target_names
        for n in ast.walk(ast.Module(body=node.body, type_ignores=[])):
            if isinstance(n, (ast.Break, ast.Continue)):
                self.unsupported(n, "break/continue in a loop over modules", "restructure the loop")
        names = _target_names(node.target)
        out = []
        for item in items:
            values = item if len(names) > 1 else (item,)
            if len(names) > 1 and (not isinstance(item, tuple) or len(item) != len(names)):
                self.error(node.target, f"cannot unpack the loop item into {len(names)} names")
            saved = [self.scoped(n, v) for n, v in zip(names, values)]
            out.extend(self.block(node.body))
            for n, old in zip(names, saved):
                self.unscope(n, old)
        return out

    # --- try, with, raise, assert ---------------------------------------------------------------
    def stmt_Try(self, node):
        """try/except/else/finally over muna's exception types (Python's hierarchy). A handler
        may start after any assignment of the body: a name's binding there is the join of every
        binding the body gave it, when they share one variable."""
        from .frontend import EXCEPTION
        for n in ast.walk(ast.Module(body=node.finalbody, type_ignores=[])):
            if isinstance(n, (ast.Return, ast.Break, ast.Continue)):
                self.unsupported(n, "return/break/continue inside finally", "move it after the try statement")
        before = dict(self.scope)
        log = {}
        self.try_logs.append(log)
        try:
            body = self.block(node.body)
        finally:
            self.try_logs.pop()
        anywhere = self.any_point(before, log)
        paths = []
        if node.orelse:
            orelse = self.block(node.orelse)
        else:
            orelse = []
        if falls_through(body) and falls_through(orelse):
            paths.append((dict(self.scope), orelse if node.orelse else body))
        handlers = []
        for h in node.handlers:
            self.scope = dict(anywhere)
            names = self.exception_names(h.type)
            bound = h.name or ""
            cpp_bound = ""
            if bound:
                saved = self.scope.get(bound)
                var = self.var_for(bound, EXCEPTION, inner=True)
                cpp_bound = var
                self.scope[bound] = Binding(var, EXCEPTION, EXCEPTION, NOT_CONST, True, self.next_serial(), self.loc(h))
            handler_body = self.block(h.body)
            if bound:
                if saved is None:
                    self.scope.pop(bound, None)
                else:
                    self.scope[bound] = saved
            handlers.append((names, cpp_bound, handler_body))
            if falls_through(handler_body):
                paths.append((dict(self.scope), handler_body))
        finalbody = []
        if paths:
            merged, copies = self.merge([s for s, _ in paths], node)
            for (_, b), c in zip(paths, copies):
                b.extend(c)
            self.scope = merged
        else:
            self.scope = dict(anywhere)
        if node.finalbody:
            # finally runs on every way out: its reads see what any point may have left.
            after = dict(self.scope)
            self.scope = self.any_point(after, {k: v for k, v in log.items()})
            finalbody = self.block(node.finalbody)
            fin = dict(self.scope)
            self.scope = after
            for name, b in fin.items():
                if after.get(name) is not b and not (isinstance(b, Binding) and b.inner):
                    self.scope[name] = b
        return [self.mk(node, "try", body=tuple(body), orelse=tuple(orelse),
                        handlers=tuple((n, v, tuple(b)) for n, v, b in handlers), finalbody=tuple(finalbody))]

    def any_point(self, before: dict, log: dict) -> dict:
        """The bindings a handler may start with: the join of each name's bindings in the try
        body (and before it), when they share one variable; otherwise a Conflict."""
        out = dict(self.resolved(before))
        log = {k: [self.resolved({k: b})[k] for b in v] for k, v in log.items()}
        for name, seen in log.items():
            options = ([out[name]] if name in out else []) + seen
            bindings = [b for b in options if isinstance(b, Binding)]
            if len(bindings) < len(options) or any(b.inner for b in bindings):
                out[name] = Conflict(tuple((b.type, b.loc) for b in bindings))
                continue
            if len({b.var for b in bindings}) != 1:
                out[name] = Conflict(tuple((b.type, b.loc) for b in bindings))
                continue
            j = join_all([b.type for b in bindings])
            first = bindings[0]
            if j is None or not holds_exactly(first.var_type, j):
                out[name] = Conflict(tuple((b.type, b.loc) for b in bindings))
            else:  # (first bound in the body: unbound where the handler starts before that)
                unbound = name not in before or any(b.maybe_unbound for b in bindings)
                out[name] = Binding(first.var, j, first.var_type, NOT_CONST, False, self.next_serial(), first.loc,
                                    unbound)
        return out

    def exception_names(self, node) -> tuple:
        from .frontend import EXCEPTION_CLASSES
        if node is None:
            return ("Exception",)
        elts = node.elts if isinstance(node, ast.Tuple) else [node]
        names = []
        for e in elts:
            name = self.exception_name(e)
            if name is None:
                self.unsupported(e, f"catching {ast.unparse(e)}",
                                 "catch " + ", ".join(sorted(EXCEPTION_CLASSES)) + ", or a class of yours derived from one")
            names.append(name)
        return tuple(names)

    def exception_name(self, node):
        """The exception class a name or attribute (statistics.StatisticsError) means, as muna
        names it, or None."""
        if isinstance(node, ast.Name):
            if self.exception_class(node.id):
                return node.id
            # another name of a builtin one: IOError and EnvironmentError are OSError
            alias = getattr(builtins, node.id, None) if node.id not in self.globals else None
            if isinstance(alias, type) and issubclass(alias, BaseException) and self.exception_class(alias.__name__):
                return alias.__name__
            return None
        cls = self.static_operand(node) if isinstance(node, ast.Attribute) else None
        from .frontend import EXCEPTION_CLASSES
        if isinstance(cls, type) and issubclass(cls, BaseException) and cls.__name__ in EXCEPTION_CLASSES:
            return cls.__name__
        return None

    def exception_class(self, name: str) -> bool:
        """Whether `name` is an exception muna raises and catches: a builtin one, or a class of
        the user's module derived from one (registered for the emitter, bases first)."""
        from .frontend import EXCEPTION_CLASSES
        if name in EXCEPTION_CLASSES:
            return True
        cls = self.globals.get(name)
        if not (isinstance(cls, type) and issubclass(cls, BaseException)):
            return False
        chain = []
        for c in cls.__mro__:
            if c.__name__ in EXCEPTION_CLASSES and c.__module__ == "builtins":
                break
            if c.__module__ == "builtins" or c.__init__ is not BaseException.__init__ and "__init__" in vars(c):
                return False  # a builtin we do not have, or an __init__ of its own (fields)
            chain.append(c)
        else:
            return False
        base = c.__name__
        for c in reversed(chain):
            self.program.user_exceptions.setdefault(c.__name__, base)
            base = c.__name__
        return True

    def stmt_FunctionDef(self, node):
        """`def g(...)` inside the function: the name holds it as a function known at compile
        time (function_values.py)."""
        return self.bind_function(node, node.name, self.local_function(node))

    def bind_function(self, node, name: str, fn) -> list:
        """`name` holds the function `fn`, known here (a call of it is compiled for it); its
        variable holds the function's number too, for where paths join with other functions."""
        target, value = self.bind(node, name, function_const(fn, self.loc(node)))
        return [self.mk(node, "assign", exprs=(value,), targets=(target,))]

    def local_function(self, node) -> LocalFunction:
        """A `def` (or lambda) inside the function, compiled where it is called, per argument
        types, reading the enclosing function's names as they are at the call (Python's
        late-binding closures). Names it assigns are its own; `nonlocal` is not supported."""
        import copy
        if node.decorator_list:
            self.unsupported(node.decorator_list[0], "decorators on a function defined inside the function",
                             "define it at module level")
        node, nonlocals = with_nonlocals_returned(node)
        for n in ast.walk(node):
            if isinstance(n, ast.Nonlocal):  # (in a function defined in this one's local function)
                self.unsupported(n, "nonlocal two functions deep", "return the new value instead")
        params = {a.arg for a in node.args.args + node.args.kwonlyargs + node.args.posonlyargs}
        if node.args.vararg:
            params.add(node.args.vararg.arg)
        if node.args.kwarg:
            params.add(node.args.kwarg.arg)
        own = params | _assigned_names(node.body)
        free = sorted({n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)
                       and n.id not in own and n.id != node.name})
        tree = copy.deepcopy(node)
        ast.increment_lineno(tree, self.line_offset)
        namespace = dict(self.globals)
        try:
            exec(compile(ast.Module(body=[tree], type_ignores=[]), self.file, "exec"), namespace)
        except Exception as e:
            self.error(node, f"cannot define {node.name} at compile time ({type(e).__name__}: {e}); its defaults and "
                       "annotations may use only module-level names")
        fn = namespace[node.name]
        fn.__muna_where__ = (self.file, node.lineno + self.line_offset, node.col_offset)
        if getattr(node, "from_lambda", False) or nonlocals:  # not the file's `def`: the builder takes this tree
            first = fn.__code__.co_firstlineno
            text = self.all_lines[first - 1] if first <= len(self.all_lines) else ""
            fn.__muna_tree__ = relocated(node, self.line_offset - (first - 1),
                                         self.indent - (len(text) - len(text.lstrip())))
        return LocalFunction(fn, sorted(set(free) | set(nonlocals)), fn.__muna_where__, nonlocals)

    def stmt_Import(self, node):
        """`import numpy as np` inside the function (the lazy-import style of large libraries):
        imported now, the names it binds are compile-time values, as a module's are."""
        namespace = dict(self.globals)
        try:
            exec(compile(ast.Module(body=[ast.fix_missing_locations(node)], type_ignores=[]), self.file, "exec"),
                 namespace)
        except Exception as e:
            self.error(node, f"{ast.unparse(node)} fails at compile time: {type(e).__name__}: {e}")
        for alias in node.names:
            name = alias.asname or alias.name.split(".")[0]
            self.scope.pop(name, None)
            self.statics[name] = namespace[name]
        return []

    stmt_ImportFrom = stmt_Import

    def stmt_Global(self, node):
        """`global X` to read a module-level constant: reading it needs no declaration; assigning
        it would change state every call shares."""
        assigned = _assigned_names(self.tree.body)
        for name in node.names:
            if name in assigned:
                self.unsupported(node, f"assigning the module-level '{name}'",
                                 "every call shares it; pass the value in and return the result")
        return []

    def stmt_Match(self, node):
        """A match statement, as the if/elif chain it means: the subject evaluated once, each
        case's pattern a test (isinstance, len, ==, is) on it, its captures assigned before the
        guard, the first case that matches run (a flag skips the later ones)."""
        line, col = node.lineno, node.col_offset
        subject, flag = f"_match{line}_{col}", f"_matched{line}_{col}"
        def name(n, store=False):
            return ast.copy_location(ast.Name(id=n, ctx=ast.Store() if store else ast.Load()), node)
        stmts = [ast.copy_location(ast.Assign(targets=[name(subject, True)], value=node.subject), node),
                 ast.copy_location(ast.Assign(targets=[name(flag, True)], value=ast.Constant(False)), node)]
        for case in node.cases:
            test, captures = self.pattern(case.pattern, name(subject), case.pattern)
            body = [ast.copy_location(ast.Assign(targets=[name(flag, True)], value=ast.Constant(True)), case.pattern)]
            body += case.body
            if case.guard is not None:
                body = [ast.copy_location(ast.If(test=case.guard, body=body, orelse=[]), case.guard)]
            inner = [ast.copy_location(ast.If(test=test, body=captures + body, orelse=[]), case.pattern)]
            stmts.append(ast.copy_location(ast.If(
                test=ast.copy_location(ast.UnaryOp(op=ast.Not(), operand=name(flag)), case.pattern),
                body=inner, orelse=[]), case.pattern))
        for s in stmts:
            ast.fix_missing_locations(s)
        out = self.block(stmts)
        self.scope.pop(subject, None)
        return out

    def pattern(self, p, subject, at) -> tuple:
        """(test expression, capture assignments) for matching `subject` against pattern p."""
        def loc(n):
            return ast.copy_location(n, at)

        def call(fn, *args):
            return loc(ast.Call(func=loc(ast.Name(id=fn, ctx=ast.Load())), args=list(args), keywords=[]))

        def assign(target, value):
            return loc(ast.Assign(targets=[loc(ast.Name(id=target, ctx=ast.Store()))], value=value))

        def all_of(tests):
            tests = [t for t in tests if not (isinstance(t, ast.Constant) and t.value is True)]
            if not tests:
                return loc(ast.Constant(True))
            return tests[0] if len(tests) == 1 else loc(ast.BoolOp(op=ast.And(), values=tests))

        if isinstance(p, ast.MatchValue):
            return loc(ast.Compare(left=subject, ops=[ast.Eq()], comparators=[p.value])), []
        if isinstance(p, ast.MatchSingleton):
            return loc(ast.Compare(left=subject, ops=[ast.Is()], comparators=[loc(ast.Constant(p.value))])), []
        if isinstance(p, ast.MatchAs):
            test, captures = (loc(ast.Constant(True)), []) if p.pattern is None else self.pattern(p.pattern, subject, at)
            if p.name is not None:
                captures = captures + [assign(p.name, subject)]
            return test, captures
        if isinstance(p, ast.MatchOr):
            parts = [self.pattern(q, subject, at) for q in p.patterns]
            if any(c for _, c in parts):
                self.unsupported(p, "names captured in an or-pattern", "capture in separate cases")
            return loc(ast.BoolOp(op=ast.Or(), values=[t for t, _ in parts])), []
        if isinstance(p, ast.MatchSequence):
            stars = [i for i, q in enumerate(p.patterns) if isinstance(q, ast.MatchStar)]
            n = len(p.patterns) - len(stars)
            seq = call("isinstance", subject, loc(ast.Tuple(elts=[loc(ast.Name(id="list", ctx=ast.Load())),
                                                               loc(ast.Name(id="tuple", ctx=ast.Load()))], ctx=ast.Load())))
            length = loc(ast.Compare(left=call("len", subject), ops=[ast.GtE() if stars else ast.Eq()],
                                     comparators=[loc(ast.Constant(n))]))
            tests, captures = [seq, length], []
            k = stars[0] if stars else len(p.patterns)
            for i, q in enumerate(p.patterns):
                if isinstance(q, ast.MatchStar):
                    if q.name is not None:
                        stop = None if i == len(p.patterns) - 1 else loc(ast.Constant(i - len(p.patterns) + 1))
                        part = loc(ast.Subscript(value=subject, slice=loc(ast.Slice(lower=loc(ast.Constant(i)),
                                                                                    upper=stop, step=None)), ctx=ast.Load()))
                        captures.append(assign(q.name, call("list", part)))
                    continue
                index = i if i < k else i - len(p.patterns)
                item = loc(ast.Subscript(value=subject, slice=loc(ast.Constant(index)), ctx=ast.Load()))
                t, c = self.pattern(q, item, at)
                tests.append(t)
                captures += c
            return all_of(tests), captures
        if isinstance(p, ast.MatchMapping):
            if p.rest is not None:
                self.unsupported(p, "**rest in a mapping pattern", "read the other keys from the dict")
            tests = [call("isinstance", subject, loc(ast.Name(id="dict", ctx=ast.Load())))]
            captures = []
            for key, q in zip(p.keys, p.patterns):
                tests.append(loc(ast.Compare(left=key, ops=[ast.In()], comparators=[subject])))
                t, c = self.pattern(q, loc(ast.Subscript(value=subject, slice=key, ctx=ast.Load())), at)
                tests.append(t)
                captures += c
            return all_of(tests), captures
        if isinstance(p, ast.MatchClass):
            if p.kwd_attrs or len(p.patterns) > 1:
                self.unsupported(p, "class patterns with attributes", "test isinstance and read the fields")
            tests = [call("isinstance", subject, p.cls)]
            captures = []
            if p.patterns:
                t, c = self.pattern(p.patterns[0], subject, at)
                tests.append(t)
                captures = c
            return all_of(tests), captures
        self.unsupported(p, "this pattern", "use if/elif")

    def stmt_With(self, node):
        """The context managers whose effect compiled code has without them: `torch.no_grad()`
        and `torch.inference_mode()` (no autograd state is kept) and `np.errstate(...)` that only
        silences or shows warnings (muna's NumPy never warns): the body as written.
        `contextlib.suppress(E, ...)` is the `try: body / except (E, ...): pass` it means."""
        from .frontend import Static, _is_grad_mode
        for k, item in enumerate(node.items):
            ctx = item.context_expr
            try:
                fn = self.expr(ctx.func) if isinstance(ctx, ast.Call) else None
            except CompileError:
                fn = None  # (said below: this with block is not supported)
            fn = fn.value if isinstance(fn, Static) else None
            if item.optional_vars is None and fn is contextlib.suppress and ctx.args and not ctx.keywords:
                inner = ast.With(items=node.items[k + 1:], body=node.body) if node.items[k + 1:] else None
                handler = ast.ExceptHandler(type=ctx.args[0] if len(ctx.args) == 1 else ast.Tuple(elts=ctx.args, ctx=ast.Load()),
                                            name=None, body=[ast.Pass()])
                rewritten = ast.Try(body=[inner] if inner else node.body, handlers=[handler], orelse=[], finalbody=[])
                for n in ast.walk(rewritten):  # (the new nodes at the with's place)
                    if not hasattr(n, "lineno"):
                        ast.copy_location(n, node)
                return self.stmt_Try(rewritten)
            quiet = fn is np.errstate and not ctx.args and all(
                isinstance(kw.value, ast.Constant) and kw.value.value in ("ignore", "warn", "print", "log")
                and kw.arg in ("all", "divide", "over", "under", "invalid") for kw in ctx.keywords)
            grad = _is_grad_mode(fn) and not ctx.args and not ctx.keywords
            if item.optional_vars is not None or not (grad or quiet):
                self.unsupported(node, "this with block", "'with torch.no_grad():', 'with torch.inference_mode():', "
                                 "'with np.errstate(...)' that does not raise and 'with contextlib.suppress(...)' "
                                 "are compiled; remove the with block")
        return self.block(node.body)

    def stmt_Raise(self, node):
        if node.exc is None:
            return [self.mk(node, "raise")]  # re-raise inside an except block
        exc = node.exc
        if isinstance(exc, (ast.Name, ast.Attribute)) and self.exception_name(exc):
            exc = ast.copy_location(ast.Call(func=exc, args=[], keywords=[]), exc)
        if not (isinstance(exc, ast.Call) and isinstance(exc.func, (ast.Name, ast.Attribute))):
            self.unsupported(node, "this raise", "raise ValueError(\"message\") or another builtin exception")
        kind = self.exception_name(exc.func) or ast.unparse(exc.func)
        if not self.exception_name(exc.func) or kind in ("Exception", "BaseException", "UnicodeDecodeError",
                                                          "UnicodeEncodeError"):  # these take 5 arguments
            self.unsupported(exc, f"raising {kind}", "raise a builtin exception, or a class of yours derived from one")
        if len(exc.args) > 1 or exc.keywords:
            self.unsupported(exc, "an exception with several arguments", "pass one message string")
        msg = self.value(exc.args[0]) if exc.args else const("", self.loc(node))
        if kind == "KeyError" and exc.args:  # str(KeyError(k)) is repr(k)
            msg = self.apply("builtins.repr", [msg], {}, exc)
        elif strip_literal(msg.type) != STR:
            msg = self.apply("builtins.str", [msg], {}, exc)  # str(ValueError(x)) is str(x)
        return [self.mk(node, "raise", exprs=(msg,), targets=(Target("name", STR, name=kind),))]

    def stmt_Assert(self, node):
        cond = self.truth(self.value(as_condition(node.test)), node.test)
        msg = self.value(node.msg) if node.msg else const("", self.loc(node))
        if strip_literal(msg.type) != STR:
            msg = self.apply("builtins.str", [msg], {}, node.msg)
        then_narrow, _ = self.narrowings(node.test)
        self.apply_narrowing(then_narrow)  # after `assert x is not None`, x is not None
        return [self.mk(node, "assert", exprs=(cond, msg))]

    # --- narrowing ------------------------------------------------------------------------------
    def narrowings(self, test) -> tuple:
        """({name: type} where `test` is true, {name: type} where it is false): Optional names
        compared with None or tested for truth."""
        if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
            t, f = self.narrowings(test.operand)
            return f, t
        if isinstance(test, ast.BoolOp):
            parts = [self.narrowings(v) for v in test.values]
            if isinstance(test.op, ast.And):
                return _union(p[0] for p in parts), (parts[0][1] if len(parts) == 1 else {})
            return (parts[0][0] if len(parts) == 1 else {}), _union(p[1] for p in parts)
        if (isinstance(test, ast.Call) and isinstance(test.func, ast.Name) and test.func.id == "isinstance"
                and len(test.args) == 2 and _name_of(test.args[0])):
            return self.isinstance_narrowing(_name_of(test.args[0]), test.args[1])
        name = _name_of(test)
        if name is not None:
            b = self.scope.get(name)
            if isinstance(b, Binding) and isinstance(b.type, OptionalT):
                return {name: b.type.item}, {}  # truthy: not None
            return {}, {}
        strings = self.string_narrowings(test)
        if strings is not None:
            return strings
        if (isinstance(test, ast.Compare) and len(test.ops) == 1
                and isinstance(test.ops[0], (ast.Is, ast.IsNot, ast.Eq, ast.NotEq))
                and isinstance(test.comparators[0], ast.Constant) and test.comparators[0].value is None):
            name = _name_of(test.left)
            b = self.scope.get(name) if name else None
            # (`x == None` is `x is None` for a number or a str; an array compares item by item)
            if isinstance(b, Binding) and isinstance(b.type, OptionalT) and (
                    isinstance(test.ops[0], (ast.Is, ast.IsNot)) or isinstance(strip_literal(b.type.item), (Scalar, NumberT, Str))):
                inner = {name: b.type.item}
                none = {name: NONE}
                return (none, inner) if isinstance(test.ops[0], (ast.Is, ast.Eq)) else (inner, none)
        return {}, {}

    def string_narrowings(self, test):
        """A str name compared with string constants (`window in ['hanning', 'hamming']`,
        `mode == 'flat'`, their negations): where it holds, the name is one of those strings
        (a Literal, which getattr of a module reads: frontend.attribute_of_static); where it
        does not, those it was narrowed to before, less these. None for any other test."""
        if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.left, ast.Name)):
            return None
        op, right = test.ops[0], test.comparators[0]
        if isinstance(op, (ast.Eq, ast.NotEq)) and isinstance(right, ast.Constant) and isinstance(right.value, str):
            values = (right.value,)
        elif isinstance(op, (ast.In, ast.NotIn)) and isinstance(right, (ast.List, ast.Tuple, ast.Set)) and all(
                isinstance(e, ast.Constant) and isinstance(e.value, str) for e in right.elts):
            values = tuple(dict.fromkeys(e.value for e in right.elts))
        else:
            return None
        name = test.left.id
        b = self.scope.get(name)
        if not (isinstance(b, Binding) and strip_literal(b.type) == STR and b.const is NOT_CONST):
            return None
        before = b.type.values if isinstance(b.type, LiteralT) else None
        holds = tuple(v for v in values if before is None or v in before)
        rest = None if before is None else tuple(v for v in before if v not in values)
        yes = {name: LiteralT(STR, holds)} if holds else {}
        no = {name: LiteralT(STR, rest)} if rest else {}
        return (yes, no) if isinstance(op, (ast.Eq, ast.In)) else (no, yes)

    def isinstance_narrowing(self, name, cls_node) -> tuple:
        """After isinstance(x, C): x of unknown type (Any) is a C; an Optional is its value or
        None."""
        from .frontend import _NO_STATIC
        from .types import AnyT, FLOAT, INT, BOOL
        b = self.scope.get(name)
        if not isinstance(b, Binding):
            return {}, {}
        cls = self.static_operand(cls_node)
        if cls is _NO_STATIC:
            return {}, {}
        if isinstance(b.type, AnyT) and not isinstance(cls, tuple):
            static = {int: INT, float: FLOAT, str: STR, bool: BOOL, list: ListT(AnyT()),
                      dict: DictT(AnyT(), AnyT())}.get(cls)
            return ({name: static}, {}) if static is not None else ({}, {})
        if isinstance(b.type, OptionalT):
            from .frontend import _python_class_matches
            flat = cls if isinstance(cls, tuple) else (cls,)
            if _python_class_matches(b.type.item, flat) and type(None) not in flat:
                return {name: b.type.item}, {name: NONE}
        return {}, {}

    def apply_narrowing(self, narrowing: dict):
        for name, t in narrowing.items():
            if t == NONE:
                b = self.scope.get(name)
                if isinstance(b, Binding):
                    self.scope[name] = replace(b, type=NONE, const=None, serial=self.next_serial())
                continue
            self.narrow(name, t)


def _literal_strings(bindings):
    """The strings a str may be where paths join, when each path knows them (a constant, or a
    name narrowed to a few: `if how not in ("fsum", "prod"): how = "fsum"`), else None."""
    values = []
    for b in bindings:
        if isinstance(b.type, LiteralT) and strip_literal(b.type) == STR:
            values += b.type.values
        elif isinstance(b.const, str):
            values.append(b.const)
        else:
            return None
    return LiteralT(STR, tuple(dict.fromkeys(values)))


def _union(dicts) -> dict:
    out = {}
    for d in dicts:
        out.update(d)
    return out


def _name_of(node):
    """The name a test reads: `x`, or the target of `(x := ...)`."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.NamedExpr) and isinstance(node.target, ast.Name):
        return node.target.id
    return None


def _about_pending(e: CompileError) -> bool:
    """An error about a value whose type holds an undecided item type (`?3:16:item`)."""
    return re.search(r"\?\d+:\d+", str(e)) is not None


def _simple(node) -> bool:
    """An expression evaluating it twice cannot tell: a name, a constant, a slice or tuple of
    those, an attribute of a name."""
    if isinstance(node, (ast.Name, ast.Constant)):
        return True
    if isinstance(node, ast.Attribute):
        return _simple(node.value)
    if isinstance(node, ast.Slice):
        return all(p is None or _simple(p) for p in (node.lower, node.upper, node.step))
    if isinstance(node, (ast.Tuple, ast.List)):  # (a list display of those: a fresh list either way)
        return all(_simple(e) for e in node.elts)
    if isinstance(node, ast.UnaryOp):
        return _simple(node.operand)
    if isinstance(node, ast.BinOp):
        return _simple(node.left) and _simple(node.right)
    return False


def _pure(e: Expr) -> bool:
    """An expression whose evaluation can neither raise nor see an assignment made before it."""
    return e.op in ("const", "global")


def _has_pending(t: Type) -> bool:
    from .frontend import _pendings
    return any(True for _ in _pendings(strip_literal(t)))


def _incomplete(t: Type) -> bool:
    return _has_pending(t) or strip_literal(t) == NONE


def _foldable(value) -> bool:
    from .frontend import _foldable as f
    return f(value)


def decided_test(test: Expr):
    """(value, effect) of a condition known at compile time, else None: a constant (effect
    None), or a `seq` ending in one, whose first part is still evaluated for the exception it
    may raise (`((1 // a) == 0) or True` is True, and raises for a = 0)."""
    if test.op == "const" and _foldable(test.attr("value")):
        return test.attr("value"), None
    if test.op == "seq" and test.args[1].op == "const" and _foldable(test.args[1].attr("value")):
        return test.args[1].attr("value"), test.args[0]
    return None


def _assigned_names(stmts) -> set:
    """Names any statement here assigns (targets, augmented, for targets, except-as, walrus)."""
    names = set()
    for s in stmts:
        for n in ast.walk(s):
            if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store):
                names.add(n.id)
            elif isinstance(n, ast.ExceptHandler) and n.name:
                names.add(n.name)
    return names


def _ELLIPSIS_T():
    from .types import ELLIPSIS
    return ELLIPSIS


def as_condition(node):
    """Marks `and`/`or` in `node`, a test only read for its truth (if, while, assert, a
    conditional expression's test), so operands of different types join as their truths."""
    if isinstance(node, ast.BoolOp):
        node.muna_condition = True
        for v in node.values:
            as_condition(v)
    elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        as_condition(node.operand)
    return node
