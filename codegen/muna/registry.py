"""The registry: the single place an op is added.

Each entry maps a Python callable, method or operator to its type rule and its C++ template.
The header and C++ name are derived from the Python name (`numpy.exp` ->
`muna/numpy/exp.hpp`, `muna::numpy::exp`; `str.strip` -> `muna/python/str/strip.hpp`,
`muna::python::str::strip`). Docs and conformance tests are generated from it.
"""
from __future__ import annotations

import sys
from dataclasses import dataclass, field
from typing import Callable

from .diagnostics import CompileError, Loc
from .types import Type

REQUIRED = object()
CPP_KEYWORDS = {"and", "or", "not", "operator", "int", "float", "bool", "char", "default",
                "delete", "new", "register", "union", "xor", "struct"}


def derive_cpp(name: str) -> tuple[str, str]:
    """(header, C++ qualified name) for a Python-qualified op name."""
    parts = name.split(".")
    if parts[0] not in ("numpy", "torch"):
        parts = ["python"] + parts
    escaped = [p + "_" if p in CPP_KEYWORDS else p for p in parts]
    return "muna/" + "/".join(parts) + ".hpp", "muna::" + "::".join(escaped)


@dataclass
class Resolved:
    """What a type rule decides: the result type, the C++ arguments, template arguments, and
    optionally a different op to call (an operator on tensors becomes the NumPy ufunc)."""
    type: Type
    args: tuple
    template: tuple = ()
    op: str | None = None


class Redispatch(Exception):
    """Raised by a type rule whose argument `param` is to be `expr` instead: an array of run-time
    dtype (a value of run-time type read as NumPy reads it). The call is made again with it, a
    branch per dtype (dispatch.py), as a rule never sees such an array."""

    def __init__(self, param: str, expr):
        super().__init__(param)
        self.param, self.expr = param, expr


@dataclass
class Bound:
    """A call bound to an op's parameters (defaults filled), as a type rule sees it."""
    op: "Op"
    args: dict  # param name -> Expr
    loc: Loc
    builder: object = None  # the FunctionBuilder, for rules that compile callables (key=)

    def callable(self, fn: "Expr", param_types: tuple) -> "Expr":
        """A lambda or function argument compiled for these parameter types."""
        return self.builder.callable_expr(fn, param_types, self.loc)

    def type(self, name):
        return self.args[name].type

    def const(self, name):
        e = self.args[name]
        if e.op != "const":
            raise CompileError(e.loc or self.loc, f"argument '{name}' of {self.op.name} must be "
                               "a constant; pass a literal value")
        return e.attr("value")

    def fail(self, message: str, raises: str = "TypeError"):
        """Refuses the call; `raises` is the exception Python's own call would raise."""
        raise CompileError(self.loc, message, raises)

    def unsupported(self, message: str):
        """Refuses a call Python would run (a muna limit, such as a dtype muna lacks): where the
        dtypes are known only at run time, that branch raises NotImplementedError."""
        raise CompileError(self.loc, message, "NotImplementedError")


@dataclass
class Op:
    name: str
    params: tuple  # (name, default) with REQUIRED for required parameters
    rule: Callable[[Bound], Resolved]
    # Custom C++ spelling, given the C++ argument strings and the resolution; default is a call.
    emit: Callable | None = None
    header: str | None = None  # None: no header (emitted inline)
    cpp: str = ""
    kind: str = "function"  # "function", "method", "operator", "property"
    # Changes its first argument (list.append, x.__setitem__, torch's add_): never allowed on a
    # module-level constant, and ordered with care where operands are evaluated (emit.py).
    mutates: bool = False
    # Gives a 0-d ndarray where its result is 0-d (squeeze, reshape, astype, copy, asarray), not
    # the NumPy scalar arithmetic, ufuncs and reductions give: emit.py marks such a result of
    # unknown rank so it is returned as NumPy returns it (Tensor::as_0d_array).
    keeps_0d_array: bool = False
    # Parameters it walks as iterables (zip, enumerate, sorted): an array argument is read as its
    # rows, which an array of run-time dtype has too, so the call needs no branch per dtype.
    iterates: tuple = ()
    # Its *args may come from a starred list of run-time length (`struct.pack(fmt, *ids)`): that
    # parameter is then bound to the list itself (a ListT) instead of a tuple of the arguments.
    star_list: bool = False
    tolerance: str = "exact"
    doc: str = ""

    def __post_init__(self):
        header, cpp = derive_cpp(self.name)
        if self.header is None and self.emit is None:
            self.header = header
        self.cpp = self.cpp or cpp


@dataclass
class ObjectKind:
    """A Python class whose instances can be baked into a library: `to_bytes` serialises one
    at compile time; C++ rebuilds it once with `from_blob(const uint8_t*, size_t)`."""
    cls: type
    name: str  # the receiver kind of its methods ("muna.text.Tokenizer")
    cpp_type: str
    header: str
    to_bytes: Callable
    type_of: Callable | None = None  # the IR type of one instance, when it carries more than the kind


@dataclass
class Registry:
    ops: dict = field(default_factory=dict)
    object_kinds: dict = field(default_factory=dict)  # class -> ObjectKind
    by_object: dict = field(default_factory=dict)  # id(python callable) -> op name
    # Top module -> {dotted path -> op name}, for callables of a module not imported yet
    # ("torch.frombuffer"): found by identity once the user's code has imported it (torch costs a
    # second to import, which a NumPy-only function should not pay).
    by_path: dict = field(default_factory=dict)
    methods: dict = field(default_factory=dict)  # (receiver kind, method) -> op name
    # (class, name) -> op name: class methods of builtin types (bytes.fromhex, int.from_bytes),
    # which are a new bound object at every attribute access, so never found by identity.
    class_methods: dict = field(default_factory=dict)

    def __contains__(self, name):
        return name in self.ops

    def __getitem__(self, name) -> Op:
        return self.ops[name]

    def add(self, op: Op, obj=None, method_of: str | None = None):
        if op.name in self.ops:
            raise ValueError(f"op {op.name} registered twice")
        self.ops[op.name] = op
        if isinstance(obj, str):
            self.by_path.setdefault(obj.split(".", 1)[0], {})[obj] = op.name
        elif obj is not None:
            self.by_object[id(obj)] = op.name
        if method_of is not None:
            self.methods[(method_of, op.name.rsplit(".", 1)[1])] = op.name
        return op

    def _imported_paths(self):
        """Moves the callables of by_path whose module is now imported to by_object."""
        for root in [r for r in self.by_path if r in sys.modules]:
            for path, name in self.by_path.pop(root).items():
                obj = sys.modules[root]
                for part in path.split(".")[1:]:
                    obj = getattr(obj, part, None)
                if obj is not None:
                    self.by_object[id(obj)] = name

    def lookup_object(self, obj):
        if self.by_path:
            self._imported_paths()
        name = self.by_object.get(id(obj))
        owner = getattr(obj, "__self__", None)
        if name is None and isinstance(owner, type):
            name = self.class_methods.get((owner, getattr(obj, "__name__", None)))
        if name is None:
            # A method bound to a registered object, e.g. np.add.at: a new bound-method object
            # at each attribute access, so it is found through its owner's name.
            owner_name = self.by_object.get(id(owner))
            method = getattr(obj, "__name__", None)
            if owner_name is not None and method and f"{owner_name}.{method}" in self.ops:
                name = f"{owner_name}.{method}"
        return name

    def apply(self, name, args: dict, loc, builder=None) -> "Expr":
        """The call of op `name` with these arguments (the rest take their defaults), as its
        rule resolves it: for rules that express one op through another."""
        from .build_ir import call, const
        target = self.ops[name]
        bound = Bound(target, {p: args[p] if p in args else const(d, loc) for p, d in target.params}, loc, builder)
        r = target.rule(bound)
        return call(r.op or name, r.type, r.args, loc, r.template)

    def mark_mutating(self, names):
        """Records which ops change their first argument (op facts live on the op)."""
        for n in names:
            if n in self.ops:
                self.ops[n].mutates = True

    def mark_keeps_0d_array(self, names):
        """Records which NumPy ops give a 0-d ndarray, not a NumPy scalar, for a 0-d result."""
        for n in names:
            self.ops[n].keeps_0d_array = True

    def object_kind(self, value):
        for cls, kind in self.object_kinds.items():
            if isinstance(value, cls):
                return kind
        return None


REGISTRY = Registry()


VARARGS = "*"


def parse_params(spec: str) -> tuple:
    """'a, axis=None, keepdims=False' -> (('a', REQUIRED), ('axis', None), ('keepdims', False))."""
    params = []
    for part in filter(None, (p.strip() for p in spec.split(","))):
        if "=" in part:
            name, default = part.split("=", 1)
            params.append((name.strip(), eval(default, {})))  # literals written in this package
        else:
            params.append((part, REQUIRED))
    return tuple(params)


def op(name: str, params: str, obj=None, method_of=None, **kwargs):
    """Decorator registering a type rule: @op("numpy.exp", "x", obj=numpy.exp)."""
    def register(rule):
        REGISTRY.add(Op(name, parse_params(params), rule, **kwargs), obj, method_of)
        return rule
    return register
