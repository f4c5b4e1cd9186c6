"""Typed IR -> one readable C++17 translation unit exporting the C ABI.

Each statement is preceded by its Python line; helpers live in an anonymous namespace and only
the ABI entry points are exported. Array constants are never C++ literals: they go to a blob
that the assembler includes (.incbin) in a read-only, 64-byte aligned section.
"""
from __future__ import annotations

import json
import os
import re

from .annotations import is_pattern
from .constants import Blob, array_of, bf16_bits, cpp_literal
from .ir import Expr, Function, Program, Target, stmt_exprs, walk_exprs, walk_stmts
from . import outline
from .passes import headers_of
from .records import user_dunder
from .registry import REGISTRY
from .types import (AnyT, BytesT, Scalar, ScalarKindsT, list_of_arrays, DTypeT, DynTensorT, ELLIPSIS, BOOL, FunctionT, INT, IterT, IteratorT, ObjectT, SliceT, FLOAT, NONE, STR, DictT, ListT, LiteralT, NumberT, NumpyScalar, OptionalT,
                    RecordTupleT, TensorT, TupleT, Type, python_float_to_integer, strip_literal, CPP_COMPLEX, CPP_DTYPE, cpp_dtype)

CPP_RESERVED = {
    "alignas", "alignof", "and", "asm", "auto", "bitand", "bitor", "bool", "case", "catch", "char",
    "class", "compl", "const", "constexpr", "default", "delete", "do", "double", "enum", "explicit",
    "export", "extern", "float", "friend", "goto", "inline", "int", "long", "mutable", "namespace",
    "new", "noexcept", "not", "operator", "or", "private", "protected", "public", "register",
    "short", "signed", "sizeof", "static", "struct", "switch", "template", "this", "throw",
    "typedef", "typename", "union", "unsigned", "using", "virtual", "void", "volatile", "xor",
    "result", "args", "nargs", "constants",
}


def _acts(e: Expr) -> bool:
    """Whether evaluating `e` may do more than compute a value that nothing else depends on:
    call the user's code, change its argument, assign, read an iterator (whose items are
    then gone: `[next(it)] + sorted(it)` must call next first)."""
    for x in walk_exprs(e):
        if x.op in ("invoke", "assign_expr"):
            return True
        if isinstance(strip_literal(getattr(x, "type", None)), IteratorT):
            return True
        if x.op == "call" and REGISTRY[x.attr("op")].mutates:
            return True
    return False


# Expressions that never raise: reading a name, a constant or an operand of a dispatch (its
# dtype already matched), building a display or a slice.
_NEVER_RAISE = frozenset({"var", "const", "global", "tuple", "list", "slice", "lambda", "dispatch_arg"})


_NAMES = frozenset({"var", "global", "const"})

# The calls a loop walks as a view of the dict (muna/python/iterate.hpp DictPart).
_DICT_PARTS = {"dict.keys": "Keys", "dict.values": "Values", "dict.items": "Items"}


def _may_raise(e: Expr) -> bool:
    """Whether evaluating `e` may raise (emit.in_order keeps two such operands in order)."""
    return any(x.op not in _NEVER_RAISE and (x.op != "convert" or _conversion_raises(x)) for x in walk_exprs(e))


def _conversion_raises(e: Expr) -> bool:
    """Whether a conversion (expr_convert) can raise: unwrapping an Optional or a dynamic value,
    or a Python float (or int | float) made an integer. Array casts and numeric widening do not."""
    src, to = strip_literal(e.args[0].type), strip_literal(e.type)
    return isinstance(src, (OptionalT, AnyT, NumberT)) or python_float_to_integer(src, to)


# Module-level bytes constants larger than this are stored in the weight blob, not as literals.
BYTES_IN_BLOB = 4096


def ident(name: str) -> str:
    name = re.sub(r"\W", "_", name)
    return name + "_" if name in CPP_RESERVED else name


class Emitter:
    def __init__(self, program: Program, blob_path: str | None):
        self.program = program
        self.blob_path = blob_path
        self.blob = Blob()
        self.tmp = 0
        self.lines: list[str] = []
        self.sites: list[tuple] = []  # --profile: (where, Python statement) per timed statement
        self.loop_flags: list = []  # per loop being emitted: its for/else flag, or None
        self.bound: dict = {}  # id(Expr) -> C++ name holding its value (expr_chain)
        self.slot_names: dict = {}  # a dispatch slot -> its parameter's name, in an outlined dispatch
        self.outlined: dict = {}  # name -> (headers, definition): outline.py

    def enum_types(self) -> dict:
        """Every Enum class whose members the program's functions hold."""
        from .records import enum_classes
        found = {}
        for f in self.program.functions():
            types = [p.type for p in f.params] + [t for _, t in f.locals] + [f.returns]
            types += [e.type for s in walk_stmts(f.body) for e in stmt_exprs(s)]
            for t in types:
                found.update(enum_classes(t))
        return found

    def record_types(self) -> dict:
        """Every record type the program's functions use, inner ones first."""
        from .records import record_classes
        found = {}
        for f in self.program.functions():
            types = [p.type for p in f.params] + [t for _, t in f.locals] + [f.returns]
            types += [e.type for s in walk_stmts(f.body) for e in stmt_exprs(s)]
            for t in types:
                for info, rt in record_classes(t).items():
                    found.setdefault(info, rt)
        # A record's fields may be records: their structs come first.
        ordered = {}

        def add(info, rt):
            if info in ordered:
                return
            for sub_info, sub in record_classes(rt).items():
                if sub_info != info:
                    add(sub_info, sub)
            ordered[info] = rt
        for info, rt in found.items():
            add(info, rt)
        return ordered

    def fresh(self, base="t") -> str:
        self.tmp += 1
        return f"{base}{self.tmp}_"

    # --- expressions --------------------------------------------------------------------------
    def expr(self, e: Expr) -> str:
        if id(e) in self.bound:
            return self.bound[id(e)]
        return getattr(self, "expr_" + e.op)(e)

    def expr_chain(self, e):
        """`a < f(b) < c`: each operand once, left to right; false at the first false link."""
        n = e.attr("n")
        operands, links = e.args[:n], e.args[n:]
        names = [self.fresh("c") for _ in operands]
        out = f"auto {names[0]} = {self.expr(operands[0])}; "
        for i, link in enumerate(links):
            out += f"auto {names[i + 1]} = {self.expr(operands[i + 1])}; "
            for o, name in zip(operands, names):
                self.bound[id(o)] = name
            test = self.expr(link)
            for o in operands:
                self.bound.pop(id(o), None)
            if e.type == BOOL:
                out += f"if (!({test})) return false; " if i < len(links) - 1 else f"return {test};"
                continue
            # links of run-time type (`0 < v < 10` of an Any): the first false link's own value,
            # else the last's, as Python's `and` gives them
            result = strip_literal(e.type).cpp()
            link_value = f"{result}({test})" if strip_literal(link.type) != strip_literal(e.type) else test
            out += (f"{{ {result} l_ = {link_value}; if (!muna::python::truth(l_)) return l_; }} "
                    if i < len(links) - 1 else f"return {result}({test});")
        return f"[&]() -> {strip_literal(e.type).cpp()} {{ {out} }}()"

    def expr_const(self, e):
        t = strip_literal(e.type)
        if t == ELLIPSIS:
            return "muna::Ellipsis"
        if isinstance(t, NumpyScalar) and t.dtype in CPP_COMPLEX:  # a number promoted to complex
            v = complex(e.attr("value"))
            return f"{CPP_COMPLEX[t.dtype]}({cpp_literal(v.real, FLOAT)}, {cpp_literal(v.imag, FLOAT)})"
        if isinstance(t, NumpyScalar):
            return f"static_cast<{CPP_DTYPE[t.dtype]}>({cpp_literal(float(e.attr('value')), FLOAT) if t.dtype in ('float32', 'float64', 'bfloat16') else int(e.attr('value'))})"
        return cpp_literal(e.attr("value"), t)

    def expr_slice(self, e):
        parts = ["std::nullopt" if a.op == "const" and a.attr("value") is None else self.expr(a) for a in e.args]
        return f"muna::Slice{{{', '.join(parts)}}}"

    def expr_invoke(self, e):
        return self.in_order(e.args, lambda args: f"{ident(e.attr('function'))}({', '.join(args)})")

    def expr_seq(self, e):
        """Evaluate the first (for what it does: raising, changing a list), be the second."""
        return f"((void)({self.expr(e.args[0])}), {self.expr(e.args[1])})"

    def expr_assign_expr(self, e):
        return f"({ident(e.attr('name'))} = {self.expr(e.args[0])})"

    def expr_is_none(self, e):
        if isinstance(strip_literal(e.args[0].type), AnyT):
            return f"{self.expr(e.args[0])}.is_none()"
        return f"!{self.expr(e.args[0])}.has_value()"

    def expr_var(self, e):
        return ident(e.attr("name"))

    def expr_global(self, e):
        if e.attr("packed"):
            return f"constants::{ident(e.attr('name'))}_packed()"
        return f"constants::{ident(e.attr('name'))}()"

    def expr_call(self, e):
        op = REGISTRY[e.attr("op")]
        return self.in_order(e.args, lambda args: self.call_text(op, e, args))

    def call_text(self, op, e, args) -> str:
        if op.emit is not None:
            text = op.emit(args, e)
        else:
            template = e.attr("template")
            targs = f"<{', '.join(template)}>" if template else ""
            text = f"{op.cpp}{targs}({', '.join(args)})"
        t = strip_literal(e.type)
        if op.keeps_0d_array and isinstance(t, TensorT) and t.lib == "numpy" and t.rank in (None, 0):
            # (rank 0 too: a value of known rank 0 may flow into one of unknown rank)
            return f"({text}).as_0d_array()"
        return text

    def in_order(self, operands, build) -> str:
        """C++ evaluates the operands of a call or operator in no fixed order; Python left to
        right. Where two or more of them do something (call the user's functions, change a
        container, assign) or may raise (the first to raise is the exception Python gives),
        they are evaluated into temporaries first, in Python's order. A name is held by
        reference (the object it names, as Python passes it); any other operand by value: its
        result may be a reference into a temporary of its own (`a.split()[-1]`), gone at the
        end of its declaration."""
        texts = [self.expr(a) for a in operands]
        if sum(1 for a in operands if _acts(a) or _may_raise(a)) < 2:
            return build(texts)
        names = [self.fresh("arg") for _ in operands]
        decls = " ".join(f"{'auto&&' if a.op in _NAMES else 'auto'} {n} = {t};"
                         for a, n, t in zip(operands, names, texts))
        return f"[&]() {{ {decls} return {build(names)}; }}()"

    expr_subscript = expr_call

    def expr_dispatch(self, e):
        """A call on arrays of run-time dtype (dispatch.py): its operands evaluated once, in
        order, then the branch of their dtypes, its result as the dispatch's type; the branches
        a function of their own where they can be (outline.py)."""
        slots = e.attr("slots")
        operands = e.args[:len(slots)]
        result = strip_literal(e.type).cpp()
        lines = [self.slot(s, a) for s, a in zip(slots, operands)]
        where = json.dumps(str(e.loc))  # a C string literal: JSON's escapes are C's
        if outline.outlinable(e, len(slots), lambda name: exception_cpp(name).startswith("muna::")):
            lines.append(f"return muna_outlined::{self.outline_dispatch(e)}({', '.join([*slots, where])});")
        else:
            lines += self.dispatch_switch(e, slots, where)
        return f"[&]() -> {result} {{\n" + "".join(f"      {line}\n" for line in lines) + "    }()"

    def slot(self, slot: str, operand) -> str:
        """The declaration holding a dispatch's operand: a name by reference, anything else
        through muna::held (an rvalue by value: `std::get<0>(f())` refers into a temporary that
        dies with the declaration)."""
        if operand.op in _NAMES:
            return f"auto&& {slot} = {self.expr(operand)};"
        return f"auto&& {slot} = muna::held({self.expr(operand)});"

    def dispatch_switch(self, e, slots, where) -> list:
        """The switch of a dispatch whose operands are held in `slots`, as lines."""
        operands, branches = e.args[:len(slots)], e.args[len(slots):]
        result = strip_literal(e.type).cpp()
        keys = [self.dispatch_key_of(slots[k], strip_literal(operands[k].type)) for k in e.attr("dynamic")]
        lines = [f"switch (muna::dispatch_key({', '.join(keys)})) {{"]
        for dtypes, branch in zip(e.attr("keys"), branches):
            if strip_literal(e.type) == NONE:  # (the branch may be a call returning void: list.append)
                lines.append(f"  case {_dispatch_key(dtypes)}: {{ {self.expr(branch)}; return muna::None; }}")
                continue
            lines.append(f"  case {_dispatch_key(dtypes)}: return muna::dispatch_result<{result}>({self.expr(branch)});")
        for dtypes, raises, message in e.attr("refused"):
            lines.append(f"  case {_dispatch_key(dtypes)}: throw {exception_cpp(raises)}({cpp_literal(message, STR)});")
        return lines + ["  default: break;", "}", f"muna::dispatch_missing({where});"]

    def outline_dispatch(self, e) -> str:
        """The name of the function that is the dispatch `e`'s switch (outline.py): its text
        made with the operands as parameters a0, a1, ... and fresh names counted from zero, so
        that the same dispatch anywhere is the same text."""
        slots = e.attr("slots")
        params = [f"a{k}" for k in range(len(slots))]
        saved = self.tmp, self.slot_names
        self.tmp, self.slot_names = 0, dict(zip(slots, params))
        try:
            body = self.dispatch_switch(e, params, "where")
        finally:
            self.tmp, self.slot_names = saved
        signature = ", ".join([*(f"const {strip_literal(a.type).cpp()}& {p}" for a, p in zip(e.args, params)),
                               "const char* where"])
        definition = "\n".join([f"{strip_literal(e.type).cpp()} NAME({signature}) {{", *(f"  {line}" for line in body), "}"])
        # (The branches' headers only: the operands are evaluated by the caller.)
        headers = headers_of([x for b in e.args[len(slots):] for x in walk_exprs(b)], [a.type for a in e.args[:len(slots)]])
        name = outline.name_of(definition, headers)
        self.outlined[name] = (sorted(headers), definition.replace("NAME(", name + "(", 1))
        return name

    @staticmethod
    def dispatch_key_of(slot: str, t) -> str:
        """The dtype a dispatch switches on for an operand held in `slot` (see dispatch.py)."""
        if isinstance(t, DTypeT):
            return slot
        if list_of_arrays(t):
            return f"muna::list_dtype({slot}, {'true' if t.item.lib == 'torch' else 'false'})"
        if isinstance(t, ScalarKindsT):
            return f"{slot}.key()"
        if isinstance(t, NumberT):  # (dispatch.NUMBER_KINDS)
            kind = "muna::python::Number::Kind::"
            return (f"({slot}.kind() == {kind}Float ? muna::DType::Float64 : {slot}.kind() == {kind}Int "
                    "? muna::DType::Int64 : muna::DType::Bool)")
        return f"{slot}.dtype()"

    def expr_call_value(self, e):
        """A call of a function value known only at run time (function_values.call_value): the
        function's number, then the operands, evaluated once, in order; then the call of the
        option held."""
        slots, numbers = e.attr("slots"), e.attr("numbers")
        func, operands, branches = e.args[0], e.args[1:1 + len(slots)], e.args[1 + len(slots):]
        held = self.fresh("fn")
        lines = [f"const int64_t {held} = {self.expr(func)};"]
        lines += [self.slot(s, a) for s, a in zip(slots, operands)]
        lines.append(f"switch ({held}) {{")
        lines += [f"  case {n}: return {self.expr(b)};" for n, b in zip(numbers, branches)]
        lines += [f"  case {n}: throw {exception_cpp(raises)}({cpp_literal(message, STR)});"
                  for n, raises, message in e.attr("refused")]
        lines += ["  default: break;", "}", f"muna::dispatch_missing({json.dumps(str(e.loc))});"]
        return f"[&]() -> {strip_literal(e.type).cpp()} {{\n" + "".join(f"      {line}\n" for line in lines) + "    }()"

    def expr_dispatch_arg(self, e):
        slot, t = self.slot_names.get(e.attr("slot"), e.attr("slot")), strip_literal(e.type)
        if not e.attr("dynamic"):
            return slot
        if isinstance(e.attr("held"), ScalarKindsT):  # in the branch of the kind it holds
            return f"{slot}.as<{t.cpp()}>()"
        if isinstance(t, Scalar):  # a Python number of run-time kind, in the branch of its kind
            return f"{slot}.{ {'int': 'as_int', 'float': 'as_float', 'bool': 'as_bool'}[t.name]}()"
        if isinstance(t, NumpyScalar):
            return f"{slot}.scalar<{t.cpp()}>()"
        return f"{slot}.as<{cpp_dtype(t.dtype)}>()"

    def expr_convert(self, e):
        src, to = strip_literal(e.args[0].type), strip_literal(e.type)
        inner = self.expr(e.args[0])
        if isinstance(src, FunctionT) and (isinstance(to, FunctionT) or to == INT):  # its number, as it is
            return inner
        if isinstance(to, OptionalT):
            return f"{to.cpp()}()" if src == NONE else f"{to.cpp()}({inner})"
        if isinstance(to, AnyT) and isinstance(src, ScalarKindsT):
            return f"muna::python::object_of({inner})"
        if isinstance(to, AnyT) and isinstance(src, DynTensorT) and src.scalar:  # the NumPy scalar, not a 0-d array
            return f"muna::python::object_of(muna::python::numpy_scalar_of({inner}))"
        if isinstance(to, AnyT) and _open_rank_numpy(src):
            # A NumPy array of open rank holds a NumPy scalar where it is 0-d (x[i]), as it
            # crosses the ABI (abi_type): boxed as that scalar.
            return f"muna::python::object_of_numpy({inner})"
        if isinstance(to, AnyT) and type(src) in (ListT, TupleT, DictT) and abi_type(src) != src.cpp():
            # a container of NumPy scalars or arrays of open rank: boxed (shared, as Python shares
            # it) with the way it crosses the ABI, so they come back as NumPy gives them
            return f"muna::python::Object::crossing_as<{abi_type(src)}>({inner})"
        if isinstance(to, AnyT) and isinstance(src, NumpyScalar):  # boxed as a NumPy scalar, not a Python number
            return f"muna::python::object_of(muna::python::AnyScalar::numpy<{src.cpp()}>({inner}))"
        if isinstance(to, AnyT):  # an empty Optional is the Object None
            return f"muna::python::Object({inner})"
        if isinstance(src, OptionalT):
            return f"muna::python::unwrap({inner}, \"{to}\")"
        if isinstance(src, ScalarKindsT) and isinstance(to, (Scalar, NumpyScalar)):
            # Read as one number type (a name narrowed to one of its kinds, a value stored into
            # an array of a dtype): by value, as the number it holds converts.
            if to == BOOL or isinstance(to, NumpyScalar) and to.dtype == "bool":
                return f"muna::python::truth({inner})"
            if to == FLOAT or isinstance(to, NumpyScalar) and to.dtype.startswith("float"):
                return f"static_cast<{to.cpp()}>({inner}.number().as_float())"
            return f"static_cast<{to.cpp()}>(muna::python::number::to_int({inner}.number()))"
        if isinstance(src, AnyT) and isinstance(to, ScalarKindsT):  # (a number: Python's TypeError else)
            return f"muna::python::AnyScalar(muna::python::as<muna::python::Number>({inner}))"
        if isinstance(src, AnyT):
            return f"muna::python::as<{to.cpp()}>({inner})"
        if isinstance(to, ScalarKindsT):  # (python/any_scalar.hpp)
            if isinstance(src, ScalarKindsT):
                return inner
            if isinstance(src, NumpyScalar):
                return f"muna::python::AnyScalar::numpy<{src.cpp()}>({inner})"
            if isinstance(src, DynTensorT):
                return f"muna::python::numpy_scalar_of({inner})"
            return f"muna::python::AnyScalar({inner})" if isinstance(src, NumberT) else \
                f"muna::python::AnyScalar(static_cast<{src.cpp()}>({inner}))"
        if isinstance(to, NumberT):
            return f"muna::python::Number({inner})"
        if isinstance(src, NumberT):
            # A Number read where its kind is known (or a float is needed, as float(x)).
            read = {"int": "as_int()", "float": "as_float()", "bool": "as_bool()"}.get(getattr(to, "name", ""))
            if read:
                return f"{inner}.{read}"
            if isinstance(to, NumpyScalar) and to.dtype == "bool":
                return f"muna::python::number::truth({inner})"
            if isinstance(to, NumpyScalar) and to.dtype.startswith(("int", "uint")):
                return f"static_cast<{to.cpp()}>(muna::python::number::to_int({inner}))"  # exact past 2**53
            return f"static_cast<{to.cpp()}>({inner}.as_float())"
        if isinstance(to, DynTensorT):  # an array (or NumPy scalar) of one of its dtypes
            return f"muna::dispatch_result<muna::Array>({inner})"
        if isinstance(to, TensorT) and isinstance(src, NumpyScalar):
            return f"{to.cpp()}::scalar({inner})"
        if isinstance(to, NumpyScalar) and isinstance(src, TensorT) and src.rank == 0:
            return f"{inner}.data()[0]"  # a 0-d array's element (numpy_ufuncs.scalar_of_zero_d)
        if isinstance(to, TensorT) and isinstance(src, TensorT) and (src.lib, src.dtype) == (to.lib, to.dtype):
            return inner  # only the rank the compiler knows differs: the same array, not a copy
        if isinstance(to, TensorT):
            return f"muna::cast<{cpp_dtype(to.dtype)}>({inner})"
        if python_float_to_integer(src, to):
            return f"muna::numpy::integer_from_python_float<{to.cpp()}>({inner})"
        if (isinstance(to, NumpyScalar) and to.dtype.startswith(("int", "uint")) and isinstance(src, NumpyScalar)
                and src.dtype.startswith(("float", "bfloat"))):
            return f"muna::convert_element<{to.cpp()}>({inner})"  # NumPy's C cast, defined
        return f"static_cast<{to.cpp()}>({inner})"

    def expr_list(self, e):
        return f"{e.type.cpp()}{{{', '.join(self.expr(a) for a in e.args)}}}"

    def expr_tuple(self, e):
        # Braces: C++ evaluates a braced list left to right, as Python evaluates a tuple.
        return f"{e.type.cpp()}{{{', '.join(self.expr(a) for a in e.args)}}}"

    expr_closure = expr_tuple

    def expr_set(self, e):
        return f"{e.type.cpp()}{{{', '.join(self.expr(a) for a in e.args)}}}"

    def expr_dict(self, e):
        pairs = [f"{{{self.expr(k)}, {self.expr(v)}}}" for k, v in zip(e.args[::2], e.args[1::2])]
        return f"{e.type.cpp()}{{{', '.join(pairs)}}}"

    def expr_ifexp(self, e):
        c, a, b = (self.expr(x) for x in e.args)
        return f"({c} ? {a} : {b})"

    def expr_not(self, e):
        return f"!{self.expr(e.args[0])}"

    def expr_truth(self, e):
        return f"muna::python::truth({self.expr(e.args[0])})"

    def expr_and(self, e):
        return self._boolop(e, "&&", lambda v, rest: f"muna::python::truth({v}) ? {rest} : {v}")

    def expr_or(self, e):
        if e.attr("unwrap_left"):  # `opt or default`: the Optional's value when it is truthy
            return self._boolop(e, "||", lambda v, rest: f"muna::python::truth({v}) ? *{v} : {rest}")
        return self._boolop(e, "||", lambda v, rest: f"muna::python::truth({v}) ? {v} : {rest}")

    def _boolop(self, e, symbol, pick):
        a, b = (self.expr(x) for x in e.args)
        if e.type == BOOL and not e.attr("unwrap_left"):
            return f"({a} {symbol} {b})"
        # Python's value semantics: `a or b` is a if a is truthy, else b (b evaluated lazily).
        v = self.fresh("v")
        return f"[&] {{ auto {v} = {a}; return {pick(v, b)}; }}()"

    def expr_comp(self, e):
        kind, shape = e.attr("kind"), e.attr("shape")
        n_values = 2 if kind in ("dict", "next_default") else 1
        values = [self.expr(v) for v in e.args[:n_values]]
        out = self.fresh("out")
        if kind in ("any", "all"):  # stops at the first item that decides it
            body = f"if ({'' if kind == 'any' else '!'}{values[0]}) return {'true' if kind == 'any' else 'false'};"
        elif kind in ("next", "next_default"):  # next(genexp): the first item, nothing after it
            body = f"return {values[0]};"
        else:
            add = {"list": "push_back", "set": "add", "dict": "set"}[kind]
            body = f"{out}.{add}({', '.join(values)});"
        rest = list(e.args[n_values:])
        loops = []
        for target, n_conds in shape:
            iterable, conds = rest[0], rest[1:1 + n_conds]
            rest = rest[1 + n_conds:]
            loops.append((target, iterable, conds))
        for target, iterable, conds in reversed(loops):
            for c in reversed(conds):
                body = f"if ({self.expr(c)}) {{ {body} }}"
            item = self.fresh("item")
            body = (self.loop_header(iterable, f"{target.type.cpp()} {item}") + " { "
                    + self.declare_target(target, item) + body + " }")
        if kind in ("any", "all"):
            return f"[&] {{ {body} return {'false' if kind == 'any' else 'true'}; }}()"
        if kind == "next":
            return f"[&]() -> {e.type.cpp()} {{ {body} throw muna::StopIteration(); }}()"
        if kind == "next_default":
            return f"[&]() -> {e.type.cpp()} {{ auto {out} = {values[1]}; {body} return {out}; }}()"
        return f"[&] {{ {e.type.cpp()} {out}; {body} return {out}; }}()"

    def declare_target(self, t: Target, value: str) -> str:
        """Declarations binding a comprehension's target (names local to it)."""
        if t.kind == "name":
            return f"{t.type.cpp()} {ident(t.name)} = {value}; "
        tmp = self.fresh()
        out = f"auto {tmp} = {value}; "
        for i, item in enumerate(t.items):
            out += self.declare_target(item, f"std::get<{i}>({tmp})")
        return out

    def expr_lambda(self, e):
        params = ", ".join(f"const {t.cpp()}& {ident(n)}" for n, t in e.attr("params"))
        # `copies`: variables of an enclosing comprehension or lambda that a lazy iterator's
        # function reads; copied, since the iterator may outlive their C++ scope.
        captures = "".join(f", {ident(n)}" for n in e.attr("copies", ()))
        return f"[&{captures}]({params}) {{ return {self.expr(e.args[0])}; }}"

    def loop_header(self, iterable: Expr, decl: str) -> str:
        if iterable.op == "call" and iterable.attr("op") == "builtins.range":
            args = ", ".join(self.expr(a) for a in iterable.args)
            return f"for ({decl} : muna::python::Range({args}))"
        if isinstance(iterable.type, IterT):
            return f"for ({decl} : {self.expr(iterable)})"
        part = _DICT_PARTS.get(iterable.attr("op")) if iterable.op == "call" else None
        if part is not None and isinstance(strip_literal(iterable.args[0].type), DictT):
            # The dict itself, walked live, RuntimeError once its size changed (iterate.hpp).
            return f"for ({decl} : muna::python::iterate_dict<muna::python::DictPart::{part}>({self.expr(iterable.args[0])}))"
        # Lists (and sets) are walked by index, so items appended during the loop are seen, as
        # CPython's list iterator does.
        return f"for ({decl} : muna::python::iterate({self.expr(iterable)}))"

    # --- statements ---------------------------------------------------------------------------
    def emit(self, line: str, depth: int):
        self.lines.append("  " * depth + line)

    def block(self, body, depth):
        for s in body:
            # A trailing backslash would splice the next C++ line into this comment. (A
            # statement a pass adds has no source line of its own.)
            if s.source:
                self.emit(f"// L{s.loc.line}: {s.source.rstrip(chr(92) + ' ')}", depth)
            if self.program.profile and s.source and s.op in ("assign", "expr", "return"):
                # --profile: the statement runs inside a timing scope of its own site.
                site = len(self.sites)
                self.sites.append((f"{os.path.basename(s.loc.file)}:{s.loc.line}", s.source))
                self.emit(f"{{ muna::profile::Scope profiled_(profile_sites[{site}]);", depth)
                getattr(self, "stmt_" + s.op)(s, depth + 1)
                self.emit("}", depth)
                continue
            getattr(self, "stmt_" + s.op)(s, depth)

    def assign(self, t: Target, value: str, depth):
        if t.kind == "name":
            self.emit(f"{ident(t.name)} = {value};", depth)
        elif t.kind == "tuple":
            tmp = self.fresh()
            self.emit(f"{{ auto {tmp} = {value};", depth)
            for i, item in enumerate(t.items):
                self.assign(item, f"std::get<{i}>({tmp})", depth + 1)
            self.emit("}", depth)
        else:
            container, index = self.expr(t.container), self.expr(t.index)
            if isinstance(strip_literal(t.container.type), DictT):
                self.emit(f"{container}.set({index}, {value});", depth)
            elif isinstance(strip_literal(t.index.type), SliceT):
                self.emit(f"muna::python::list::set_slice({container}, {index}, {value});", depth)
            else:
                self.emit(f"{container}.set({index}, {value});", depth)

    def stmt_assign(self, s, depth):
        self.assign(s.targets[0], self.expr(s.exprs[0]), depth)

    def stmt_return(self, s, depth):
        self.emit(f"return {self.expr(s.exprs[0])};", depth)

    def stmt_expr(self, s, depth):
        self.emit(f"(void){self.expr(s.exprs[0])};", depth)

    def stmt_pass(self, s, depth):
        self.emit(";", depth)

    def stmt_break(self, s, depth):
        if self.loop_flags and self.loop_flags[-1]:
            self.emit(f"{self.loop_flags[-1]} = false;", depth)
        self.emit("break;", depth)

    def stmt_continue(self, s, depth):
        self.emit("continue;", depth)

    def stmt_raise(self, s, depth):
        if not s.targets:
            self.emit("throw;", depth)
            return
        self.emit(f"throw {exception_cpp(s.targets[0].name)}({self.expr(s.exprs[0])});", depth)

    def stmt_try(self, s, depth):
        # finally: a guard whose destructor runs the block on every way out (return, break,
        # exception), as Python does. else: runs only when the body raised nothing, outside the
        # handlers' reach.
        self.emit("{", depth)
        inner = depth + 1
        if s.finalbody:
            guard = self.fresh("finally")
            self.emit(f"muna::python::Finally {guard}([&] {{", inner)
            self.block(s.finalbody, inner + 1)
            self.emit("});", inner)
        ok = self.fresh("ok")
        if s.orelse:
            self.emit(f"bool {ok} = false;", inner)
        self.emit("try {", inner)
        self.block(s.body, inner + 1)
        if s.orelse:
            self.emit(f"{ok} = true;", inner + 1)
        exc = self.fresh("exc")
        self.emit(f"}} catch (const muna::Exception& {exc}) {{", inner)
        for i, (names, bound, body) in enumerate(s.handlers):
            test = " || ".join("true" if n in ("Exception", "BaseException") else
                               f"dynamic_cast<const {exception_cpp(n)}*>(&{exc}) != nullptr" for n in names)
            self.emit(f"{'if' if i == 0 else '} else if'} ({test}) {{", inner + 1)
            if bound:
                self.emit(f"muna::Exception {ident(bound)} = {exc};", inner + 2)
            self.block(body, inner + 2)
        self.emit("} else {" if s.handlers else "{", inner + 1)
        self.emit("throw;", inner + 2)
        self.emit("}", inner + 1)
        self.emit("}", inner)
        if s.orelse:
            self.emit(f"if ({ok}) {{", inner)
            self.block(s.orelse, inner + 1)
            self.emit("}", inner)
        self.emit("}", depth)

    def stmt_assert(self, s, depth):
        cond, msg = (self.expr(x) for x in s.exprs)
        self.emit(f"if (!{cond}) throw muna::AssertionError({msg});", depth)

    def stmt_if(self, s, depth):
        self.emit(f"if ({self.expr(s.exprs[0])}) {{", depth)
        self.block(s.body, depth + 1)
        if s.orelse:
            self.emit("} else {", depth)
            self.block(s.orelse, depth + 1)
        self.emit("}", depth)

    def stmt_while(self, s, depth):
        self.loop(s, depth, f"while ({self.expr(s.exprs[0])}) {{", lambda d: None)

    def stmt_for(self, s, depth):
        target = s.targets[0]
        item = self.fresh("item")

        def bind(d):
            if target.inner:  # the loop's own variable, declared in the body
                self.emit(f"{target.type.cpp()} {ident(target.name)} = {item};", d)
            else:
                self.assign(target, item, d)
        self.loop(s, depth, self.loop_header(s.exprs[0], f"{target.type.cpp()} {item}") + " {", bind)

    def loop(self, s, depth, header, bind):
        """A loop; with an else block (Python's for/else, while/else) a flag tells whether the
        loop ended by `break`."""
        flag = self.fresh("no_break") if s.orelse else None
        if flag:
            self.emit("{", depth)
            depth += 1
            self.emit(f"bool {flag} = true;", depth)
        self.loop_flags.append(flag)
        self.emit(header, depth)
        bind(depth + 1)
        self.block(s.body, depth + 1)
        self.emit("}", depth)
        self.loop_flags.pop()
        if flag:
            self.emit(f"if ({flag}) {{", depth)
            self.block(s.orelse, depth + 1)
            self.emit("}", depth)
            self.emit("}", depth - 1)

    # --- the translation unit -----------------------------------------------------------------
    def declaration(self, fn: Function) -> str:
        params = ", ".join(f"{p.type.cpp()} {ident(p.name)}" for p in fn.params)
        return f"{fn.returns.cpp()} {ident(fn.name)}({params})"

    def function(self, fn: Function):
        self.emit(f"// {fn.loc}: {fn.signature}", 0)
        self.emit(self.declaration(fn) + " {", 0)
        for name, t in fn.locals:
            self.emit(f"{t.cpp()} {ident(name)}{{}};  // {t}", 1)
        self.block(fn.body, 1)
        self.emit("}", 0)

    def constants(self):
        if not self.program.constants:
            return
        forms = {}  # constant -> how the code reads it: "plain", "packed" (GEMM), "table" (gather)
        for f in self.program.functions():
            for st in walk_stmts(f.body):
                for e in stmt_exprs(st):
                    if e.op == "global":
                        form = "packed" if e.attr("packed") else "table" if e.attr("table") else "plain"
                        forms.setdefault(e.attr("name"), set()).add(form)
        self.emit("namespace constants {", 0)
        for name, (t, value) in sorted(self.program.constants.items()):
            read_as = forms.get(name, {"plain"})
            if isinstance(t, ObjectT):
                kind = REGISTRY.object_kind(value)
                data = kind.to_bytes(value)
                offset = self.blob.add_bytes(data)
                self.emit(f"// {name}: {t}, {len(data)} bytes at blob offset {offset}", 0)
                self.accessor(name, t.cpp(), f"{t.cpp()}::from_blob(muna_weights + {offset}, {len(data)})")
            elif isinstance(t, TensorT):
                array = array_of(value)
                shape = ", ".join(str(d) for d in array.shape)
                # --precision bf16: a weight read only by GEMMs and row gathers is stored as
                # bf16, half the bytes to ship and page in (those ops round to bf16 or widen
                # exactly anyway for the GEMM; a gathered row is the bf16-rounded weight).
                stored = ("bfloat16" if self.program.precision == "bf16" and t.dtype == "float32"
                          and read_as <= {"packed", "table"} else t.dtype)
                tensor = f"muna::Tensor<{CPP_DTYPE[stored]}>"
                if array.size == 0:  # no bytes: nothing in the blob (which may then not exist)
                    self.emit(f"// {name}: {t}, shape ({shape}), empty", 0)
                    self.accessor(name, tensor, f"{tensor}::constant(nullptr, {{{shape}}})")
                else:
                    offset = self.blob.add(bf16_bits(array) if stored != t.dtype else array)
                    self.emit(f"// {name}: {t}, shape ({shape}), stored as {stored}, blob offset {offset}", 0)
                    self.accessor(name, tensor, f"{tensor}::constant(reinterpret_cast<const {CPP_DTYPE[stored]}*>"
                                                f"(muna_weights + {offset}), {{{shape}}})")
                if "packed" in read_as:
                    precision = "bf16" if self.program.precision == "bf16" else "f32"
                    self.emit(f"// {name} packed once, on first use, for the GEMM ({precision} weights)", 0)
                    self.accessor(f"{name}_packed", "muna::kernels::PackedWeight",
                                  f"muna::torch::nn::functional::pack_linear_weight({ident(name)}(), "
                                  f"muna::kernels::Precision::{precision})")
            elif isinstance(t, BytesT) and len(value) > BYTES_IN_BLOB:
                # Large bytes go to the blob, as arrays do: a C++ literal of megabytes is slow to
                # compile. The accessor copies them once, on first use.
                offset = self.blob.add_bytes(bytes(value))
                self.emit(f"// {name}: {t}, {len(value)} bytes at blob offset {offset}", 0)
                self.accessor(name, t.cpp(), f"{t.cpp()}(reinterpret_cast<const char*>(muna_weights + {offset}), {len(value)})")
            else:
                self.emit(f"// {name}: {t}", 0)
                self.accessor(name, t.cpp(), cpp_literal(value, t))
        self.emit("}  // namespace constants", 0)

    def accessor(self, name: str, cpp_type: str, init: str):
        """`name()`: the constant, built once, on first use."""
        self.emit(f"const {cpp_type}& {ident(name)}() {{", 0)
        self.emit(f"  static const {cpp_type} value = {init};", 0)
        self.emit("  return value;", 0)
        self.emit("}", 0)

    def object_headers(self) -> set:
        return {REGISTRY.object_kind(v).header for t, v in self.program.constants.values() if isinstance(t, ObjectT)}

    def entry(self, export):
        """`call_<name>`: reads and checks the ABI arguments, calls the function, converts the
        result; every exception becomes a status in muna::abi::invoke. A function compiled for
        several argument types (specialize.py) first picks the way in the arguments match."""
        specs = export.specializations
        self.emit(f"muna_status call_{ident(export.name)}(muna_value* const* args, size_t nargs, muna_value** result) {{", 0)
        self.emit("  return muna::abi::invoke(result, [&]() -> muna_value* {", 0)
        self.emit(f"    muna::abi::check_arity(nargs, {len(export.params)});", 0)
        if export.array_like:  # a list or number given for an array read only through np.asarray
            names = ", ".join(f'"{export.params[i][0]}"' for i in export.array_like)
            self.emit(f"    muna::abi::ArrayLikeArguments array_like(args, nargs, "
                      f"{{{', '.join(map(str, export.array_like))}}}, {{{names}}});", 0)
            self.emit("    args = array_like.args();", 0)
        if not export.generic:
            self.call_specialization(specs[0], "    ")
        else:
            varying = self.varying(export)
            for spec in specs:
                # (a body may not take a parameter's default: one for another kind than the default's)
                params = self.function_named(spec.function.name).params
                tests = [self.accepts(spec.types[i], i, params[i].default is not None) for i in varying]
                self.emit(f"    if ({' && '.join(tests) or 'true'}) {{", 0)
                self.call_specialization(spec, "      ")
                self.emit("    }", 0)
            self.mismatch(export, varying)
        self.emit("  });", 0)
        self.emit("}", 0)

    @staticmethod
    def varying(export) -> list:
        """The parameters whose accepted types differ between the ways in."""
        specs = export.specializations
        return [i for i in range(len(export.params)) if len({str(s.types[i]) for s in specs}) > 1]

    @staticmethod
    def accepts(t, i: int, has_default: bool) -> str:
        """The C++ test that argument i can be read as `t` (an array of run-time dtype: any of its
        dtypes)."""
        default = "true" if has_default else "false"
        if isinstance(t, DynTensorT):  # (the dtypes are checked when it is read)
            return f"muna::abi::accepts_any_tensor(args, nargs, {i}, {default}, {-1 if t.rank is None else t.rank})"
        rank = strip_literal(t).rank if isinstance(strip_literal(t), TensorT) and strip_literal(t).rank is not None else -1
        return f"muna::abi::accepts<{strip_literal(t).cpp()}>(args, nargs, {i}, {default}, {rank})"

    def function_named(self, name: str) -> Function:
        return next(f for f in self.program.entries if f.name == name)

    def call_specialization(self, spec, indent: str):
        fn = self.function_named(spec.function.name)
        names = []
        for i, p in enumerate(fn.params):
            var = ident(p.name)
            names.append(var)
            t = p.type
            if p.default is not None:
                default = f", [] {{ return {t.cpp()}({self.expr(p.default)}); }}"
            else:
                default = ""
            reader = f"muna::abi::argument<{abi_type(t)}>"
            if isinstance(t, DynTensorT):  # the dtypes its branches were compiled for
                allowed = ", ".join(f"muna::DType::{_DTYPE_ENUM[d]}" for d in t.dtypes)
                kind = "ndarray" if t.lib == "numpy" else "Tensor"
                self.emit(f'{indent}muna::abi::require_array(args, nargs, {i}, "{p.name}", {{{allowed}}}, "{kind}");', 0)
            self.emit(f'{indent}auto {var} = {reader}(args, nargs, {i}, "{p.name}"{default});', 0)
            if isinstance(t, (TensorT, DynTensorT)) and t.rank is not None:
                self.emit(f'{indent}muna::abi::require_rank({var}, {t.rank}, "{p.name}");', 0)
            if isinstance(t, LiteralT):
                allowed = ", ".join(cpp_literal(v, t.base) for v in t.values)
                self.emit(f'{indent}muna::abi::require_literal({var}, {{{allowed}}}, "{p.name}");', 0)
        value = f"muna::abi::Convert<{abi_type(fn.returns)}>::to({ident(fn.name)}({', '.join(names)}))"
        if isinstance(strip_literal(fn.returns), NumpyScalar):
            value = f"muna::abi::numpy_scalar({value}, MUNA_DTYPE_{strip_literal(fn.returns).dtype.upper()})"
        self.emit(f"{indent}return {value};", 0)

    def mismatch(self, export, varying):
        """The error when no way in takes the arguments: the first parameter whose value none
        accepts, with what is accepted; else the combination."""
        specs = export.specializations
        for i, (name, _, default) in enumerate(export.params):
            if default is None:
                self.emit(f"    if (nargs <= {i} || !args[{i}])", 0)
                self.emit(f'      throw muna::abi::ArgumentError("missing required argument \'{name}\'");', 0)
        for i in varying:
            name, _, default = export.params[i]
            kinds = _unique_strs(accepted_types(s.types[i]) for s in specs)
            tests = " || ".join(_unique_strs([self.accepts(s.types[i], i, default is not None)] for s in specs))
            self.emit(f"    if (!({tests}))", 0)
            self.emit(f'      throw muna::abi::ArgumentError(std::string("argument \'{name}\': got ") + '
                      f'muna::abi::given(args, nargs, {i}) + "; accepted: {json.dumps(", ".join(kinds))[1:-1]}");', 0)
        if len(varying) > 1:
            combos = "; ".join("(" + ", ".join(str(s.types[i]) for i in varying) + ")" for s in specs)
            self.emit(f'    throw muna::abi::ArgumentError("these arguments\' types are not accepted together; '
                      f'accepted: {json.dumps(combos)[1:-1]}");', 0)
        self.emit('    throw muna::abi::ArgumentError("no compiled form of this function takes these arguments");', 0)

    def exports(self):
        """The library's entry points, handed to MUNA_LIBRARY (muna/abi/library.hpp), which
        exports them, or makes them one target's table in a dispatching library."""
        entries = self.program.exports
        first = ident(entries[0].name)
        self.emit("const char* library_signature() {", 0)
        self.emit(f'  return R"muna_json({signature_json(self.program, entries[0])})muna_json";', 0)
        self.emit("}", 0)
        self.emit("", 0)
        listing = "[" + ", ".join(signature_json(self.program, f) for f in entries) + "]"
        self.emit("const char* library_functions() {", 0)
        self.emit(f'  return R"muna_json({listing})muna_json";', 0)
        self.emit("}", 0)
        self.emit("", 0)
        self.emit("muna_status library_call(muna_value* const* args, size_t nargs, muna_value** result) {", 0)
        self.emit(f"  return call_{first}(args, nargs, result);", 0)
        self.emit("}", 0)
        self.emit("", 0)
        self.emit("muna_status library_call_function(const char* name, muna_value* const* args, size_t nargs, muna_value** result) {", 0)
        for f in entries:
            self.emit(f'  if (name && std::string(name) == "{f.name}") return call_{ident(f.name)}(args, nargs, result);', 0)
        self.emit('  return muna::abi::invoke(result, [&]() -> muna_value* {', 0)
        self.emit('    throw muna::abi::ArgumentError(std::string("the library has no function named ") + (name ? name : "(null)"));', 0)
        self.emit("  });", 0)
        self.emit("}", 0)
        if self.program.profile:
            self.emit("", 0)
            self.emit("const char* library_profile() {", 0)
            self.emit("  thread_local std::string report;", 0)
            self.emit("  report = muna::profile::report(profile_sites);", 0)
            self.emit("  return report.c_str();", 0)
            self.emit("}", 0)

    def outlined_section(self) -> list:
        """The outlined dispatches (outline.py): each declared where build.py links the cached
        object that holds it (MUNA_OUTLINED_LINKED), else defined, local to this unit (a build
        compiles here one its cache has not seen before: MUNA_OUTLINED_HERE_<name>)."""
        if not self.outlined:
            return []
        lines = ["// Calls on arrays of run-time dtype, each a function of its own (codegen/muna/outline.py).",
                 "namespace muna_outlined {"]
        for name, (headers, definition) in self.outlined.items():
            lines += [f"#if defined(MUNA_OUTLINED_LINKED) && !defined({outline.HERE}{name})",
                      definition.split("\n", 1)[0][:-2] + ";", "#else", "static  // this unit's own",
                      outline.BEGIN + " ".join([name, *headers]), definition, outline.END, "#endif"]
        return lines + ["}  // namespace muna_outlined", ""]

    def translation_unit(self) -> str:
        fn = self.program.entry
        body_start = len(self.lines)
        self.emit("namespace {", 0)
        for info, t in self.enum_types().items():
            # An Enum class's members: names, values and the text Python prints for each.
            from .constants import cpp_literal
            members = list(t.cls)
            vt = t.value_type
            self.emit(f"struct {info} {{", 0)
            self.emit(f"  static constexpr const char* name = {json.dumps(t.cls.__qualname__)};", 0)
            self.emit(f"  static constexpr int64_t count = {len(members)};", 0)
            for field, texts in (("names", [m.name for m in members]), ("strs", [str(m) for m in members]),
                                 ("reprs", [repr(m) for m in members]), ("formats", [format(m, "") for m in members])):
                self.emit(f"  static constexpr const char* {field}[] = {{{', '.join(json.dumps(x) for x in texts)}}};", 0)
            self.emit(f"  using Value = {vt.cpp()};", 0)
            values = ", ".join(cpp_literal(m.value, vt) for m in members)
            self.emit(f"  static Value value(int64_t i) {{ static const Value values[] = {{{values}}}; return values[i]; }}", 0)
            self.emit("};", 0)
        for info, t in self.record_types().items():
            # The class and field names of a record type (its repr, and the ABI's class tag).
            names = t.fields if hasattr(t, "items") else tuple(n for n, _ in t.fields)
            self.emit(f"struct {info} {{", 0)
            self.emit(f"  static constexpr const char* name = {json.dumps(t.cls.__qualname__)};", 0)
            self.emit(f"  static constexpr const char* fields[] = {{{', '.join(json.dumps(n) for n in names)}}};", 0)
            params = getattr(t.cls, "__dataclass_params__", None)
            self.emit(f"  static constexpr bool compares_fields = {'true' if params is not None and params.eq else 'false'};", 0)
            own_eq = user_dunder(t.cls, "operator.eq") is not None
            self.emit(f"  static constexpr bool user_eq = {'true' if own_eq else 'false'};", 0)
            own_truth = any(user_dunder(t.cls, op) is not None for op in ("builtins.bool", "builtins.len"))
            self.emit(f"  static constexpr bool user_truth = {'true' if own_truth else 'false'};", 0)
            self.emit("};", 0)
        for name, base in self.program.user_exceptions.items():
            # The user's exception class: its own name, caught by handlers of its bases.
            self.emit(f"struct {exception_cpp(name)} : {exception_cpp(base)} {{", 0)
            self.emit(f"  explicit {exception_cpp(name)}(const std::string& message = \"\")", 0)
            self.emit(f"      : {exception_cpp(base)}(\"{name}\", message) {{}}", 0)
            self.emit(f"  {exception_cpp(name)}(std::string type, const std::string& message)", 0)
            self.emit(f"      : {exception_cpp(base)}(std::move(type), message) {{}}", 0)
            self.emit("};", 0)
        self.constants()
        self.emit("", 0)
        helpers = list(self.program.helpers.values())
        for helper in helpers:  # declared first: helpers may call each other and recurse
            self.emit(self.declaration(helper) + ";", 0)
        for helper in helpers:
            self.emit("", 0)
            self.function(helper)
        for entry in self.program.entries or [fn]:
            self.emit("", 0)
            self.function(entry)
        for export in self.program.exports:
            self.emit("", 0)
            self.entry(export)
        self.emit("", 0)
        self.exports()
        self.emit("}  // namespace", 0)
        self.emit("", 0)
        profile = "library_profile" if self.program.profile else "nullptr"
        self.emit(f"MUNA_LIBRARY(library_signature, library_functions, library_call, library_call_function, {profile})", 0)
        self.emit("#endif  // !MUNA_DISPATCHER", 0)
        if self.program.profile:
            table = ["muna::profile::Site profile_sites[] = {"]
            table += [f"    {{{json.dumps(w)}, {json.dumps(c, ensure_ascii=False)}}}," for w, c in self.sites]
            table += ["};"]
            self.lines[body_start + 1:body_start + 1] = table
        body = self.lines[body_start:]
        # The exported names as the user wrote them (a generic entry compiles to functions
        # named per dtype, e.g. normalize__float32).
        names = ",".join(e.name for e in self.program.exports) or fn.name
        head = [
            f"// Generated by muna from {self.program.source_file}, function {names.replace(',', ', ')}.",
            f"// {fn.signature}",
            f"// Regenerate with: ./muna compile {self.program.source_file}:{names} --emit cpp",
            "// Compiles on its own into a library for one target; muna/abi/library.hpp says how",
            "// codegen/muna/build.py also builds it as one variant of a dispatching library.",
            "#include <muna/abi/library.hpp>",
            "",
            "#if !defined(MUNA_DISPATCHER)",
            "#include <cstdint>",
            "#include <limits>",
            "#include <optional>",
            "#include <string>",
            "#include <tuple>",
            "",
            "#include <muna/core/slice.hpp>",
            "#include <muna/python/iterate.hpp>",
            "#include <muna/python/finally.hpp>",
            "#include <muna/python/list/set_slice.hpp>",
            *(["#include <muna/core/profile.hpp>"] if self.program.profile else []),
            *(["#include <muna/abi/array_like.hpp>"] if any(e.array_like for e in self.program.exports) else []),
            "#include <muna/python/truth.hpp>",
            "#include <muna/python/unwrap.hpp>",
        ] + [f"#include <{h}>" for h in sorted({h for f in self.program.functions() for h in f.includes}
                                                | self.object_headers())] + [""] + self.outlined_section()
        tail = []
        if self.blob.size:
            head += [
                "// The weights: included by the assembler into a read-only section, paged in",
                "// lazily by the OS; never C++ literals. The blob sits beside this file.",
                "extern \"C\" const unsigned char muna_weights[];",
                "",
            ]
            tail = [
                "",
                "// Once per library: a dispatching library's variants all read the dispatcher's copy.",
                "#if !defined(MUNA_VARIANT)",
                "// A large-data section (x86-64 'l' flag): the linker places it after the code, so a",
                "// multi-GB blob never pushes code out of 32-bit reach of the PLT; the code reaches it",
                "// with 64-bit addressing (-mcmodel=medium treats the incomplete array as large).",
                "__asm__(\".section .lrodata.muna_weights,\\\"al\\\",@progbits\\n\"",
                "        \".balign 64\\n.globl muna_weights\\n.hidden muna_weights\\n\"",
                f"        \"muna_weights:\\n.incbin \\\"{os.path.basename(self.blob_path)}\\\"\\n.previous\\n\");",
                "#endif",
            ]
        return "\n".join(head + body + tail) + "\n"


def _dispatch_key(dtypes) -> str:
    return f"muna::dispatch_key({', '.join(_KEY_ENUM.get(d) or 'muna::DType::' + _DTYPE_ENUM[d] for d in dtypes)})"


# The kinds of a Python number beside NumPy scalars' dtypes (ScalarKindsT.key).
_KEY_ENUM = {"py:bool": "muna::python::kPyBool", "py:int": "muna::python::kPyInt", "py:float": "muna::python::kPyFloat"}


_DTYPE_ENUM = {"bool": "Bool", "uint8": "UInt8", "int8": "Int8", "int16": "Int16", "int32": "Int32",
               "int64": "Int64", "float32": "Float32", "float64": "Float64", "bfloat16": "BFloat16",
               "complex64": "Complex64", "complex128": "Complex128"}


def type_json(t: Type) -> str:
    return str(t)


def exception_cpp(name: str) -> str:
    """The C++ class of a Python exception: muna's for the builtins, the program's own for a
    class the user derived from one (declared by Emitter.user_exceptions)."""
    from .frontend import EXCEPTION_CLASSES
    return f"muna::{name}" if name in EXCEPTION_CLASSES else f"user_exception_{name}"


def _open_rank_numpy(t: Type) -> bool:
    """A NumPy array of open rank, which holds a NumPy scalar where it is 0-d (abi_type)."""
    t = strip_literal(t)
    return isinstance(t, (TensorT, DynTensorT)) and t.lib == "numpy" and t.rank is None and not getattr(t, "scalar", False)


def abi_type(t: Type) -> str:
    """The C++ type naming how a value crosses the ABI: its own, except a NumPy array of
    unknown rank, whose 0-d results are NumPy scalars (as NumPy returns them), a NumPy scalar
    (tagged with its dtype), an Enum member (tagged with its class), and containers of them."""
    t = strip_literal(t)
    if isinstance(t, TensorT) and t.lib == "numpy" and t.rank is None:
        return f"muna::abi::ScalarIf0d<{cpp_dtype(t.dtype)}>"
    if isinstance(t, DynTensorT):
        if t.scalar:
            return "muna::abi::NumpyScalarOf<muna::Array>"
        return "muna::abi::ScalarIf0d<muna::Array>" if t.lib == "numpy" and t.rank is None else "muna::Array"
    from .types import EnumT
    if isinstance(t, EnumT):
        return f"muna::abi::EnumMember<{t.info}>"
    if isinstance(t, NumpyScalar):
        return f"muna::abi::NumpyScalarOf<{t.cpp()}>"
    if isinstance(t, RecordTupleT):
        return t.cpp()  # crosses tagged with its class (record.hpp)
    if type(t) is ListT and (item := abi_type(t.item)) != strip_literal(t.item).cpp():
        return f"muna::python::{'Tuple' if t.frozen else 'List'}<{item}>"
    if type(t) is DictT and (value := abi_type(t.value)) != strip_literal(t.value).cpp():
        return f"muna::python::Dict<{abi_type(t.key)}, {value}>"
    if isinstance(t, TupleT):
        return "std::tuple<" + ", ".join(abi_type(i) for i in t.items) + ">"
    return t.cpp()


def accepted_types(t) -> list:
    """The concrete type names a way in accepts for one parameter."""
    if isinstance(t, DynTensorT):
        name = "ndarray" if t.lib == "numpy" else "Tensor"
        rank = "" if t.rank is None else f", {t.rank}"
        return [f"{name}[{d}{rank}]" for d in t.dtypes]
    return [type_json(t)]


def _unique_strs(groups) -> list:
    out = []
    for g in groups:
        out += [x for x in g if x not in out]
    return out


def signature_json(program: Program, export) -> str:
    """{"name", "source", "params": [{"name", "type", "accepts"?, "default"?}], "returns"}: a
    parameter whose annotation leaves its type open lists the types the library accepts."""
    specs = export.specializations
    params = []
    for i, (name, t, default) in enumerate(export.params):
        entry = {"name": name, "type": type_json(t if export.generic and is_pattern(t) else specs[0].types[i])}
        if export.generic and is_pattern(t):
            entry["accepts"] = _unique_strs(accepted_types(s.types[i]) for s in specs)
        elif isinstance(specs[0].types[i], DynTensorT):  # one form for every dtype
            entry["type"] = type_json(t)
            entry["accepts"] = accepted_types(specs[0].types[i])
        if default is not None and default.op == "const":
            entry["default"] = default.attr("value")
        params.append(entry)
    returns = _unique_strs([type_json(s.function.returns)] for s in specs)
    out = {"name": export.name, "source": program.source_file, "params": params,
           "returns": returns[0] if len(returns) == 1 else (export.returns or "any")}
    classes = {}
    from .records import enum_classes, record_classes
    import inspect
    for s in specs:
        for t in [s.function.returns] + list(s.types):
            for rt in list(record_classes(t).values()) + list(enum_classes(t).values()):
                kind = "enum" if not hasattr(rt, "fields") else "namedtuple" if hasattr(rt, "items") else "dataclass"
                classes[rt.cls.__qualname__] = {"module": rt.cls.__module__, "qualname": rt.cls.__qualname__,
                                                "file": inspect.getsourcefile(rt.cls) or "", "kind": kind}
    if classes:
        out["classes"] = classes
    if export.generic:
        out["specializations"] = [{"params": [" | ".join(accepted_types(t)) for t in s.types],
                                   "returns": type_json(s.function.returns)}
                                  for s in specs]
    return json.dumps(out, ensure_ascii=False, default=_json_default)


def _json_default(value):
    """A default the signature's JSON has no form for: bytes, as {"bytes": "<hex>"}."""
    if isinstance(value, bytes):
        return {"bytes": value.hex()}
    raise TypeError(f"no JSON form for a default of type {type(value).__name__}")


def emit_program(program: Program, blob_path: str | None = None):
    """Returns (C++ source, blob bytes)."""
    e = Emitter(program, blob_path)
    source = e.translation_unit()
    return source, e.blob.bytes()
