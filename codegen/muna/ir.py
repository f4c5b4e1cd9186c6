"""muna's typed IR: small frozen nodes whose type is fixed when they are built.

A function is a tree of statements over expressions. Every expression knows its type; a call
names its registry op; conversions are explicit `convert` nodes. `verify` checks the invariants
after every pass and `render` prints one node per line with its type and source line.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .diagnostics import Loc
from .types import StaticT, Type, TupleT

# Expression ops and what their `args`/`attrs` hold.
EXPR_OPS = {
    "const": "attrs: value",
    "var": "attrs: name",
    "global": "attrs: name (a module-level constant baked into the library)",
    "call": "attrs: op (registry name), template; args: operands in the op's parameter order",
    "convert": "args: value; the result type is the node's type",
    "list": "args: items", "tuple": "args: items", "set": "args: items", "dict": "args: k0, v0, k1, v1, ...",
    "comp": "attrs: kind (list/set/dict; any/all: a bool, stopping at the first deciding item; next/"
            "next_default: the first item, else StopIteration or the default, the second value), "
            "shape ((target, n_conditions) per generator); "
            "args: element (key, value for dict), then per generator its iterable and conditions",
    "closure": "args: the values of the names a returned local function reads (types.ClosureT)",
    "lambda": "attrs: params ((name, type), ...); args: body",
    "ifexp": "args: cond, then, else",
    "and": "args: left, right (Python value semantics, short-circuit)",
    "or": "args: left, right",
    "not": "args: value",
    "compare": "attrs: ops; args: operands (chained comparison)",
    "truth": "args: value (Python truthiness as bool)",
    "chain": "attrs: n (operands); args: the n operands, then the n-1 comparisons of adjacent ones, "
             "which read the operands (a chained comparison whose middle operands are evaluated once)",
    "subscript": "attrs: op (registry getitem op); args: container, index",
    "slice": "args: start, stop, step (int or None each)",
    "invoke": "attrs: function (a compiled helper's C++ name); args: its runtime arguments",
    "is_none": "args: an Optional value",
    "assign_expr": "attrs: name (the variable); args: value (the walrus: binds and is the value)",
    "seq": "args: effect, value (the effect evaluated for what it does, then the value)",
    "dispatch": "attrs: slots (a name per hoisted operand), dynamic (indices of the slots of run-time "
                "dtype), keys (the dtypes of those per branch), refused ((dtypes, message), ...: raised "
                "at run time); args: the hoisted operands, then one expression per branch (dispatch.py)",
    "call_value": "attrs: slots (a name per hoisted operand), numbers (the option each call is for), refused "
                  "((number, exception, message), ...: raised when that option is held); args: the function "
                  "value, the hoisted operands, then one call per option, reading them (dispatch_arg) "
                  "(function_values.py)",
    "dispatch_arg": "attrs: slot, dynamic (whether it reads the slot's array at the branch's dtype); a "
                    "hoisted operand of the enclosing dispatch, of the branch's static type",
}
STMT_OPS = ("assign", "return", "if", "for", "while", "break", "continue", "expr", "raise",
            "assert", "pass", "try")


@dataclass(frozen=True)
class Expr:
    op: str
    type: Type
    args: tuple = ()
    attrs: tuple = ()  # (key, value) pairs
    loc: Loc | None = None

    def attr(self, key, default=None):
        for k, v in self.attrs:
            if k == key:
                return v
        return default


@dataclass(frozen=True)
class Target:
    """An assignment target: a name, a tuple of targets, or a subscript `container[index]`."""
    kind: str  # "name", "tuple", "subscript"
    type: Type
    name: str = ""
    items: tuple = ()
    container: Expr | None = None
    index: Expr | None = None
    inner: bool = False  # bound by a comprehension: declared there, not in the function


@dataclass(frozen=True)
class Stmt:
    op: str
    loc: Loc
    source: str  # the Python line, printed above the C++ statement
    exprs: tuple = ()
    targets: tuple = ()
    body: tuple = ()
    orelse: tuple = ()
    # try statements: ((exception class names, bound name or "", body), ...) and the finally body
    handlers: tuple = ()
    finalbody: tuple = ()


@dataclass(frozen=True)
class Param:
    name: str
    type: Type
    default: Expr | None
    loc: Loc


@dataclass(frozen=True)
class Function:
    name: str
    params: tuple
    returns: Type
    body: tuple
    loc: Loc
    signature: str  # the `def` line as written
    locals: tuple = ()  # (name, Type), filled by the hoist_locals pass
    includes: tuple = ()  # headers, filled by the collect_includes pass


@dataclass
class Program:
    """The entry function, the helpers it calls, and the constants they read."""
    entry: Function
    entries: list = field(default_factory=list)  # every compiled entry function; entry is the first
    exports: list = field(default_factory=list)  # specialize.Export per exported Python function
    # (function, self, argument types, compile-time arguments) -> its specialised Function
    helpers: dict = field(default_factory=dict)
    building: dict = field(default_factory=dict)  # helpers being built (for recursion)
    constants: dict = field(default_factory=dict)  # C++ name -> (Type, Python value)
    constant_ids: dict = field(default_factory=dict)  # id(value) -> C++ name
    source_file: str = ""
    entry_names: tuple = ()  # the exported Python functions' names (reserved for them in C++)
    profile: bool = False  # time every statement (muna_profile() reports)
    precision: str = "fp32"  # "bf16": constant GEMM weights stored in bf16 (fp32 accumulation)
    # Exception classes of the user's module (name -> base name), bases first.
    user_exceptions: dict = field(default_factory=dict)
    records: dict = field(default_factory=dict)  # C++ info struct -> record type (records.py)
    # (class, field) -> the type a field holds because a method assigns it one its construction
    # did not give it (records.FieldWidened: the program is then built again with it)
    widened_fields: dict = field(default_factory=dict)
    # (function, empty list's PendingT id) -> the item type a list holds because items of
    # several types go into it (diagnostics.ItemWidened)
    widened_items: dict = field(default_factory=dict)

    def functions(self):
        return list(self.helpers.values()) + (self.entries or [self.entry])

    def helper_name(self, base: str) -> str:
        taken = ({f.name for f in self.helpers.values()} | set(self.building.values())
                 | {f.name for f in self.entries} | set(self.entry_names))
        name, n = base, 1
        while name in taken:
            n += 1
            name = f"{base}_{n}"
        return name

    def constant_name(self, hint: str, value, t) -> str:
        """One C++ constant per Python object, named after how the code reached it."""
        if id(value) in self.constant_ids:
            return self.constant_ids[id(value)]
        import re
        base = re.sub(r"\W+", "_", hint).strip("_") or "constant"
        name, n = base, 1
        while name in self.constants:
            n += 1
            name = f"{base}_{n}"
        self.constants[name] = (t, value)
        self.constant_ids[id(value)] = name
        return name


class VerifyError(Exception):
    pass


def walk_exprs(e: Expr):
    yield e
    for a in e.args:
        yield from walk_exprs(a)


def stmt_exprs(s: Stmt):
    for e in s.exprs:
        yield from walk_exprs(e)
    for t in s.targets:
        yield from target_exprs(t)


def target_exprs(t: Target):
    if t.kind == "subscript":
        yield from walk_exprs(t.container)
        yield from walk_exprs(t.index)
    for item in t.items:
        yield from target_exprs(item)


def bound_flag(var: str) -> str:
    """The variable (a bool) that says whether `var`, which the body may read unassigned, was
    assigned: read by python.detail.check_bound, set by passes.bound_flags."""
    return f"muna_bound_{var}"


def walk_stmts(body):
    for s in body:
        yield s
        yield from walk_stmts(s.body)
        yield from walk_stmts(s.orelse)
        for _, _, handler in s.handlers:
            yield from walk_stmts(handler)
        yield from walk_stmts(s.finalbody)


def verify(fn: Function, registry, stage: str):
    """Invariants every pass must keep; a failure is a compiler bug, named with its pass."""
    def fail(msg, loc):
        raise VerifyError(f"IR invalid after pass '{stage}': {msg} at {loc}")

    for s in walk_stmts(fn.body):
        if s.op not in STMT_OPS:
            fail(f"unknown statement {s.op}", s.loc)
        for e in stmt_exprs(s):
            if e.op not in EXPR_OPS:
                fail(f"unknown expression {e.op}", e.loc)
            if not isinstance(e.type, Type):
                fail(f"untyped {e.op}", e.loc)
            if e.op in ("call", "subscript") and e.attr("op") not in registry:
                fail(f"call to unregistered op {e.attr('op')}", e.loc)
            if e.op in ("call", "subscript") and any(isinstance(a.type, StaticT) for a in e.args):
                fail(f"compile-time argument passed to C++ by {e.attr('op')}", e.loc)
            if e.op == "tuple" and not isinstance(e.type, TupleT):
                fail("tuple literal without tuple type", e.loc)
    from .scope import storage
    from .types import PendingT
    # One C++ type per variable: every assignment of a name, and every read, agrees with it
    # (types may differ in what the compiler knows, a rank, not in the C++ type).
    var_types = {p.name: storage(p.type) for p in fn.params}

    def agree(name, t, loc, what):
        if any(isinstance(x, PendingT) for x in _types_in(t)):
            return
        known = var_types.setdefault(name, storage(t))
        if known != storage(t):
            fail(f"{what} of variable {name} as {t}, which is declared {known}", loc)

    def targets(t: Target, loc):
        if t.kind == "name" and not t.inner:
            agree(t.name, t.type, loc, "assignment")
        for item in t.items:
            targets(item, loc)

    for s in walk_stmts(fn.body):
        if s.op == "assign":
            value, target = s.exprs[0], s.targets[0]
            if target.kind == "name" and storage(value.type) != storage(target.type) and not _pending(value.type):
                fail(f"assignment of a {value.type} to {target.name}, a {target.type}", s.loc)
        if s.op == "return" and storage(s.exprs[0].type) != storage(fn.returns) and not _pending(s.exprs[0].type):
            fail(f"return of a {s.exprs[0].type} from a function returning {fn.returns}", s.loc)
        if s.op != "raise":
            for t in s.targets:
                targets(t, s.loc)
        for e in stmt_exprs(s):
            if e.op == "var" and not e.attr("local_to"):
                agree(e.attr("name"), e.type, e.loc, "read")
    if fn.locals:
        declared = {n for n, _ in fn.locals} | {p.name for p in fn.params}
        for s in walk_stmts(fn.body):
            for e in stmt_exprs(s):
                if e.op == "var" and e.attr("name") not in declared and not e.attr("local_to"):
                    fail(f"variable {e.attr('name')} is not declared", e.loc)


def _types_in(t):
    yield t
    for attr in ("item", "key", "value", "base"):
        sub = getattr(t, attr, None)
        if isinstance(sub, Type):
            yield from _types_in(sub)
    for sub in getattr(t, "items", ()) or ():
        if isinstance(sub, Type):
            yield from _types_in(sub)


def _pending(t) -> bool:
    from .types import PendingT
    return any(isinstance(x, PendingT) for x in _types_in(t))


def render(fn: Function) -> str:
    """One node per line: `%n = op ... : type  ; line N`."""
    out = [f"func {fn.name}(" + ", ".join(f"{p.name}: {p.type}" for p in fn.params)
           + f") -> {fn.returns}    ; {fn.loc}"]
    counter = [0]

    def expr(e: Expr, depth) -> str:
        names = [expr(a, depth) for a in e.args]
        counter[0] += 1
        ref = f"%{counter[0]}"
        attrs = " ".join(f"{k}={v!r}" for k, v in e.attrs if k != "value") if e.attrs else ""
        if e.op == "const":
            attrs = repr(e.attr("value"))
        line = e.loc.line if e.loc else "?"
        out.append("  " * depth + f"{ref} = {e.op} {attrs} {' '.join(names)}".rstrip()
                   + f" : {e.type}    ; line {line}")
        return ref

    def target(t: Target, depth) -> str:
        if t.kind == "name":
            return t.name
        if t.kind == "tuple":
            return "(" + ", ".join(target(i, depth) for i in t.items) + ")"
        return f"{expr(t.container, depth)}[{expr(t.index, depth)}]"

    def block(body, depth):
        for s in body:
            refs = [expr(e, depth) for e in s.exprs]
            targets = [target(t, depth) for t in s.targets]
            lhs = ", ".join(targets) + " = " if targets else ""
            out.append("  " * depth + f"{s.op} {lhs}{' '.join(refs)}".rstrip()
                       + f"    ; line {s.loc.line}")
            if s.body:
                block(s.body, depth + 1)
            if s.orelse:
                out.append("  " * depth + "else")
                block(s.orelse, depth + 1)

    block(fn.body, 1)
    return "\n".join(out)
