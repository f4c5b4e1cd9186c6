"""Python source -> typed IR.

The user's module is imported, so module-level names are real objects: modules and callables
resolve to registry ops at compile time, and other values become constants baked into the
library. Types flow from the signature and the constants through every expression by the
registry's rules; anything outside the supported language is a CompileError at its line.
"""
from __future__ import annotations

import ast
import copy
import dataclasses
import builtins
import inspect
import linecache
import operator
import os
import struct
import sys
import types as pytypes
import typing
from dataclasses import replace

import numpy as np

from . import constants
from .annotations import AnnotationError, is_pattern, type_of_annotation
from .arguments import Spread, hidden_name
from .wrappers import closure_of, evaluable_hints, exported, function_tree, own_code, unwrapped
from .build_ir import call, check_int_range, const, convert, display_items
from .control import ControlFlow, as_condition, decided_test, falls_through
from .records import Constructing, FieldWidened, Records, is_plain_class, is_record_class, user_dunder
from .diagnostics import CompileError, ItemWidened, Loc, Rebuild
from .dispatch import branch_on, dispatch_call, dtype_const, dynamic_operands, is_number
from .type_checks import is_floating_point, is_type_check, type_check
from .function_values import (Captured, LocalFunction, bound_method, bound_to_its_function, call_closure, call_value,
                              closed_over, function_const,
                              function_number_of, is_function_value, known_function, lambda_as_def, static_of)
from .re_support import RegexT
from .scope import NOT_CONST, Binding, holds_exactly, join, join_all, join_held, storage
from .ir import Expr, Function, Param, Program, Stmt, Target
from .registry import REGISTRY, REQUIRED, Bound, Redispatch, Resolved
from .types import (AnyT, BOOL, ClosureT, FLOAT, function_type, list_of_arrays, DTypeT, DynTensorT, ELLIPSIS, EXCEPTION, EnumT, FunctionT, NumberT, RecordT, RecordTupleT, INT, NONE, SLICE, STR, DictT, IterT, ListT, LiteralT, NoneT,
                    NumpyScalar, ObjectT, OptionalT, PendingT, Scalar, ScalarKindsT, SetT, SliceT, StaticT, Str, TensorT, TupleT, Type,
                    holds_dtypes, python_kinds_of, may_be_numpy_scalar, open_row_type, row_type, rows_are_elements, scalar_as_open_array, strip_literal, types_within)
from .ops.torch_spectral import TORCH_COMPLEX_OPS, is_complex_tensor
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
    ast.Nonlocal: ("nonlocal", "pass the value in and return the result"),
    ast.Delete: ("del", "rebuild the container without the item"),
    ast.Starred: ("starred expressions", "pass arguments explicitly"),
}


# Python exceptions muna raises and catches (include/muna/core/error.hpp mirrors the hierarchy).
EXCEPTION_CLASSES = {"Exception", "BaseException", "ArithmeticError", "ZeroDivisionError",
                     "OverflowError", "LookupError", "IndexError", "KeyError", "ValueError",
                     "UnicodeError", "TypeError", "RuntimeError", "NotImplementedError",
                     "AssertionError", "AttributeError", "StatisticsError", "error",  # error: re.error
                     "UnicodeDecodeError", "UnicodeEncodeError", "StopIteration", "JSONDecodeError", "OSError",
                     "NameError", "UnboundLocalError"}


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
        # At the module's own line that raised (a module-level re.compile of a bad pattern, ...).
        import traceback
        frames = [f for f in traceback.extract_tb(e.__traceback__)
                  if os.path.abspath(f.filename) == os.path.abspath(path)]
        where = Loc(path, frames[-1].lineno, 1) if frames else loc
        raise CompileError(where, f"importing the module failed: {type(e).__name__}: {e}")
    finally:
        sys.path.pop(0)
    fn = exported(getattr(module, name, None))
    if not isinstance(fn, pytypes.FunctionType):
        raise CompileError(loc, f"module has no function '{name}'")
    return module, fn




class FunctionBuilder(ControlFlow, Records):
    """Builds the IR of one Python function: the entry point, or a helper specialised for the
    argument types (and compile-time arguments, e.g. the module instance `self`) of a call.
    Statements are built by ControlFlow (control.py), expressions here."""

    def __init__(self, program: Program, fn, statics=None, cpp_name=None, param_types=None, return_guess=None,
                 entry=False, free=()):
        self.program = program
        self.free = tuple(free)  # (name, type): variables of the enclosing function it reads
        self.entry = entry  # an exported function: defaults and the return annotation count
        self.fn = fn
        self.globals = fn.__globals__
        self.file = inspect.getsourcefile(fn) or program.source_file
        if program.source_file and os.path.abspath(self.file) == os.path.abspath(program.source_file):
            self.file = program.source_file
        lines, first = inspect.getsourcelines(own_code(fn))
        self.line_offset = first - 1
        self.tree = self.parse(fn)
        self.indent = len(lines[0]) - len(lines[0].lstrip())
        self.all_lines = linecache.getlines(self.file) or open(self.file, encoding="utf-8").read().splitlines(True)
        self.scope: dict = {}  # name -> Binding or Conflict (scope.py) at the point being built
        self.declared: dict[str, Type] = {}  # `x: T` annotations: the variable type x prefers
        self.taken: set[str] = set()  # C++ variable names in use
        self.vars_of: dict[str, list] = {}  # name -> [(C++ variable, its storage type)]
        self.python_names = {n.id for n in ast.walk(self.tree) if isinstance(n, ast.Name)} | {
            a.arg for n in ast.walk(self.tree) if isinstance(n, ast.arguments) for a in n.args}
        self.serials = 0
        self.loops: list = []  # LoopContexts of the loops being built, innermost last
        self.try_logs: list = []  # per enclosing try body: name -> bindings it took there
        self.pending: dict[int, tuple] = {}  # empty literals: id -> (AST node, decided type)
        # Names bound to compile-time objects (self, a module of a ModuleList being unrolled);
        # a wrapper's closure (the function a decorator wraps, its arguments).
        self.statics: dict[str, object] = {**closure_of(fn), **getattr(fn, "__muna_statics__", {}), **(statics or {})}
        self.initial_statics = dict(statics or {})
        making = next((v for v in self.statics.values() if isinstance(v, Constructing)), None)
        self.constructing = making
        if making is not None:  # a plain class's __init__, compiled as the function making an instance
            self.tree = making.rewrite(self.tree, self.error)
            self.statics = {n: v for n, v in self.statics.items() if v is not making}
            self.statics.update(__muna_new__=making.new(), __muna_class__=making.cls)
            if making.base is not None:
                self.statics["__muna_super__"] = making.super_new()
            self.python_names |= {n.id for n in ast.walk(self.tree) if isinstance(n, ast.Name)}
        self.param_types = param_types  # for helpers: the call's argument types by name
        self.cpp_name = cpp_name
        self.return_guess = return_guess  # the return type to build with (build() settles it)
        self.returns: Type | None = NONE
        self.declared_return: Type | None = None
        self.return_types: list = []  # (type, node) of every return built
        self.in_comprehension = 0
        self.statement = None  # the AST statement being built (walrus checks)

    @staticmethod
    def parse(fn):
        return function_tree(fn)

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
        """The function's IR. Its return type is the annotation's when every return fits it
        exactly, else the join of what the body returns (what CPython would hand back): when
        that differs from the type the build assumed, the function is built once more with it."""
        fn = self.build_once()
        final = self.final_return_type()
        if final != fn.returns:
            again = FunctionBuilder(self.program, self.fn, statics=self.initial_statics, cpp_name=self.cpp_name,
                                    param_types=self.param_types, return_guess=final, entry=self.entry,
                                    free=self.free)
            fn = again.build_once()
            if again.final_return_type() != final:
                self.error(self.tree, "the return type of this function does not settle (a muna bug; please report it)")
        return fn

    def build_once(self) -> Function:
        node = self.tree
        if isinstance(node, ast.AsyncFunctionDef):
            self.unsupported(node, *UNSUPPORTED[ast.AsyncFunctionDef])
        if not isinstance(node, ast.FunctionDef):
            self.error(node, "only plain functions can be compiled")
        a = node.args
        for extra in (a.vararg, a.kwarg):
            if extra is not None and extra.arg not in self.statics:  # (a helper's: arguments.py)
                self.unsupported(extra, "*args and **kwargs in an exported function", "list each parameter with its type")
        try:
            hints = typing.get_type_hints(self.fn, include_extras=True)
        except Exception as e:
            if self.param_types is None or self.entry:  # an exported function's annotations are its ABI
                self.error(node, f"cannot evaluate the annotations: {e}")
            hints = evaluable_hints(self.fn)  # a helper's are hints (`df: pd.DataFrame` under TYPE_CHECKING)
        positional = a.posonlyargs + a.args
        defaults = [None] * (len(positional) - len(a.defaults)) + list(a.defaults)
        params = []
        assigned = _assigned_names(ast.Module(body=node.body, type_ignores=[]))
        initial = []  # parameters known at compile time that the body assigns: locals from a constant
        for arg, default in list(zip(positional, defaults)) + list(zip(a.kwonlyargs, a.kw_defaults)):
            if arg.arg in self.statics and arg.arg in assigned and is_function_value(self.statics[arg.arg]):
                initial += self.bind_function(arg, arg.arg, self.statics.pop(arg.arg))
                continue  # a function the body may replace: the name holds it (paths may join)
            if arg.arg in self.statics and arg.arg in assigned and _foldable(self.statics[arg.arg]):
                value = const(self.statics.pop(arg.arg), self.loc(arg))
                target, value = self.bind(arg, arg.arg, value)
                initial.append(self.mk(arg, "assign", exprs=(value,), targets=(target,)))
                continue
            if arg.arg in self.statics:
                continue  # bound at compile time (self, a module, None)
            if self.param_types is not None and not self.entry:
                t = self.param_types[arg.arg]
                self.bind_param(arg, t)
                params.append(Param(arg.arg, t, None, self.loc(arg)))
                continue
            given = inspect.signature(self.fn).parameters[arg.arg].default
            if self.entry and is_function_value(given):
                # A function as an entry parameter's default: the body sees that function (known
                # now, as a helper's function arguments are); the parameter stays in the
                # signature, taking only None (specialize.entry_signature).
                self.statics[arg.arg] = given
                params.append(Param(arg.arg, NONE, const(None, self.loc(arg)), self.loc(arg)))
                continue
            if self.param_types is not None:
                t = self.param_types[arg.arg]
            else:
                if arg.arg not in hints:
                    self.error(arg, f"parameter '{arg.arg}' has no type annotation; annotate it, "
                               "e.g. 'x: np.ndarray' or 'n: int'")
                t = self.annotation(hints[arg.arg], arg)
            d = None
            if default is not None:
                # The value Python computed when it ran the `def` (`-float("inf")`, a tuple, a
                # module constant): defaults are evaluated once, as Python evaluates them.
                d = self.static_value(default, arg.arg, given)
                if isinstance(d, Static):
                    self.error(default, f"the default of '{arg.arg}' ({_describe(d.value)}) is not a value muna "
                               "can pass; use a number, str, bool, None, tuple, list or dict")
                if isinstance(t, LiteralT) and d.op == "const" and d.attr("value") not in t.values:
                    self.error(default, f"default {d.attr('value')!r} is not one of {t}")
                fits = strip_literal(d.type) == strip_literal(t) or isinstance(t, OptionalT) and d.type == NONE
                if not fits and self.entry and arg.arg not in hints and not isinstance(strip_literal(t), (NumberT, TupleT)):
                    d = None  # a body for another kind than the default's (specialize.unannotated)
                elif not fits:
                    d = self.coerce(d, strip_literal(t), default, f"default of '{arg.arg}'")
            self.bind_param(arg, t)
            params.append(Param(arg.arg, t, d, self.loc(arg)))
        for name, t in self.free:
            at = ast.arg(arg=name, lineno=node.lineno, col_offset=node.col_offset)
            self.bind_param(at, t)
            params.append(Param(name, t, None, self.loc(node)))
        self.declared_return = None
        if (self.param_types is None or self.entry) and "return" in hints:
            declared = self.annotation(hints["return"], node.returns or node)
            # An open annotation (`-> np.ndarray`, `-> dict`) says only the kind: the body's
            # value decides the rest.
            self.declared_return = None if is_pattern(declared) else strip_literal(declared)
        self.returns = self.return_guess or self.declared_return
        body = initial + list(self.block(node.body))
        if falls_through(body):
            # Falling off the end returns None, as in Python.
            end = ast.Pass(lineno=_last_line(node), col_offset=node.col_offset)
            value = self.returned(const(None, self.loc(end)), end)
            body.append(Stmt("return", self.loc(end), "(implicit return None)", exprs=(value,)))
        returns = NONE if self.returns is None else self.returns
        if self.returns is None and not self.return_types and self.declared_return is not None:
            returns = self.declared_return  # never returns (`if x.ndim != 1: raise`, folded): as annotated
        if self.param_types is None or self.entry:
            for p in params:
                _check_interface(self, node, p.type, f"parameter '{p.name}'")
            _check_interface(self, node.returns or node, returns, "the return value")
        fn = Function(self.cpp_name or node.name, tuple(params), returns, tuple(body), self.loc(node),
                      self.line_text(node))
        return self.finish_pending(fn)

    def returned(self, value: Expr, node) -> Expr:
        """A return's value, converted to the type the build assumes for the function."""
        value = closed_over(self, value, node)
        t = strip_literal(value.type)
        if self.returns is not None:  # `return []` beside `return words`: one decides the other
            self.unify(self.returns, t)
            value, t = self.decided(value), self.decided(t)
            self.return_types = [(self.decided(u), n) for u, n in self.return_types]
        self.check_returnable(t, node)
        self.return_types.append((t, node))
        if self.returns is None:
            self.returns = t
        if self.fits_return(self.returns, t):
            return self.coerce(value, self.returns, node, "return value")
        return value  # the function's type will be the join: built again (build)

    def check_returnable(self, t: Type, node):
        """An iterator never leaves the function that made it (its functions may read that
        function's variables); the entry point returns only what crosses the C ABI."""
        for inner in types_within(t):
            if isinstance(inner, StaticT):
                self.error(node, f"returning {inner} (a compile-time object) is not supported; return a value")
            if isinstance(inner, IterT):
                self.error(node, f"returning an iterator ({inner}) is not supported; return list(...) of it")
            if bound_to_its_function(inner):
                self.unsupported(node, f"returning {inner} (functions defined here that read this function's names)",
                                 "return what calling it gives")
            if self.entry and isinstance(inner, FunctionT):
                self.error(node, f"returning a function ({inner}) to the caller is not supported; "
                           "return what calling it gives")
            if self.entry and not getattr(inner, "crosses_abi", True):
                self.error(node, f"returning a {inner} to the caller is not supported; return list(...) of it")

    @staticmethod
    def fits_return(declared: Type, t: Type) -> bool:
        """Whether a `t` returned where `declared` is the function's type keeps its value: held
        exactly, or a NumPy scalar handed back as the Python number of its kind (the
        annotation decides which the caller gets, docs/language.md)."""
        if (isinstance(declared, TensorT) and isinstance(t, TensorT) and declared.rank is not None
                and t.rank != declared.rank):
            return False  # (the same C++ type, but the rank the function's type claims would be lost)
        if holds_exactly(declared, t):
            return True
        if isinstance(declared, Scalar) and isinstance(t, NumpyScalar):
            return declared.name in python_kinds_of(t.dtype)
        if isinstance(declared, Scalar) and isinstance(t, DynTensorT) and t.scalar:
            return all(declared.name in python_kinds_of(d) for d in t.dtypes)
        if scalar_as_open_array(t, declared):
            return True
        if holds_dtypes(declared, t):
            return True  # an array of one of the dtypes: held as it is
        return widens_rank(t, declared) or (isinstance(declared, TupleT) and isinstance(t, TupleT)
                                            and len(declared.items) == len(t.items)
                                            and all(FunctionBuilder.fits_return(d, i) for d, i in zip(declared.items, t.items)))

    def final_return_type(self) -> Type:
        types = [t for t, _ in self.return_types]
        if self.declared_return is not None and all(self.fits_return(self.declared_return, t) for t in types):
            return _zero_d_kept(self.declared_return, types)
        result = None
        for i, (t, node) in enumerate(self.return_types):
            for u, _ in self.return_types[:i]:
                self.unify(u, t)
        self.return_types = [(self.decided(t), node) for t, node in self.return_types]
        for t, node in self.return_types:
            result = t if result is None else join_held(result, t)
            if result is None:
                first = self.return_types[0][0]
                self.error(node, f"this returns {t} and another return gives {first}; a function returns one "
                           "type: convert the values to one")
        return NONE if result is None else result

    def bind_param(self, arg, t: Type):
        t = strip_literal(t)
        self.taken.add(arg.arg)
        self.vars_of[arg.arg] = [(arg.arg, storage(t))]
        self.scope[arg.arg] = Binding(arg.arg, t, t, NOT_CONST, False, self.next_serial(), self.loc(arg))

    def annotation(self, ann, node) -> Type:
        try:
            return type_of_annotation(ann)
        except AnnotationError as e:
            self.error(node, f"{e}; use int, float, bool, str, list[...], dict[..., ...], "
                       "tuple[...], Optional[...], Literal[...], np.ndarray or torch.Tensor")

    # --- targets and variables ----------------------------------------------------------------
    def pending_type(self, loc, slot="item") -> PendingT:
        """The item type of an empty container made at `loc`, decided by its first use. Named by
        where the container is made, so a loop built again finds what was decided."""
        node = ast.Pass()
        node.lineno, node.col_offset = loc.line - self.line_offset, loc.col - 1 - self.indent
        return self.pending_at(node, slot)

    def pending_at(self, node, slot) -> PendingT:
        pending = PendingT(f"{node.lineno}:{node.col_offset}:{slot}")
        self.pending.setdefault(pending.id, (node, None))
        return pending

    def resolve(self, pending: PendingT, t: Type):
        """Decides the item type of an empty container literal from its first use."""
        node, known = self.pending[pending.id]
        if known is None:
            t = strip_literal(t)
            key = self.pending_key(pending)
            wide = self.program.widened_items.get(key)  # (an earlier build found more item types)
            if wide is not None:
                t = join_held(wide, t) or wide
            self.pending[pending.id] = (node, t)
            mapping = {pending: t}
            self.scope = {k: substitute(v, mapping, {pending: key}) for k, v in self.scope.items()}
            self.declared = {k: substitute(v, mapping, {pending: key}) for k, v in self.declared.items()}
            if self.returns is not None:
                self.returns = substitute(self.returns, mapping)
        return self.pending[pending.id][1]

    def pending_key(self, pending: PendingT) -> tuple:
        """Names an empty container of this function across builds (Program.widened_items)."""
        return getattr(self.fn, "__module__", ""), getattr(self.fn, "__qualname__", repr(self.fn)), pending.id

    def decided(self, x):
        """`x` (an expression, type or binding) with the empty containers' item types decided
        so far."""
        mapping = {PendingT(pid): t for pid, (_, t) in self.pending.items() if t is not None}
        return substitute(x, mapping, {p: self.pending_key(p) for p in mapping}) if mapping else x

    def unify(self, a: Type, b: Type):
        """Where one of two types that meet (branches, returns) holds an empty container's
        undecided item type and the other a decided one at the same place (`{s} if s else
        set()`, `return []` beside `return words`), decides it. Returns both, substituted."""
        def walk(x, y):
            x, y = strip_literal(x), strip_literal(y)
            if isinstance(x, PendingT) and not any(_pendings_in(y)):
                self.resolve(x, y)
            elif isinstance(y, PendingT) and not any(_pendings_in(x)):
                self.resolve(y, x)
            elif type(x) is type(y) and isinstance(x, (ListT, SetT, OptionalT)):
                walk(x.item, y.item)
            elif type(x) is type(y) and isinstance(x, DictT):
                walk(x.key, y.key)
                walk(x.value, y.value)
            elif type(x) is type(y) and isinstance(x, TupleT) and len(x.items) == len(y.items):
                for i, j in zip(x.items, y.items):
                    walk(i, j)
            elif isinstance(x, OptionalT) != isinstance(y, OptionalT):  # None on one side
                walk(x.item if isinstance(x, OptionalT) else x, y.item if isinstance(y, OptionalT) else y)
        if any(_pendings_in(a)) or any(_pendings_in(b)):
            walk(a, b)
        return self.decided(a), self.decided(b)

    def finish_pending(self, fn: Function) -> Function:
        mapping = {}
        used = {p.id for p in _pendings_in(fn)}
        for pid, (node, t) in self.pending.items():
            if t is None and pid in used and self.constructing is not None and \
                    str(getattr(node, "muna_name", "")).startswith(f"{self.constructing.me}."):
                # A field's empty container that __init__ alone cannot type (its items come in
                # other methods): items of run-time type, as Python holds them.
                mapping[PendingT(pid)] = AnyT()
                continue
            if t is None and pid in used:
                name = getattr(node, "muna_name", None)
                what = f"'{name}'" if name else "this empty container"
                example = f"{name}: list[int] = []" if name else "xs: list[int] = []"
                self.error(node, f"cannot infer the item type of {what} from its use; annotate it, e.g. "
                           f"'{example}' or 'd: dict[str, int] = {{}}'")
            if t is not None:
                mapping[PendingT(pid)] = t
        return substitute(fn, mapping) if mapping else fn

    def target(self, node, t: Type) -> Target:
        """An item-assignment target `container[index]` (names are bound by `bind`)."""
        if isinstance(node, (ast.Tuple, ast.List)):
            self.error(node, f"cannot unpack {t} into {len(node.elts)} names")
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
                elif ct.origin is not None and strip_literal(t) != value_t and not holds_exactly(value_t, t) \
                        and (wider := join_held(value_t, strip_literal(t))) is not None:
                    # `scores = {}; scores["mrr"] = 0.5; scores["n"] = 3`: the 3 stays an int, as
                    # in Python; the program is built again with the dict holding both types
                    raise ItemWidened(ct.origin, wider, self.loc(node))
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
        if isinstance(e, Static) and isinstance(e.value, Spread):
            return e.value.muna_value(self, node)
        if isinstance(e, Static) and is_function_value(e.value):
            return function_const(e.value, self.loc(node))
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
        if v is Ellipsis or isinstance(v, complex):
            if v is Ellipsis:
                self.unsupported(node, "Ellipsis outside a subscript", "use it only as x[..., i]")
            self.unsupported(node, f"{type(v).__name__} constants", "use int, float, bool, str or None")
        return const(v, self.loc(node))

    def expr_Name(self, node):
        if node.id in self.statics:
            return self.static_value(node, node.id, self.statics[node.id])
        if node.id in self.scope:
            return self.read(node, node.id)
        g = self.globals
        if node.id in g:
            return self.global_value(node, node.id, g[node.id])
        if hasattr(builtins, node.id):
            return Static(getattr(builtins, node.id))
        loops = [ctx for ctx in self.loops if node.id in ctx.assigned]
        if loops:
            # Bound further down a loop's body, read here in its later iterations: the loop is
            # built again with the name at its head (control.loop), so this statement waits.
            e = CompileError(self.loc(node), f"name '{node.id}' is not defined")
            for ctx in {id(c): c for c in loops + [self.loops[-1]]}.values():
                ctx.deferred.append(e)
                ctx.read_before_bound = True
            raise e
        self.error(node, f"name '{node.id}' is not defined")

    def global_value(self, node, name, value):
        """A value defined outside the function: a compile-time object (module, function,
        nn.Module, type), a scalar folded into the code, or a constant baked into the library."""
        return self.static_value(node, name, value)

    def static_value(self, node, name, value):
        """A known object: scalars, strings and tuples of them fold into the code (so `if
        self.training:` is decided at compile time); arrays, lists and dicts are baked once."""
        if _tensor_sequence(value):
            # A module's list of weights (an RNN's _flat_weights): a tuple of constant tensors,
            # each its own constant, so ops see every item with its rank.
            items = tuple(self.static_value(node, f"{name}_{i}", v) for i, v in enumerate(value))
            return Expr("tuple", TupleT(tuple(i.type for i in items)), items, loc=self.loc(node))
        if is_function_value(value) or not _is_data(value):
            return Static(value)
        t = constants.type_of_constant(value)
        check_int_range(value, self.loc(node))
        if isinstance(t, (Scalar, Str, NoneT, EnumT)) or (isinstance(t, TupleT) and _foldable(value)):
            return const(value, self.loc(node), t)
        if any(isinstance(x, RegexT) for x in list(types_within(t))[1:]):
            # (a container constant is one C++ literal: a compiled pattern has none)
            self.unsupported(node, f"the module-level '{name}' ({t}): compiled patterns inside a container constant",
                             "keep each pattern in a name of its own")
        cname = self.program.constant_name(name, value, t)
        return Expr("global", t, attrs=(("name", cname),), loc=self.loc(node))

    def expr_Attribute(self, node):
        base = self.expr(node.value)
        if isinstance(base, Static) and isinstance(base.value, Spread):
            if node.attr == "get" and base.value.get() is not None:
                return Static(base.value.get())  # kwargs.get("eps", 1e-5): decided now
            base = base.value.muna_value(self, node.value)  # kwargs.items(), ...
        if isinstance(base, Static) and isinstance(base.value, _RunTimeClass):
            if node.attr != "__name__":
                self.unsupported(node, f"type(x).{node.attr} of a NumPy value of a rank known only at run time (an "
                                 "ndarray, or a NumPy scalar where it is 0-d)", "use isinstance(x, np.ndarray), or x.ndim")
            return call("numpy.detail.type_name", STR, (base.value.value,), self.loc(node))
        if isinstance(base, Expr) and base.op == "const" and isinstance(base.type, StaticT):
            base = Static(base.attr("value"))  # x.dtype.kind, np.finfo(np.float32).eps
        if isinstance(base, _BoundMethod):
            # A chain through a data attribute (x.T.contiguous(), m.values.numpy()).
            base = self.attribute(base, node.value)
        if isinstance(base, Expr) and isinstance(strip_literal(base.type), DTypeT):
            # x.dtype.kind, .name, .itemsize of an array of run-time dtype: known per dtype
            def of_dtype(statics):
                value = getattr(statics[0], node.attr, None)
                if value is None or not _is_data(value):
                    self.unsupported(node, f"the attribute dtype.{node.attr} of a run-time dtype",
                                     "compare the dtype itself (x.dtype == np.float32)")
                return self.static_value(node, ast.unparse(node), value)
            return self.per_dtype([_RunTimeDType(base)], node, of_dtype)
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
        if isinstance(t, EnumT) and bound.name in ("name", "value"):
            if bound.receiver.op == "const":  # Color.RED.value: known now
                return self.static_value(node, bound.name, getattr(bound.receiver.attr("value"), bound.name))
            result = STR if bound.name == "name" else t.value_type
            return call(f"enum.{bound.name}", result, (bound.receiver,), self.loc(node), (t.info,))
        if isinstance(t, (RecordT, RecordTupleT)):
            field = self.record_attribute(bound.receiver, bound.name, node)
            field = field if field is not None else self.record_property(bound.receiver, bound.name, node)
            if field is None:
                self.unsupported(node, f"the attribute {t}.{bound.name}", "read a field or a property")
            return field
        if isinstance(t, DynTensorT) and bound.name == "dtype":  # the dtype it holds at run time
            return call("tensor.dtype", DTypeT(t.lib, t.dtypes, t.roots, t.table), (bound.receiver,), self.loc(node))
        if isinstance(t, DynTensorT) and t.lib == "torch" and bound.name in ("device", "is_cuda", "requires_grad",
                                                                             "is_sparse"):
            t = t.concrete(t.dtypes[0])  # the same whatever the dtype
        if isinstance(t, TensorT) and t.lib == "torch" and bound.name == "device":
            torch = sys.modules["torch"]  # every tensor of compiled code is on the CPU
            return Expr("const", StaticT("device cpu"), attrs=(("value", torch.device("cpu")),), loc=self.loc(node))
        if isinstance(t, TensorT) and t.lib == "torch" and bound.name in ("is_cuda", "requires_grad", "is_sparse"):
            return const(False, self.loc(node))
        if isinstance(t, TensorT) and bound.name == "dtype":
            return dtype_const(t.lib, t.dtype, self.loc(node))
        if isinstance(t, (TensorT, DynTensorT)) and bound.name == "ndim" and t.rank is not None:
            return const(t.rank, self.loc(node))  # known at compile time, whatever the dtype: checks on it fold
        if isinstance(t, TupleT) and bound.name in getattr(t, "fields", ()):
            # A named tuple's field (torch's x.max(dim).values): an item known at compile time.
            i = t.fields.index(bound.name)
            return call("tuple.get", t.items[i], (bound.receiver,), self.loc(node), (str(i),))
        kind = receiver_kind(t)
        name = REGISTRY.methods.get((kind, bound.name))
        if name is not None and REGISTRY[name].kind != "property":  # `add = out.append`: a bound method
            return bound_method(bound.receiver, name, f"{kind}.{bound.name}", self.loc(node))
        if name is None:
            self.unsupported(node, f"the attribute {kind}.{bound.name}", "see docs/ops.md for what muna supports")
        return self.apply(name, [bound.receiver], {}, node)

    def expr_BinOp(self, node):
        name = BINOPS.get(type(node.op))
        if name is None:
            self.unsupported(node, f"the operator {type(node.op).__name__}", "rewrite it")
        left = self.value(node.left)
        if isinstance(node.op, ast.Mod) and left.op == "const" and isinstance(left.attr("value"), str):
            return self.percent_format(left.attr("value"), node)
        return self.apply(f"operator.{name}", [left, self.value(node.right)], {}, node)

    def expr_UnaryOp(self, node):
        operand = self.value(node.operand)
        if isinstance(node.op, ast.Not):
            if operand.op == "const" and _foldable(operand.attr("value")):
                return const(not operand.attr("value"), self.loc(node))
            return Expr("not", BOOL, (self.truth(operand, node.operand),), loc=self.loc(node))
        if isinstance(node.op, ast.USub):
            v = operand.attr("value") if operand.op == "const" else None
            if type(v) is float or type(v) is int and -2**63 <= -v < 2**63:  # -(-2**63) overflows: at run time
                return const(-v, self.loc(node))
            return self.apply("operator.neg", [operand], {}, node)
        if isinstance(node.op, ast.UAdd):
            return operand
        return self.apply("operator.invert", [operand], {}, node)

    def expr_Compare(self, node):
        """A comparison, chained ones included: operands left to right, each evaluated once, and
        a chain stops at its first false link (Python's order). Comparisons of values known at
        compile time (`x.dtype == np.float32`, `x.dtype in (np.float32, np.float64)`) fold."""
        statics = [self.static_operand(n) for n in [node.left] + node.comparators]
        if all(v is not _NO_STATIC for v in statics):
            def decide(statics):
                try:
                    result = all(_compare(op, a, b) for op, a, b in zip(node.ops, statics, statics[1:]))
                except Exception as e:
                    self.error(node, f"this comparison fails at compile time: {type(e).__name__}: {e}")
                return const(bool(result), self.loc(node))
            return self.per_dtype(statics, node, decide)
        operands = [self.argument(node.left)] + [self.argument(c) for c in node.comparators]
        parts = []
        for i, (cmp, right) in enumerate(zip(node.ops, operands[1:])):
            parts.append(self.comparison(cmp, operands[i], right, node))
        if len(parts) == 1:
            return parts[0]
        if all(p.op == "const" for p in parts):
            return const(all(p.attr("value") for p in parts), self.loc(node))
        # Links of run-time type (a comparison of an Any): Python's `and` of their values
        chained = BOOL if all(strip_literal(p.type) == BOOL for p in parts) else join_all(
            [strip_literal(p.type) for p in parts])
        if chained is None:
            self.error(node, "the links of this chained comparison have no single type; compare them separately")
        if all(o.op in ("const", "var", "global") for o in operands[1:-1]):
            result = parts[0]
            for p in parts[1:]:
                result = Expr("and", chained, (convert(result, chained), convert(p, chained)), loc=self.loc(node))
            return result
        # A middle operand that computes something: evaluated once, in order (emit.expr_chain).
        return Expr("chain", chained, tuple(operands) + tuple(parts), attrs=(("n", len(operands)),), loc=self.loc(node))

    def comparison(self, cmp, left: Expr, right: Expr, node) -> Expr:
        if isinstance(cmp, (ast.Is, ast.IsNot, ast.Eq, ast.NotEq)) and any(
                isinstance(strip_literal(e.type), FunctionT) for e in (left, right)):
            numbers = [function_number_of(e) for e in (left, right)]
            if None not in numbers:  # `fn is np.max` of a function chosen at run time: which it holds
                e = self.apply("operator.eq", numbers, {}, node)
                return Expr("not", BOOL, (e,), loc=self.loc(node)) if isinstance(cmp, (ast.IsNot, ast.NotEq)) else e
        if isinstance(cmp, (ast.Is, ast.IsNot)):
            return self.identity(left, right, isinstance(cmp, ast.IsNot), node)
        if isinstance(cmp, (ast.In, ast.NotIn)):
            e = self.apply("operator.contains", [right, left], {}, node)
            return Expr("not", BOOL, (e,), loc=self.loc(node)) if isinstance(cmp, ast.NotIn) else e
        name = CMPOPS.get(type(cmp))
        if name is None:
            self.unsupported(node, f"the comparison {type(cmp).__name__}", "rewrite it")
        return self.apply(f"operator.{name}", [left, right], {}, node)

    def static_operand(self, node):
        """The Python value of an operand known at compile time (a dtype, a module constant, a
        tuple of such), or _NO_STATIC. Only compile-time objects count: numbers and strings fold
        on their own."""
        if isinstance(node, (ast.Tuple, ast.List)):
            items = [self.static_operand(e) for e in node.elts]
            return _NO_STATIC if any(i is _NO_STATIC for i in items) else tuple(items)
        if isinstance(node, ast.Constant):
            return node.value
        if not isinstance(node, (ast.Name, ast.Attribute, ast.Call)):
            return _NO_STATIC
        try:
            e = self.expr(node)
            if isinstance(e, _BoundMethod):
                e = self.attribute(e, node)
        except CompileError:
            return _NO_STATIC
        if isinstance(e, Static) and isinstance(e.value, _RunTimeClass):
            return _NO_STATIC  # (not a class known now)
        if isinstance(e, Static):
            return e.value
        if isinstance(e, Expr) and e.op == "const" and isinstance(e.type, StaticT):
            return e.attr("value")
        if isinstance(e, Expr) and e.op == "const" and _foldable(e.attr("value")) and isinstance(node, ast.Attribute):
            return e.attr("value")
        if isinstance(e, Expr) and isinstance(strip_literal(e.type), DTypeT):
            return _RunTimeDType(e)  # known per branch (per_dtype)
        return _NO_STATIC

    def attribute_of_static(self, node):
        """getattr(obj, name[, default]) of an object known at compile time (a module, a class):
        a constant name is the attribute itself; a name narrowed to a few strings (`if window in
        ['hanning', 'hamming']`, `if mode == 'a'`) is the function among theirs that it names,
        picked where it runs."""
        obj = self.static_operand(node.args[0])
        label = getattr(obj, "__name__", type(obj).__name__)
        name = self.value(node.args[1])
        value = name.attr("value") if name.op == "const" else None
        if isinstance(value, str):
            if hasattr(obj, value):
                return Static(getattr(obj, value))
            if len(node.args) == 3:
                return self.expr(node.args[2])
            self.error(node, f"module '{label}' has no attribute '{value}'")
        t = name.type
        if not (isinstance(t, LiteralT) and all(isinstance(v, str) for v in t.values)):
            self.unsupported(node, f"getattr({label}, name) with a name known only at run time",
                             "test the name against the few it may be first (`if name in ['a', 'b']:`)")
        if len(node.args) == 3 or not all(hasattr(obj, v) for v in t.values):
            self.unsupported(node, f"getattr({label}, name) where a name it may be is no attribute",
                             "test the name against the attributes first")
        functions = [getattr(obj, v) for v in t.values]
        if not all(is_function_value(f) for f in functions):
            self.unsupported(node, f"getattr({label}, name) of attributes that are not all functions",
                             "pick the value with if/elif")
        ft = function_type(*functions)
        out = Expr("const", ft, attrs=(("value", functions[-1]),), loc=self.loc(node))
        for v, f in zip(t.values[-2::-1], functions[-2::-1]):
            test = self.apply("operator.eq", [name, const(v, self.loc(node))], {}, node)
            out = Expr("ifexp", ft, (self.truth(test, node), Expr("const", ft, attrs=(("value", f),),
                                                                  loc=self.loc(node)), out), loc=self.loc(node))
        return out

    def per_dtype(self, statics, node, evaluate) -> Expr:
        """`evaluate(statics)` of operands known at compile time (static_operand's values, in
        tuples, lists and dicts), as one expression; where some are the dtypes of arrays of
        run-time dtype (`x.dtype == np.uint8`), once per dtype, picked at run time."""
        found = []

        def collect(v):
            if isinstance(v, _RunTimeDType):
                found.append(v)
            elif isinstance(v, (tuple, list)):
                for item in v:
                    collect(item)
            elif isinstance(v, dict):
                for item in v.values():
                    collect(item)
        collect(statics)
        if not found:
            return evaluate(statics)

        def substituted(v, known):
            if isinstance(v, _RunTimeDType):
                return known[id(v)]
            if isinstance(v, (tuple, list)):
                return type(v)(substituted(item, known) for item in v)
            if isinstance(v, dict):
                return {k: substituted(item, known) for k, item in v.items()}
            return v
        return branch_on([m.expr for m in found], self.loc(node), lambda stand_ins: evaluate(substituted(
            statics, {id(m): s.attr("value") for m, s in zip(found, stand_ins)})), ast.unparse(node))

    def identity(self, a: Expr, b: Expr, negate: bool, node) -> Expr:
        """`a is b`: decided at compile time except for an Optional compared with None."""
        def static(e):
            return e.op == "const" and (isinstance(e.type, StaticT) or e.attr("value") is None)
        if static(a) and static(b):
            return const((a.attr("value") is b.attr("value")) != negate, self.loc(node))
        if static(b) and b.attr("value") is None or static(a) and a.attr("value") is None:
            other = a if static(b) else b
            t = strip_literal(other.type)
            if isinstance(t, (OptionalT, AnyT)):  # a value of unknown type may be None
                e = Expr("is_none", BOOL, (other,), loc=self.loc(node))
                return Expr("not", BOOL, (e,), loc=self.loc(node)) if negate else e
            return const((t == NONE) != negate, self.loc(node))
        if isinstance(strip_literal(a.type), EnumT) or isinstance(strip_literal(b.type), EnumT):
            # An Enum's members are its only instances: `role is Role.SYSTEM` is `==` of members
            return self.apply("operator.ne" if negate else "operator.eq", [a, b], {}, node)
        self.unsupported(node, "'is' between these values", "use == (or 'is None')")

    def expr_Lambda(self, node):
        """A lambda as a value (in a list of functions, a ternary): the function it defines."""
        return Static(self.local_function(lambda_as_def(node)))

    def expr_BoolOp(self, node):
        """`and`/`or` with Python's value semantics and short-circuit. Constant operands decide at
        compile time: later operands are not even compiled when a constant settles the result.
        A later operand is built with what the earlier ones tell about names (`x is not None
        and x.y`). `opt or default` of an Optional[T] and a T is a T."""
        is_and = isinstance(node.op, ast.And)
        kept = []
        saved = dict(self.scope)
        for i, v in enumerate(node.values):
            e = self.value(v)
            if e.op == "const" and (_foldable(e.attr("value")) or known_function(e) is not None):
                decides = bool(e.attr("value")) != is_and  # `False and ...`, `True or ...`; a function is true
                from .emit import _acts, _may_raise
                if decides and not kept:
                    self.scope = saved
                    return e  # `5 or x` is 5, `fn or default` is fn: the operand itself
                if decides and isinstance(e.attr("value"), bool) and all(
                        strip_literal(k.type) == BOOL and not _acts(k) for k in kept):
                    # `f and x is not None` with x always None: False whatever f is (a bool
                    # computed without effects), so a branch it guards is known dead (`f or 5`
                    # is f or 5, so only a bool constant decides it). What may
                    # raise is still evaluated, first (`(1 // a == 0) or True`: control.decided_test).
                    self.scope = saved
                    decided = const(bool(e.attr("value")), self.loc(node))
                    if not any(_may_raise(k) for k in kept):
                        return decided
                    effect = kept[0]
                    for k in kept[1:]:
                        effect = Expr("and" if is_and else "or", BOOL, (effect, k), loc=self.loc(node))
                    return Expr("seq", BOOL, (effect, decided), loc=self.loc(node))
                if decides or i == len(node.values) - 1:
                    kept.append(e)
                    break
                continue  # `True and x` is x
            kept.append(e)
            then_narrow, else_narrow = self.narrowings(v)
            self.apply_narrowing(then_narrow if is_and else else_narrow)
        self.scope = saved
        if len(kept) == 1:
            return kept[0]
        kind = "and" if is_and else "or"
        result = kept[0]
        for v in kept[1:]:
            a, b = strip_literal(result.type), strip_literal(v.type)
            if kind == "or" and isinstance(a, OptionalT) and any(isinstance(x, PendingT) for x in types_within(b)):
                v = self.coerce(v, a.item, node, "value")  # `params or {}`: the empty dict is the Optional's kind
                b = strip_literal(v.type)
            if kind == "or" and isinstance(a, OptionalT) and a.item == b:
                result = Expr("or", b, (result, v), attrs=(("unwrap_left", True),), loc=self.loc(node))
                continue
            if kind == "or" and isinstance(a, OptionalT) and isinstance(a.item, FunctionT) and isinstance(b, FunctionT):
                t = join(a.item, b)  # `fn or default_fn`: whichever function, never None
                result = Expr("or", t, (convert(result, OptionalT(t)), convert(v, t)), attrs=(("unwrap_left", True),),
                              loc=self.loc(node))
                continue
            t = join(a, b)
            if t is None and getattr(node, "muna_condition", False):
                # Only tested for truth (`if m and m.group(1) in s:`): the truths of the operands
                result = Expr(kind, BOOL, (self.truth(result, node), self.truth(v, node)), loc=self.loc(node))
                continue
            if t is None:
                self.error(node, f"'{kind}' of {a} and {b} has no single type; compare explicitly so both "
                           "sides are bool")
            result = Expr(kind, t, (convert(result, t), convert(v, t)), loc=self.loc(node))
        return result

    def expr_IfExp(self, node):
        test = self.value(as_condition(node.test))
        known = decided_test(test)
        if known is not None:
            value, effect = known
            chosen = self.value(node.body if value else node.orelse)
            return chosen if effect is None else Expr("seq", chosen.type, (effect, chosen), loc=self.loc(node))
        cond = self.truth(test, node.test)
        then_narrow, else_narrow = self.narrowings(node.test)
        saved = dict(self.scope)
        self.apply_narrowing(then_narrow)
        a = self.value(node.body)
        self.scope = dict(saved)
        self.apply_narrowing(else_narrow)
        b = self.value(node.orelse)
        self.scope = saved
        self.unify(a.type, b.type)
        a, b = self.decided(a), self.decided(b)
        t = join(a.type, b.type)
        if t is None:
            self.error(node, f"the two branches give {a.type} and {b.type}; make them one type")
        return Expr("ifexp", t, (cond, convert(a, t), convert(b, t)), loc=self.loc(node))

    def spliced(self, node, kind):
        """A display with starred items (`(*shape, 1)`, `[*boxes, pad]`): Python's concatenation
        of its runs, each starred item as `tuple(x)` / `list(x)` (a tuple of known length stays
        one: `(*x.shape[:2], 1)` is a tuple of three ints)."""
        parts, run = [], []
        for e in node.elts:
            if isinstance(e, ast.Starred):
                if run:
                    parts.append(kind(elts=run, ctx=ast.Load()))
                    run = []
                parts.append(ast.Call(func=ast.Name(id=kind.__name__.lower(), ctx=ast.Load()), args=[e.value],
                                      keywords=[]))
            else:
                run.append(e)
        if run:
            parts.append(kind(elts=run, ctx=ast.Load()))
        out = parts[0]
        for p in parts[1:]:
            out = ast.BinOp(left=out, op=ast.Add(), right=p)
        return self.value(ast.fix_missing_locations(ast.copy_location(out, node)))

    def expr_List(self, node, expected=None):
        if any(isinstance(e, ast.Starred) for e in node.elts):
            return self.spliced(node, ast.List)
        items = [self.value(e) for e in node.elts]
        # (an expected item type not decided yet, `return []` before `return [1]`: the items decide it)
        known = isinstance(expected, ListT) and not isinstance(expected.item, PendingT)
        item_t = self.common_type(node, items, expected.item if known else None)
        return Expr("list", ListT(item_t), tuple(self.coerce(i, item_t, node, "list item") for i in items), loc=self.loc(node))

    def expr_Tuple(self, node):
        if any(isinstance(e, ast.Starred) for e in node.elts):
            return self.spliced(node, ast.Tuple)
        items = tuple(self.value(e) for e in node.elts)
        return Expr("tuple", TupleT(tuple(strip_literal(i.type) for i in items)), items, loc=self.loc(node))

    def expr_Dict(self, node, expected=None):
        if any(k is None for k in node.keys):
            self.unsupported(node, "** in dict literals", "build the dict with update()")
        keys = [self.value(k) for k in node.keys]
        vals = [self.value(v) for v in node.values]
        kt = self.common_type(node, keys, expected.key if isinstance(expected, DictT) else None, "key")
        vt = self.common_type(node, vals, expected.value if isinstance(expected, DictT) else None, "value")
        args = []
        for k, v in zip(keys, vals):
            args += [self.coerce(k, kt, node, "key"), self.coerce(v, vt, node, "value")]
        return Expr("dict", DictT(kt, vt), tuple(args), loc=self.loc(node))

    def common_type(self, node, items, expected, slot="item"):
        if expected is not None:
            return expected
        if not items:
            return self.pending_at(node, slot)
        types = {strip_literal(i.type) for i in items}
        if len(types) != 1:  # [1, 0.5] holds an int and a float, as Python's does: int | float
            t = None
            for i in items:
                t = strip_literal(i.type) if t is None else join_held(t, i.type)
                if t is None:
                    break
            if t is None:
                self.error(node, "items of different types (" + ", ".join(sorted(map(str, types)))
                           + ") in one container; give them one type")
            return t  # {"label": str, "score": float}: values of type Any
        return types.pop()

    def expr_Subscript(self, node):
        base = self.expr(node.value) if isinstance(node.value, (ast.Name, ast.Attribute)) else None
        if isinstance(base, Static) and _is_enum_class(base.value):
            # Color["RED"]: the member of that name.
            t = EnumT(base.value)
            key = self.value(node.slice)
            if key.op == "const":
                if key.attr("value") not in base.value.__members__:
                    self.error(node, f"KeyError: {key.attr('value')!r}")
                return self.static_value(node, "member", base.value[key.attr("value")])
            return call("enum.from_name", t, (self.coerce(key, STR, node, "a member's name"),), self.loc(node), (t.info,))
        # x.shape[i]: one dimension, known at run time even where the rank is not.
        if isinstance(node.value, ast.Attribute) and node.value.attr == "shape" and not isinstance(node.slice, ast.Slice):
            base = self.expr(node.value.value)
            if isinstance(base, Expr) and isinstance(strip_literal(base.type), (TensorT, DynTensorT)):
                index = self.value(node.slice)
                if strip_literal(index.type) in (INT, BOOL):
                    return call("tensor.shape_at", INT, (base, convert(index, INT)), self.loc(node))
        concatenator = self.index_tricks(node.value)
        if concatenator:  # np.r_[0:5, a]: a slice is np.arange(start, stop, step), as NumPy reads it
            items = []
            for item in (node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]):
                if isinstance(item, ast.Constant) and isinstance(item.value, str):
                    self.unsupported(item, f"the string directive {item.value!r} of np.{concatenator}[...]",
                                     "concatenate explicitly (np.concatenate, np.stack, reshape)")
                if isinstance(item, ast.Slice) and item.upper is None:
                    self.unsupported(item, f"a slice without its stop in np.{concatenator}[...]", "write start:stop")
                items.append(self.value(item) if not isinstance(item, ast.Slice) else self.apply(
                    "numpy.arange", [self.value(p) if p else const(d, self.loc(item))
                                     for p, d in ((item.lower, 0), (item.upper, None), (item.step, 1))], {}, item))
            key = Expr("tuple", TupleT(tuple(i.type for i in items)), tuple(items), loc=self.loc(node.slice))
            return self.apply(f"numpy.{concatenator}", [key], {}, node)
        item = self.module_constant_item(node)
        if item is not _NO_STATIC:
            return self.static_value(node, ast.unparse(node), item)
        container = self.value(node.value)
        return self.apply("operator.getitem", [container, self.index(node.slice)], {}, node)

    def module_constant_item(self, node):
        """CFG["size"], LABELS[0], CFG["resize"]["h"]: an item of a module-level dict, list or
        tuple at a key known now, when it is a scalar, a str or a tuple of them; else _NO_STATIC.
        Compiled code may not change a module-level value, so the item is the one the library
        bakes, and folding it keeps what follows static (a config dict of mixed values would
        otherwise give an Any)."""
        chain = []
        while isinstance(node, ast.Subscript):
            chain.append(node.slice)
            node = node.value
        if not (isinstance(node, ast.Name) and node.id not in self.scope and node.id not in self.statics
                and node.id in self.globals):
            return _NO_STATIC
        value = self.globals[node.id]
        for key_node in reversed(chain):
            key = self.constant_key(key_node)
            if not isinstance(value, (dict, list, tuple)) or key is _NO_STATIC:
                return _NO_STATIC
            try:
                value = value[key]
            except (KeyError, IndexError, TypeError):
                return _NO_STATIC  # (raised where it runs, with the container's own message)
        return value if _foldable(value) else _NO_STATIC

    def constant_key(self, node):
        """The value of a subscript's key known now (a literal, -1, a name holding a folded
        constant), or _NO_STATIC; reading it runs nothing."""
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub) and isinstance(node.operand, ast.Constant) \
                and type(node.operand.value) in (int, float):
            return -node.operand.value
        if isinstance(node, ast.Constant):
            return node.value if _foldable(node.value) else _NO_STATIC
        if isinstance(node, ast.Name):
            e = self.expr(node)
            if isinstance(e, Expr) and e.op == "const" and _foldable(e.attr("value")):
                return e.attr("value")
        return _NO_STATIC

    def index_tricks(self, node) -> str | None:
        """'r_' or 'c_' when node names np.r_ or np.c_ (a module attribute or a global)."""
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id not in self.scope:
            value = getattr(self.globals.get(node.value.id), node.attr, None)
        elif isinstance(node, ast.Name) and node.id not in self.scope:
            value = self.globals.get(node.id)
        else:
            return None
        return next((name for name in ("r_", "c_") if value is getattr(np, name)), None)

    def index(self, node) -> Expr:
        """A subscript: a value, a slice, None/newaxis, Ellipsis, or a tuple of these."""
        if isinstance(node, ast.Slice):
            parts = []
            for part in (node.lower, node.upper, node.step):
                e = const(None, self.loc(node)) if part is None else self.value(part)
                t = strip_literal(e.type)
                if isinstance(t, (NumberT, ScalarKindsT)) or isinstance(t, DynTensorT) and t.scalar:
                    e = convert(e, AnyT())  # an int (or NumPy integer), else Python's TypeError
                if _numpy_integer(strip_literal(e.type)):
                    e = convert(e, INT)  # a NumPy integer (`boxes[i:i + 1]` of i from argsort)
                if isinstance(strip_literal(e.type), AnyT):  # an int or None, read at run time
                    e = call("object.slice_bound", OptionalT(INT), (e,), self.loc(part))
                if strip_literal(e.type) not in (INT, NONE, BOOL, OptionalT(INT)):
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
            value = self.argument(v.value)
            if value.op == "const" and isinstance(value.type, StaticT) and v.conversion in (-1, 115, 114):
                # {x.dtype}: the compile-time object's text.
                text = repr(value.attr("value")) if v.conversion == 114 else str(value.attr("value"))
                if v.format_spec is None:
                    parts.append(const(text, self.loc(v)))
                    continue
                value = const(text, self.loc(v))
            if strip_literal(value.type) == EXCEPTION:
                value = self.apply("builtins.str", [value], {}, v)
            conversion = {115: "builtins.str", 114: "builtins.repr", 97: "builtins.ascii"}.get(v.conversion)
            if conversion:
                value = self.apply(conversion, [value], {}, v)
            spec = self.value(v.format_spec) if v.format_spec is not None else None
            if spec is None and isinstance(strip_literal(value.type), OptionalT):
                value = self.apply("builtins.str", [value], {}, v)  # "None" or the value
            if spec is None and isinstance(strip_literal(value.type), RecordT) and \
                    user_dunder(strip_literal(value.type).cls, "builtins.str") is not None:
                value = self.apply("builtins.str", [value], {}, v)  # object.__format__: str(), the class's
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
            if spec and "{" in spec:
                self.unsupported(node, "nested format fields", "use an f-string")
            parts.append(self.format_field(value, conversion, spec, node))
        return self.concatenated(parts, node)

    def format_field(self, value: Expr, conversion, spec: str, node) -> Expr:
        """One replacement field: format(conversion(value), spec), as str.format makes it."""
        if conversion:
            value = self.apply({"s": "builtins.str", "r": "builtins.repr", "a": "builtins.ascii"}[conversion], [value], {}, node)
        if not spec and strip_literal(value.type) == STR:
            return value
        if not spec and isinstance(strip_literal(value.type), OptionalT):
            return self.apply("builtins.str", [value], {}, node)
        return self.apply("builtins.format", [value, const(spec or "", self.loc(node))], {}, node)

    def concatenated(self, parts: list, node) -> Expr:
        result = parts[0] if parts else const("", self.loc(node))
        for p in parts[1:]:
            result = self.apply("operator.add", [result, p], {}, node)
        return result

    def percent_format(self, template: str, node) -> Expr:
        """`"%-8s %5.2f" % (name, score)` on a constant template: each conversion is the
        format() field Python's printf-style rules make it (printf_fields), filled from the
        right operand (a tuple's items, a mapping's keys, or the one value), so the result is
        CPython's."""
        from .printf import PrintfError, printf_fields
        try:
            pieces = printf_fields(template)
        except PrintfError as e:
            self.error(node, f"{e} in the format string")
        fields = [p for p in pieces if not isinstance(p, str)]
        keyed = {f.key is not None for f in fields}
        if len(keyed) > 1:
            self.error(node, "format requires a mapping for every field or for none")
        right = node.right
        if keyed == {True}:
            if not isinstance(right, ast.Name):
                self.unsupported(node, "a printf-style mapping that is not a name", "bind the dict to a name first")
            values = [self.apply("operator.getitem", [self.value(right), const(f.key, self.loc(node))], {}, node)
                      for f in fields]
        elif isinstance(right, ast.Tuple):
            values = [self.value(e) for e in right.elts]
        else:
            value = self.value(right)
            t = strip_literal(value.type)
            if isinstance(t, TupleT):
                if not isinstance(right, ast.Name) and value.op != "const":
                    self.unsupported(node, "a tuple-valued expression after %", "bind it to a name, or write the tuple")
                values = [self.apply("operator.getitem", [self.value(right) if isinstance(right, ast.Name) else value,
                                                          const(i, self.loc(node))], {}, node)
                          for i in range(len(t.items))]
            elif isinstance(t, AnyT):  # one value, unless it holds a tuple when it runs (then muna declines)
                values = [call("object.not_a_tuple", AnyT(), (value,), self.loc(node))]
            else:
                values = [value]
        if keyed != {True} and len(values) != len(fields):
            self.error(node, "not enough arguments for format string" if len(values) < len(fields)
                       else "not all arguments converted during string formatting")
        parts, taken = [], iter(values)
        for p in pieces:
            if isinstance(p, str):
                parts.append(const(p, self.loc(node)))
                continue
            value = next(taken)
            vt = strip_literal(value.type)
            if p.kind == "int" and vt != INT:
                if isinstance(vt, AnyT):  # the number it holds (Python's TypeError for anything else)
                    value = convert(value, NumberT())
                elif not isinstance(vt, (Scalar, NumberT, NumpyScalar)):
                    self.error(node, f"%{p.type} format: a real number is required, not {vt}")
                value = self.apply("builtins.int", [value], {}, node)  # '%d' % 3.7 is '3'
            elif p.kind == "char":
                value = self.apply("builtins.chr", [value], {}, node) if vt != STR else value
            parts.append(self.format_field(value, p.conversion, p.spec, node))
        return self.concatenated(parts, node)

    def expr_Set(self, node, expected=None):
        items = [self.value(e) for e in node.elts]
        item_t = self.common_type(node, items, expected.item if isinstance(expected, SetT) else None)
        return Expr("set", SetT(item_t), tuple(self.coerce(i, item_t, node, "set item") for i in items), loc=self.loc(node))

    def expr_ListComp(self, node):
        return self.comprehension(node, "list", (node.elt,))

    def expr_NamedExpr(self, node):
        """`(n := value)`: binds n and is the value. C++ evaluates the operands of most
        operators in no fixed order, so n may not be read in the same statement except after
        the walrus in an `and`/`or` (which C++ sequences as Python does)."""
        if not isinstance(node.target, ast.Name):
            self.unsupported(node, "this assignment expression target", "assign to a name")
        if self.in_comprehension:
            self.unsupported(node, "an assignment expression inside a comprehension",
                             "compute the value in a loop")
        if self.statement is not None and not _walrus_sequenced(self.statement, node):
            self.unsupported(node, f"reading '{node.target.id}' in the same statement as its ':='",
                             "assign it on a line of its own first")
        value = self.value(node.value)
        target, converted = self.bind(node.target, node.target.id, value)
        e = Expr("assign_expr", target.type, (converted,), attrs=(("name", target.name),), loc=self.loc(node))
        return e if storage(target.type) == storage(value.type) else convert(e, strip_literal(value.type))

    def expr_GeneratorExp(self, node):
        """A generator expression passed to a function that consumes it whole (sum, max,
        sorted, str.join, list, ...) is the list it yields; any() and all() stop at the first
        item that decides them, as Python's lazy generator does (see expr_Call)."""
        return self.comprehension(node, "list", (node.elt,))

    def expr_SetComp(self, node):
        return self.comprehension(node, "set", (node.elt,))

    def expr_DictComp(self, node):
        return self.comprehension(node, "dict", (node.key, node.value))

    def comprehension(self, node, kind, elements, stops=False) -> Expr:
        """A list/set/dict comprehension: its targets are its own names (Python 3's scope: they
        shadow the function's names inside it and leave them as they were); the generators nest
        left to right, each with its conditions, which narrow names for what follows them."""
        saved = dict(self.scope)
        args, shape = [], []
        self.in_comprehension += 1
        try:
            for gen in node.generators:
                if gen.is_async:
                    self.unsupported(gen, *UNSUPPORTED[ast.AsyncFor])
                iterable = self.iterable(gen.iter)
                if getattr(iterable.type, "infinite", False) and not stops and kind not in ("any", "all"):
                    self.error(gen.iter, f"a comprehension over an infinite iterator ({iterable.type}) never ends; "
                               "bound it first (itertools.islice, takewhile or zip with a finite iterable)")
                target = self.inner_target(gen.target, iterable.type.item)
                conds = []
                for c in gen.ifs:
                    conds.append(self.truth(self.value(c), c))
                    self.apply_narrowing(self.narrowings(c)[0])
                args += [iterable, *conds]
                shape.append((target, len(conds)))
            values = [self.value(e) for e in elements]
        finally:
            self.scope = saved
            self.in_comprehension -= 1
        if kind == "dict":
            t = DictT(strip_literal(values[0].type), strip_literal(values[1].type))
        elif kind in ("any", "all"):
            t = BOOL
            values = [self.truth(values[0], elements[0])]
        elif kind == "set":
            t = SetT(strip_literal(values[0].type))
        else:
            t = ListT(strip_literal(values[0].type))
        return Expr("comp", t, tuple(values) + tuple(args),
                    attrs=(("kind", kind), ("shape", tuple(shape))), loc=self.loc(node))

    def items_as(self, e: Expr, item: Type, loc: Loc, what: str) -> Expr:
        """A new list of the items of the list `e`, each converted to `item` as an assignment
        converts (an int where an `int | float` is held, a tuple item by item), or `what`'s
        diagnostic: what a list of wider items takes from `e` (extend, `+=`)."""
        have = strip_literal(e.type).item
        var = self.var_for("item", have, inner=True)
        read = Expr("var", have, attrs=(("name", var), ("local_to", "inner")), loc=e.loc)
        value = self.coerce(read, item, _located(loc, self), what)
        target = Target("name", have, name=var, inner=True)
        return Expr("comp", ListT(item), (value, e), attrs=(("kind", "list"), ("shape", ((target, 0),))), loc=e.loc)

    def inner_target(self, node, t: Type) -> Target:
        """A comprehension's target: names of its own, declared in its C++ scope."""
        if isinstance(node, ast.Name):
            var = self.var_for(node.id, t, inner=True)
            self.scope[node.id] = Binding(var, strip_literal(t), strip_literal(t), NOT_CONST, True,
                                          self.next_serial(), self.loc(node))
            return Target("name", strip_literal(t), name=var, inner=True)
        if isinstance(node, (ast.Tuple, ast.List)):
            t = strip_literal(t)
            if not isinstance(t, TupleT) or len(t.items) != len(node.elts):
                self.error(node, f"cannot unpack {t} into {len(node.elts)} names")
            return Target("tuple", t, items=tuple(self.inner_target(e, it) for e, it in zip(node.elts, t.items)))
        self.unsupported(node, "this comprehension target", "use names or tuples of names")

    def iterable(self, node) -> Expr:
        """What a for loop or comprehension walks: a list (walked by index, as CPython does), or
        an iterator (range(), the characters of a str). Dicts walk their keys, in order."""
        if isinstance(node, ast.Call) and isinstance(self.expr(node.func), Static) and self.expr(node.func).value is range:
            args = [self.index_value(self.value(a), a, "range argument") for a in node.args]
            if not 1 <= len(args) <= 3 or node.keywords:
                self.error(node, "range takes 1 to 3 int arguments")
            return Expr("call", IterT(INT), tuple(args), (("op", "builtins.range"),), self.loc(node))
        it = self.argument(node)
        if it.op == "const" and isinstance(it.type, StaticT) and not _is_enum_class(it.attr("value")):
            it = self.value(node)  # its diagnostic
        t = strip_literal(it.type)
        if isinstance(t, (ListT, IterT, SetT)):
            return it
        if isinstance(t, Str):
            return call("str.iter", IterT(STR), (it,), self.loc(node))
        if isinstance(t, DictT):
            return call("dict.keys", ListT(t.key), (it,), self.loc(node))
        if isinstance(t, AnyT):
            return call("object.iterate", ListT(AnyT()), (it,), self.loc(node))
        if isinstance(t, (TensorT, DynTensorT)) and not getattr(t, "scalar", False):
            return array_rows(it, self.loc(node), lambda msg: self.error(node, msg))
        if isinstance(t, StaticT) and it.op == "const" and _is_enum_class(it.attr("value")):
            # for c in Color: its members, in definition order (aliases skipped, as Python does).
            members = list(it.attr("value"))
            return Expr("list", ListT(EnumT(it.attr("value"))), tuple(self.static_value(node, "member", m) for m in members),
                        loc=self.loc(node))
        if isinstance(t, TupleT) and t.items and all(i == t.items[0] for i in t.items):
            return call("builtins.list", ListT(t.items[0]), (it,), self.loc(node))
        if f"{receiver_kind(t)}.__iter__" in REGISTRY:  # bytes, ...: the kind's own iterator
            return self.apply(f"{receiver_kind(t)}.__iter__", [it], {}, node)
        self.unsupported(node, f"iterating over {t}", "iterate over a list, str, dict, set, range() or a tuple of one type")

    def expr_Call(self, node):
        if (isinstance(node.func, ast.Attribute) and isinstance(node.func.value, ast.Call)
                and isinstance(node.func.value.func, ast.Name) and node.func.value.func.id == "super"):
            return self.super_call(node)
        func = self.expr(node.func)
        if isinstance(func, Expr) and func.op == "const" and isinstance(func.type, StaticT):
            func = Static(func.attr("value"))  # a compile-time callable held by a name (a partial)
        if known_function(func) is not None:
            func = Static(known_function(func))  # a function held by a name: called as it is
        if isinstance(func, Expr) and isinstance(strip_literal(func.type), (FunctionT, ClosureT)):
            if any(isinstance(a, ast.Starred) for a in node.args) or any(k.arg is None for k in node.keywords):
                self.unsupported(node, "*args or **kwargs in a call of a function chosen at run time",
                                 "pass the arguments explicitly")
            through = call_closure if isinstance(strip_literal(func.type), ClosureT) else call_value
            return through(self, func, [self.argument(a) for a in node.args],
                           {k.arg: self.argument(k.value) for k in node.keywords}, node)
        if (isinstance(func, Static) and func.value is zip and len(node.args) == 1 and not node.keywords
                and isinstance(node.args[0], ast.Starred)
                and not isinstance(strip_literal((rows := self.value(node.args[0].value)).type), TupleT)):
            return self.transposed(node.args[0], rows)  # (of a tuple of known length: zip(t[0], t[1], ...))
        if isinstance(func, Static) and func.value is getattr and len(node.args) in (2, 3) and not node.keywords \
                and not any(isinstance(a, ast.Starred) for a in node.args) \
                and self.static_operand(node.args[0]) is not _NO_STATIC:
            return self.attribute_of_static(node)
        if (isinstance(func, Static) and is_type_check(func.value) and not node.keywords
                and not any(isinstance(a, ast.Starred) for a in node.args)):
            # torch.is_tensor(x), np.isscalar(x), hasattr(x, "shape"), ...: decided from x's type
            return type_check(self, func.value, [self.argument(a) for a in node.args], node)
        if any(isinstance(a, ast.Starred) for a in node.args):
            node = self.spread_arguments(node, star_list=isinstance(func, Static) and _takes_star_list(func.value))
        if any(k.arg is None for k in node.keywords):
            node = self.spread_keywords(node)
        kwargs = {k.arg: self.argument(k.value) for k in node.keywords}
        if isinstance(func, _BoundMethod) and isinstance(strip_literal(func.receiver.type), (RecordT, RecordTupleT)) \
                and self.record_attribute(func.receiver, func.name, node) is None and not (
                    isinstance(strip_literal(func.receiver.type), RecordTupleT) and func.name in ("count", "index")):
            return self.record_method(func.receiver, func.name, [self.argument(a) for a in node.args], kwargs, node)
        if isinstance(func, _BoundMethod):
            recv_t = strip_literal(func.receiver.type)
            if (isinstance(recv_t, (TensorT, DynTensorT)) and recv_t.rank is not None and func.name in ("dim", "ndimension")
                    and not node.args and not node.keywords):
                return const(recv_t.rank, self.loc(node))  # known at compile time: checks on it fold
            if isinstance(recv_t, OptionalT) and recv_t.item != NONE and REGISTRY.methods.get(
                    (receiver_kind(recv_t.item), func.name)) is not None:
                # A method of what an Optional holds (`m.group(1).upper()`): None there is
                # Python's AttributeError.
                func = _BoundMethod(call("optional.attribute_of", recv_t.item, (func.receiver,), self.loc(node),
                                         (func.name,)), func.name, func.node)
                recv_t = recv_t.item
            if isinstance(recv_t, (TensorT, DynTensorT)) and recv_t.lib == "torch" and func.name == "is_floating_point":
                return is_floating_point(self, [func.receiver], node)
            if (isinstance(recv_t, Str) and func.name == "format" and func.receiver.op == "const"):
                return self.str_format(func.receiver, node)
            kind = receiver_kind(recv_t)
            name = REGISTRY.methods.get((kind, func.name))
            if name is None and isinstance(recv_t, DictT):
                name = REGISTRY.methods.get(("dict", func.name))  # a Counter's dict methods
            receiver = func.receiver
            if name is None and isinstance(recv_t, EnumT) and issubclass(recv_t.cls, str) and (
                    "str", func.name) in REGISTRY.methods:
                # A str Enum member's str methods act on its value.
                name, receiver = REGISTRY.methods[("str", func.name)], self.coerce(receiver, STR, node, "value")
            if name is None and kind == "object" and ("str", func.name) in REGISTRY.methods:
                # A method only str has, on a value of unknown type: the value must be a str.
                name, receiver = REGISTRY.methods[("str", func.name)], convert(receiver, STR)
            if name is None:
                self.unsupported(node, f"the method {kind}.{func.name}", "use a supported method (see docs/ops.md)")
            return self.apply(name, [receiver] + [self.argument(a) for a in node.args], kwargs, node)
        if isinstance(func, Static) and func.value is isinstance:
            return self.isinstance_check(node)
        if isinstance(func, Static) and func.value is type and len(node.args) == 1 and not node.keywords:
            # type(x): the class, known from x's static type (`type(x).__name__`, `type(x) is int`).
            obj = self.expr(node.args[0])
            if isinstance(obj, Expr) and may_be_numpy_scalar(strip_literal(obj.type)):
                return Static(_RunTimeClass(obj))
            cls = python_class(strip_literal(obj.type)) if isinstance(obj, Expr) else type(obj.value)
            if cls is None:
                self.unsupported(node, f"type() of a value of type {obj.type} (decided at run time)",
                                 "use isinstance(x, ...)")
            return Static(cls)
        if (isinstance(func, Static) and func.value in (any, all) and len(node.args) == 1 and not node.keywords
                and isinstance(node.args[0], ast.GeneratorExp)):
            # any(f(x) for x in xs) stops at the first true f(x): later items are never computed.
            gen = node.args[0]
            e = self.comprehension(gen, func.value.__name__, (gen.elt,))
            return Expr("comp", BOOL, e.args, e.attrs, e.loc)
        if (isinstance(func, Static) and func.value is next and 1 <= len(node.args) <= 2 and not node.keywords
                and isinstance(node.args[0], ast.GeneratorExp)):
            return self.first_of_generator(node)
        if isinstance(func, Static) and _pure_at_compile_time(func.value):
            values = [self.static_operand(a) for a in node.args]
            kw = {k.arg: self.static_operand(k.value) for k in node.keywords}
            if all(v is not _NO_STATIC for v in values + list(kw.values())):
                # np.issubdtype(x.dtype, np.floating), np.finfo(np.float32).eps: known now (per
                # dtype, where x's dtype is known at run time).
                def evaluate(values, kw):
                    try:
                        result = func.value(*values, **kw)
                    except Exception as e:
                        self.error(node, f"{ast.unparse(node.func)}(...) fails at compile time: {type(e).__name__}: {e}")
                    value = self.static_value(node, ast.unparse(node.func), result)
                    if isinstance(value, Static):
                        return Expr("const", StaticT(_describe(value.value)), attrs=(("value", value.value),),
                                    loc=self.loc(node))
                    return value
                return self.per_dtype((values, kw), node, lambda v: evaluate(*v))
        if isinstance(func, Static) and isinstance(func.value, (LocalFunction, Captured)):
            return self.call_local(func.value, [self.argument(a) for a in node.args], kwargs, node)
        if isinstance(func, Static) and hasattr(func.value, "muna_call"):
            return func.value.muna_call(self, [self.argument(a) for a in node.args], kwargs, node)
        if isinstance(func, Static) and func.value is dataclasses.asdict:
            return self.record_as_dict([self.argument(a) for a in node.args], kwargs, node)
        if isinstance(func, Static) and is_record_class(func.value):
            return self.construct_record(func.value, [self.argument(a) for a in node.args], kwargs, node)
        if isinstance(func, Static) and is_plain_class(func.value):
            return self.construct_instance(func.value, [self.argument(a) for a in node.args], kwargs, node)
        if isinstance(func, Static) and _is_enum_class(func.value):
            if len(node.args) != 1 or node.keywords:
                self.error(node, f"{func.value.__name__}() takes the member's value")
            t = EnumT(func.value)
            v = self.value(node.args[0])
            if v.op == "const":  # Color(2): the member, now
                try:
                    return self.static_value(node, "member", func.value(v.attr("value")))
                except ValueError as e:
                    self.error(node, str(e))
            return call("enum.from_value", t, (self.coerce(v, t.value_type, node, "the member's value"),),
                        self.loc(node), (t.info,))
        if isinstance(func, Static):
            return self.call_object(func.value, [self.argument(a) for a in node.args], kwargs, node,
                                    what=ast.unparse(node.func))
        self.unsupported(node, "calling this value", "call a function or method")

    def first_of_generator(self, node):
        """next(f(x) for x in xs if c[, default]): the first item, computed as Python's lazy
        generator computes it (the items after it are never computed); at the end the default
        (evaluated first, as an argument), or StopIteration."""
        default = self.value(node.args[1]) if len(node.args) == 2 else None
        gen = node.args[0]
        e = self.comprehension(gen, "list", (gen.elt,), stops=True)
        t = e.type.item
        if default is None:
            return Expr("comp", t, e.args, (("kind", "next"), ("shape", e.attr("shape"))), e.loc)
        joined = join(t, default.type)
        if joined is None:
            self.error(node, f"next() gives {t} or the default's {default.type}; give a default of the items' type")
        first, rest = e.args[0], e.args[1:]
        values = (convert(first, joined) if strip_literal(first.type) != joined else first,
                  convert(default, joined) if strip_literal(default.type) != joined else default)
        return Expr("comp", joined, values + rest, (("kind", "next_default"), ("shape", e.attr("shape"))), e.loc)

    def transposed(self, starred, rows: Expr):
        """zip(*rows) of a list of sequences of one item type (`rows`, starred's value): the
        columns, each a tuple as long as there are rows (tuple[T, ...]), as many as the shortest
        row has items."""
        t = strip_literal(rows.type)
        row = strip_literal(t.item) if isinstance(t, ListT) else None
        item = row.item if isinstance(row, ListT) else None
        if isinstance(row, TensorT) and row.rank == 1:  # `zip(*np.nonzero(x))`: rows of 1-d arrays
            item = row_type(row)
        if item is None:
            self.unsupported(starred, f"zip(*x) of {t}", "zip(*rows) takes a list of lists")
        return call("builtins.zip_rows", ListT(ListT(item, frozen=True)), (rows,), self.loc(starred))

    def spread_arguments(self, node, star_list=False):
        """f(*t) with t a tuple of known length: f(t[0], t[1], ...), t evaluated once. With
        `star_list` (an op taking it: Op.star_list), a last starred list of run-time length is
        kept, for the op to take whole."""
        import copy
        args = []
        for k, a in enumerate(node.args):
            if not isinstance(a, ast.Starred):
                args.append(a)
                continue
            spread = self.expr(a.value) if isinstance(a.value, ast.Name) else None
            if isinstance(spread, Static) and isinstance(spread.value, Spread) and not spread.value.keywords:
                args += spread.value.positional(a)  # f(*args) in a helper taking *args: as it was called
                continue
            t = strip_literal(self.value(a.value).type)
            if star_list and isinstance(t, ListT) and k == len(node.args) - 1:
                args.append(a)
                continue
            if not isinstance(t, TupleT):
                why = "as the shape of an array of unknown rank is" if isinstance(t, ListT) and t.frozen else "its length"
                self.unsupported(a, f"*args of a {t} ({why} known only at run time)",
                                 "pass the arguments explicitly, or a tuple of known length")
            # `f(*x.shape[:-1], -1)`: the value once (held by a name of its own), then its items
            held = a.value
            if not isinstance(a.value, ast.Name) and t.items:
                name = f"_spread_{a.lineno}_{a.col_offset}"
                first = ast.NamedExpr(target=ast.Name(id=name, ctx=ast.Store()), value=a.value)
                held = ast.Name(id=name, ctx=ast.Load())
            for i in range(len(t.items)):
                value = first if i == 0 and held is not a.value else held
                args.append(ast.copy_location(ast.Subscript(value=value, slice=ast.Constant(i), ctx=ast.Load()), a))
        out = copy.copy(node)
        out.args = [ast.fix_missing_locations(x) for x in args]
        return out

    def spread_keywords(self, node):
        """f(**kw) where the keywords are known at compile time: a helper's own **kwargs (as it
        was called), a dict display, or a dict constant of the module with str keys; each key
        then a keyword argument."""
        keywords = []
        for k in node.keywords:
            if k.arg is not None:
                keywords.append(k)
                continue
            spread = self.expr(k.value) if isinstance(k.value, ast.Name) else None
            if isinstance(spread, Static) and isinstance(spread.value, Spread) and spread.value.keywords:
                keywords += spread.value.keyword_arguments(k)
                continue
            if isinstance(k.value, ast.Dict) and all(isinstance(key, ast.Constant) and isinstance(key.value, str)
                                                      for key in k.value.keys):
                keywords += [ast.copy_location(ast.keyword(arg=key.value, value=v), k)
                             for key, v in zip(k.value.keys, k.value.values)]
                continue
            known = self.static_operand(k.value)
            if (known is _NO_STATIC and isinstance(k.value, ast.Name) and k.value.id not in self.scope
                    and k.value.id not in self.statics):
                known = self.globals.get(k.value.id)  # a dict constant of the module (baked, not folded)
            if isinstance(known, dict) and all(isinstance(key, str) for key in known):
                keywords += [ast.copy_location(ast.keyword(arg=key, value=ast.copy_location(
                    ast.Subscript(value=k.value, slice=ast.Constant(key), ctx=ast.Load()), k)), k) for key in known]
                continue
            self.unsupported(k, "**kwargs of a dict whose keys are known only at run time",
                             "pass the arguments explicitly")
        out = copy.copy(node)
        out.keywords = [ast.fix_missing_locations(x) for x in keywords]
        return out

    def isinstance_check(self, node) -> Expr:
        """isinstance(x, C): decided by x's static type, or at run time for a value of unknown
        type (Any) and for None in an Optional."""
        if len(node.args) != 2:
            self.error(node, "isinstance takes 2 arguments")
        classes = self.static_operand(node.args[1])
        if classes is _NO_STATIC:
            self.error(node.args[1], "isinstance needs a type known at compile time")
        classes = _isinstance_classes(classes)
        if classes is None:
            self.error(node.args[1], "isinstance() arg 2 must be a type, a tuple of types, or a union")
        obj = self.expr(node.args[0])
        if isinstance(obj, _BoundMethod):
            obj = self.attribute(obj, node.args[0])
        if isinstance(obj, Static):
            return const(isinstance(obj.value, classes), self.loc(node))
        if obj.op == "const" and not isinstance(obj.type, StaticT):
            return const(isinstance(obj.attr("value"), classes), self.loc(node))
        t = strip_literal(obj.type)
        if may_be_numpy_scalar(t):
            return self.array_or_scalar_check(obj, t, classes, node)
        if isinstance(t, DynTensorT):  # decided when every dtype it may have gives one answer
            answers = {_python_class_matches(t.concrete(d), classes) for d in t.dtypes}
            if len(answers) > 1:
                self.unsupported(node, f"isinstance of a {t}, whose answer depends on the dtype it has at run time",
                                 "compare x.dtype instead, or convert the value first (float(x), int(x))")
            decided = const(answers.pop(), self.loc(node))
            # A name is read without effect: the answer alone, so a branch on it folds.
            return decided if obj.op in ("var", "global") else Expr("seq", BOOL, (obj, decided), loc=self.loc(node))
        if not isinstance(t, (AnyT, OptionalT, NumberT)) and obj.op not in ("var", "global", "convert"):
            # Decided by the type, but the argument is still evaluated (it may raise).
            decided = const(_python_class_matches(t, classes), self.loc(node))
            return Expr("seq", BOOL, (obj, decided), loc=self.loc(node))
        flat = classes if isinstance(classes, tuple) else (classes,)
        if isinstance(t, NumberT):  # an int or a float, known at run time
            is_int, is_float = (any(issubclass(k, c) for c in flat) for k in (int, float))
            if is_int == is_float:
                return Expr("seq", BOOL, (obj, const(is_int, self.loc(node))), loc=self.loc(node))
            test = call("number.is_float", BOOL, (obj,), self.loc(node))
            return test if is_float else Expr("not", BOOL, (test,), loc=self.loc(node))
        if isinstance(t, AnyT):
            names = sorted({n for c in flat for n in _runtime_type_names(c)})
            result = None
            for n in names:
                test = call("object.isinstance", BOOL, (obj, const(n, self.loc(node))), self.loc(node))
                result = test if result is None else Expr("or", BOOL, (result, test), loc=self.loc(node))
            return result if result is not None else const(False, self.loc(node))
        if isinstance(t, OptionalT):
            some, none = _python_class_matches(t.item, flat), type(None) in flat
            if some != none:
                test = Expr("is_none", BOOL, (obj,), loc=self.loc(node))
                return test if none else Expr("not", BOOL, (test,), loc=self.loc(node))
            return const(some, self.loc(node))
        return const(_python_class_matches(t, classes), self.loc(node))

    def array_or_scalar_check(self, obj, t, classes, node) -> Expr:
        """isinstance of a NumPy value of a rank known only when it runs, which is an ndarray or,
        where 0-d, a NumPy scalar (types.may_be_numpy_scalar): decided now where both answer
        alike, else by what the value is when it runs (numpy.detail.is_ndarray)."""
        dtypes = t.dtypes if isinstance(t, DynTensorT) else (t.dtype,)
        as_array = _python_class_matches(TensorT("numpy", dtypes[0], None), classes)
        as_scalar = {_python_class_matches(NumpyScalar(d), classes) for d in dtypes}
        if len(as_scalar) > 1:
            self.unsupported(node, f"isinstance of a {t}, whose answer depends on the dtype it has at run time",
                             "compare x.dtype instead, or convert the value first (float(x), int(x))")
        as_scalar = as_scalar.pop()
        if as_array == as_scalar:
            decided = const(as_array, self.loc(node))
            return decided if obj.op in ("var", "global") else Expr("seq", BOOL, (obj, decided), loc=self.loc(node))
        test = call("numpy.detail.is_ndarray", BOOL, (obj,), self.loc(node))
        return test if as_array else Expr("not", BOOL, (test,), loc=self.loc(node))

    def located(self, loc):
        """An AST stand-in at `loc` (diagnostics of calls the rules make themselves)."""
        return _located(loc, self)

    def callable_expr(self, fn: Expr, param_types: tuple, loc) -> Expr:
        """A function argument (key=, map, filter) as a C++ lambda taking `param_types`: a
        Python lambda compiled for those types, or a function/method called through one."""
        value = fn.attr("value") if fn.op == "const" else None
        if isinstance(value, _LambdaSource):
            node = value.node
            a = node.args
            if a.vararg or a.kwarg or a.kwonlyargs or a.defaults or len(a.args) != len(param_types):
                self.error(node, f"the lambda must take exactly {len(param_types)} plain parameter(s)")
            saved = dict(self.scope)
            try:
                params = []
                for p, t in zip(a.args, param_types):
                    params.append((self.inner_target(ast.copy_location(ast.Name(id=p.arg, ctx=ast.Store()), p), t).name, t))
                body = self.value(node.body)
            finally:
                self.scope = saved
            return Expr("lambda", strip_literal(body.type), (body,), (("params", tuple(params)),), self.loc(node))
        if fn.op == "const" and isinstance(fn.type, StaticT) and (callable(value) or isinstance(value, (LocalFunction, Captured))):
            names = [f"arg{i}_" for i in range(len(param_types))]
            args = [Expr("var", strip_literal(t), attrs=(("name", n), ("local_to", "inner")), loc=loc)
                    for n, t in zip(names, param_types)]
            node = _located(loc, self)
            body = self.call_object(value, args, {}, node)
            return Expr("lambda", strip_literal(body.type), (body,), (("params", tuple(zip(names, param_types))),), loc)
        raise CompileError(loc, "expected a lambda or a function here")

    def call_local(self, local, args, kwargs, node) -> Expr:
        """A call of a function defined in this one, with the enclosing names it reads (those of
        the function that defined it, where it was passed here: Captured)."""
        if isinstance(local, Captured):
            if local.local.nonlocals:
                self.unsupported(node, f"calling {local.local.__qualname__}, which rebinds names of the function that "
                                 "defined it (nonlocal), from another function", "call it where it is defined")
            free = [(n, self.read(node, p)) for n, p in local.params.items()]
            local = local.local
        else:
            free = [(n, self.decided(self.read(node, n))) for n in local.free if n in self.scope]
            # The enclosing function's compile-time arguments (a function passed to it, a module)
            free += [(n, self.statics[n]) for n in local.free if n not in self.scope and n in self.statics]
        undecided = [p for _, v in free if isinstance(v, Expr) for p in _pendings(strip_literal(v.type))]
        for p in undecided:
            # An empty container the local function fills (`entities.append(...)` in a `flush()`):
            # what it holds is decided there, out of this function's sight, so it holds values
            # of run-time type.
            self.resolve(p, AnyT())
        if undecided:
            free = [(n, self.decided(v) if isinstance(v, Expr) else v) for n, v in free]
        result = self.invoke(local.fn, None, args, kwargs, node, free=free)
        return self.rebind_nonlocals(local, result, node) if local.nonlocals else result

    def rebind_nonlocals(self, local, result: Expr, node) -> Expr:
        """The call of a local function that rebinds names of this one (`nonlocal pos`): it
        returns (its value, those names' new values) (function_values.with_nonlocals_returned);
        the names take the new values and the call is its value."""
        if self.in_comprehension:
            self.unsupported(node, f"calling {local.__qualname__}, which rebinds names of this function, in a "
                             "comprehension", "call it in a loop")
        loc, t = self.loc(node), strip_literal(result.type)
        held = f"_nonlocal_{loc.line}_{loc.col}"
        target, value = self.bind(node, held, result)
        effects = [Expr("assign_expr", target.type, (value,), attrs=(("name", target.name),), loc=loc)]
        tmp = self.read(node, held)
        for i, name in enumerate(local.nonlocals, 1):
            target, value = self.bind(node, name, call("tuple.get", t.items[i], (tmp,), loc, (str(i),)))
            effects.append(Expr("assign_expr", target.type, (value,), attrs=(("name", target.name),), loc=loc))
        out = call("tuple.get", t.items[0], (tmp,), loc, ("0",))
        for effect in reversed(effects):
            out = Expr("seq", out.type, (effect, out), loc=loc)
        return out

    def compile_time_argument(self, name: str, value, node, free: list):
        """What a helper's parameter `name` holds of a compile-time argument (a constant
        expression, or an object): a lambda the function it defines, a local function with the
        names it reads (captured)."""
        bound = value.attr("value") if isinstance(value, Expr) else value
        if isinstance(bound, _LambdaSource):
            bound = self.local_function(lambda_as_def(bound.node))
        return self.captured(name, bound, node, free)

    def captured(self, name: str, value, node, free: list):
        """A function defined in this one, passed to a helper as its parameter (or free name)
        `name`: the names it reads from this function become hidden parameters of the helper
        (`name.x`, appended to `free`), read here at the call; any other value unchanged."""
        if isinstance(value, LocalFunction) and value.free:
            reads = [(n, n) for n in value.free if n in self.scope]
        elif isinstance(value, Captured):
            reads = list(value.params.items())
            value = value.local
        else:
            return value
        free += [(f"{name}.{n}", self.read(node, held)) for n, held in reads]
        return Captured(value, {n: f"{name}.{n}" for n, _ in reads})

    def call_object(self, value, args, kwargs, node, what: str | None = None) -> Expr:
        """Calls a compile-time callable: a registry op, a method of a builtin type spelled as
        `str.lower`, or Python code muna compiles (function, method, nn.Module); `what` names it
        in the diagnostic when it is none of these (as the code spells it)."""
        if isinstance(value, (LocalFunction, Captured)):
            return self.call_local(value, list(args), kwargs, node)
        if hasattr(value, "muna_call"):  # a compile-time callable an op made (functools.partial)
            return value.muna_call(self, list(args), kwargs, node)
        name = REGISTRY.lookup_object(value)
        if name is None and isinstance(getattr(value, "__self__", None), struct.Struct):
            # S.pack(...) of a module-level S = struct.Struct(fmt): struct.pack(fmt, ...).
            return self.apply(f"struct.{value.__name__}", [const(value.__self__.format, self.loc(node))] + list(args),
                              kwargs, node)
        if name is None and getattr(value, "__objclass__", None) in (str, list, dict, set):
            name = REGISTRY.methods.get((value.__objclass__.__name__, value.__name__))
        if name is not None:
            return self.apply(name, list(args), kwargs, node)
        target = _compilable(value)
        if target is None and isinstance(value, pytypes.FunctionType) and _library_code(self.fn):
            # torch's own Python helpers, called from a module's method muna compiles
            # (ConvTranspose2d's _output_padding calls _pair): compiled as that method is.
            target = value, None
        if target is None:
            self.unsupported(node, f"calling {what or _describe(value)}", "use a supported function (see docs/ops.md)")
        fn, self_obj = target
        return self.invoke(fn, self_obj, list(args), kwargs, node)

    def invoke(self, fn, self_obj, args, kwargs, node, free=(), bound=()) -> Expr:
        """A call to Python code muna compiles too: a helper function of the module, a method,
        an nn.Module's forward, or a function defined in the function (`free`: the names it
        reads from the enclosing one, passed as they are at the call, as Python's closures read
        them then; `bound`: compile-time ones, (name, value), taken as they are). Each distinct
        (function, self, argument types) is one C++ function; compile-time arguments (modules,
        None, dtypes) are bound into it."""
        try:
            sig = inspect.signature(fn, follow_wrapped=False)  # a wrapper takes what it takes
            if not any(p.kind == inspect.Parameter.VAR_KEYWORD for p in sig.parameters.values()):
                for k in kwargs:
                    if k not in sig.parameters:
                        self.error(node, f"{fn.__qualname__}() got an unexpected keyword argument '{k}'")
            bound_args = sig.bind(*([self_obj] if self_obj is not None else []), *args, **kwargs)
        except TypeError as e:
            self.error(node, f"bad call to {fn.__qualname__}: {e}")
        bound_args.apply_defaults()
        statics, types, values = dict(bound), {}, []
        # Enclosing names that hold functions known now, or compile-time objects (not Exprs),
        # are bound into the helper as its compile-time arguments are; a local function takes
        # the names it reads along.
        known = [(n, v if not isinstance(v, Expr) else known_function(v)) for n, v in free
                 if not isinstance(v, Expr) or known_function(v) is not None]
        free = [(n, v) for n, v in free if isinstance(v, Expr) and known_function(v) is None]
        for n, fn_value in known:
            statics[n] = self.captured(n, fn_value, node, free)
        for pname, value in bound_args.arguments.items():
            kind = sig.parameters[pname].kind
            if kind in (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD):
                # Each extra argument a parameter of its own (arguments.py); `pname` says which.
                keywords = kind == inspect.Parameter.VAR_KEYWORD
                items = value.items() if keywords else enumerate(value)
                names = {}
                for item, v in items:
                    names[item] = hidden = hidden_name(pname, item)
                    if isinstance(v, Expr) and not (v.op == "const" and isinstance(v.type, (StaticT, NoneT))):
                        free.append((hidden, v))
                    else:
                        statics[hidden] = self.compile_time_argument(hidden, v, node, free)
                statics[pname] = Spread(names, keywords)
                continue
            if not isinstance(value, Expr):
                statics[pname] = value  # self, or a default that is an object
            elif value.op == "const" and isinstance(value.type, (StaticT, NoneT)):
                statics[pname] = self.compile_time_argument(pname, value, node, free)
            elif value.op == "const" and isinstance(strip_literal(value.type), Str) and _library_code(fn):
                # torch's own helpers take messages as arguments (check_hidden_size(hx, size,
                # 'Expected hidden[0] size {}, got {}')): known now, so .format folds.
                statics[pname] = value.attr("value")
            elif (value.op == "const" and strip_literal(value.type) == BOOL
                  and getattr(fn, "__module__", "") == "muna.torch_forwards"):
                # The forwards muna writes for torch modules take flags (need_weights) that
                # decide the result's type, as torch's do: known now, so their branches fold.
                statics[pname] = value.attr("value")
            else:
                if any(bound_to_its_function(x) for x in types_within(strip_literal(value.type))):
                    self.unsupported(node, f"passing {value.type} (chosen at run time among functions defined here that "
                                     "read this function's names) to another function", "call it here")
                types[pname] = strip_literal(value.type)
                values.append(value)
        free_types = tuple((n, strip_literal(v.type)) for n, v in free)
        values += [v for _, v in free]
        key = (getattr(fn, "__muna_where__", None) or id(fn), id(self_obj), tuple(sorted((k, str(t)) for k, t in types.items())),
               tuple(sorted((k, _static_key(v)) for k, v in statics.items())), tuple((n, str(t)) for n, t in free_types))
        program = self.program
        if key not in program.helpers:
            if key in program.building:
                hints = typing.get_type_hints(fn, include_extras=True) if hasattr(fn, "__annotations__") else {}
                if "return" not in hints:
                    self.error(node, f"recursive function '{fn.__name__}' needs a return annotation")
                ret = self.annotation(hints["return"], node)
                return Expr("invoke", ret, tuple(values), (("function", program.building[key]),), self.loc(node))
            owner = getattr(self_obj, "cpp_prefix", None) or type(self_obj).__name__
            base = fn.__name__ if self_obj is None else f"{owner}_{fn.__name__}"
            if hasattr(fn, "__muna_where__"):  # a local function: its name may be a variable's too
                base = f"{fn.__name__.strip('<>')}_L{fn.__muna_where__[1]}"
            cpp_name = program.helper_name(base)
            program.building[key] = cpp_name
            try:
                builder = FunctionBuilder(program, fn, statics=statics, cpp_name=cpp_name, param_types=types,
                                          free=free_types)
                helper = builder.build()
            except OSError:
                self.error(node, f"the source of {fn.__qualname__} is not available; muna compiles Python code only")
            except CompileError as e:
                if not _library_code(fn) or _library_path(self.loc(node).file):
                    raise
                # Inside torch's own code: the user's call is where to look, torch's line says why.
                what = type(self_obj).__name__ if self_obj is not None else fn.__qualname__
                raise CompileError(self.loc(node), f"{what} cannot be compiled: {e.message} "
                                   f"(in {os.path.basename(e.loc.file)}:{e.loc.line})") from None
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
        if isinstance(node, ast.Starred):  # (kept by spread_arguments for an op that takes it whole)
            items = self.value(node.value)
            return call("python.detail.star_list", items.type, (items,), self.loc(node))
        e = self.expr(node)
        if isinstance(e, Static) and isinstance(e.value, Spread):
            return e.value.muna_value(self, node)
        if isinstance(e, Static) and isinstance(e.value, _RunTimeClass):
            self.unsupported(node, "type(x) of a NumPy value of a rank known only at run time (an ndarray, or a NumPy "
                             "scalar where it is 0-d) as a value", "use isinstance(x, np.ndarray), x.ndim or type(x).__name__")
        if isinstance(e, Static):
            return Expr("const", StaticT(_describe(e.value)), attrs=(("value", e.value),), loc=self.loc(node))
        if isinstance(e, _BoundMethod):
            return self.attribute(e, node)
        return static_of(e)

    def apply(self, name, args, kwargs, node) -> Expr:
        if args and isinstance(strip_literal(args[0].type), RecordT):
            if name == "builtins.bool" and len(args) == 1 and not kwargs:
                return self.truth(args[0], node)  # __bool__, else __len__
            method = user_dunder(strip_literal(args[0].type).cls, name)
            if method is not None:  # Python's data model: the class's own __len__, __getitem__, ...
                return self.invoke(method, None, list(args), kwargs, node)
        op = REGISTRY[name]
        bound = {}
        params = op.params
        # **keywords: the keyword arguments no parameter names, as a tuple with their names.
        keywords = next((p[2:] for p, _ in params if p.startswith("**")), None)
        if keywords is not None:
            params = tuple((p, d) for p, d in params if not p.startswith("**"))
            extra = {k: v for k, v in kwargs.items() if k not in {p.lstrip("*") for p, _ in params}}
            kwargs = {k: v for k, v in kwargs.items() if k not in extra}
            bound[keywords] = Expr("tuple", TupleT(tuple(strip_literal(v.type) for v in extra.values())),
                                   tuple(extra.values()), attrs=(("names", tuple(extra)),), loc=self.loc(node))
        star = next((i for i, (p, _) in enumerate(params) if p.startswith("*")), None)
        if star is not None:
            # *args: the extra positional arguments, as one tuple expression.
            rest = args[star:]
            items = Expr("tuple", TupleT(tuple(strip_literal(a.type) for a in rest)), tuple(rest), loc=self.loc(node))
            if len(rest) == 1 and rest[0].op == "call" and rest[0].attr("op") == "python.detail.star_list":
                items = rest[0].args[0]  # (`*ids` of a list: Op.star_list)
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
        if op.mutates and args and args[0].op == "global":  # every call (and thread) shares it
            self.unsupported(node, f"modifying the module-level constant '{args[0].attr('name')}'",
                             "constants are shared by every call; copy it first (e.g. list(X), dict(X))")
        for p in op.iterates:  # an array walked as an iterable: its rows, whatever its dtype
            if p in bound:
                bound[p] = self.rows_of_arrays(bound[p], node)
        # (a parameter whose default is None takes None as a value: its Optional stays one)
        takes_none = {p.lstrip("*") for p, d in op.params if d is None}
        unwrapped = {p: h for p, v in bound.items()
                     if isinstance(v, Expr) and p not in takes_none and (h := _held(v)) is not v}
        held = {**bound, **unwrapped}
        # A value of run-time type where the op takes a number (`math.sqrt(d["v"] * 2)`): the
        # number it holds, Python's TypeError when it holds something else.
        anys = {p: convert(v, NumberT()) for p, v in held.items()
                if isinstance(v, Expr) and isinstance(strip_literal(v.type), AnyT)}
        held = {**held, **anys}
        numbers = any(is_number(x) for v in held.values() if isinstance(v, Expr)
                      for x in (v.args if v.op == "tuple" else (v,)))
        if not unwrapped and not numbers:
            return self.call_bound(name, bound, node)
        try:
            return self.call_bound(name, bound, node)
        except CompileError:
            # An Optional where the op takes what it holds (`min(k, n)` of an Optional[int] k
            # that is an int on every path that gets here): None there is Python's TypeError.
            # A Python number of run-time kind where the op must know which (`torch.topk(x, k)`):
            # a branch per kind, each raising what Python's call would.
            try:
                if not numbers:
                    return self.call_bound(name, held, node)
                try:  # (the op takes an int | float as it is)
                    return self.call_bound(name, held, node)
                except CompileError:
                    return dispatch_call(name, held, self.loc(node), lambda args: self.resolve_call(name, args, node),
                                         numbers=True)
            except CompileError:
                pass
            raise

    def call_bound(self, name, bound, node) -> Expr:
        """The call of op `name` with its parameters bound: switched on the dtypes of arrays of
        run-time dtype among them, else as its rule resolves it."""
        dynamic = dynamic_operands(bound)
        if dynamic and name.startswith("operator.") and any(isinstance(strip_literal(e.type), AnyT) for e in bound.values()):
            return self.resolve_call(name, bound, node)  # decided when it runs, as a whole (object_operator)
        if dynamic and any(list_of_arrays(strip_literal(bound[p].type)) for p in dynamic):
            # A list of arrays of their own dtypes: as it is where the op takes it so (sorted,
            # len, append), else switched on the dtype its items promote to (np.stack).
            try:
                return self.resolve_call(name, bound, node)
            except CompileError:
                pass
        if dynamic:  # arrays of run-time dtype: a branch per dtype (dispatch.py)
            return dispatch_call(name, bound, self.loc(node), lambda args: self.resolve_call(name, args, node))
        return self.resolve_call(name, bound, node)

    def rows_of_arrays(self, e: Expr, node) -> Expr:
        """`e` with an array of run-time dtype as the iterator over its rows (the items of a
        tuple display of `*iterables` each so)."""
        if e.op == "tuple" and isinstance(e.type, TupleT):
            items = tuple(self.rows_of_arrays(i, node) for i in e.args)
            return Expr("tuple", TupleT(tuple(i.type for i in items)), items, e.attrs, e.loc)
        t = strip_literal(e.type)
        if isinstance(t, DynTensorT) and not t.scalar and (t.rank is not None or open_row_type(t) is not None):
            return array_rows(e, self.loc(node), lambda msg: self.error(node, msg))
        return e

    def resolve_call(self, name, bound, node) -> Expr:
        """The call of op `name` with its parameters bound, as its rule resolves it (or folded)."""
        op = REGISTRY[name]
        folded = self.fold(name, bound, node)
        if folded is not None:
            return folded
        if name not in TORCH_COMPLEX_OPS and any(isinstance(e, Expr) and is_complex_tensor(e.type) for e in bound.values()):
            self.unsupported(node, f"{name} of a complex tensor", "take its magnitude first (.abs())")
        try:
            resolved: Resolved = op.rule(Bound(op, bound, self.loc(node), self))
        except Redispatch as again:  # an argument read as an array of run-time dtype
            return self.call_bound(name, {**bound, again.param: again.expr}, node)
        if resolved is None:
            self.error(node, f"{name} cannot be called directly")
        if isinstance(resolved, Expr):  # a value known at compile time (operator.itemgetter(1))
            return resolved
        return call(resolved.op or name, resolved.type, resolved.args, self.loc(node), resolved.template)

    def fold(self, name, bound, node):
        """Evaluates an operator on constants at compile time, with Python itself (so the
        semantics are Python's); gives up where the run time must raise instead. str(),
        repr() and format() of compile-time objects (a dtype) are known then too."""
        if name == "builtins.len" and isinstance(strip_literal(next(iter(bound.values())).type), TupleT):
            return const(len(strip_literal(next(iter(bound.values())).type).items), self.loc(node))
        if name in ("builtins.str", "builtins.repr", "builtins.format") and bound:
            first, *others = bound.values()
            rest = others if name == "builtins.format" else []  # (a format spec; str(x)'s encoding
            # and errors must be left at their defaults, None)
            plain = name != "builtins.str" or all(e.op == "const" and e.attr("value") is None for e in others)
            if first.op == "const" and isinstance(first.type, StaticT) and all(e.op == "const" for e in rest) and plain:
                fn = {"builtins.str": str, "builtins.repr": repr, "builtins.format": format}[name]
                return const(fn(first.attr("value"), *(e.attr("value") for e in rest)), self.loc(node))
        if name == "builtins.tuple" and len(bound) == 1:  # tuple(a constant tuple): that tuple
            only = next(iter(bound.values()))
            if only.op == "const" and isinstance(only.attr("value"), tuple) and _foldable(only.attr("value")):
                return only
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
            # An array of one element is its element's truth; more is an error at run time.
            return call(f"{receiver_kind(t)}.__bool__", BOOL, (e,), e.loc)
        if isinstance(t, RecordT):  # an instance: its class's __bool__, else its __len__ != 0, else true
            for op_name in ("builtins.bool", "builtins.len"):
                method = user_dunder(t.cls, op_name)
                if method is not None:
                    return self.truth(self.invoke(method, None, [e], {}, node), node)
        return Expr("truth", BOOL, (e,), loc=e.loc)

    def index_value(self, e: Expr, node, what) -> Expr:
        """`e` where Python takes an integer (operator.index): an int, a bool, a NumPy integer,
        or a number of run-time kind (a float raising Python's TypeError when it runs)."""
        t = strip_literal(e.type)
        if isinstance(t, NumberT) or _numpy_integer(t):
            return convert(e, INT)
        return self.coerce(e, INT, node, what)

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
        if isinstance(want, NumberT) and isinstance(have, (Scalar, NumberT)):
            return convert(e, want)
        if isinstance(want, ScalarKindsT) and (kinds := ScalarKindsT.of(have)) is not None \
                and set(kinds.kinds) <= set(want.kinds):
            return convert(e, want)  # a Python number or NumPy scalar, as the one of its kind
        if isinstance(want, FunctionT) and isinstance(have, FunctionT) and set(have.options) <= set(want.options):
            return convert(e, want)
        if (isinstance(want, TupleT) and isinstance(have, TupleT) and type(have) is type(want) is TupleT
                and len(have.items) == len(want.items) and have.items != want.items
                and all(h == w or isinstance(w, NumberT) and isinstance(h, (Scalar, NumberT)) or w == FLOAT and h in (INT, BOOL)
                        for h, w in zip(map(strip_literal, have.items), map(strip_literal, want.items)))):
            return convert(e, want)  # (1, 2) where (int | float, float) is held: item by item, as above
        if isinstance(have, EnumT) and (issubclass(have.cls, str) and want == STR or
                                        issubclass(have.cls, int) and isinstance(want, Scalar)):
            # A str (or int) Enum member is a str (an int): its value.
            return convert(call("enum.value", have.value_type, (e,), e.loc, (have.info,)), want)
        if isinstance(want, AnyT) and AnyT.holds(have) or isinstance(have, AnyT) and AnyT.holds(want):
            # Into a value of unknown type, or out of one where the type is needed (checked at
            # run time, Python's TypeError when it is another).
            return convert(e, want)
        if isinstance(want, Scalar) and isinstance(have, NumpyScalar) and want.name in python_kinds_of(have.dtype):
            # np.sum(x) where `-> float` is declared: the same value as a Python number (float32
            # and every integer dtype up to int64 widen exactly).
            return convert(e, want)
        if (isinstance(want, Scalar) and isinstance(have, DynTensorT) and have.scalar
                and all(want.name in python_kinds_of(d) for d in have.dtypes)):
            return branch_on([e], e.loc, lambda s: convert(s[0], want), f"{what} as {want}")
        if widens_rank(have, want):
            return Expr(e.op, want, e.args, e.attrs, e.loc)
        if holds_dtypes(want, have):
            return convert(e, want)  # an array of one of its dtypes: held as it is
        if scalar_as_open_array(have, want):
            return convert(e, want)  # a 0-d array, handed back as the NumPy scalar it holds
        if isinstance(want, TupleT) and isinstance(have, TupleT) and len(want.items) == len(have.items) \
                and all(h == w or widens_rank(h, w) for h, w in zip(have.items, want.items)):
            # Same C++ type item by item: only the compile-time ranks are forgotten.
            return Expr(e.op, want, e.args, e.attrs, e.loc)
        if type(have) is type(want) and isinstance(have, (ListT, SetT)) and isinstance(have.item, PendingT):
            self.resolve(have.item, want.item)
            return substitute(e, {have.item: want.item})
        if isinstance(want, ListT) and e.op == "list" and not e.args:
            return Expr("list", want, (), loc=e.loc)
        if isinstance(want, ListT) and display_items(e) is not None:
            # `xs: list[float] = [1, 0.5]`: the display is made as the list wanted.
            return Expr("list", want, tuple(self.coerce(i, want.item, node, what) for i in display_items(e)), loc=e.loc)
        if isinstance(want, ListT) and isinstance(have, TupleT) and e.op in ("const", "tuple"):
            # A tuple where a sequence is expected (`mean: Sequence[float] = (0.5, 0.5)`).
            items = ([const(v, e.loc, t) for v, t in zip(e.attr("value"), have.items)] if e.op == "const"
                     else list(e.args))
            return Expr("list", want, tuple(self.coerce(i, want.item, node, what) for i in items), loc=e.loc)
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


class _RunTimeClass:
    """type(x) of a NumPy value of a rank known only at run time: ndarray or a NumPy scalar type,
    decided when it runs (types.may_be_numpy_scalar); only its __name__ is read."""

    def __init__(self, value: Expr):
        self.value = value


class _BoundMethod:
    def __init__(self, receiver: Expr, name: str, node):
        self.receiver, self.name, self.node = receiver, name, node


def array_rows(e: Expr, loc, fail) -> Expr:
    """`e` (an array or tensor) as the iterator over its rows; of a NumPy array of open rank, its
    rows of open rank (a 1-d array's elements are NumPy scalars: core/rows.hpp open_row)."""
    t = strip_literal(e.type)
    item = row_type(t)
    if item is None and open_row_type(t) is not None:
        return call("tensor.open_rows", IterT(open_row_type(t)), (e,), loc)
    if item is None:
        fail("iterating over an array of unknown rank: what each item is depends on it; annotate the rank, "
             "e.g. np.ndarray[tuple[int, int], np.dtype[np.float32]]" if t.rank is None
             else "iteration over a 0-d array")
    return call("tensor.rows", IterT(item), (e,), loc, template=("true" if rows_are_elements(item) else "false",))


def receiver_kind(t: Type) -> str:
    """The registry's name for a value's kind: method `m` of it is op `<kind>.m`."""
    if isinstance(t, DynTensorT):  # its methods resolve per dtype (dispatch.py)
        return receiver_kind(t.concrete(t.dtypes[0]))
    if isinstance(t, TensorT):
        return "numpy.ndarray" if t.lib == "numpy" else "torch.Tensor"
    if isinstance(t, Str):
        return "str"
    if isinstance(t, ListT):
        return "list"
    if isinstance(t, DictT):
        return {"counter": "collections.Counter", "defaultdict": "collections.defaultdict",
                "ordereddict": "collections.OrderedDict"}.get(t.kind, "dict")
    if isinstance(t, SetT):
        return "set"
    if type(t) is TupleT:
        return "tuple"
    if isinstance(t, ObjectT):
        return t.kind
    if isinstance(t, AnyT):
        return "object"
    if isinstance(t, NumpyScalar):
        return "numpy.generic"
    return getattr(t, "methods_of", None) or str(t)  # types that name their kind (iterators, deques)


_UNBOUND = object()
_NO_STATIC = object()  # static_operand: not known at compile time


class _RunTimeDType:
    """static_operand's value for the dtype of an array of run-time dtype: a dtype known in
    each branch of the expression that reads it (FunctionBuilder.per_dtype)."""

    def __init__(self, expr: Expr):
        self.expr = expr


def _is_enum_class(obj) -> bool:
    import enum
    return isinstance(obj, type) and issubclass(obj, enum.Enum)


def _pure_at_compile_time(fn) -> bool:
    """Library functions about dtypes, evaluated at compile time when their arguments are known."""
    import numpy as np
    torch = sys.modules.get("torch")
    extra = (torch.device, torch.finfo, torch.iinfo, torch.is_floating_point) if torch is not None else ()
    return any(fn is f for f in (np.issubdtype, np.dtype, np.finfo, np.iinfo, np.can_cast, np.result_type,
                                 np.promote_types, np.obj2sctype) + extra)


def _compare(op, a, b) -> bool:
    ops = {ast.Eq: operator.eq, ast.NotEq: operator.ne, ast.Lt: operator.lt, ast.LtE: operator.le,
           ast.Gt: operator.gt, ast.GtE: operator.ge, ast.Is: operator.is_, ast.IsNot: operator.is_not,
           ast.In: lambda x, y: x in y, ast.NotIn: lambda x, y: x not in y}
    return bool(ops[type(op)](a, b))


def _takes_star_list(obj) -> bool:
    name = REGISTRY.lookup_object(obj)
    return name is not None and REGISTRY[name].star_list


def _is_data(value) -> bool:
    return constants.type_of_constant(value) is not None


def _tensor_sequence(value) -> bool:
    """A non-empty list or tuple of torch tensors (read as a tuple of constants: the code may
    not change a module-level value anyway)."""
    torch = sys.modules.get("torch")
    return (torch is not None and isinstance(value, (list, tuple)) and len(value) > 0
            and all(isinstance(v, torch.Tensor) for v in value))


def _is_module(value) -> bool:
    torch = sys.modules.get("torch")
    return torch is not None and isinstance(value, torch.nn.Module)


def _foldable(value) -> bool:
    """Scalars, strings, None and tuples of them: values the compiler folds into the code."""
    import enum
    if value is None or isinstance(value, (bool, int, float, str, bytes, enum.Enum)):
        return True
    return isinstance(value, tuple) and all(_foldable(v) for v in value)


def _static_key(value):
    if hasattr(value, "static_key"):  # made again by every build (LocalFunction, Captured, Spread)
        return value.static_key()
    return repr(value) if _foldable(value) else ("id", id(value))


def _numpy_integer(t: Type) -> bool:
    return isinstance(t, NumpyScalar) and t.dtype.startswith(("int", "uint"))


def _held(e: Expr) -> Expr:
    """`e` read as what it holds if it is an Optional (None a TypeError), and so each item of a
    tuple display (an op's *args); else `e` itself."""
    t = strip_literal(e.type)
    if isinstance(t, OptionalT) and t.item != NONE:
        return convert(e, t.item)
    if e.op == "tuple" and isinstance(t, TupleT) and any(_held(i) is not i for i in e.args):
        items = tuple(_held(i) for i in e.args)
        return Expr("tuple", TupleT(tuple(strip_literal(i.type) for i in items)), items, e.attrs, e.loc)
    return e


def _describe(value) -> str:
    return getattr(value, "__qualname__", None) or getattr(value, "__name__", None) or type(value).__name__


def substitute(obj, mapping, origins=None):
    """obj (an IR node, type, or tuple of them) with the types in mapping replaced; a list whose
    item type is an empty list's undecided one remembers that list (`origins`: PendingT -> its
    FunctionBuilder.pending_key; ListT.origin)."""
    import dataclasses
    if isinstance(obj, Type) and obj in mapping:
        return mapping[obj]
    if isinstance(obj, tuple):
        return tuple(substitute(o, mapping, origins) for o in obj)
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        changes = {}
        for f in dataclasses.fields(obj):
            v = getattr(obj, f.name)
            nv = substitute(v, mapping, origins)
            if nv is not v and nv != v:
                changes[f.name] = nv
        if origins and type(obj) is ListT and not obj.frozen and obj.item in origins:
            changes["origin"] = origins[obj.item]
        if origins and type(obj) is DictT and obj.value in origins:
            changes["origin"] = origins[obj.value]
        return dataclasses.replace(obj, **changes) if changes else obj
    return obj


def _assigned_names(node) -> set:
    """Names any statement inside `node` assigns (targets, augmented, for targets, except-as)."""
    names = set()
    for n in ast.walk(node):
        if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store):
            names.add(n.id)
        elif isinstance(n, ast.ExceptHandler) and n.name:
            names.add(n.name)
    return names


def _pendings_in(obj):
    """Every undecided item type inside an IR node, type or tuple of them."""
    import dataclasses
    if isinstance(obj, PendingT):
        yield obj
    elif isinstance(obj, tuple):
        for o in obj:
            yield from _pendings_in(o)
    elif dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        for f in dataclasses.fields(obj):
            yield from _pendings_in(getattr(obj, f.name))


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


def _walrus_sequenced(statement, walrus) -> bool:
    """Whether the name `walrus` binds is read in `statement`'s own expressions only after it,
    in a later operand of an and/or that contains it (compound statements' bodies run later)."""
    name = walrus.target.id
    roots = [getattr(statement, f) for f in ("test", "value", "iter") if getattr(statement, f, None) is not None]

    def reads(node):
        return [n for n in ast.walk(node) if isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Load)]

    allowed = set()
    for root in roots:
        for b in ast.walk(root):
            if isinstance(b, ast.BoolOp):
                for k, v in enumerate(b.values):
                    if any(n is walrus for n in ast.walk(v)):
                        for later in b.values[k + 1:]:
                            allowed |= {id(n) for n in reads(later)}
    return all(id(n) in allowed for root in roots for n in reads(root))


def _last_line(node) -> int:
    return max((getattr(n, "end_lineno", 0) or getattr(n, "lineno", 1) for n in ast.walk(node)), default=1)


def _target_names(node) -> list:
    if isinstance(node, ast.Name):
        return [node.id]
    if isinstance(node, ast.Tuple) and all(isinstance(e, ast.Name) for e in node.elts):
        return [e.id for e in node.elts]
    raise CompileError(Loc("?", getattr(node, "lineno", 1), 1), "unsupported loop target")


def _runtime_type_names(cls) -> list:
    """The type(x).__name__ values (muna's object.hpp names) that isinstance(x, cls) accepts."""
    import numbers
    import numpy as np
    table = {int: ["int", "bool"], float: ["float", "float32"], str: ["str"], bool: ["bool"], list: ["list"],
             dict: ["dict"], tuple: ["tuple"], set: ["set"], type(None): ["NoneType"], np.ndarray: ["ndarray"],
             numbers.Number: ["int", "bool", "float", "float32"], numbers.Real: ["int", "bool", "float", "float32"],
             numbers.Integral: ["int", "bool"], object: ["int", "bool", "float", "float32", "str", "list", "dict",
                                                          "tuple", "set", "NoneType", "ndarray"]}
    return table.get(cls, [])


def _isinstance_classes(classes) -> tuple | None:
    """isinstance's second argument as classes: typing's aliases (`typing.Mapping`,
    `List[int]`) as the classes they stand for; None when one is not a class."""
    flat = classes if isinstance(classes, tuple) else (classes,)
    out = []
    for c in flat:
        c = typing.get_origin(c) or c
        if not isinstance(c, type):
            return None
        out.append(c)
    return tuple(out)


def _python_class_matches(t: Type, classes) -> bool:
    """isinstance of a runtime value, decided from its static type (`classes` are classes, see
    _isinstance_classes; a value whose type muna decides at run time is not asked here)."""
    cls = python_class(t)
    if cls is None:
        return False
    classes = classes if isinstance(classes, tuple) else (classes,)
    return any(issubclass(cls, c) for c in classes)


def python_class(t: Type):
    """The Python class of every value of static type `t`, or None (a value of unknown type, an
    `int | float`, an Optional)."""
    import numpy as np
    from .types import BytesT, EnumT, RecordT, RecordTupleT
    py = {"int": int, "float": float, "bool": bool}
    if isinstance(t, RecordTupleT) and t.cls is not None:
        cls = t.cls
    elif isinstance(t, (RecordT, EnumT)):
        cls = t.cls
    elif isinstance(t, SetT):
        cls = set
    elif isinstance(t, Scalar):
        cls = py[t.name]
    elif isinstance(t, Str):
        cls = str
    elif isinstance(t, BytesT):
        cls = bytearray if t.mutable else bytes
    elif isinstance(t, ListT):
        cls = list
    elif isinstance(t, DictT):
        cls = dict
    elif isinstance(t, TupleT):
        cls = tuple
    elif isinstance(t, NoneT):
        cls = type(None)
    elif isinstance(t, TensorT) or (isinstance(t, DynTensorT) and not t.scalar):
        cls = np.ndarray if t.lib == "numpy" else sys.modules["torch"].Tensor
    elif isinstance(t, NumpyScalar) and t.dtype in np.sctypeDict:
        cls = np.dtype(t.dtype).type  # np.float64 is a float, np.float32 is not
    elif isinstance(t, ObjectT) and t.kind in ("re.Match", "re.Pattern"):
        import re
        cls = re.Match if t.kind == "re.Match" else re.Pattern
    else:
        return None
    return cls


def _zero_d_kept(declared: Type, returned: list) -> Type:
    """The declared return type, with an array of rank left open given rank 0 where every return
    gives a 0-d array the body knows is one (`t.sum().numpy()`): it crosses as a 0-d array, not as
    the NumPy scalar an array of unknown rank hands back for a 0-d result (emit.abi_type)."""
    if isinstance(declared, TensorT) and declared.rank is None and returned and \
            all(isinstance(t, TensorT) and t.rank == 0 for t in returned):
        return declared.with_(rank=0)
    if isinstance(declared, TupleT) and all(isinstance(t, TupleT) and len(t.items) == len(declared.items)
                                            for t in returned):
        return TupleT(tuple(_zero_d_kept(d, [t.items[k] for t in returned]) for k, d in enumerate(declared.items)))
    return declared


def _check_interface(builder, node, t, what):
    """re.Match and re.Pattern values live inside a library; they cannot cross its ABI."""
    inner = strip_literal(t)
    while isinstance(inner, (OptionalT, ListT)):
        inner = inner.item
    if isinstance(inner, RegexT) or (isinstance(inner, TupleT) and any(isinstance(i, RegexT) for i in inner.items)):
        builder.unsupported(node, f"{t} as {what} of a compiled function",
                            "return the match's text or spans (m.group(), m.span()) instead")


def _library_code(fn) -> bool:
    """Functions of the standard library or installed packages: muna supports those it knows
    through the registry and never compiles their source (only the user's own code, and the
    methods of nn.Module instances)."""
    return _library_path(getattr(getattr(fn, "__code__", None), "co_filename", "") or "")


def _library_path(path: str) -> bool:
    roots = {sys.prefix + "/lib", sys.base_prefix + "/lib", "/usr/lib/python3", "<frozen", "<__array_function__"}
    return path.startswith(tuple(r for r in roots if r)) or "site-packages" in path or "dist-packages" in path


def _compilable(value):
    """(function, self) when `value` is Python code muna compiles itself: a plain function or
    method of the user's code, an nn.Module instance (its forward, library code included), or
    an instance of the user's class with a __call__."""
    if isinstance(value, pytypes.FunctionType) and _library_code(inspect.unwrap(value)):
        return None
    value = unwrapped(value)
    if isinstance(value, pytypes.FunctionType):
        return (value, None) if not _library_code(value) else None
    if isinstance(value, pytypes.MethodType) and isinstance(value.__func__, pytypes.FunctionType):
        if _library_code(value.__func__) and not _is_module(value.__self__):
            return None
        return value.__func__, value.__self__
    if _is_module(value):
        from .torch_forwards import replacement_forward
        forward = replacement_forward(value) or type(value).forward
        if isinstance(forward, pytypes.FunctionType):
            return forward, value
    call = getattr(type(value), "__call__", None)
    if not isinstance(value, type) and isinstance(call, pytypes.FunctionType) and not _library_code(call):
        return call, value  # an instance of the user's class that defines __call__ (a module-level pipeline)
    return None


def _as_load(node):
    """An assignment target read as a value (`x[i] += 1` reads x[i]): a copy that loads. (A copy
    of the tree, not a reparse of its text: a constructor's `self.x` is a variable of that name.)"""
    new = copy.deepcopy(node)
    new.ctx = ast.Load()
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
        fn = exported(getattr(module, n, None))
        if not isinstance(fn, pytypes.FunctionType):
            raise CompileError(Loc(path, 1, 1), f"module has no function '{n}'")
        functions.append(fn)
    fields, items = {}, {}
    for _ in range(MAX_WIDENINGS):
        try:
            return _build_functions(path, names, functions, fields, items)
        except Rebuild as w:  # built again with the field (the list) holding both types
            widened = fields if isinstance(w, FieldWidened) else items
            if widened.get(w.key) == w.type:
                what = f"field '{w.key[1]}' of {w.key[0].__name__}" if widened is fields else "this list's items"
                raise CompileError(w.loc, f"the type of {what} does not settle (a muna bug; please report it)")
            widened[w.key] = w.type
    raise CompileError(Loc(path, 1, 1), f"the types of fields and lists do not settle after {MAX_WIDENINGS} builds; "
                       "annotate them (in the class body; `xs: list[float] = []`)")


# Builds of a program that find a field to widen (FieldWidened) before its types settle.
MAX_WIDENINGS = 16


def _build_functions(path, names, functions, fields, items) -> Program:
    program = Program(entry=None, source_file=path, entry_names=tuple(names), widened_fields=dict(fields),
                      widened_items=dict(items))
    from .specialize import build_entry
    for fn in functions:
        export = build_entry(program, fn, FunctionBuilder)
        program.exports.append(export)
        for s in export.specializations:
            if all(f.name != s.function.name for f in program.entries):
                program.entries.append(s.function)
    program.entry = program.entries[0]
    return program
