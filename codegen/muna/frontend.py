"""Python source -> typed IR.

The user's module is imported, so module-level names are real objects: modules and callables
resolve to registry ops at compile time, and other values become constants baked into the
library. Types flow from the signature and the constants through every expression by the
registry's rules; anything outside the supported language is a CompileError at its line.
"""
from __future__ import annotations

import ast
import builtins
import inspect
import textwrap
import types as pytypes
import typing

from . import constants
from .annotations import AnnotationError, type_of_annotation
from .build_ir import call, const, convert
from .diagnostics import CompileError, Loc
from .ir import Expr, Function, Param, Program, Stmt, Target
from .registry import REGISTRY, REQUIRED, Bound, Resolved
from .types import (BOOL, ELLIPSIS, INT, NONE, SLICE, STR, DictT, ListT, LiteralT, OptionalT,
                    Scalar, StaticT, Str, TensorT, TupleT, Type, strip_literal)
from . import ops  # noqa: F401  (registers every op)

BINOPS = {ast.Add: "add", ast.Sub: "sub", ast.Mult: "mul", ast.Div: "truediv",
          ast.FloorDiv: "floordiv", ast.Mod: "mod", ast.Pow: "pow", ast.MatMult: "matmul",
          ast.BitAnd: "and_", ast.BitOr: "or_", ast.BitXor: "xor", ast.LShift: "lshift",
          ast.RShift: "rshift"}
CMPOPS = {ast.Eq: "eq", ast.NotEq: "ne", ast.Lt: "lt", ast.LtE: "le", ast.Gt: "gt", ast.GtE: "ge"}

# What to tell the user for constructs outside the language.
UNSUPPORTED = {
    ast.Yield: ("generators and yield", "return a list instead"),
    ast.YieldFrom: ("generators and yield", "return a list instead"),
    ast.Await: ("async code", "write a plain synchronous function"),
    ast.AsyncFor: ("async code", "write a plain synchronous function"),
    ast.AsyncWith: ("async code", "write a plain synchronous function"),
    ast.AsyncFunctionDef: ("async code", "write a plain synchronous function"),
    ast.ClassDef: ("classes defined inside the function", "define the class at module level"),
    ast.Global: ("global", "pass the value in and return the result"),
    ast.Nonlocal: ("nonlocal", "pass the value in and return the result"),
    ast.Lambda: ("lambda here", "use a lambda only as key= of sorted/min/max"),
    ast.With: ("with blocks", "remove the with block"),
    ast.Try: ("try statements", "raise on bad input and let the caller handle the error"),
    ast.Delete: ("del", "rebuild the container without the item"),
    ast.Starred: ("starred expressions", "pass arguments explicitly"),
    ast.NamedExpr: ("assignment expressions (:=)", "assign on its own line"),
    ast.GeneratorExp: ("generator expressions", "use a list comprehension"),
    ast.Set: ("set literals", "use a list or dict"),
    ast.SetComp: ("set comprehensions", "use a list or dict comprehension"),
    ast.FunctionDef: ("functions defined inside the function", "define it at module level"),
    ast.Match: ("match statements", "use if/elif"),
    ast.Import: ("import inside the function", "import at module level"),
    ast.ImportFrom: ("import inside the function", "import at module level"),
}


class Static:
    """A compile-time value the IR never holds: a module, a function, a type."""

    def __init__(self, value):
        self.value = value


def load_function(path: str, name: str):
    """Imports the module at `path` and returns (module, function)."""
    import importlib.util
    import os
    import sys
    loc = Loc(path, 1, 1)
    if not os.path.isfile(path):
        raise CompileError(loc, f"no such file '{path}'")
    module_name = "_muna_user_" + os.path.splitext(os.path.basename(path))[0]
    spec = importlib.util.spec_from_file_location(module_name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    sys.path.insert(0, os.path.dirname(os.path.abspath(path)))
    try:
        spec.loader.exec_module(module)
    except SyntaxError as e:
        raise CompileError(Loc(path, e.lineno or 1, e.offset or 1), f"invalid syntax: {e.msg}")
    except Exception as e:  # the user's module failed while importing
        raise CompileError(loc, f"importing the module failed: {type(e).__name__}: {e}")
    finally:
        sys.path.pop(0)
    fn = getattr(module, name, None)
    if not isinstance(fn, pytypes.FunctionType):
        raise CompileError(loc, f"module has no function '{name}'")
    return module, fn


class FunctionBuilder:
    def __init__(self, program: Program, module, fn):
        self.program = program
        self.module = module
        self.fn = fn
        self.file = program.source_file or inspect.getsourcefile(fn)
        lines, first = inspect.getsourcelines(fn)
        self.source_lines = "".join(lines)
        self.line_offset = first - 1
        self.tree = ast.parse(textwrap.dedent(self.source_lines)).body[0]
        self.indent = len(lines[0]) - len(lines[0].lstrip())
        self.all_lines = open(self.file, encoding="utf-8").read().splitlines()
        self.scope: dict[str, Type] = {}
        self.returns: Type = NONE

    # --- locations ----------------------------------------------------------------------------
    def loc(self, node) -> Loc:
        return Loc(self.file, getattr(node, "lineno", 1) + self.line_offset,
                   getattr(node, "col_offset", 0) + 1 + self.indent)

    def error(self, node, message):
        raise CompileError(self.loc(node), message)

    def unsupported(self, node, what, todo):
        self.error(node, f"{what} is not supported; {todo}")

    def line_text(self, node) -> str:
        n = getattr(node, "lineno", 1) + self.line_offset
        return self.all_lines[n - 1].strip() if 0 < n <= len(self.all_lines) else ""

    # --- signature ----------------------------------------------------------------------------
    def build(self) -> Function:
        node = self.tree
        if isinstance(node, ast.AsyncFunctionDef):
            self.unsupported(node, *UNSUPPORTED[ast.AsyncFunctionDef])
        if not isinstance(node, ast.FunctionDef):
            self.error(node, "only plain functions can be compiled")
        a = node.args
        if a.vararg or a.kwarg:
            self.unsupported(a.vararg or a.kwarg, "*args and **kwargs", "list each parameter with its type")
        if a.posonlyargs or a.kwonlyargs:
            self.unsupported(node, "positional-only and keyword-only parameters", "use plain parameters")
        try:
            hints = typing.get_type_hints(self.fn)
        except Exception as e:
            self.error(node, f"cannot evaluate the annotations: {e}")
        defaults = [None] * (len(a.args) - len(a.defaults)) + list(a.defaults)
        params = []
        for arg, default in zip(a.args, defaults):
            if arg.arg not in hints:
                self.error(arg, f"parameter '{arg.arg}' has no type annotation; annotate it, "
                           "e.g. 'x: np.ndarray' or 'n: int'")
            t = self.annotation(hints[arg.arg], arg)
            d = None
            if default is not None:
                d = self.expr(default)
                if d.op != "const" and not (isinstance(d, Expr) and d.op == "global"):
                    self.error(default, "default values must be constants")
                if isinstance(t, LiteralT) and d.op == "const" and d.attr("value") not in t.values:
                    self.error(default, f"default {d.attr('value')!r} is not one of {t}")
                if d.op == "const" and strip_literal(d.type) != strip_literal(t) and not isinstance(t, OptionalT):
                    d = self.coerce(d, strip_literal(t), default, f"default of '{arg.arg}'")
            self.scope[arg.arg] = t
            params.append(Param(arg.arg, t, d, self.loc(arg)))
        if "return" not in hints:
            self.error(node, f"function '{node.name}' has no return annotation; add '-> <type>'")
        self.returns = self.annotation(hints["return"], node.returns or node)
        body = self.block(node.body)
        sig_line = self.line_text(node)
        return Function(node.name, tuple(params), self.returns, body, self.loc(node), sig_line)

    def annotation(self, ann, node) -> Type:
        try:
            return type_of_annotation(ann)
        except AnnotationError as e:
            self.error(node, f"{e}; use int, float, bool, str, list[...], dict[..., ...], "
                       "tuple[...], Optional[...], Literal[...], np.ndarray or torch.Tensor")

    # --- statements ---------------------------------------------------------------------------
    def block(self, stmts) -> tuple:
        out = []
        for s in stmts:
            out.extend(self.stmt(s))
        return tuple(out)

    def mk(self, node, op, **kw) -> Stmt:
        return Stmt(op, self.loc(node), self.line_text(node), **kw)

    def stmt(self, node) -> list:
        if type(node) in UNSUPPORTED:
            self.unsupported(node, *UNSUPPORTED[type(node)])
        method = getattr(self, "stmt_" + type(node).__name__, None)
        if method is None:
            self.unsupported(node, f"the statement '{type(node).__name__}'", "rewrite it with if/for/while and assignments")
        return method(node)

    def stmt_Expr(self, node):
        if isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            return []  # docstring
        return [self.mk(node, "expr", exprs=(self.value(node.value),))]

    def stmt_Pass(self, node):
        return [self.mk(node, "pass")]

    def stmt_Break(self, node):
        return [self.mk(node, "break")]

    def stmt_Continue(self, node):
        return [self.mk(node, "continue")]

    def stmt_Return(self, node):
        if node.value is None:
            value = const(None, self.loc(node))
        else:
            value = self.value(node.value, expected=self.returns)
        value = self.coerce(value, self.returns, node, "return value")
        return [self.mk(node, "return", exprs=(value,))]

    def stmt_Assign(self, node):
        value = self.value(node.value)
        out = []
        for t in node.targets:
            out.append(self.assign(node, t, value))
        return out

    def assign(self, node, target_node, value) -> Stmt:
        """`target = value`; item assignment on a registered kind (arrays) becomes its
        __setitem__ op, called as a statement."""
        if isinstance(target_node, ast.Subscript):
            container = self.value(target_node.value)
            ct = strip_literal(container.type)
            if not isinstance(ct, (ListT, DictT)):
                name = f"{receiver_kind(ct)}.__setitem__"
                if name not in REGISTRY:
                    self.unsupported(target_node, f"item assignment on {ct}", "build a new value instead")
                e = self.apply(name, [container, self.index(target_node.slice), value], {}, target_node)
                return self.mk(node, "expr", exprs=(e,))
        return self.mk(node, "assign", exprs=(value,), targets=(self.target(target_node, value.type),))

    def stmt_AnnAssign(self, node):
        t = self.annotation(self.eval_annotation(node.annotation), node.annotation)
        if not isinstance(node.target, ast.Name):
            self.unsupported(node, "annotated assignment to this target", "annotate a plain name")
        if node.value is None:
            self.declare(node.target, node.target.id, t)
            return []
        value = self.coerce(self.value(node.value, expected=t), t, node.value, f"'{node.target.id}'")
        return [self.mk(node, "assign", exprs=(value,), targets=(self.target(node.target, t),))]

    def eval_annotation(self, node):
        try:
            return eval(compile(ast.Expression(node), self.file, "eval"), vars(self.module))
        except Exception as e:
            self.error(node, f"cannot evaluate the annotation: {e}")

    def stmt_AugAssign(self, node):
        if not isinstance(node.target, (ast.Name, ast.Subscript)):
            self.unsupported(node, "this augmented assignment target", "assign to a name")
        load = ast.copy_location(ast.BinOp(left=_as_load(node.target), op=node.op, right=node.value), node)
        value = self.value(load)
        target_type = self.expr(_as_load(node.target)).type
        value = self.coerce(value, target_type, node, "augmented assignment")
        return [self.assign(node, node.target, value)]

    def stmt_If(self, node):
        cond = self.truth(self.value(node.test), node.test)
        return [self.mk(node, "if", exprs=(cond,), body=self.block(node.body), orelse=self.block(node.orelse))]

    def stmt_While(self, node):
        if node.orelse:
            self.unsupported(node, "while/else", "use a flag variable")
        cond = self.truth(self.value(node.test), node.test)
        return [self.mk(node, "while", exprs=(cond,), body=self.block(node.body))]

    def stmt_For(self, node):
        if node.orelse:
            self.unsupported(node, "for/else", "use a flag variable")
        iterable = self.iterable(node.iter)
        target = self.target(node.target, iterable.type.item if isinstance(iterable.type, ListT) else INT)
        return [self.mk(node, "for", exprs=(iterable,), targets=(target,), body=self.block(node.body))]

    def stmt_Raise(self, node):
        exc = node.exc
        if not (isinstance(exc, ast.Call) and isinstance(exc.func, ast.Name)):
            self.unsupported(node, "this raise", "raise ValueError(\"message\") or another builtin exception")
        kind = exc.func.id
        if kind not in ("ValueError", "TypeError", "RuntimeError", "KeyError", "IndexError",
                        "NotImplementedError", "AssertionError", "ZeroDivisionError"):
            self.unsupported(exc, f"raising {kind}", "raise a builtin exception such as ValueError")
        msg = self.value(exc.args[0]) if exc.args else const("", self.loc(node))
        if strip_literal(msg.type) != STR:
            self.error(exc, "the exception message must be a str")
        return [self.mk(node, "raise", exprs=(msg,), targets=(Target("name", STR, name=kind),))]

    def stmt_Assert(self, node):
        cond = self.truth(self.value(node.test), node.test)
        msg = self.value(node.msg) if node.msg else const("", self.loc(node))
        return [self.mk(node, "assert", exprs=(cond, msg))]

    # --- targets and variables ----------------------------------------------------------------
    def declare(self, node, name, t: Type):
        old = self.scope.get(name)
        if old is not None and strip_literal(old) != strip_literal(t):
            self.error(node, f"'{name}' was {old} and is now assigned {t}; a variable keeps one "
                       "type: use a new name, or convert explicitly")
        if old is None:
            self.scope[name] = strip_literal(t)

    def target(self, node, t: Type) -> Target:
        if isinstance(node, ast.Name):
            self.declare(node, node.id, t)
            return Target("name", strip_literal(t), name=node.id)
        if isinstance(node, (ast.Tuple, ast.List)):
            if not isinstance(t, TupleT) or len(t.items) != len(node.elts):
                self.error(node, f"cannot unpack {t} into {len(node.elts)} names")
            return Target("tuple", t, items=tuple(self.target(e, it) for e, it in zip(node.elts, t.items)))
        if isinstance(node, ast.Subscript):
            container = self.value(node.value)
            index = self.index(node.slice)
            ct = strip_literal(container.type)
            if isinstance(ct, ListT):
                return Target("subscript", ct.item, container=container, index=convert(index, INT))
            if isinstance(ct, DictT):
                return Target("subscript", ct.value, container=container, index=index)
            name = f"{receiver_kind(ct)}.__setitem__"
            if name in REGISTRY:
                return Target("subscript", t, container=container, index=index)
            self.unsupported(node, f"item assignment on {ct}", "build a new value instead")
        self.unsupported(node, "this assignment target", "assign to a name")

    # --- expressions --------------------------------------------------------------------------
    def value(self, node, expected: Type | None = None) -> Expr:
        e = self.expr(node, expected)
        if isinstance(e, _BoundMethod):
            return self.attribute(e, node)
        if isinstance(e, Static):
            self.error(node, f"'{ast.unparse(node)}' is not a value muna can compile; "
                       "call it or use a value")
        return e

    def expr(self, node, expected: Type | None = None):
        if type(node) in UNSUPPORTED:
            self.unsupported(node, *UNSUPPORTED[type(node)])
        method = getattr(self, "expr_" + type(node).__name__, None)
        if method is None:
            self.unsupported(node, f"the expression '{type(node).__name__}'", "rewrite it with supported operations")
        return method(node, expected) if "expected" in method.__code__.co_varnames else method(node)

    def expr_Constant(self, node):
        v = node.value
        if v is Ellipsis or isinstance(v, (bytes, complex)):
            if v is Ellipsis:
                self.unsupported(node, "Ellipsis outside a subscript", "use it only as x[..., i]")
            self.unsupported(node, f"{type(v).__name__} constants", "use int, float, bool, str or None")
        return const(v, self.loc(node))

    def expr_Name(self, node):
        if node.id in self.scope:
            return Expr("var", self.scope[node.id], attrs=(("name", node.id),), loc=self.loc(node))
        g = vars(self.module)
        if node.id in g:
            return self.global_value(node, node.id, g[node.id])
        if hasattr(builtins, node.id):
            return Static(getattr(builtins, node.id))
        self.error(node, f"name '{node.id}' is not defined")

    def global_value(self, node, name, value):
        if isinstance(value, (pytypes.ModuleType, pytypes.FunctionType, pytypes.BuiltinFunctionType, type)) or callable(value) and not _is_data(value):
            return Static(value)
        t = constants.type_of_constant(value)
        if t is None:
            self.unsupported(node, f"the module-level value '{name}' of type {type(value).__name__}",
                             "use int, float, str, bool, tuples, lists, dicts, numpy arrays or torch tensors")
        self.program.constants[name] = (t, value)
        return Expr("global", t, attrs=(("name", name),), loc=self.loc(node))

    def expr_Attribute(self, node):
        base = self.expr(node.value)
        if isinstance(base, Static):
            if not hasattr(base.value, node.attr):
                self.error(node, f"'{ast.unparse(node.value)}' has no attribute '{node.attr}'")
            value = getattr(base.value, node.attr)
            if isinstance(base.value, pytypes.ModuleType) and _is_data(value):
                return self.global_value(node, ast.unparse(node), value)
            return Static(value)
        return _BoundMethod(base, node.attr, node)

    def attribute(self, bound, node) -> Expr:
        """A data attribute of a value (ndarray.shape, ...): a registered property op."""
        kind = receiver_kind(strip_literal(bound.receiver.type))
        name = REGISTRY.methods.get((kind, bound.name))
        if name is None or REGISTRY[name].kind != "property":
            self.unsupported(node, f"the attribute {kind}.{bound.name}", "see docs/ops.md for what muna supports")
        return self.apply(name, [bound.receiver], {}, node)

    def expr_BinOp(self, node):
        name = BINOPS.get(type(node.op))
        if name is None:
            self.unsupported(node, f"the operator {type(node.op).__name__}", "rewrite it")
        return self.apply(f"operator.{name}", [self.value(node.left), self.value(node.right)], {}, node)

    def expr_UnaryOp(self, node):
        operand = self.value(node.operand)
        if isinstance(node.op, ast.Not):
            return Expr("not", BOOL, (self.truth(operand, node.operand),), loc=self.loc(node))
        if isinstance(node.op, ast.USub):
            if operand.op == "const" and type(operand.attr("value")) in (int, float):
                return const(-operand.attr("value"), self.loc(node))
            return self.apply("operator.neg", [operand], {}, node)
        if isinstance(node.op, ast.UAdd):
            return operand
        return self.apply("operator.invert", [operand], {}, node)

    def expr_Compare(self, node):
        operands = [self.value(node.left)] + [self.value(c) for c in node.comparators]
        parts = []
        for i, (cmp, right) in enumerate(zip(node.ops, operands[1:])):
            name = CMPOPS.get(type(cmp))
            if name is None:
                self.unsupported(node, f"the comparison {type(cmp).__name__}", "rewrite it")
            parts.append(self.apply(f"operator.{name}", [operands[i], right], {}, node))
        result = parts[0]
        for p in parts[1:]:
            result = Expr("and", BOOL, (result, p), loc=self.loc(node))
        return result

    def expr_BoolOp(self, node):
        values = [self.value(v) for v in node.values]
        types = {strip_literal(v.type) for v in values}
        kind = "and" if isinstance(node.op, ast.And) else "or"
        if len(types) != 1:
            self.error(node, f"'{kind}' of different types ({', '.join(map(str, types))}) is not "
                       "supported; compare explicitly so both sides are bool")
        result = values[0]
        for v in values[1:]:
            result = Expr(kind, strip_literal(v.type), (result, v), loc=self.loc(node))
        return result

    def expr_IfExp(self, node):
        cond = self.truth(self.value(node.test), node.test)
        a, b = self.value(node.body), self.value(node.orelse)
        if strip_literal(a.type) != strip_literal(b.type):
            self.error(node, f"the two branches give {a.type} and {b.type}; make them one type")
        return Expr("ifexp", strip_literal(a.type), (cond, a, b), loc=self.loc(node))

    def expr_List(self, node, expected=None):
        items = [self.value(e) for e in node.elts]
        item_t = self.common_type(node, items, expected.item if isinstance(expected, ListT) else None)
        return Expr("list", ListT(item_t), tuple(self.coerce(i, item_t, node, "list item") for i in items), loc=self.loc(node))

    def expr_Tuple(self, node):
        items = tuple(self.value(e) for e in node.elts)
        return Expr("tuple", TupleT(tuple(strip_literal(i.type) for i in items)), items, loc=self.loc(node))

    def expr_Dict(self, node, expected=None):
        if any(k is None for k in node.keys):
            self.unsupported(node, "** in dict literals", "build the dict with update()")
        keys = [self.value(k) for k in node.keys]
        vals = [self.value(v) for v in node.values]
        kt = self.common_type(node, keys, expected.key if isinstance(expected, DictT) else None)
        vt = self.common_type(node, vals, expected.value if isinstance(expected, DictT) else None)
        args = []
        for k, v in zip(keys, vals):
            args += [self.coerce(k, kt, node, "key"), self.coerce(v, vt, node, "value")]
        return Expr("dict", DictT(kt, vt), tuple(args), loc=self.loc(node))

    def common_type(self, node, items, expected):
        if expected is not None:
            return expected
        if not items:
            self.error(node, "cannot infer the item type of an empty container; annotate it, "
                       "e.g. 'xs: list[int] = []'")
        types = {strip_literal(i.type) for i in items}
        if types <= {BOOL, INT, Scalar("float")} and len(types) > 1:
            return Scalar("float") if Scalar("float") in types else INT
        if len(types) != 1:
            self.error(node, "items of different types (" + ", ".join(sorted(map(str, types)))
                       + ") in one container; give them one type")
        return types.pop()

    def expr_Subscript(self, node):
        container = self.value(node.value)
        return self.apply("operator.getitem", [container, self.index(node.slice)], {}, node)

    def index(self, node) -> Expr:
        """A subscript: a value, a slice, None/newaxis, Ellipsis, or a tuple of these."""
        if isinstance(node, ast.Slice):
            parts = []
            for part in (node.lower, node.upper, node.step):
                e = const(None, self.loc(node)) if part is None else self.value(part)
                if strip_literal(e.type) not in (INT, NONE, BOOL):
                    self.error(part, f"slice bounds must be int or None, got {e.type}")
                parts.append(e if strip_literal(e.type) != BOOL else convert(e, INT))
            return Expr("slice", SLICE, tuple(parts), loc=self.loc(node))
        if isinstance(node, ast.Constant) and node.value is Ellipsis:
            return Expr("const", ELLIPSIS, attrs=(("value", Ellipsis),), loc=self.loc(node))
        if isinstance(node, ast.Tuple):
            items = tuple(self.index(e) for e in node.elts)
            return Expr("tuple", TupleT(tuple(i.type for i in items)), items, loc=self.loc(node))
        return self.value(node)

    def expr_JoinedStr(self, node):
        self.unsupported(node, "f-strings", "concatenate with + and str()")

    def expr_ListComp(self, node):
        if len(node.generators) != 1 or node.generators[0].is_async:
            self.unsupported(node, "nested comprehensions", "use a for loop")
        gen = node.generators[0]
        iterable = self.iterable(gen.iter)
        saved = dict(self.scope)
        item_t = iterable.type.item
        if not isinstance(gen.target, ast.Name):
            self.unsupported(gen.target, "unpacking in comprehensions", "unpack inside the loop")
        if gen.target.id in self.scope:
            self.error(gen.target, f"comprehension variable '{gen.target.id}' shadows a local; rename it")
        self.scope[gen.target.id] = item_t
        conds = [self.truth(self.value(c), c) for c in gen.ifs]
        elt = self.value(node.elt)
        self.scope = saved
        return Expr("comp", ListT(strip_literal(elt.type)), (elt, iterable, *conds),
                    attrs=(("kind", "list"), ("target", gen.target.id), ("target_type", item_t)),
                    loc=self.loc(node))

    def iterable(self, node) -> Expr:
        """What a for loop or comprehension iterates: a list (range is a lazy list of int)."""
        if isinstance(node, ast.Call) and isinstance(self.expr(node.func), Static) and self.expr(node.func).value is range:
            args = [self.coerce(self.value(a), INT, a, "range argument") for a in node.args]
            if not 1 <= len(args) <= 3 or node.keywords:
                self.error(node, "range takes 1 to 3 int arguments")
            return Expr("call", ListT(INT), tuple(args), (("op", "builtins.range"),), self.loc(node))
        it = self.value(node)
        t = strip_literal(it.type)
        if isinstance(t, ListT):
            return it
        self.unsupported(node, f"iterating over {t}", "iterate over a list or range()")

    def expr_Call(self, node):
        func = self.expr(node.func)
        if any(isinstance(a, ast.Starred) for a in node.args) or any(k.arg is None for k in node.keywords):
            self.unsupported(node, "*args/**kwargs in calls", "pass arguments explicitly")
        kwargs = {k.arg: self.argument(k.value) for k in node.keywords}
        if isinstance(func, _BoundMethod):
            recv_t = strip_literal(func.receiver.type)
            kind = receiver_kind(recv_t)
            name = REGISTRY.methods.get((kind, func.name))
            if name is None:
                self.unsupported(node, f"the method {kind}.{func.name}", "use a supported method (see docs/ops.md)")
            return self.apply(name, [func.receiver] + [self.argument(a) for a in node.args], kwargs, node)
        if isinstance(func, Static):
            if func.value is range:
                self.unsupported(node, "range() outside a for loop", "iterate over it in a for loop or list comprehension")
            name = REGISTRY.lookup_object(func.value)
            if name is None:
                self.unsupported(node, f"calling {ast.unparse(node.func)}",
                                 "use a supported function (see docs/ops.md)")
            return self.apply(name, [self.argument(a) for a in node.args], kwargs, node)
        self.unsupported(node, "calling this value", "call a function or method")

    def argument(self, node) -> Expr:
        """A call argument: a value, or a compile-time object such as a dtype (np.float32)."""
        e = self.expr(node)
        if isinstance(e, Static):
            return Expr("const", StaticT(ast.unparse(node)), attrs=(("value", e.value),), loc=self.loc(node))
        if isinstance(e, _BoundMethod):
            return self.attribute(e, node)
        return e

    def apply(self, name, args, kwargs, node) -> Expr:
        op = REGISTRY[name]
        bound = {}
        params = op.params
        if len(args) > len(params):
            self.error(node, f"{name} takes at most {len(params)} arguments ({len(args)} given)")
        for (pname, _), a in zip(params, args):
            bound[pname] = a
        for k, v in kwargs.items():
            if k not in dict(params):
                self.error(node, f"{name} has no parameter '{k}'")
            if k in bound:
                self.error(node, f"{name} got multiple values for '{k}'")
            bound[k] = v
        for pname, default in params:
            if pname not in bound:
                if default is REQUIRED:
                    self.error(node, f"{name} is missing the argument '{pname}'")
                bound[pname] = const(default, self.loc(node))
        resolved: Resolved = op.rule(Bound(op, bound, self.loc(node)))
        if resolved is None:
            self.error(node, f"{name} cannot be called directly")
        return call(resolved.op or name, resolved.type, resolved.args, self.loc(node), resolved.template)

    # --- conversions --------------------------------------------------------------------------
    def truth(self, e: Expr, node) -> Expr:
        t = strip_literal(e.type)
        if t == BOOL:
            return e
        if isinstance(t, TensorT):
            self.error(node, "the truth value of an array is ambiguous; use .any() or .all()")
        return Expr("truth", BOOL, (e,), loc=e.loc)

    def coerce(self, e: Expr, to: Type, node, what) -> Expr:
        """Implicit conversions Python would make silently: int -> float, a value -> Optional."""
        have, want = strip_literal(e.type), strip_literal(to)
        if have == want:
            return e
        if isinstance(want, OptionalT):
            if have == NONE or have == want.item:
                return convert(e, want)
        if isinstance(want, Scalar) and isinstance(have, Scalar) and want.name == "float" and have.name in ("int", "bool"):
            return convert(e, want)
        if isinstance(want, ListT) and e.op == "list" and not e.args:
            return Expr("list", want, (), loc=e.loc)
        # An array of known rank where any rank is expected: the same C++ type, no conversion.
        if (isinstance(want, TensorT) and isinstance(have, TensorT) and want.rank is None
                and (have.lib, have.dtype) == (want.lib, want.dtype)):
            return e
        if (isinstance(want, TupleT) and isinstance(have, TupleT) and e.op == "tuple"
                and len(want.items) == len(have.items)):
            items = tuple(self.coerce(i, w, node, what) for i, w in zip(e.args, want.items))
            return Expr("tuple", want, items, loc=e.loc)
        self.error(node, f"{what} has type {have} but {want} is expected")


class _BoundMethod:
    def __init__(self, receiver: Expr, name: str, node):
        self.receiver, self.name, self.node = receiver, name, node


def receiver_kind(t: Type) -> str:
    """The registry's name for a value's kind: method `m` of it is op `<kind>.m`."""
    if isinstance(t, TensorT):
        return "numpy.ndarray" if t.lib == "numpy" else "torch.Tensor"
    if isinstance(t, Str):
        return "str"
    if isinstance(t, ListT):
        return "list"
    if isinstance(t, DictT):
        return "dict"
    return str(t)


def _is_data(value) -> bool:
    return constants.type_of_constant(value) is not None


def _as_load(node):
    new = ast.parse(ast.unparse(node), mode="eval").body
    return ast.copy_location(ast.fix_missing_locations(_relocate(new, node)), node)


def _relocate(new, old):
    for n in ast.walk(new):
        n.lineno, n.col_offset = old.lineno, old.col_offset
        n.end_lineno, n.end_col_offset = old.end_lineno, old.end_col_offset
    return new


def build_program(path: str, name: str) -> Program:
    module, fn = load_function(path, name)
    program = Program(entry=None, source_file=path)
    program.entry = FunctionBuilder(program, module, fn).build()
    return program
