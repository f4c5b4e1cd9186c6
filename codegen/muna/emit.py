"""Typed IR -> one readable C++17 translation unit exporting the C ABI.

Each statement is preceded by its Python line; helpers live in an anonymous namespace and only
the ABI entry points are exported. Array constants are never C++ literals: they go to a blob
that the assembler includes (.incbin) in a read-only, 64-byte aligned section.
"""
from __future__ import annotations

import json
import os
import re

from .constants import Blob, array_of, bf16_bits, cpp_literal
from .ir import Expr, Function, Program, Target, stmt_exprs, walk_stmts
from .registry import REGISTRY
from .types import (ELLIPSIS, BOOL, IterT, ObjectT, SliceT, FLOAT, INT, NONE, STR, DictT, ListT, LiteralT, NumpyScalar, OptionalT,
                    Scalar, TensorT, TupleT, Type, strip_literal, CPP_DTYPE)

CPP_RESERVED = {
    "alignas", "alignof", "and", "asm", "auto", "bitand", "bitor", "bool", "case", "catch", "char",
    "class", "compl", "const", "constexpr", "default", "delete", "do", "double", "enum", "explicit",
    "export", "extern", "float", "friend", "goto", "inline", "int", "long", "mutable", "namespace",
    "new", "noexcept", "not", "operator", "or", "private", "protected", "public", "register",
    "short", "signed", "sizeof", "static", "struct", "switch", "template", "this", "throw",
    "typedef", "typename", "union", "unsigned", "using", "virtual", "void", "volatile", "xor",
    "result", "args", "nargs",
}


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

    def fresh(self, base="t") -> str:
        self.tmp += 1
        return f"{base}{self.tmp}_"

    # --- expressions --------------------------------------------------------------------------
    def expr(self, e: Expr) -> str:
        return getattr(self, "expr_" + e.op)(e)

    def expr_const(self, e):
        t = strip_literal(e.type)
        if t == ELLIPSIS:
            return "muna::Ellipsis"
        if isinstance(t, NumpyScalar):
            return f"static_cast<{CPP_DTYPE[t.dtype]}>({cpp_literal(float(e.attr('value')), FLOAT) if t.dtype in ('float32', 'float64', 'bfloat16') else int(e.attr('value'))})"
        return cpp_literal(e.attr("value"), t)

    def expr_slice(self, e):
        parts = ["std::nullopt" if a.op == "const" and a.attr("value") is None else self.expr(a) for a in e.args]
        return f"muna::Slice{{{', '.join(parts)}}}"

    def expr_invoke(self, e):
        return f"{ident(e.attr('function'))}({', '.join(self.expr(a) for a in e.args)})"

    def expr_is_none(self, e):
        return f"!{self.expr(e.args[0])}.has_value()"

    def expr_var(self, e):
        return ident(e.attr("name"))

    def expr_global(self, e):
        if e.attr("packed"):
            return f"constants::{ident(e.attr('name'))}_packed()"
        return f"constants::{ident(e.attr('name'))}()"

    def expr_call(self, e):
        op = REGISTRY[e.attr("op")]
        args = [self.expr(a) for a in e.args]
        if op.emit is not None:
            return op.emit(args, e)
        template = e.attr("template")
        targs = f"<{', '.join(template)}>" if template else ""
        return f"{op.cpp}{targs}({', '.join(args)})"

    expr_subscript = expr_call

    def expr_convert(self, e):
        src, to = strip_literal(e.args[0].type), strip_literal(e.type)
        inner = self.expr(e.args[0])
        if isinstance(to, OptionalT):
            return f"{to.cpp()}()" if src == NONE else f"{to.cpp()}({inner})"
        if isinstance(src, OptionalT):
            return f"muna::python::unwrap({inner}, \"{to}\")"
        if isinstance(to, TensorT):
            return f"muna::cast<{CPP_DTYPE[to.dtype]}>({inner})"
        return f"static_cast<{to.cpp()}>({inner})"

    def expr_list(self, e):
        return f"{e.type.cpp()}{{{', '.join(self.expr(a) for a in e.args)}}}"

    def expr_tuple(self, e):
        # Braces: C++ evaluates a braced list left to right, as Python evaluates a tuple.
        return f"{e.type.cpp()}{{{', '.join(self.expr(a) for a in e.args)}}}"

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
        return self._boolop(e, "||", lambda v, rest: f"muna::python::truth({v}) ? {v} : {rest}")

    def _boolop(self, e, symbol, pick):
        a, b = (self.expr(x) for x in e.args)
        if e.type == BOOL:
            return f"({a} {symbol} {b})"
        # Python's value semantics: `a or b` is a if a is truthy, else b (b evaluated lazily).
        v = self.fresh("v")
        return f"[&] {{ auto {v} = {a}; return {pick(v, b)}; }}()"

    def expr_comp(self, e):
        kind, shape = e.attr("kind"), e.attr("shape")
        n_values = 2 if kind == "dict" else 1
        values = [self.expr(v) for v in e.args[:n_values]]
        out = self.fresh("out")
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
        return f"[&]({params}) {{ return {self.expr(e.args[0])}; }}"

    def loop_header(self, iterable: Expr, decl: str) -> str:
        if iterable.op == "call" and iterable.attr("op") == "builtins.range":
            args = ", ".join(self.expr(a) for a in iterable.args)
            return f"for ({decl} : muna::python::Range({args}))"
        if isinstance(iterable.type, IterT):
            return f"for ({decl} : {self.expr(iterable)})"
        # Lists (and sets) are walked by index, so items appended during the loop are seen, as
        # CPython's list iterator does.
        return f"for ({decl} : muna::python::iterate({self.expr(iterable)}))"

    # --- statements ---------------------------------------------------------------------------
    def emit(self, line: str, depth: int):
        self.lines.append("  " * depth + line)

    def block(self, body, depth):
        for s in body:
            # A trailing backslash would splice the next C++ line into this comment.
            self.emit(f"// L{s.loc.line}: {s.source.rstrip(chr(92) + ' ')}", depth)
            if self.program.profile and s.op in ("assign", "expr", "return"):
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
        self.emit("break;", depth)

    def stmt_continue(self, s, depth):
        self.emit("continue;", depth)

    def stmt_raise(self, s, depth):
        if not s.targets:
            self.emit("throw;", depth)
            return
        self.emit(f"throw muna::{s.targets[0].name}({self.expr(s.exprs[0])});", depth)

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
                               f"dynamic_cast<const muna::{n}*>(&{exc}) != nullptr" for n in names)
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
        self.emit(f"while ({self.expr(s.exprs[0])}) {{", depth)
        self.block(s.body, depth + 1)
        self.emit("}", depth)

    def stmt_for(self, s, depth):
        target = s.targets[0]
        item = self.fresh("item")
        self.emit(self.loop_header(s.exprs[0], f"{target.type.cpp()} {item}") + " {", depth)
        self.assign(target, item, depth + 1)
        self.block(s.body, depth + 1)
        self.emit("}", depth)

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
                offset = self.blob.add(bf16_bits(array) if stored != t.dtype else array)
                tensor = f"muna::Tensor<{CPP_DTYPE[stored]}>"
                self.emit(f"// {name}: {t}, shape ({shape}), stored as {stored}, blob offset {offset}", 0)
                self.accessor(name, tensor, f"{tensor}::constant(reinterpret_cast<const {CPP_DTYPE[stored]}*>"
                                            f"(muna_weights + {offset}), {{{shape}}})")
                if "packed" in read_as:
                    precision = "bf16" if self.program.precision == "bf16" else "f32"
                    self.emit(f"// {name} packed once, on first use, for the GEMM ({precision} weights)", 0)
                    self.accessor(f"{name}_packed", "muna::kernels::PackedWeight",
                                  f"muna::torch::nn::functional::pack_linear_weight({ident(name)}(), "
                                  f"muna::kernels::Precision::{precision})")
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

    def entry(self, fn: Function):
        """`call_<name>`: reads and checks the ABI arguments, calls the function, converts the
        result; every exception becomes a status in muna::abi::invoke."""
        self.emit(f"muna_status call_{ident(fn.name)}(muna_value* const* args, size_t nargs, muna_value** result) {{", 0)
        self.emit("  return muna::abi::invoke(result, [&] {", 0)
        self.emit(f"    muna::abi::check_arity(nargs, {len(fn.params)});", 0)
        names = []
        for i, p in enumerate(fn.params):
            var = ident(p.name)
            names.append(var)
            t = p.type
            if p.default is not None:
                default = f", [] {{ return {t.cpp()}({self.expr(p.default)}); }}"
            else:
                default = ""
            self.emit(f'    auto {var} = muna::abi::argument<{t.cpp()}>(args, nargs, {i}, "{p.name}"{default});', 0)
            if isinstance(t, TensorT) and t.rank is not None:
                self.emit(f'    muna::abi::require_rank({var}, {t.rank}, "{p.name}");', 0)
            if isinstance(t, LiteralT):
                allowed = ", ".join(cpp_literal(v, t.base) for v in t.values)
                self.emit(f'    muna::abi::require_literal({var}, {{{allowed}}}, "{p.name}");', 0)
        self.emit(f"    return muna::abi::Convert<{fn.returns.cpp()}>::to({ident(fn.name)}({', '.join(names)}));", 0)
        self.emit("  });", 0)
        self.emit("}", 0)

    def exports(self):
        """The library's entry points, handed to MUNA_LIBRARY (muna/abi/library.hpp), which
        exports them, or makes them one target's table in a dispatching library."""
        entries = self.program.entries or [self.program.entry]
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

    def translation_unit(self) -> str:
        fn = self.program.entry
        body_start = len(self.lines)
        self.emit("namespace {", 0)
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
        for entry in self.program.entries or [fn]:
            self.emit("", 0)
            self.entry(entry)
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
        head = [
            f"// Generated by muna from {self.program.source_file}, function {fn.name}.",
            f"// {fn.signature}",
            f"// Regenerate with: ./muna compile {self.program.source_file}:{fn.name} --emit cpp",
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
            "#include <muna/python/truth.hpp>",
            "#include <muna/python/unwrap.hpp>",
        ] + [f"#include <{h}>" for h in sorted({h for f in self.program.functions() for h in f.includes}
                                                | self.object_headers())] + [""]
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


def type_json(t: Type) -> str:
    return str(t)


def signature_json(program: Program, fn: Function) -> str:
    params = []
    for p in fn.params:
        entry = {"name": p.name, "type": type_json(p.type)}
        if p.default is not None and p.default.op == "const":
            entry["default"] = p.default.attr("value")
        params.append(entry)
    return json.dumps({"name": fn.name, "source": program.source_file, "params": params,
                       "returns": type_json(fn.returns)}, ensure_ascii=False)


def emit_program(program: Program, blob_path: str | None = None):
    """Returns (C++ source, blob bytes)."""
    e = Emitter(program, blob_path)
    source = e.translation_unit()
    return source, e.blob.bytes()
