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
import linecache
import operator
import os
import sys
import textwrap
import types as pytypes
import typing

from . import constants
from .annotations import AnnotationError, type_of_annotation
from .build_ir import call, const, convert
from .diagnostics import CompileError, Loc
from .ir import Expr, Function, Param, Program, Stmt, Target
from .registry import REGISTRY, REQUIRED, Bound, Resolved
from .types import (BOOL, ELLIPSIS, EXCEPTION, INT, NONE, SLICE, STR, DictT, IterT, ListT, LiteralT, NoneT,
                    NumpyScalar, ObjectT, OptionalT, PendingT, Scalar, SetT, SliceT, StaticT, Str, TensorT, TupleT, Type,
                    python_kinds_of, strip_literal)
from . import ops  # noqa: F401  (registers every op)

BINOPS = {ast.Add: "add", ast.Sub: "sub", ast.Mult: "mul", ast.Div: "truediv",
          ast.FloorDiv: "floordiv", ast.Mod: "mod", ast.Pow: "pow", ast.MatMult: "matmul",
          ast.BitAnd: "and_", ast.BitOr: "or_", ast.BitXor: "xor", ast.LShift: "lshift",
          ast.RShift: "rshift"}
TORCH_INPLACE = {"add": "add_", "sub": "sub_", "mul": "mul_", "truediv": "div_"}
AUG_SYMBOLS = {ast.Add: "+=", ast.Sub: "-=", ast.Mult: "*=", ast.Div: "/=", ast.FloorDiv: "//=",
               ast.Mod: "%=", ast.Pow: "**=", ast.BitAnd: "&=", ast.BitOr: "|=", ast.BitXor: "^=",
               ast.LShift: "<<=", ast.RShift: ">>=", ast.MatMult: "@="}
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
    ast.Delete: ("del", "rebuild the container without the item"),
    ast.Starred: ("starred expressions", "pass arguments explicitly"),
    ast.NamedExpr: ("assignment expressions (:=)", "assign on its own line"),
    ast.GeneratorExp: ("generator expressions", "use a list comprehension"),
    ast.FunctionDef: ("functions defined inside the function", "define it at module level"),
    ast.Match: ("match statements", "use if/elif"),
    ast.Import: ("import inside the function", "import at module level"),
    ast.ImportFrom: ("import inside the function", "import at module level"),
}


# Python exceptions muna raises and catches (include/muna/core/error.hpp mirrors the hierarchy).
EXCEPTION_CLASSES = {"Exception", "BaseException", "ArithmeticError", "ZeroDivisionError",
                     "OverflowError", "LookupError", "IndexError", "KeyError", "ValueError",
                     "UnicodeError", "TypeError", "RuntimeError", "NotImplementedError",
                     "AssertionError"}


# Methods that change their receiver: never allowed on a module-level constant, which every
# call (and thread) shares.
MUTATING_METHODS = {f"list.{m}" for m in ("append", "extend", "insert", "pop", "remove", "reverse", "sort", "clear")} | {
    f"dict.{m}" for m in ("setdefault", "update", "pop", "clear")} | {
    f"set.{m}" for m in ("add", "discard", "remove")} | {"numpy.ndarray.__setitem__", "torch.Tensor.__setitem__"}


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
    """Builds the IR of one Python function: the entry point, or a helper specialised for the
    argument types (and compile-time arguments, e.g. the module instance `self`) of a call."""

    def __init__(self, program: Program, fn, statics=None, cpp_name=None, param_types=None):
        self.program = program
        self.fn = fn
        self.globals = fn.__globals__
        self.file = inspect.getsourcefile(fn) or program.source_file
        if program.source_file and os.path.abspath(self.file) == os.path.abspath(program.source_file):
            self.file = program.source_file
        lines, first = inspect.getsourcelines(fn)
        self.line_offset = first - 1
        self.tree = ast.parse(textwrap.dedent("".join(lines))).body[0]
        self.indent = len(lines[0]) - len(lines[0].lstrip())
        self.all_lines = linecache.getlines(self.file) or open(self.file, encoding="utf-8").read().splitlines(True)
        self.scope: dict[str, Type] = {}
        self.inner: set[str] = set()  # names bound by a comprehension or lambda being built
        self.narrowed: dict[str, Type] = {}  # Optional variables known not to be None here
        self.pending: dict[int, tuple] = {}  # empty literals: id -> (AST node, decided type)
        self.known: dict[str, Expr] = {}  # variables holding a constant here (folded on read)
        # Names bound to compile-time objects (self, a module of a ModuleList being unrolled).
        self.statics: dict[str, object] = dict(statics or {})
        self.param_types = param_types  # for helpers: the call's argument types by name
        self.cpp_name = cpp_name
        self.returns: Type | None = NONE

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

    def scoped(self, name, value):
        """Binds a loop variable to a compile-time object while a block is built."""
        saved = self.statics.get(name, _UNBOUND)
        self.statics[name] = value
        return saved

    def unscope(self, name, saved):
        if saved is _UNBOUND:
            self.statics.pop(name, None)
        else:
            self.statics[name] = saved

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
            if arg.arg in self.statics:
                continue  # bound at compile time (self, a module, None)
            if self.param_types is not None:
                t = self.param_types[arg.arg]
                self.scope[arg.arg] = t
                params.append(Param(arg.arg, t, None, self.loc(arg)))
                continue
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
        if "return" in hints and self.param_types is None:
            self.returns = self.annotation(hints["return"], node.returns or node)
        elif self.param_types is None:
            self.error(node, f"function '{node.name}' has no return annotation; add '-> <type>'")
        else:
            self.returns = None  # a helper's return type is inferred from its returns
        self.partial = Function(self.cpp_name or node.name, tuple(params), self.returns, (), self.loc(node), self.line_text(node))
        body = self.block(node.body)
        returns = NONE if self.returns is None else self.returns
        fn = Function(self.cpp_name or node.name, tuple(params), returns, body, self.loc(node),
                      self.line_text(node))
        return self.finish_pending(fn)

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
        if isinstance(node, (ast.If, ast.While, ast.For, ast.Try)):
            # A loop may run its body again after a later assignment, and after a branch either
            # side may have run: constants known for names assigned inside are known no more,
            # neither inside a loop (from its start) nor after the statement.
            assigned = _assigned_names(node)
            if isinstance(node, (ast.While, ast.For)):
                self.forget(assigned)
            out = self._stmt(node)
            folded = isinstance(node, ast.If) and not any(st.op == "if" and st.loc == self.loc(node) for st in out)
            if not folded:  # an if decided at compile time ran exactly one branch
                self.forget(assigned)
            return out
        out = self._stmt(node)
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            value = out[-1].exprs[0] if out and out[-1].op == "assign" else None
            name = node.targets[0].id
            if value is not None and value.op == "const" and _foldable(value.attr("value")):
                self.known[name] = value  # later reads fold (e.g. a flag a library passes on)
        return out

    def forget(self, names):
        for n in names:
            self.known.pop(n, None)

    def _stmt(self, node) -> list:
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
        if self.returns is None:
            self.returns = strip_literal(value.type)
        value = self.coerce(value, self.returns, node, "return value")
        return [self.mk(node, "return", exprs=(value,))]

    def stmt_Assign(self, node):
        value = self.unpacked_shape(node)
        value = value if value is not None else self.value(node.value)
        for t in node.targets:  # an empty literal's diagnostic names its variable
            if isinstance(t, ast.Name):
                for p in _pendings(value.type):
                    n, known = self.pending[p.id]
                    self.pending[p.id] = (n, known) if hasattr(n, "muna_name") else (_named(n, t.id), known)
        out = []
        for t in node.targets:
            out.append(self.assign(node, t, value))
        return out

    def unpacked_shape(self, node):
        """`a, b, c = x.shape` where x's rank is open: the names say how many dimensions to take
        (checked at run time, as Python's unpacking is)."""
        target, value = node.targets[0], node.value
        if not (len(node.targets) == 1 and isinstance(target, ast.Tuple) and isinstance(value, ast.Attribute)
                and value.attr == "shape"):
            return None
        base = self.expr(value.value)
        if not (isinstance(base, Expr) and isinstance(strip_literal(base.type), TensorT)
                and strip_literal(base.type).rank is None):
            return None
        n = len(target.elts)
        return call("tensor.unpack_shape", TupleT((INT,) * n), (base,), self.loc(value), template=(str(n),))

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
            return eval(compile(ast.Expression(node), self.file, "eval"), self.globals)
        except Exception as e:
            self.error(node, f"cannot evaluate the annotation: {e}")

    def stmt_AugAssign(self, node):
        if not isinstance(node.target, (ast.Name, ast.Subscript)):
            self.unsupported(node, "this augmented assignment target", "assign to a name")
        if isinstance(node.target, ast.Name):
            target = self.expr(node.target)
            inplace = f"torch.Tensor.{TORCH_INPLACE.get(BINOPS.get(type(node.op)), '?')}"
            if isinstance(target, Expr) and isinstance(strip_literal(target.type), TensorT) \
                    and target.type.lib == "torch" and inplace in REGISTRY:
                # torch's `x += y` is __iadd__: in place, so every view of x sees it.
                e = self.apply(inplace, [target, self.value(node.value)], {}, node)
                return [self.mk(node, "expr", exprs=(e,))]
        load = ast.copy_location(ast.BinOp(left=_as_load(node.target), op=node.op, right=node.value), node)
        value = self.value(load)
        target_type = self.expr(_as_load(node.target)).type
        have, want = strip_literal(value.type), strip_literal(target_type)
        if isinstance(node.target, ast.Name) and have != want and not (
                isinstance(have, Scalar) and isinstance(want, Scalar) and want.name == "float"):
            symbol = AUG_SYMBOLS.get(type(node.op), "an augmented assignment")
            self.error(node, f"'{node.target.id}' is {want} and '{symbol}' makes it {have}; a variable "
                       f"keeps one type: start it as {have} (e.g. 0.0) or use a new name")
        value = self.coerce(value, target_type, node, "augmented assignment")
        return [self.assign(node, node.target, value)]

    def stmt_If(self, node):
        test = self.value(node.test)
        if test.op == "const" and _foldable(test.attr("value")):
            # Decided at compile time: the other branch is never compiled (library code
            # often guards options the instance does not use).
            return list(self.block(node.body if test.attr("value") else node.orelse))
        cond = self.truth(test, node.test)
        # `if x is None: return ...` / `if x is not None:` narrow an Optional x to its value.
        name, is_none = _none_test(node.test)
        kind = self.scope.get(name) if name else None
        if isinstance(kind, OptionalT):
            saved = dict(self.narrowed)
            if not is_none:
                self.narrowed[name] = kind.item
            body = self.block(node.body)
            self.narrowed = dict(saved)
            if is_none:
                self.narrowed[name] = kind.item
            orelse = self.block(node.orelse)
            self.narrowed = saved
            from .passes import always_exits
            if is_none and always_exits(body):
                self.narrowed[name] = kind.item
            return [self.mk(node, "if", exprs=(cond,), body=body, orelse=orelse)]
        return [self.mk(node, "if", exprs=(cond,), body=self.block(node.body), orelse=self.block(node.orelse))]

    def stmt_While(self, node):
        if node.orelse:
            self.unsupported(node, "while/else", "use a flag variable")
        cond = self.truth(self.value(node.test), node.test)
        return [self.mk(node, "while", exprs=(cond,), body=self.block(node.body))]

    def stmt_For(self, node):
        if node.orelse:
            self.unsupported(node, "for/else", "use a flag variable")
        items = self.static_items(node.iter)
        if items is not None:
            return self.unrolled(node, items)
        iterable = self.iterable(node.iter)
        target = self.target(node.target, iterable.type.item)
        return [self.mk(node, "for", exprs=(iterable,), targets=(target,), body=self.block(node.body))]

    def static_items(self, node):
        """The items of a loop over compile-time objects (a ModuleList, a Sequential, a tuple
        of modules, enumerate/zip of these), or None for a loop run at run time."""
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

    def stmt_Try(self, node):
        """try/except/else/finally over muna's exception types (Python's hierarchy)."""
        for n in ast.walk(ast.Module(body=node.finalbody, type_ignores=[])):
            if isinstance(n, (ast.Return, ast.Break, ast.Continue)):
                self.unsupported(n, "return/break/continue inside finally", "move it after the try statement")
        body = self.block(node.body)
        handlers = []
        for h in node.handlers:
            names = self.exception_names(h.type)
            bound = h.name or ""
            if bound:
                if bound in self.scope and self.scope[bound] != EXCEPTION:
                    self.error(h, f"'{bound}' is already a {self.scope[bound]}; name the exception differently")
                self.scope[bound] = EXCEPTION
                self.inner.add(bound)
            handler_body = self.block(h.body)
            if bound:
                self.scope.pop(bound, None)
                self.inner.discard(bound)
            handlers.append((names, bound, handler_body))
        return [self.mk(node, "try", body=body, orelse=self.block(node.orelse),
                        handlers=tuple(handlers), finalbody=self.block(node.finalbody))]

    def exception_names(self, node) -> tuple:
        if node is None:
            return ("Exception",)
        elts = node.elts if isinstance(node, ast.Tuple) else [node]
        names = []
        for e in elts:
            if not isinstance(e, ast.Name) or e.id not in EXCEPTION_CLASSES:
                self.unsupported(e, f"catching {ast.unparse(e)}",
                                 "catch " + ", ".join(sorted(EXCEPTION_CLASSES)))
            names.append(e.id)
        return tuple(names)

    def stmt_With(self, node):
        """Only `with torch.no_grad():` and `with torch.inference_mode():`: compiled code keeps no
        autograd state, so the body is compiled as written."""
        for item in node.items:
            ctx = item.context_expr
            fn = self.expr(ctx.func) if isinstance(ctx, ast.Call) and not ctx.args and not ctx.keywords else None
            if item.optional_vars is not None or not (isinstance(fn, Static) and _is_grad_mode(fn.value)):
                self.unsupported(node, "with blocks", "only 'with torch.no_grad():' and "
                                 "'with torch.inference_mode():' are compiled; remove the with block")
        return list(self.block(node.body))

    def stmt_Raise(self, node):
        if node.exc is None:
            return [self.mk(node, "raise")]  # re-raise inside an except block
        exc = node.exc
        if not (isinstance(exc, ast.Call) and isinstance(exc.func, ast.Name)):
            self.unsupported(node, "this raise", "raise ValueError(\"message\") or another builtin exception")
        kind = exc.func.id
        if kind not in EXCEPTION_CLASSES or kind in ("Exception", "BaseException"):
            self.unsupported(exc, f"raising {kind}", "raise a builtin exception such as ValueError")
        msg = self.value(exc.args[0]) if exc.args else const("", self.loc(node))
        if kind == "KeyError" and exc.args:  # str(KeyError(k)) is repr(k)
            msg = self.apply("builtins.repr", [msg], {}, exc)
        if strip_literal(msg.type) != STR:
            self.error(exc, "the exception message must be a str")
        return [self.mk(node, "raise", exprs=(msg,), targets=(Target("name", STR, name=kind),))]

    def stmt_Assert(self, node):
        cond = self.truth(self.value(node.test), node.test)
        msg = self.value(node.msg) if node.msg else const("", self.loc(node))
        return [self.mk(node, "assert", exprs=(cond, msg))]

    # --- targets and variables ----------------------------------------------------------------
    def pending_type(self, loc) -> PendingT:
        """A fresh item type for an empty container, decided by its first use."""
        node = ast.Pass()
        node.lineno, node.col_offset = loc.line - self.line_offset, loc.col - 1 - self.indent
        pending = PendingT(len(self.pending))
        self.pending[pending.id] = (node, None)
        return pending

    def resolve(self, pending: PendingT, t: Type):
        """Decides the item type of an empty container literal from its first use."""
        node, known = self.pending[pending.id]
        if known is None:
            self.pending[pending.id] = (node, strip_literal(t))
            mapping = {pending: strip_literal(t)}
            self.scope = {k: substitute(v, mapping) for k, v in self.scope.items()}
            if self.returns is not None:
                self.returns = substitute(self.returns, mapping)
        return self.pending[pending.id][1]

    def finish_pending(self, fn: Function) -> Function:
        mapping = {}
        for pid, (node, t) in self.pending.items():
            if t is None:
                name = getattr(node, "muna_name", None)
                what = f"'{name}'" if name else "this empty container"
                example = f"{name}: list[int] = []" if name else "xs: list[int] = []"
                self.error(node, f"cannot infer the item type of {what} from its use; annotate it, e.g. "
                           f"'{example}' or 'd: dict[str, int] = {{}}'")
            mapping[PendingT(pid)] = t
        return substitute(fn, mapping) if mapping else fn

    def declare(self, node, name, t: Type):
        self.narrowed.pop(name, None)
        self.known.pop(name, None)
        old = self.scope.get(name)
        if old is not None and isinstance(old, TensorT) and isinstance(strip_literal(t), TensorT) \
                and (old.lib, old.dtype) == (strip_literal(t).lib, strip_literal(t).dtype) and old.rank != strip_literal(t).rank:
            # `q = q.view(B, T, H, D)`: the same C++ type; from here on the rank is unknown to the
            # rules (ops that need it check it at run time).
            self.scope[name] = old.with_(rank=None)
            return
        if old is not None and strip_literal(old) != strip_literal(t):
            self.error(node, f"'{name}' was {old} and is now assigned {t}; a variable keeps one "
                       "type: use a new name, or convert explicitly")
        if old is None:
            self.scope[name] = strip_literal(t)

    def target(self, node, t: Type) -> Target:
        if isinstance(node, ast.Name):
            if isinstance(t, IterT):
                self.error(node, f"an iterator ({t}) cannot be stored; use list(...)")
            self.declare(node, node.id, t)
            return Target("name", strip_literal(t), name=node.id, inner=node.id in self.inner)
        if isinstance(node, (ast.Tuple, ast.List)):
            if not isinstance(t, TupleT) or len(t.items) != len(node.elts):
                self.error(node, f"cannot unpack {t} into {len(node.elts)} names")
            return Target("tuple", t, items=tuple(self.target(e, it) for e, it in zip(node.elts, t.items)))
        if isinstance(node, ast.Subscript):
            container = self.value(node.value)
            if container.op == "global":
                self.unsupported(node, f"modifying the module-level constant '{container.attr('name')}'",
                                 "constants are shared by every call; copy it first (e.g. list(X), dict(X))")
            index = self.index(node.slice)
            ct = strip_literal(container.type)
            if isinstance(ct, ListT):
                if isinstance(strip_literal(index.type), SliceT):
                    return Target("subscript", ct, container=container, index=index)
                return Target("subscript", ct.item, container=container, index=convert(index, INT))
            if isinstance(ct, DictT):
                key_t, value_t = ct.key, ct.value
                if isinstance(key_t, PendingT):
                    key_t = self.resolve(key_t, index.type)
                if isinstance(value_t, PendingT):
                    value_t = self.resolve(value_t, t)
                return Target("subscript", value_t, container=container, index=self.coerce(index, key_t, node, "dict key"))
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
            self.unsupported(node, f"'{ast.unparse(node)}' (a {type(e.value).__name__}) as a value",
                             "use int, float, str, bool, tuples, lists, dicts, numpy arrays or torch tensors")
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
        if isinstance(v, int) and not isinstance(v, bool) and not -2**63 <= v < 2**63:
            self.unsupported(node, f"the integer {v} (muna's int is 64-bit)", "use a float or a smaller int")
        if v is Ellipsis or isinstance(v, (bytes, complex)):
            if v is Ellipsis:
                self.unsupported(node, "Ellipsis outside a subscript", "use it only as x[..., i]")
            self.unsupported(node, f"{type(v).__name__} constants", "use int, float, bool, str or None")
        return const(v, self.loc(node))

    def expr_Name(self, node):
        if node.id in self.statics:
            return self.static_value(node, node.id, self.statics[node.id])
        if node.id in self.known and node.id not in self.inner:
            return Expr("const", self.known[node.id].type, attrs=self.known[node.id].attrs, loc=self.loc(node))
        if node.id in self.scope:
            local = (("local_to", "inner"),) if node.id in self.inner else ()
            var = Expr("var", self.scope[node.id], attrs=(("name", node.id),) + local, loc=self.loc(node))
            if node.id in self.narrowed:
                return Expr("convert", self.narrowed[node.id], (var,), loc=self.loc(node))
            return var
        g = self.globals
        if node.id in g:
            return self.global_value(node, node.id, g[node.id])
        if hasattr(builtins, node.id):
            return Static(getattr(builtins, node.id))
        self.error(node, f"name '{node.id}' is not defined")

    def global_value(self, node, name, value):
        """A value defined outside the function: a compile-time object (module, function,
        nn.Module, type), a scalar folded into the code, or a constant baked into the library."""
        return self.static_value(node, name, value)

    def static_value(self, node, name, value):
        """A known object: scalars, strings and tuples of them fold into the code (so `if
        self.training:` is decided at compile time); arrays, lists and dicts are baked once."""
        if not _is_data(value):
            return Static(value)
        t = constants.type_of_constant(value)
        if isinstance(t, (Scalar, Str, NoneT)) or (isinstance(t, TupleT) and _foldable(value)):
            return const(value, self.loc(node), t)
        cname = self.program.constant_name(name, value, t)
        return Expr("global", t, attrs=(("name", cname),), loc=self.loc(node))

    def expr_Attribute(self, node):
        base = self.expr(node.value)
        if isinstance(base, _BoundMethod):
            # A chain through a data attribute (x.T.contiguous(), m.values.numpy()).
            base = self.attribute(base, node.value)
        if isinstance(base, Static):
            if not hasattr(base.value, node.attr):
                self.error(node, f"'{ast.unparse(node.value)}' has no attribute '{node.attr}'")
            value = getattr(base.value, node.attr)
            if _is_data(value):
                return self.static_value(node, ast.unparse(node), value)
            return Static(value)
        return _BoundMethod(base, node.attr, node)

    def attribute(self, bound, node) -> Expr:
        """A data attribute of a value (ndarray.shape, ...): a registered property op, or one
        the type already decides (an array's dtype and, where known, ndim)."""
        t = strip_literal(bound.receiver.type)
        if isinstance(t, TensorT) and bound.name == "dtype":
            return Expr("const", StaticT(f"dtype {t.dtype}"), attrs=(("value", _dtype_object(t)),), loc=self.loc(node))
        if isinstance(t, TensorT) and bound.name in ("ndim", "dim") and t.rank is not None and bound.name == "ndim":
            return const(t.rank, self.loc(node))
        if isinstance(t, TupleT) and bound.name in getattr(t, "fields", ()):
            # A named tuple's field (torch's x.max(dim).values): an item known at compile time.
            i = t.fields.index(bound.name)
            return call("tuple.get", t.items[i], (bound.receiver,), self.loc(node), (str(i),))
        kind = receiver_kind(t)
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
            if operand.op == "const" and _foldable(operand.attr("value")):
                return const(not operand.attr("value"), self.loc(node))
            return Expr("not", BOOL, (self.truth(operand, node.operand),), loc=self.loc(node))
        if isinstance(node.op, ast.USub):
            if operand.op == "const" and type(operand.attr("value")) in (int, float):
                return const(-operand.attr("value"), self.loc(node))
            return self.apply("operator.neg", [operand], {}, node)
        if isinstance(node.op, ast.UAdd):
            return operand
        return self.apply("operator.invert", [operand], {}, node)

    def expr_Compare(self, node):
        operands = [self.argument(node.left)] + [self.argument(c) for c in node.comparators]
        parts = []
        for i, (cmp, right) in enumerate(zip(node.ops, operands[1:])):
            if isinstance(cmp, (ast.Is, ast.IsNot)):
                parts.append(self.identity(operands[i], right, isinstance(cmp, ast.IsNot), node))
                continue
            if isinstance(cmp, (ast.In, ast.NotIn)):
                e = self.apply("operator.contains", [right, operands[i]], {}, node)
                parts.append(Expr("not", BOOL, (e,), loc=self.loc(node)) if isinstance(cmp, ast.NotIn) else e)
                continue
            name = CMPOPS.get(type(cmp))
            if name is None:
                self.unsupported(node, f"the comparison {type(cmp).__name__}", "rewrite it")
            parts.append(self.apply(f"operator.{name}", [operands[i], right], {}, node))
        result = parts[0]
        for p in parts[1:]:
            if result.op == "const" and p.op == "const":
                result = const(bool(result.attr("value") and p.attr("value")), self.loc(node))
            else:
                result = Expr("and", BOOL, (result, p), loc=self.loc(node))
        return result

    def identity(self, a: Expr, b: Expr, negate: bool, node) -> Expr:
        """`a is b`: decided at compile time except for an Optional compared with None."""
        def static(e):
            return e.op == "const" and (isinstance(e.type, StaticT) or e.attr("value") is None)
        if static(a) and static(b):
            return const((a.attr("value") is b.attr("value")) != negate, self.loc(node))
        if static(b) and b.attr("value") is None or static(a) and a.attr("value") is None:
            other = a if static(b) else b
            t = strip_literal(other.type)
            if isinstance(t, OptionalT):
                e = Expr("is_none", BOOL, (other,), loc=self.loc(node))
                return Expr("not", BOOL, (e,), loc=self.loc(node)) if negate else e
            return const((t == NONE) != negate, self.loc(node))
        self.unsupported(node, "'is' between these values", "use == (or 'is None')")

    def expr_BoolOp(self, node):
        # Constant operands decide at compile time, with Python's short-circuit: later
        # operands are not even compiled when a constant settles the result.
        is_and = isinstance(node.op, ast.And)
        kept = []
        for i, v in enumerate(node.values):
            e = self.value(v)
            if e.op == "const" and _foldable(e.attr("value")):
                decides = bool(e.attr("value")) != is_and  # `False and ...`, `True or ...`
                if decides or i == len(node.values) - 1:
                    kept.append(e)
                    break
                continue  # `True and x` is x
            kept.append(e)
        if len(kept) == 1:
            return kept[0]
        values = kept
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
        test = self.value(node.test)
        if test.op == "const" and _foldable(test.attr("value")):
            return self.value(node.body if test.attr("value") else node.orelse)
        cond = self.truth(test, node.test)
        name, is_none = _none_test(node.test)
        kind = self.scope.get(name) if name else None
        saved = dict(self.narrowed)
        if isinstance(kind, OptionalT) and not is_none:
            self.narrowed[name] = kind.item
        a = self.value(node.body)
        self.narrowed = dict(saved)
        if isinstance(kind, OptionalT) and is_none:
            self.narrowed[name] = kind.item
        b = self.value(node.orelse)
        self.narrowed = saved
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
            pending = PendingT(len(self.pending))
            self.pending[pending.id] = (node, None)
            return pending
        types = {strip_literal(i.type) for i in items}
        if types <= {BOOL, INT, Scalar("float")} and len(types) > 1:
            return Scalar("float") if Scalar("float") in types else INT
        if len(types) != 1:
            self.error(node, "items of different types (" + ", ".join(sorted(map(str, types)))
                       + ") in one container; give them one type")
        return types.pop()

    def expr_Subscript(self, node):
        # x.shape[i]: one dimension, known at run time even where the rank is not.
        if isinstance(node.value, ast.Attribute) and node.value.attr == "shape":
            base = self.expr(node.value.value)
            if isinstance(base, Expr) and isinstance(strip_literal(base.type), TensorT):
                index = self.value(node.slice)
                if strip_literal(index.type) in (INT, BOOL):
                    return call("tensor.shape_at", INT, (base, convert(index, INT)), self.loc(node))
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
        """An f-string: each {value!conversion:spec} is format(conversion(value), spec), as
        CPython evaluates it, and the pieces are concatenated."""
        parts = []
        for v in node.values:
            if isinstance(v, ast.Constant):
                parts.append(const(v.value, self.loc(v)))
                continue
            value = self.value(v.value)
            if strip_literal(value.type) == EXCEPTION:
                value = self.apply("builtins.str", [value], {}, v)
            conversion = {115: "builtins.str", 114: "builtins.repr", 97: "builtins.ascii"}.get(v.conversion)
            if conversion:
                value = self.apply(conversion, [value], {}, v)
            spec = self.value(v.format_spec) if v.format_spec is not None else None
            if spec is None and isinstance(strip_literal(value.type), OptionalT):
                value = self.apply("builtins.str", [value], {}, v)  # "None" or the value
            if spec is None and strip_literal(value.type) == STR:
                parts.append(value)
            else:
                parts.append(self.apply("builtins.format", [value] + ([spec] if spec else []), {}, v))
        if not parts:
            return const("", self.loc(node))
        result = parts[0]
        for p in parts[1:]:
            result = self.apply("operator.add", [result, p], {}, node)
        return result

    def str_format(self, template: Expr, node) -> Expr:
        """'...{}...{name:spec}'.format(...) on a constant template: parsed at compile time and
        built like an f-string (format(conversion(value), spec) per field)."""
        import string
        args = [self.value(a) for a in node.args]
        kwargs = {k.arg: self.value(k.value) for k in node.keywords if k.arg}
        parts, auto = [], 0
        try:
            fields = list(string.Formatter().parse(template.attr("value")))
        except ValueError as e:
            self.error(node, f"bad format string: {e}")
        for literal, field, spec, conversion in fields:
            if literal:
                parts.append(const(literal, self.loc(node)))
            if field is None:
                continue
            if field == "":
                index, auto = auto, auto + 1
                value = args[index] if index < len(args) else self.error(node, "not enough arguments for the format string")
            elif field.isdigit():
                value = args[int(field)] if int(field) < len(args) else self.error(node, f"no argument {field}")
            elif field in kwargs:
                value = kwargs[field]
            else:
                self.unsupported(node, f"the format field '{field}'", "use positional {} fields or keyword names")
            if conversion:
                value = self.apply({"s": "builtins.str", "r": "builtins.repr", "a": "builtins.ascii"}[conversion], [value], {}, node)
            if spec and "{" in spec:
                self.unsupported(node, "nested format fields", "use an f-string")
            if not spec and strip_literal(value.type) == STR:
                parts.append(value)
            elif not spec and isinstance(strip_literal(value.type), OptionalT):
                parts.append(self.apply("builtins.str", [value], {}, node))
            else:
                parts.append(self.apply("builtins.format", [value, const(spec or "", self.loc(node))], {}, node))
        result = parts[0] if parts else const("", self.loc(node))
        for p in parts[1:]:
            result = self.apply("operator.add", [result, p], {}, node)
        return result

    def expr_Set(self, node, expected=None):
        items = [self.value(e) for e in node.elts]
        item_t = self.common_type(node, items, expected.item if isinstance(expected, SetT) else None)
        return Expr("set", SetT(item_t), tuple(self.coerce(i, item_t, node, "set item") for i in items), loc=self.loc(node))

    def expr_ListComp(self, node):
        return self.comprehension(node, "list", (node.elt,))

    def expr_SetComp(self, node):
        return self.comprehension(node, "set", (node.elt,))

    def expr_DictComp(self, node):
        return self.comprehension(node, "dict", (node.key, node.value))

    def comprehension(self, node, kind, elements) -> Expr:
        """A list/set/dict comprehension: its targets are local to it (as in Python 3); the
        generators nest left to right, each with its conditions."""
        saved_scope, saved_inner = dict(self.scope), set(self.inner)
        args, shape = [], []
        for gen in node.generators:
            if gen.is_async:
                self.unsupported(gen, *UNSUPPORTED[ast.AsyncFor])
            iterable = self.iterable(gen.iter)
            names = _target_names(gen.target)
            for n in names:
                if n in saved_scope and n not in saved_inner:
                    self.error(gen.target, f"comprehension variable '{n}' shadows a local of the function; rename it")
                self.scope.pop(n, None)
                self.inner.add(n)
            target = self.target(gen.target, iterable.type.item)
            conds = [self.truth(self.value(c), c) for c in gen.ifs]
            args += [iterable, *conds]
            shape.append((target, len(conds)))
        values = [self.value(e) for e in elements]
        self.scope, self.inner = saved_scope, saved_inner
        if kind == "dict":
            t = DictT(strip_literal(values[0].type), strip_literal(values[1].type))
        elif kind == "set":
            t = SetT(strip_literal(values[0].type))
        else:
            t = ListT(strip_literal(values[0].type))
        return Expr("comp", t, tuple(values) + tuple(args),
                    attrs=(("kind", kind), ("shape", tuple(shape))), loc=self.loc(node))

    def iterable(self, node) -> Expr:
        """What a for loop or comprehension walks: a list (walked by index, as CPython does), or
        an iterator (range(), the characters of a str). Dicts walk their keys, in order."""
        if isinstance(node, ast.Call) and isinstance(self.expr(node.func), Static) and self.expr(node.func).value is range:
            args = [self.coerce(self.value(a), INT, a, "range argument") for a in node.args]
            if not 1 <= len(args) <= 3 or node.keywords:
                self.error(node, "range takes 1 to 3 int arguments")
            return Expr("call", IterT(INT), tuple(args), (("op", "builtins.range"),), self.loc(node))
        it = self.value(node)
        t = strip_literal(it.type)
        if isinstance(t, (ListT, IterT, SetT)):
            return it
        if isinstance(t, Str):
            return call("str.iter", IterT(STR), (it,), self.loc(node))
        if isinstance(t, DictT):
            return call("dict.keys", ListT(t.key), (it,), self.loc(node))
        if isinstance(t, TupleT) and t.items and all(i == t.items[0] for i in t.items):
            return call("builtins.list", ListT(t.items[0]), (it,), self.loc(node))
        self.unsupported(node, f"iterating over {t}", "iterate over a list, str, dict, set, range() or a tuple of one type")

    def expr_Call(self, node):
        func = self.expr(node.func)
        for a in node.args:
            if isinstance(a, ast.Starred):
                self.unsupported(a, "*args in calls", "pass the arguments explicitly")
        for k in node.keywords:
            if k.arg is None:
                self.unsupported(k, "**kwargs in calls", "pass the arguments explicitly")
        kwargs = {k.arg: self.argument(k.value) for k in node.keywords}
        if isinstance(func, _BoundMethod):
            recv_t = strip_literal(func.receiver.type)
            if (isinstance(recv_t, TensorT) and recv_t.rank is not None and func.name in ("dim", "ndimension")
                    and not node.args and not node.keywords):
                return const(recv_t.rank, self.loc(node))  # known at compile time: checks on it fold
            if (isinstance(recv_t, Str) and func.name == "format" and func.receiver.op == "const"):
                return self.str_format(func.receiver, node)
            kind = receiver_kind(recv_t)
            name = REGISTRY.methods.get((kind, func.name))
            if name is None:
                self.unsupported(node, f"the method {kind}.{func.name}", "use a supported method (see docs/ops.md)")
            return self.apply(name, [func.receiver] + [self.argument(a) for a in node.args], kwargs, node)
        if isinstance(func, Static) and func.value is isinstance:
            return self.isinstance_check(node)
        if isinstance(func, Static):
            name = REGISTRY.lookup_object(func.value)
            if name is None:
                target = _compilable(func.value)
                if target is None:
                    self.unsupported(node, f"calling {ast.unparse(node.func)}",
                                     "use a supported function (see docs/ops.md)")
                fn, self_obj = target
                return self.invoke(fn, self_obj, [self.argument(a) for a in node.args], kwargs, node)
            return self.apply(name, [self.argument(a) for a in node.args], kwargs, node)
        self.unsupported(node, "calling this value", "call a function or method")

    def isinstance_check(self, node) -> Expr:
        if len(node.args) != 2:
            self.error(node, "isinstance takes 2 arguments")
        obj, cls = self.expr(node.args[0]), self.expr(node.args[1])
        if not isinstance(cls, Static) and not (cls.op == "const" and isinstance(cls.type, TupleT)):
            self.error(node.args[1], "isinstance needs a type known at compile time")
        classes = cls.value if isinstance(cls, Static) else cls.attr("value")
        if isinstance(obj, Static):
            return const(isinstance(obj.value, classes), self.loc(node))
        if obj.op == "const" and not isinstance(obj.type, StaticT):
            return const(isinstance(obj.attr("value"), classes), self.loc(node))
        return const(_python_class_matches(strip_literal(obj.type), classes), self.loc(node))

    def callable_expr(self, fn: Expr, param_types: tuple, loc) -> Expr:
        """A function argument (key=, map, filter) as a C++ lambda taking `param_types`: a
        Python lambda compiled for those types, or a function/method called through one."""
        value = fn.attr("value") if fn.op == "const" else None
        if isinstance(value, _LambdaSource):
            node = value.node
            a = node.args
            if a.vararg or a.kwarg or a.kwonlyargs or a.defaults or len(a.args) != len(param_types):
                self.error(node, f"the lambda must take exactly {len(param_types)} plain parameter(s)")
            names = [p.arg for p in a.args]
            saved_scope, saved_inner = dict(self.scope), set(self.inner)
            for n, t in zip(names, param_types):
                self.scope[n] = strip_literal(t)
                self.inner.add(n)
            body = self.value(node.body)
            self.scope, self.inner = saved_scope, saved_inner
            params = tuple(zip(names, param_types))
            return Expr("lambda", strip_literal(body.type), (body,), (("params", params),), self.loc(node))
        if fn.op == "const" and isinstance(fn.type, StaticT) and callable(value):
            names = [f"arg{i}_" for i in range(len(param_types))]
            saved_scope, saved_inner = dict(self.scope), set(self.inner)
            for n, t in zip(names, param_types):
                self.scope[n] = strip_literal(t)
                self.inner.add(n)
            args = [Expr("var", strip_literal(t), attrs=(("name", n), ("local_to", "inner")), loc=loc)
                    for n, t in zip(names, param_types)]
            node = _located(loc, self)
            body = self.call_object(value, args, {}, node)
            self.scope, self.inner = saved_scope, saved_inner
            return Expr("lambda", strip_literal(body.type), (body,), (("params", tuple(zip(names, param_types))),), loc)
        raise CompileError(loc, "expected a lambda or a function here")

    def call_object(self, value, args, kwargs, node) -> Expr:
        """Calls a compile-time callable: a registry op, a method of a builtin type spelled as
        `str.lower`, or Python code muna compiles (function, method, nn.Module)."""
        name = REGISTRY.lookup_object(value)
        if name is None and getattr(value, "__objclass__", None) in (str, list, dict, set):
            name = REGISTRY.methods.get((value.__objclass__.__name__, value.__name__))
        if name is not None:
            return self.apply(name, list(args), kwargs, node)
        target = _compilable(value)
        if target is None:
            self.unsupported(node, f"calling {_describe(value)}", "use a supported function (see docs/ops.md)")
        fn, self_obj = target
        return self.invoke(fn, self_obj, list(args), kwargs, node)

    def invoke(self, fn, self_obj, args, kwargs, node) -> Expr:
        """A call to Python code muna compiles too: a helper function of the module, a method,
        or an nn.Module's forward. Each distinct (function, self, argument types) is one C++
        function; compile-time arguments (modules, None, dtypes) are bound into it."""
        try:
            sig = inspect.signature(fn)
            if not any(p.kind == inspect.Parameter.VAR_KEYWORD for p in sig.parameters.values()):
                for k in kwargs:
                    if k not in sig.parameters:
                        self.error(node, f"{fn.__qualname__}() got an unexpected keyword argument '{k}'")
            bound_args = sig.bind(*([self_obj] if self_obj is not None else []), *args, **kwargs)
        except TypeError as e:
            self.error(node, f"bad call to {fn.__qualname__}: {e}")
        bound_args.apply_defaults()
        statics, types, values = {}, {}, []
        for pname, value in bound_args.arguments.items():
            kind = sig.parameters[pname].kind
            if kind in (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD):
                if value:
                    self.unsupported(node, f"calling {fn.__qualname__} with *args/**kwargs", "pass the parameters it names")
                statics[pname] = () if kind == inspect.Parameter.VAR_POSITIONAL else {}
                continue
            if not isinstance(value, Expr):
                statics[pname] = value  # self, or a default that is an object
            elif value.op == "const" and isinstance(value.type, (StaticT, NoneT)):
                statics[pname] = value.attr("value")
            else:
                types[pname] = strip_literal(value.type)
                values.append(value)
        key = (id(fn), id(self_obj), tuple(sorted((k, str(t)) for k, t in types.items())),
               tuple(sorted((k, _static_key(v)) for k, v in statics.items())))
        program = self.program
        if key not in program.helpers:
            if key in program.building:
                hints = typing.get_type_hints(fn) if hasattr(fn, "__annotations__") else {}
                if "return" not in hints:
                    self.error(node, f"recursive function '{fn.__name__}' needs a return annotation")
                ret = self.annotation(hints["return"], node)
                return Expr("invoke", ret, tuple(values), (("function", program.building[key]),), self.loc(node))
            cpp_name = program.helper_name(fn.__name__ if self_obj is None else f"{type(self_obj).__name__}_{fn.__name__}")
            program.building[key] = cpp_name
            try:
                builder = FunctionBuilder(program, fn, statics=statics, cpp_name=cpp_name, param_types=types)
                helper = builder.build()
            except OSError:
                self.error(node, f"the source of {fn.__qualname__} is not available; muna compiles Python code only")
            finally:
                program.building.pop(key, None)
            program.helpers[key] = helper
        helper = program.helpers[key]
        return Expr("invoke", helper.returns, tuple(values), (("function", helper.name),), self.loc(node))

    def argument(self, node) -> Expr:
        """A call argument: a value, or a compile-time object such as a dtype (np.float32) or
        a lambda (compiled by the op that calls it, once it knows the parameter types)."""
        if isinstance(node, ast.Lambda):
            return Expr("const", StaticT("lambda"), attrs=(("value", _LambdaSource(node)),), loc=self.loc(node))
        e = self.expr(node)
        if isinstance(e, Static):
            return Expr("const", StaticT(_describe(e.value)), attrs=(("value", e.value),), loc=self.loc(node))
        if isinstance(e, _BoundMethod):
            return self.attribute(e, node)
        return e

    def apply(self, name, args, kwargs, node) -> Expr:
        op = REGISTRY[name]
        bound = {}
        params = op.params
        star = next((i for i, (p, _) in enumerate(params) if p.startswith("*")), None)
        if star is not None:
            # *args: the extra positional arguments, as one tuple expression.
            rest = args[star:]
            items = Expr("tuple", TupleT(tuple(strip_literal(a.type) for a in rest)), tuple(rest), loc=self.loc(node))
            args = args[:star] + [items]
            params = tuple((p.lstrip("*"), d) for p, d in params)
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
                if pname.startswith("*"):
                    bound[pname.lstrip("*")] = Expr("tuple", TupleT(()), (), loc=self.loc(node))
                    continue
                if default is REQUIRED:
                    self.error(node, f"{name} is missing the argument '{pname}'")
                bound[pname] = (const(default, self.loc(node)) if _foldable(default) else
                                Expr("const", StaticT(repr(default)), attrs=(("value", default),), loc=self.loc(node)))
        if name in MUTATING_METHODS and args and args[0].op == "global":
            self.unsupported(node, f"modifying the module-level constant '{args[0].attr('name')}'",
                             "constants are shared by every call; copy it first (e.g. list(X), dict(X))")
        folded = self.fold(name, bound, node)
        if folded is not None:
            return folded
        resolved: Resolved = op.rule(Bound(op, bound, self.loc(node), self))
        if resolved is None:
            self.error(node, f"{name} cannot be called directly")
        return call(resolved.op or name, resolved.type, resolved.args, self.loc(node), resolved.template)

    def fold(self, name, bound, node):
        """Evaluates an operator on constants at compile time, with Python itself (so the
        semantics are Python's); gives up where the run time must raise instead."""
        if not name.startswith("operator.") or not all(e.op == "const" for e in bound.values()):
            return None
        values = [e.attr("value") for e in bound.values()]
        if not all(_foldable(v) for v in values):
            return None
        try:
            result = getattr(operator, name.split(".", 1)[1])(*values)
        except Exception:
            return None
        if not _foldable(result) or (isinstance(result, int) and not -2**63 <= result < 2**63):
            return None
        return const(result, self.loc(node))

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
            if isinstance(have, Scalar) and isinstance(want.item, Scalar) and want.item.name == "float":
                return convert(convert(e, want.item), want)
        if isinstance(want, Scalar) and isinstance(have, Scalar) and want.name == "float" and have.name in ("int", "bool"):
            return convert(e, want)
        if isinstance(want, Scalar) and isinstance(have, NumpyScalar) and want.name in python_kinds_of(have.dtype):
            # np.sum(x) where `-> float` is declared: the same value as a Python number (float32
            # and every integer dtype up to int64 widen exactly).
            return convert(e, want)
        if widens_rank(have, want):
            return Expr(e.op, want, e.args, e.attrs, e.loc)
        if isinstance(want, TupleT) and isinstance(have, TupleT) and len(want.items) == len(have.items) \
                and all(h == w or widens_rank(h, w) for h, w in zip(have.items, want.items)):
            # Same C++ type item by item: only the compile-time ranks are forgotten.
            return Expr(e.op, want, e.args, e.attrs, e.loc)
        if type(have) is type(want) and isinstance(have, (ListT, SetT)) and isinstance(have.item, PendingT):
            self.resolve(have.item, want.item)
            return substitute(e, {have.item: want.item})
        if isinstance(want, ListT) and e.op == "list" and not e.args:
            return Expr("list", want, (), loc=e.loc)
        if isinstance(have, DictT) and isinstance(want, DictT) and (isinstance(have.key, PendingT) or isinstance(have.value, PendingT)):
            mapping = {}
            for h, w in ((have.key, want.key), (have.value, want.value)):
                if isinstance(h, PendingT):
                    self.resolve(h, w)
                    mapping[h] = w
            return substitute(e, mapping)
        if (isinstance(want, TupleT) and isinstance(have, TupleT) and e.op == "tuple"
                and len(want.items) == len(have.items)):
            # A tuple literal converts item by item (an int into a float slot, ...).
            items = tuple(self.coerce(i, w, node, what) for i, w in zip(e.args, want.items))
            return Expr("tuple", want, items, loc=e.loc)
        self.error(node, f"{what} has type {have} but {want} is expected")


class _LambdaSource:
    """A lambda's AST, compiled when the op receiving it knows its parameter types."""

    def __init__(self, node):
        self.node = node


def _located(loc, builder):
    """An AST stand-in carrying `loc`, for diagnostics about synthesised calls."""
    node = ast.Pass()
    node.lineno, node.col_offset = loc.line - builder.line_offset, loc.col - 1 - builder.indent
    return node


def _is_grad_mode(obj) -> bool:
    import sys
    torch = sys.modules.get("torch")
    return torch is not None and obj in (torch.no_grad, torch.inference_mode)


def widens_rank(have: Type, want: Type) -> bool:
    """A tensor of known rank where the annotation leaves the rank open (`-> torch.Tensor`): the
    same C++ type, so no conversion node, only the rank is forgotten."""
    return (isinstance(have, TensorT) and isinstance(want, TensorT) and want.rank is None
            and (have.lib, have.dtype) == (want.lib, want.dtype))


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
    if isinstance(t, SetT):
        return "set"
    if isinstance(t, ObjectT):
        return t.kind
    return str(t)


_UNBOUND = object()


def _is_data(value) -> bool:
    return constants.type_of_constant(value) is not None


def _is_module(value) -> bool:
    torch = sys.modules.get("torch")
    return torch is not None and isinstance(value, torch.nn.Module)


def _foldable(value) -> bool:
    """Scalars, strings, None and tuples of them: values the compiler folds into the code."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return True
    return isinstance(value, tuple) and all(_foldable(v) for v in value)


def _static_key(value):
    return repr(value) if _foldable(value) else ("id", id(value))


def _describe(value) -> str:
    return getattr(value, "__qualname__", None) or getattr(value, "__name__", None) or type(value).__name__


def substitute(obj, mapping):
    """obj (an IR node, type, or tuple of them) with the types in mapping replaced."""
    import dataclasses
    if isinstance(obj, Type) and obj in mapping:
        return mapping[obj]
    if isinstance(obj, tuple):
        return tuple(substitute(o, mapping) for o in obj)
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        changes = {}
        for f in dataclasses.fields(obj):
            v = getattr(obj, f.name)
            nv = substitute(v, mapping)
            if nv is not v and nv != v:
                changes[f.name] = nv
        return dataclasses.replace(obj, **changes) if changes else obj
    return obj


def _dtype_object(t: TensorT):
    """The Python object an array's .dtype gives: torch.float32, or numpy.dtype('float32')."""
    if t.lib == "torch":
        return getattr(sys.modules["torch"], t.dtype)
    import numpy as np
    return np.dtype(t.dtype)


def _assigned_names(node) -> set:
    """Names any statement inside `node` assigns (targets, augmented, for targets, except-as)."""
    names = set()
    for n in ast.walk(node):
        if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store):
            names.add(n.id)
        elif isinstance(n, ast.ExceptHandler) and n.name:
            names.add(n.name)
    return names


def _pendings(t):
    """The undecided item types inside a type."""
    if isinstance(t, PendingT):
        yield t
    for attr in ("item", "key", "value"):
        sub = getattr(t, attr, None)
        if isinstance(sub, Type):
            yield from _pendings(sub)


def _named(node, name):
    node.muna_name = name
    return node


def _none_test(node):
    """(name, True) for `name is None`, (name, False) for `name is not None`, else (None, _)."""
    if (isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.left, ast.Name)
            and isinstance(node.comparators[0], ast.Constant) and node.comparators[0].value is None
            and isinstance(node.ops[0], (ast.Is, ast.IsNot))):
        return node.left.id, isinstance(node.ops[0], ast.Is)
    return None, False


def _target_names(node) -> list:
    if isinstance(node, ast.Name):
        return [node.id]
    if isinstance(node, ast.Tuple) and all(isinstance(e, ast.Name) for e in node.elts):
        return [e.id for e in node.elts]
    raise CompileError(Loc("?", getattr(node, "lineno", 1), 1), "unsupported loop target")


def _python_class_matches(t: Type, classes) -> bool:
    """isinstance of a runtime value, decided from its static type."""
    import numpy as np
    py = {"int": int, "float": float, "bool": bool}
    if isinstance(t, Scalar):
        cls = py[t.name]
    elif isinstance(t, Str):
        cls = str
    elif isinstance(t, ListT):
        cls = list
    elif isinstance(t, DictT):
        cls = dict
    elif isinstance(t, TupleT):
        cls = tuple
    elif isinstance(t, NoneT):
        cls = type(None)
    elif isinstance(t, TensorT):
        cls = np.ndarray if t.lib == "numpy" else sys.modules["torch"].Tensor
    else:
        return False
    classes = classes if isinstance(classes, tuple) else (classes,)
    return any(issubclass(cls, c) for c in classes if isinstance(c, type))


def _library_code(fn) -> bool:
    """Functions of the standard library or installed packages: muna supports those it knows
    through the registry and never compiles their source (only the user's own code, and the
    methods of nn.Module instances)."""
    path = getattr(getattr(fn, "__code__", None), "co_filename", "") or ""
    roots = {sys.prefix, sys.base_prefix, "/usr/lib/python3", "<frozen"}
    return path.startswith(tuple(r for r in roots if r)) or "site-packages" in path or "dist-packages" in path


def _compilable(value):
    """(function, self) when `value` is Python code muna compiles itself: a plain function or
    method of the user's code, or an nn.Module instance (its forward, library code included)."""
    if isinstance(value, pytypes.FunctionType):
        return (value, None) if not _library_code(value) else None
    if isinstance(value, pytypes.MethodType) and isinstance(value.__func__, pytypes.FunctionType):
        if _library_code(value.__func__) and not _is_module(value.__self__):
            return None
        return value.__func__, value.__self__
    if _is_module(value):
        forward = type(value).forward
        if isinstance(forward, pytypes.FunctionType):
            return forward, value
    return None


def _as_load(node):
    new = ast.parse(ast.unparse(node), mode="eval").body
    return ast.copy_location(ast.fix_missing_locations(_relocate(new, node)), node)


def _relocate(new, old):
    for n in ast.walk(new):
        n.lineno, n.col_offset = old.lineno, old.col_offset
        n.end_lineno, n.end_col_offset = old.end_lineno, old.end_col_offset
    return new


def build_program(path: str, names) -> Program:
    """Compiles the named functions of the module at `path` into one program: they share
    helpers and constants; the first is the library's default entry point."""
    names = [names] if isinstance(names, str) else list(names)
    module, first = load_function(path, names[0])  # imported once: the functions share its objects
    functions = [first]
    for n in names[1:]:
        fn = getattr(module, n, None)
        if not isinstance(fn, pytypes.FunctionType):
            raise CompileError(Loc(path, 1, 1), f"module has no function '{n}'")
        functions.append(fn)
    program = Program(entry=None, source_file=path, entry_names=tuple(names))
    for fn in functions:
        program.entries.append(FunctionBuilder(program, fn).build())
    program.entry = program.entries[0]
    return program
