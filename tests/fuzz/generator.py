"""Random, well-typed Python programs in the language muna accepts (docs/language.md), or is meant
to accept, deterministic from a seed.

A program is one entry function (typed parameters and return) with its helpers and module-level
constants, plus a few argument sets. It is well-typed by construction: the generator tracks the
run-time type of every variable and builds each expression for the type it needs (fuzz_types.Ty),
so CPython runs it without TypeError/NameError; exceptions it raises are Python's own outcomes
(IndexError, ZeroDivisionError, ValueError from int("x"), OverflowError past int64 as muna
defines it, ...). Loops are bounded (ranges of small size, while loops with a fuel counter), so
every program ends.

Constructs muna rejects today are *features* chosen per program with a small probability
(FEATURES), so most programs compile and the rest measure the coverage gap: generator
expressions, walrus, for/else, while/else, star-unpacking, comprehension variables shadowing a
local, attribute augmented assignment.

    from generator import generate
    program = generate(seed=1, index=7)   # Program: .source, .entry, .params, .arg_sets
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from fuzz_types import (BOOL, DTYPES, FLOAT, FLOAT_DTYPES, INT, KEY_POOL, NP_NAME, NUM, SEQ, STR, STR_POOL,
                        Arr, Dict, List, NpScalar, Opt, Set, Ty, Tuple, annotation, literal, random_array,
                        random_value)

# Per-program probability of each construct muna does not accept today (docs/language.md lists
# the accepted language; these are meant to be or are plain Python a user writes).
FEATURES = {
    "genexp": 0.07,      # sum(x for x in xs), any(...), "".join(...)
    "walrus": 0.04,      # if (n := len(xs)) > 2:
    "for_else": 0.04,
    "while_else": 0.03,
    "star": 0.03,        # first, *rest = xs
    "shadow": 0.04,      # [x for x in ...] where x is a local of the function
    "attr": 0.02,        # obj.attr += 1 on a small class instance
}

SCALARS = (INT, FLOAT, BOOL, STR)
IMPORTS = """\
import numpy as np
import numpy.typing as npt
from typing import Optional
"""
BOX = """\
class Box:
    def __init__(self, v: int, w: float):
        self.v = v
        self.w = w
"""
HEADER = IMPORTS + "\n\n" + BOX


@dataclass
class Program:
    seed: int
    index: int
    entry: str
    params: list          # [(name, Ty)]
    returns: Ty
    source: str           # the program's module-level code: constants, helpers, the entry
    arg_sets: list        # [tuple of argument values]
    features: set = field(default_factory=set)

    def module(self) -> str:
        """A module holding just this program (the minimizer and the found/ repros use it)."""
        return HEADER + "\n\n" + self.source


def module_source(programs) -> str:
    return HEADER + "".join("\n\n" + p.source for p in programs)


def generate(seed: int, index: int) -> Program:
    """Program `index` of the campaign seeded `seed`: the same for any batch it is part of."""
    rng = random.Random(f"muna-fuzz:{seed}:{index}")
    return ProgramGen(rng, seed, index).build()


# --- program --------------------------------------------------------------------------------------

class ProgramGen:
    def __init__(self, rng, seed, index):
        self.rng = rng
        self.seed, self.index = seed, index
        self.prefix = f"p{index}"
        self.features = {f for f, p in FEATURES.items() if rng.random() < p}
        self.uses_numpy = rng.random() < 0.3
        self.helpers = []        # Helper
        self.constants = []      # (name, Ty)
        self.blocks = []         # source of helpers and constants, in order

    def chance(self, p):
        return self.rng.random() < p

    def param_types(self, n, allow_arrays):
        rng = self.rng
        types = []
        for _ in range(n):
            r = rng.random()
            if allow_arrays and r < 0.45:
                types.append(self.array_type())
                continue
            types.append(rng.choices(
                [INT, FLOAT, BOOL, STR, List(INT), List(FLOAT), List(STR), Dict(STR, INT),
                 Tuple(INT, STR), Tuple(FLOAT, FLOAT, INT), Opt(INT), Set(INT)],
                [10, 7, 3, 6, 7, 4, 4, 4, 1.5, 1, 2.5, 0.2])[0])
        return types

    def array_type(self):
        rng = self.rng
        if not hasattr(self, "shapes"):
            n = rng.choice([0, 1, 3, 4, 5, 8])
            self.shapes = [(n,), (2, 3), (3,), (1, 3)] if rng.random() < 0.5 else [(n,), (n,), (2, n)]
        dtype = rng.choices(DTYPES, [1, 1.5, 1.5, 1, 1.5, 2, 3, 2.5])[0]
        return Arr(dtype, rng.choice(self.shapes))

    def build(self) -> Program:
        rng = self.rng
        nparams = rng.choice([1, 2, 2, 3, 3, 4])
        params = [(f"a{i}" if t.kind != "arr" else f"x{i}", t)
                  for i, t in enumerate(self.param_types(nparams, self.uses_numpy))]
        if self.uses_numpy and not any(t.kind == "arr" for _, t in params):
            params.append((f"x{nparams}", self.array_type()))
        if self.chance(0.25):
            self.constant()
        if self.chance(0.35):
            self.helper()
        if self.chance(0.2):
            self.generic_helper()
        if self.chance(0.08):
            self.recursive_helper()
        if self.chance(0.15):
            self.mutating_helper()
        name = f"{self.prefix}_f"
        # Open annotations: the arrays are bare `np.ndarray` parameters, whose dtypes muna holds at
        # run time; the body is made for the dtypes drawn, and two more argument sets give every
        # array a dtype drawn anew (any pair of the eight), where NumPy's promotion, or its
        # TypeError, is what muna must give too.
        self.open_arrays = any(t.kind == "arr" for _, t in params) and self.chance(0.5)
        if self.open_arrays:
            self.features.add("open_arrays")
        fn = FnGen(self, name, params, returns=None, budget=rng.randint(4, 14))
        self.entry_fn = fn
        text = fn.build()
        arg_sets = [tuple(random_value(t, rng) for _, t in params) for _ in range(rng.choice([3, 4, 4, 5]))]
        if self.open_arrays:
            for _ in range(2):
                arg_sets.append(tuple(random_array(rng.choice(DTYPES), t.args[1], rng) if t.kind == "arr"
                                      else random_value(t, rng) for _, t in params))
        source = "\n\n".join(self.blocks + [text]) + "\n"
        return Program(self.seed, self.index, name, params, fn.returns, source, arg_sets, set(self.features))

    # --- module level ---------------------------------------------------------------------------
    def constant(self):
        rng = self.rng
        name = f"{self.prefix.upper()}_C{len(self.constants)}"
        kind = rng.choice(["int", "float", "str", "list", "dict", "tuple", "arr"] if self.uses_numpy else
                          ["int", "float", "str", "list", "dict", "tuple"])
        if kind == "int":
            t, src = INT, literal(rng.choice([3, 7, -2, 100, 2**40]))
        elif kind == "float":
            t, src = FLOAT, literal(rng.choice([0.5, -1.25, 1e-3, 3.0]))
        elif kind == "str":
            t, src = STR, repr(rng.choice(["ab", "xyz", "é,ß", "key"]))
        elif kind == "list":
            t = rng.choice([List(INT), List(FLOAT), List(STR)])
            src = "[" + ", ".join(literal(random_value(t.item, rng)) for _ in range(rng.randint(1, 5))) + "]"
        elif kind == "dict":
            t = Dict(STR, INT)
            src = repr({k: rng.randint(-5, 9) for k in rng.sample(KEY_POOL, 3)})
        elif kind == "tuple":
            t = Tuple(INT, STR)
            src = f"({rng.randint(-5, 9)}, {rng.choice(STR_POOL)!r})"
        else:
            t = self.array_type()
            values = random_array(t.args[0], t.args[1], rng)
            src = f"np.array({values.tolist()!r}, dtype={NP_NAME[t.args[0]]})".replace("nan", 'float("nan")') \
                .replace("inf", 'float("inf")')
        self.constants.append((name, t))
        self.blocks.append(f"{name} = {src}")

    def helper(self):
        """An annotated helper of one to three parameters, called from the entry."""
        rng = self.rng
        name = f"{self.prefix}_h{len(self.helpers)}"
        types = [t for t in self.param_types(rng.choice([1, 2, 3]), False)]
        params = [(f"b{i}", t) for i, t in enumerate(types)]
        default = None
        if self.chance(0.3) and params[-1][1] in (INT, STR, FLOAT, BOOL):
            default = literal(random_value(params[-1][1], rng))
        ret = rng.choice([INT, FLOAT, STR, BOOL, List(INT), Tuple(INT, STR)])
        fn = FnGen(self, name, params, returns=ret, budget=rng.randint(1, 5), default=default)
        self.blocks.append(fn.build())
        self.helpers.append(Helper(name, [t for _, t in params], ret, default is not None))

    def generic_helper(self):
        """A helper without annotations, called with different argument types (int and float, or
        str and list[int]): muna compiles one specialisation per argument types."""
        rng = self.rng
        name = f"{self.prefix}_g{len(self.helpers)}"
        family = rng.choice([NUM, NUM, SEQ])
        fn = FnGen(self, name, [("u", family), ("v", family)], returns=family, budget=rng.randint(1, 4),
                   generic=True, default="2")
        self.blocks.append(fn.build())
        self.helpers.append(Helper(name, [family, family], family, True, generic=True))

    def mutating_helper(self):
        """A helper that appends to the list it is given and returns something of it: called in
        conditions (short-circuit), twice in one expression (evaluation order) and on a local
        list (reference semantics: the caller sees the append)."""
        rng = self.rng
        name = f"{self.prefix}_m{len(self.helpers)}"
        ret = rng.choice([BOOL, INT])
        result = (rng.choice(["len(xs) > 2", "v in xs[:-1]", "sum(xs) % 2 == 0"]) if ret == BOOL
                  else rng.choice(["len(xs)", "sum(xs)", "xs[0] * 10 + v"]))
        self.blocks.append(f"def {name}(xs: list[int], v: int) -> {annotation(ret)}:\n"
                           f"    xs.{rng.choice(['append(v)', 'append(v)', 'insert(0, v)'])}\n"
                           f"    return {result}\n")
        self.helpers.append(Helper(name, [List(INT), INT], ret, False, mutating=True))

    def recursive_helper(self):
        rng = self.rng
        name = f"{self.prefix}_r{len(self.helpers)}"
        t = rng.choice([INT, STR, List(INT)])
        fn = FnGen(self, name, [("n", INT), ("acc", t)], returns=t, budget=0)
        fn.bind("n", INT)
        step = fn.expr(t, 2)
        text = (f"def {name}(n: int, acc: {annotation(t)}) -> {annotation(t)}:\n"
                f"    if n <= 0:\n        return acc\n"
                f"    return {name}(n - 1, {step})\n")
        self.blocks.append(text)
        self.helpers.append(Helper(name, [INT, t], t, False, recursive=True))


@dataclass
class Helper:
    name: str
    params: list
    returns: Ty
    has_default: bool
    generic: bool = False
    recursive: bool = False
    mutating: bool = False


# --- one function -------------------------------------------------------------------------------

CMP = ["<", "<=", ">", ">=", "==", "!="]
EXCEPTIONS = ["ValueError", "IndexError", "KeyError", "ZeroDivisionError", "RuntimeError", "TypeError",
              "OverflowError"]
CATCH = ["ValueError", "IndexError", "KeyError", "ZeroDivisionError", "ArithmeticError", "LookupError",
         "Exception", "OverflowError", "(IndexError, KeyError)", "(ValueError, ZeroDivisionError)"]
INT_FMT = ["", ">5", "05d", "x", "+d", ",", "<4", "b", "^7"]
FLOAT_FMT = ["", ".3f", "e", ".2e", "g", "10.4f", "%", "+.1f", ".0f", ".12g"]
STR_FMT = ["", ">6", "<4", "^7", ".2"]


class FnGen:
    """Generates one function's text. `scopes` holds the names readable here (bound on every
    path to this point) with their one type, innermost block last; a comprehension or a lambda
    is a block whose names may shadow the function's."""

    def __init__(self, pg: ProgramGen, name, params, returns, budget, generic=False, default=None):
        self.pg = pg
        self.rng = pg.rng
        self.name = name
        self.params = params
        self.returns = returns
        self.budget = budget
        self.generic = generic
        self.default = default
        self.scopes = [{}]  # innermost last: name -> type
        self.accumulators = set()
        self.readonly = set()     # names not to rebind or change: array parameters, constants, what a loop walks
        self.loops = []           # one entry per enclosing loop: True for a for loop
        self.in_finally = 0
        self.counter = 0
        self.banned = set()       # names an expression being built must not read (see grown)
        self.aliases = {}         # name -> the names of the same list or dict (s_alias)
        self.iterated = None
        for n, t in params:
            self.bind(n, t)
            if t.kind == "arr":
                self.readonly.add(n)
        if generic:
            self.bind("k", INT)
        for cname, t in pg.constants:
            self.scopes[0][cname] = t
            self.readonly.add(cname)

    # --- names ----------------------------------------------------------------------------------
    def chance(self, p):
        return self.rng.random() < p

    def fresh(self, prefix="v"):
        self.counter += 1
        return f"{prefix}{self.counter}"

    def bind(self, name, t):
        self.scopes[-1][name] = t

    def type_of(self, name):
        for scope in reversed(self.scopes):
            if name in scope:
                return scope[name]
        raise KeyError(name)

    def visible(self, t=None, writable=False):
        names = sorted(set().union(*self.scopes) - self.banned)
        return [n for n in names if (t is None or self.type_of(n) == t) and not (writable and n in self.readonly)]

    def grown(self, name, make):
        """make() with `name` unreadable: what a loop appends to a str or list must not be built
        from it, or the value doubles (or squares) each iteration."""
        self.banned.add(name)
        try:
            return make()
        finally:
            self.banned.discard(name)

    def is_global(self, name):
        return name.isupper()

    def push(self):
        self.scopes.append({})

    def pop(self):
        self.scopes.pop()

    # --- the function ---------------------------------------------------------------------------
    @property
    def open_arrays(self) -> bool:
        """The entry of a program whose arrays are bare `np.ndarray` parameters (ProgramGen)."""
        return getattr(self.pg, "open_arrays", False) and self is getattr(self.pg, "entry_fn", None)

    def build(self) -> str:
        rng = self.rng
        if self.returns is None:
            self.returns = self.pick_return()
        body = []
        if not self.generic:
            for _ in range(rng.choice([1, 2, 2, 3])):
                body += self.accumulator()
        body += self.block(self.budget, depth=0)
        body.append(f"return {self.expr(self.returns, 3, prefer_acc=True)}")
        params = []
        for i, (n, t) in enumerate(self.params):
            ann = "" if self.generic else ": " + annotation(t, ranked=self.chance(0.4), open_arrays=self.open_arrays)
            last = i == len(self.params) - 1 and not self.generic
            d = f" = {self.default}" if self.default is not None and last else ""
            params.append(f"{n}{ann}{d}")
        if self.generic:
            params.append(f"k={self.default}")
        ret = "" if self.generic else f" -> {annotation(self.returns, open_arrays=self.open_arrays)}"
        head = f"def {self.name}({', '.join(params)}){ret}:"
        return "\n".join([head] + ["    " + line for line in body]) + "\n"

    def pick_return(self):
        rng = self.rng
        arrays = [t for _, t in self.params if t.kind == "arr"]
        if arrays and self.chance(0.5):
            src, t = self.array_expr(2, params_only=True)
            if t is not None and t.args[1] is not None:
                self.return_template = src
                return t if not self.chance(0.4) else Tuple(t, rng.choice([INT, FLOAT]))
        options = [INT, FLOAT, STR, BOOL, List(INT), List(STR), List(FLOAT), Dict(STR, INT), Opt(INT),
                   Tuple(INT, STR), Tuple(INT, FLOAT, STR), Tuple(List(INT), INT), Tuple(BOOL, FLOAT, INT, STR)]
        if self.chance(0.03):
            options.append(Set(INT))
        if arrays:
            scalar = [NpScalar(d) for d in ("int64", "float32", "float64", "bool")]
            options += scalar
        return rng.choice(options)

    def accumulator(self):
        """A local initialised with a constant that later loops and branches change (the class of
        bug where the constant was folded into every later read)."""
        rng = self.rng
        t = rng.choice([INT, INT, FLOAT, STR, BOOL, List(INT), List(STR), Dict(STR, INT), List(FLOAT)])
        name = self.fresh("acc")
        lines = []
        if t.kind in ("list", "dict"):
            if self.chance(0.6):
                lines.append(f"{name}: {annotation(t)} = {'[]' if t.kind == 'list' else '{}'}")
            else:
                # An empty literal whose item type muna infers from the first use.
                lines.append(f"{name} = {'[]' if t.kind == 'list' else '{}'}")
                if t.kind == "list":
                    lines.append(f"{name}.append({self.expr(t.item, 1)})")
                else:
                    lines.append(f"{name}[{self.expr(STR, 0)}] = {self.expr(INT, 1)}")
        else:
            value = {"int": rng.choice(["0", "1", "-1", "10"]), "float": rng.choice(["0.0", "1.0", "-0.0"]),
                     "str": rng.choice(['""', '"s"']), "bool": rng.choice(["False", "True"])}[t.kind]
            lines.append(f"{name} = {value}")
        self.bind(name, t)
        self.accumulators.add(name)
        return lines

    # --- statements -----------------------------------------------------------------------------
    def block(self, budget, depth) -> list:
        lines = []
        while budget > 0:
            stmt, cost = self.statement(depth, budget)
            lines += stmt
            budget -= cost
        return lines or ["pass"]

    def statement(self, depth, budget):
        """(lines, cost) of one random statement."""
        rng = self.rng
        nested = depth < 3 and budget >= 2
        options = [
            (4, self.s_assign), (3, self.s_augassign), (2, self.s_mutate), (2 if depth else 0.5, self.s_reset),
            (3 if nested else 0, self.s_if), (3 if nested else 0, self.s_for),
            (1.3 if nested else 0, self.s_while), (1.3 if nested and not self.generic else 0, self.s_try),
            (0.4 if not self.generic else 0, self.s_raise), (1, self.s_return),
            (2 if self.loops else 0, self.s_break),
            (0.8, self.s_unpack), (0.15, self.s_assert),
            (1.2 if self.arrays() else 0, self.s_array_store),
            (1 if "walrus" in self.pg.features and nested else 0, self.s_walrus),
            (1 if "star" in self.pg.features else 0, self.s_star),
            (1 if "attr" in self.pg.features else 0, self.s_attr),
            (0.5, self.s_alias),
        ]
        if self.generic:
            options = [(4, self.s_assign), (2, self.s_augassign), (2 if nested else 0, self.s_if),
                       (1.5 if nested else 0, self.s_for), (1, self.s_return), (1 if self.loops else 0, self.s_break)]
        for _ in range(20):
            fn = rng.choices([f for _, f in options], [w for w, _ in options])[0]
            out = fn(depth, budget)
            if out is not None:
                return out
        return [f"{self.fresh()} = {self.expr(INT, 1)}"], 1

    def local_type(self):
        if self.generic:
            return self.rng.choice([self.params[0][1], self.params[0][1], INT, BOOL])
        return self.rng.choices([INT, FLOAT, STR, BOOL, List(INT), List(STR), List(FLOAT), Dict(STR, INT),
                                 Set(INT), Tuple(INT, STR), Opt(INT), None],
                                [8, 5, 5, 3, 4, 2, 2, 2, 1, 1, 1, 3 if self.arrays() else 0])[0]

    def s_assign(self, depth, budget):
        rng = self.rng
        existing = [n for n in self.visible(writable=True) if not self.is_global(n)
                    and self.type_of(n).kind not in ("arr",)]
        if existing and self.chance(0.35):
            name = rng.choice(existing)
            return [f"{name} = {self.expr(self.type_of(name), 3)}"], 1
        t = self.local_type()
        name = self.fresh()
        if t is None:
            src, t = self.array_expr(3)
            if t is None:
                return None
            self.bind(name, t)
            self.accumulators.add(name)  # what the function computed: returns prefer it
            return [f"{name} = {src}"], 1
        value = self.expr(t, 3)
        self.bind(name, t)
        return [f"{name} = {value}"], 1

    def s_reset(self, depth, budget):
        """A scalar local set to a constant again (`found = True`, `best = -1`): in a branch or a
        loop, a later read must not see the constant on paths that skipped it."""
        names = [n for n in self.visible(writable=True) if not self.is_global(n)
                 and self.type_of(n) in (INT, FLOAT, STR, BOOL)]
        accs = [n for n in names if n in self.accumulators]
        if not names:
            return None
        name = self.rng.choice(accs if accs and self.chance(0.7) else names)
        return [f"{name} = {self.leaf(self.type_of(name))}"], 1

    def s_augassign(self, depth, budget):
        rng = self.rng
        names = [n for n in self.visible(writable=True) if not self.is_global(n)]
        if self.accumulators and self.chance(0.6):
            names = [n for n in names if n in self.accumulators] or names
        rng.shuffle(names)
        for name in names:
            t = self.type_of(name)
            k = t.kind
            if k == "int":
                op = rng.choice(["+=", "+=", "-=", "*=", "//=", "%=", "&=", "|=", "^=", "<<=", ">>="])
                rhs = (literal(rng.randint(0, 5)) if op in ("<<=", ">>=") else self.expr(INT, 2, avoid=name))
                return [f"{name} {op} {rhs}"], 1
            if k == "float":
                op = rng.choice(["+=", "-=", "*=", "/=", "+="])
                rhs = self.expr(rng.choice([FLOAT, FLOAT, INT]), 2)
                return [f"{name} {op} {rhs}"], 1
            if k == "num":
                return [f"{name} {rng.choice(['+=', '-=', '*='])} {self.expr(rng.choice([NUM, INT]), 1, avoid=name)}"], 1
            if k in ("str", "seq"):
                return [f"{name} += {self.grown(name, lambda: self.expr(t, 2))}"], 1
            if k == "list":
                return [f"{name} += {self.grown(name, lambda: self.expr(t, 1))}"], 1
            if k == "arr" and t.args[1] is not None:
                dtype = t.args[0]
                lit = literal(rng.choice([1, 2, 3])) if dtype not in FLOAT_DTYPES else rng.choice(["1.5", "2", "0.5"])
                op = rng.choice(["+=", "-=", "*="]) if dtype != "bool" else rng.choice(["&=", "|="])
                if dtype == "bool":
                    lit = rng.choice(["True", "False"])
                return [f"{name} {op} {lit}"], 1
        # A subscript target: a list item or a dict value.
        for name in names:
            t = self.type_of(name)
            if t in (List(INT), List(FLOAT)):
                idx = (self.call_mutating(INT, 1) if self.chance(0.4) else None) or self.expr(INT, 1)
                op = rng.choice(["+=", "-=", "*="])
                return [f"if {name}:", f"    {name}[{idx} % len({name})] {op} {self.expr(t.item, 1)}"], 2
            if t == Dict(STR, INT):
                key = self.expr(STR, 1)
                if self.chance(0.5):
                    return [f"{name}[{key}] = {name}.get({key}, 0) + {self.expr(INT, 1)}"], 1
                return [f"if {key} in {name}:", f"    {name}[{key}] += {self.expr(INT, 1)}"], 2
        return None

    def s_mutate(self, depth, budget):
        rng = self.rng
        names = [n for n in self.visible(writable=True) if not self.is_global(n)
                 and self.type_of(n).kind in ("list", "dict", "set")]
        if not names:
            return None
        name = rng.choice(names)
        t = self.type_of(name)
        if t.kind == "list":
            it = t.item
            choice = rng.choice(["append", "append", "extend", "insert", "pop", "remove", "sort", "reverse",
                                 "clear", "setitem"])
            if choice == "append":
                return [f"{name}.append({self.grown(name, lambda: self.expr(it, 2))})"], 1
            if choice == "extend":
                return [f"{name}.extend({self.grown(name, lambda: self.expr(t, 1))})"], 1
            if choice == "insert":
                return [f"{name}.insert({self.expr(INT, 1)}, {self.expr(it, 1)})"], 1
            if choice == "pop":
                if self.chance(0.5):
                    return [f"if {name}:", f"    {name}.pop()"], 1
                line = f"= {name}.pop({self.expr(INT, 0)}) if {name} else {self.expr(it, 0)}"
                return [f"{self.bind_new(it)} {line}"], 1
            if choice == "remove":
                v = self.expr(it, 1)
                return [f"if {v} in {name}:", f"    {name}.remove({v})"], 1
            if choice == "sort":
                return [f"{name}.sort({rng.choice(['', 'reverse=True'])})"], 1
            if choice == "reverse":
                return [f"{name}.reverse()"], 1
            if choice == "clear":
                return [f"{name}.clear()"], 1
            return [f"{name}[{self.expr(INT, 1)}] = {self.expr(it, 1)}"], 1
        if t.kind == "dict":
            choice = rng.choice(["set", "set", "update", "pop", "setdefault"])
            if choice == "set":
                return [f"{name}[{self.expr(STR, 1)}] = {self.expr(INT, 2)}"], 1
            if choice == "update":
                return [f"{name}.update({self.grown(name, lambda: self.expr(t, 1))})"], 1
            if choice == "pop":
                return [f"{name}.pop({self.expr(STR, 1)}, {self.expr(INT, 0)})"], 1
            return [f"{name}.setdefault({self.expr(STR, 1)}, {self.expr(INT, 1)})"], 1
        op = rng.choice(["add", "discard"])
        return [f"{name}.{op}({self.expr(t.item, 1)})"], 1

    def bind_new(self, t):
        name = self.fresh()
        self.bind(name, t)
        return name

    def s_alias(self, depth, budget):
        """Two names of one list or dict: a change through one shows through the other."""
        names = [n for n in self.visible(writable=True) if not self.is_global(n) and self.type_of(n).kind in ("list", "dict")]
        if not names:
            return None
        src = self.rng.choice(names)
        t = self.type_of(src)
        alias = self.fresh("al")
        self.bind(alias, t)
        group = self.aliases.get(src, {src}) | {alias}
        for n in group:
            self.aliases[n] = group
        change = (f"{alias}.append({self.expr(t.item, 1)})" if t.kind == "list"
                  else f"{alias}[{self.expr(STR, 0)}] = {self.expr(INT, 1)}")
        return [f"{alias} = {src}", change], 2

    def cond(self, d=2):
        return self.expr(BOOL, d)

    def s_if(self, depth, budget):
        rng = self.rng
        inner = max(1, budget // 2)
        lines = [f"if {self.cond()}:"]
        lines += self.indented(inner, depth)
        cost = 1 + inner
        n_elif = rng.choice([0, 0, 0, 1, 2])
        for _ in range(n_elif):
            lines.append(f"elif {self.cond()}:")
            lines += self.indented(max(1, inner // 2), depth)
            cost += 1
        if self.chance(0.55):
            lines.append("else:")
            lines += self.indented(max(1, inner // 2), depth)
            cost += 1
        return lines, cost

    def indented(self, budget, depth):
        self.push()
        body = self.block(budget, depth + 1)
        self.pop()
        return ["    " + line for line in body]

    def iterable(self, d=1, for_comprehension=False):
        """(source, item type, loop targets (name, type), fully known non-empty) for a for loop or
        a comprehension generator."""
        rng = self.rng
        options = []
        for n in self.visible():
            t = self.type_of(n)
            if t.kind in ("list", "set") or t == STR or t.kind == "dict":
                options.append(n)
        r = rng.random()
        if r < 0.3 or not options:
            k = rng.choice([0, 1, 2, 3, 4, 5])
            if self.chance(0.5):
                return f"range({k})", INT, k > 0
            if self.chance(0.5):
                return f"range({self.expr(INT, 1)} % {rng.choice([3, 4, 6])})", INT, False
            return f"range({literal(rng.randint(-3, 2))}, {literal(rng.randint(-2, 6))}, {rng.choice([1, 2, -1, 3])})", INT, False
        src = rng.choice(options)
        self.iterated = src
        t = self.type_of(src)
        if t.kind == "set":
            # muna walks a set in insertion order, CPython in hash order (docs/language.md): only
            # the sorted items are the same.
            return f"sorted({src})", t.item, False
        if t.kind == "list":
            if self.chance(0.2):
                return f"{rng.choice(['reversed', 'sorted'])}({src})", t.item, False
            if self.chance(0.15):
                return f"enumerate({src})", Tuple(INT, t.item), False
            return src, t.item, False
        if t == STR:
            return src, STR, False
        if self.chance(0.5):
            return f"{src}.items()", Tuple(t.args[0], t.args[1]), False
        return src, t.args[0], False

    def loop_target(self, item, fresh_prefix="i", shadow=False):
        """(target source, [(name, type)]) for a loop item: tuples unpack into names."""
        if item.kind == "tuple" and len(item.args) == 2 and self.chance(0.8):
            names = [self.shadow_name(a, fresh_prefix) if shadow else self.fresh(fresh_prefix) for a in item.args]
            return ", ".join(names), list(zip(names, item.args))
        name = self.shadow_name(item, fresh_prefix) if shadow else self.fresh(fresh_prefix)
        return name, [(name, item)]

    def shadow_name(self, t, prefix):
        """A comprehension variable named like a local of the function (with the feature)."""
        if "shadow" in self.pg.features and self.chance(0.5):
            names = [n for n in self.visible() if not self.is_global(n) and n not in ("k", "u", "v")]
            names = [n for n in names if self.type_of(n) == t] or names
            if names:
                return self.rng.choice(names)
        return self.fresh(prefix)

    def s_for(self, depth, budget):
        self.iterated = None
        src, item, nonempty = self.iterable()
        target, names = self.loop_target(item)
        inner = max(1, budget - 1)
        lines = [f"for {target} in {src}:"]
        self.push()
        for n, t in names:
            self.bind(n, t)
        self.loops.append(True)
        saved = set(self.readonly)
        if self.chance(0.1):
            self.readonly.update(n for n, _ in names)
        if self.iterated is not None:
            # The container walked (and every name of it) stays as it is in the body: a loop
            # that appends to what it walks would never end.
            self.readonly.update(self.aliases.get(self.iterated, {self.iterated}))
        body = self.block(min(inner, 6), depth + 1)
        self.readonly = saved
        self.loops.pop()
        self.pop()
        lines += ["    " + line for line in body]
        if "for_else" in self.pg.features and self.chance(0.5):
            lines.append("else:")
            lines += self.indented(1, depth)
        if nonempty and len(names) == 1 and self.chance(0.5):
            # The loop variable after a loop that ran: it keeps its last value.
            self.bind(*names[0])
        return lines, 1 + min(inner, 6)

    def s_while(self, depth, budget):
        rng = self.rng
        fuel = self.fresh("w")
        inner = max(1, min(budget - 1, 5))
        limit = rng.choice([1, 2, 3, 5, 8])
        test = f"{fuel} < {limit}"
        if self.chance(0.5):
            test += f" and {self.cond(1)}"
        lines = [f"{fuel} = 0", f"while {test}:", f"    {fuel} += 1"]
        self.bind(fuel, INT)
        self.readonly.add(fuel)
        self.push()
        self.loops.append(False)
        body = self.block(inner, depth + 1)
        self.loops.pop()
        self.pop()
        lines += ["    " + line for line in body]
        if "while_else" in self.pg.features and self.chance(0.6):
            lines.append("else:")
            lines += self.indented(1, depth)
        return lines, 2 + inner

    def s_break(self, depth, budget):
        if not self.loops or self.in_finally:
            return None
        kw = self.rng.choice(["break", "continue"])
        return [f"if {self.cond(1)}:", f"    {kw}"], 1

    def s_return(self, depth, budget):
        if self.in_finally or depth == 0:
            return None
        return [f"if {self.cond(1)}:", f"    return {self.expr(self.returns, 2, prefer_acc=True)}"], 1

    def s_raise(self, depth, budget):
        if self.in_finally:
            return None
        kind = self.rng.choice(EXCEPTIONS)
        return [f"if {self.cond(1)}:", f"    raise {kind}({self.expr(STR, 1)})"], 1

    def s_try(self, depth, budget):
        rng = self.rng
        inner = max(1, min(budget - 1, 4))
        lines = ["try:"]
        self.push()
        body = []
        if self.chance(0.7):
            body += self.risky()
        body += self.block(inner, depth + 1)
        self.pop()
        lines += ["    " + line for line in body]
        for _ in range(rng.choice([1, 1, 2])):
            catch = rng.choice(CATCH)
            bound = self.chance(0.3)
            lines.append(f"except {catch}" + (" as e:" if bound else ":"))
            self.push()
            h = self.block(max(1, inner // 2), depth + 1)
            if bound and self.chance(0.5):
                target = [n for n in self.visible(STR, writable=True) if not self.is_global(n)]
                if target:
                    h.append(f"{rng.choice(target)} += str(e)")
            if self.chance(0.1):
                h.append("raise")
            self.pop()
            lines += ["    " + line for line in h]
        if self.chance(0.35):
            lines.append("else:")
            lines += self.indented(1, depth)
        if self.chance(0.35):
            lines.append("finally:")
            self.in_finally += 1
            lines += self.indented(1, depth)
            self.in_finally -= 1
        return lines, 2 + inner

    def risky(self):
        """A statement that may raise one of the caught exceptions."""
        rng = self.rng
        choice = rng.choice(["int", "index", "key", "div", "float", "raise"])
        name = self.fresh()
        if choice == "int":
            line, t = f"{name} = int({self.expr(STR, 1)})", INT
        elif choice == "index":
            lt = rng.choice([List(INT), List(STR)])
            line, t = f"{name} = {self.expr(lt, 1)}[{self.expr(INT, 1)}]", lt.item
        elif choice == "key":
            line, t = f"{name} = {self.expr(Dict(STR, INT), 1)}[{self.expr(STR, 0)}]", INT
        elif choice == "div":
            line, t = f"{name} = {self.expr(INT, 1)} // {self.expr(INT, 1)}", INT
        elif choice == "float":
            line, t = f"{name} = float({self.expr(STR, 1)})", FLOAT
        else:
            return [f"if {self.cond(1)}:", f"    raise {rng.choice(EXCEPTIONS)}({self.expr(STR, 1)})"]
        self.bind(name, t)
        return [line]

    def s_unpack(self, depth, budget):
        rng = self.rng
        choice = rng.choice(["swap", "divmod", "tuple", "partition"])
        if choice == "swap":
            for t in (INT, FLOAT, STR):
                names = [n for n in self.visible(t, writable=True) if not self.is_global(n)]
                if len(names) >= 2:
                    a, b = rng.sample(names, 2)
                    if self.chance(0.5):
                        return [f"{a}, {b} = {b}, {a}"], 1
                    # Both sides read the old values: `a, b = b, a + b`.
                    return [f"{a}, {b} = {b}, ({a} + {b})"], 1
            return None
        if choice == "divmod":
            t = rng.choice([INT, FLOAT])
            q, r = self.fresh(), self.fresh()
            line = f"{q}, {r} = divmod({self.expr(t, 1)}, {self.expr(t, 1)})"
            self.bind(q, t)
            self.bind(r, t)
            return [line], 1
        if choice == "partition":
            a, b, c = self.fresh(), self.fresh(), self.fresh()
            line = f"{a}, {b}, {c} = {self.expr(STR, 1)}.{rng.choice(['partition', 'rpartition'])}({self.sep()})"
            for n in (a, b, c):
                self.bind(n, STR)
            return [line], 1
        a, b, c = self.fresh(), self.fresh(), self.fresh()
        ta, tb = rng.choice(SCALARS), rng.choice(SCALARS)
        line = f"{a}, ({b}, {c}) = {self.expr(ta, 1)}, ({self.expr(tb, 1)}, {self.expr(ta, 1)})"
        self.bind(a, ta)
        self.bind(b, tb)
        self.bind(c, ta)
        return [line], 1

    def s_assert(self, depth, budget):
        if self.in_finally:
            return None
        return [f"assert {self.cond(1)}, {self.expr(STR, 1)}"], 1

    def s_walrus(self, depth, budget):
        name = self.fresh("n")
        t = self.rng.choice([INT, STR])
        value = self.expr(t, 2)
        test = (f"({name} := {value}) {self.rng.choice(CMP)} {self.expr(INT, 1)}" if t == INT
                else f"({name} := {value})")
        lines = [f"if {test}:"]
        self.bind(name, t)
        lines += self.indented(2, depth)
        return lines, 3

    def s_star(self, depth, budget):
        names = [n for n in self.visible() if self.type_of(n).kind == "list"]
        if not names:
            return None
        src = self.rng.choice(names)
        t = self.type_of(src)
        a, rest = self.fresh(), self.fresh()
        if self.chance(0.5):
            line = f"{a}, *{rest} = {src} + [{self.expr(t.item, 0)}]"
        else:
            line = f"*{rest}, {a} = [{self.expr(t.item, 0)}] + {src}"
        self.bind(a, t.item)
        self.bind(rest, t)
        return [line], 1

    def s_attr(self, depth, budget):
        name = self.fresh("box")
        lines = [f"{name} = Box({self.expr(INT, 1)}, {self.expr(FLOAT, 1)})",
                 f"{name}.v += {self.expr(INT, 1)}", f"{name}.w *= {self.expr(FLOAT, 1)}"]
        target = self.rng.choice([n for n in self.visible(INT, writable=True) if not self.is_global(n)] or [None])
        if target:
            lines.append(f"{target} += {name}.v")
        return lines, 3

    def s_array_store(self, depth, budget):
        rng = self.rng
        names = [n for n in self.visible() if self.type_of(n).kind == "arr" and not self.is_global(n)
                 and self.type_of(n).args[1] is not None]
        if not names:
            return None
        src = rng.choice(names)
        t = self.type_of(src)
        dtype, shape = t.args
        copy = self.fresh("c")
        self.bind(copy, t)
        self.accumulators.add(copy)
        value = self.array_scalar_literal(dtype)
        lines = [f"{copy} = {src}.copy()" if self.chance(0.7) else f"{copy} = {src}"]
        if src in self.readonly and not lines[0].endswith(".copy()"):
            lines = [f"{copy} = {src}.copy()"]
        choice = rng.choice(["mask", "index", "slice", "aug"])
        if choice == "mask":
            lines.append(f"{copy}[{copy} {rng.choice(CMP)} {self.array_scalar_literal(dtype)}] = {value}")
        elif choice == "index" and shape and shape[0] > 0:
            idx = ", ".join(str(rng.randint(-s, s - 1)) for s in shape if s > 0)
            if idx.count(",") + 1 == len(shape):
                lines.append(f"{copy}[{idx}] = {value}")
        elif choice == "slice":
            lines.append(f"{copy}[{rng.choice(['1:', ':2', '::2', '::-1'])}] = {value}")
        else:
            op = "|=" if dtype == "bool" else rng.choice(["+=", "*=", "-="])
            lines.append(f"{copy}[{rng.choice(['1:', ':2', '::2', '...'])}] {op} {value}")
        return lines, 2

    def array_scalar_literal(self, dtype):
        rng = self.rng
        if dtype == "bool":
            return rng.choice(["True", "False"])
        if dtype in FLOAT_DTYPES:
            return rng.choice(["0.0", "1.5", "-2.0", "-0.0", 'float("nan")', 'float("inf")', "3"])
        return rng.choice(["0", "1", "2", "-1" if dtype != "uint8" else "3", "7"])

    # --- expressions ----------------------------------------------------------------------------
    def arrays(self):
        return [n for n in self.visible() if self.type_of(n).kind == "arr"]

    def var(self, t, avoid=None, prefer_acc=False):
        names = [n for n in self.visible(t) if n != avoid]
        if not names:
            return None
        accs = [n for n in names if n in self.accumulators]
        if accs and (prefer_acc or self.chance(0.5)):
            name = self.rng.choice(accs)
        else:
            name = self.rng.choice(names)
        if self.is_global(name) and t.kind in ("list", "dict", "set"):
            # A copy: module constants are never changed.
            return f"{t.kind}({name})" if self.chance(0.2) else f"{name}.copy()"
        if self.is_global(name) and t.kind == "arr":
            return f"{name}.copy()"
        return name

    def expr(self, t: Ty, d: int, avoid=None, prefer_acc=False) -> str:
        """Source of an expression of run-time type t, at most d levels deep."""
        if self.chance(0.55 if d <= 1 else 0.3) or d <= 0:
            v = self.var(t, avoid, prefer_acc)
            if v is not None and (self.chance(0.8) or d <= 0):
                return v
            if d <= 0:
                leaf = self.leaf(t)
                if leaf is not None:
                    return leaf
        method = getattr(self, "e_" + t.kind)
        for _ in range(10):
            out = method(t, max(d, 1), avoid)
            if out is not None:
                return out
        v = self.var(t, avoid)
        return v if v is not None else self.leaf(t)

    def leaf(self, t):
        rng = self.rng
        k = t.kind
        if k == "int":
            return literal(rng.choice([0, 1, 2, 3, -1, 5, 10, -7, 2**62, 2**63 - 1, -2**63, 255]) if self.chance(0.15)
                           else rng.randint(-3, 9))
        if k == "float":
            return literal(rng.choice([0.0, -0.0, 0.5, 1.5, -2.5, 0.1, 1e300, float("nan"), float("inf"),
                                       float("-inf"), 3.0, 1e-8, 2.0]))
        if k == "bool":
            return rng.choice(["True", "False"])
        if k == "str":
            return repr(rng.choice(STR_POOL))
        if k == "list":
            if t.item.kind in ("int", "float", "str", "bool"):
                return "[" + ", ".join(self.leaf(t.item) for _ in range(rng.randint(1, 4))) + "]"
            return None
        if k == "set":
            return "{" + ", ".join(self.leaf(t.item) for _ in range(rng.randint(1, 3))) + "}"
        if k == "dict":
            return "{" + ", ".join(f"{rng.choice(KEY_POOL)!r}: {self.leaf(t.args[1])}" for _ in range(rng.randint(1, 3))) + "}"
        if k == "tuple":
            parts = [self.leaf(a) for a in t.args]
            return None if None in parts else "(" + ", ".join(parts) + ("," if len(parts) == 1 else "") + ")"
        if k == "opt":
            return "None" if self.chance(0.5) else self.leaf(t.item)
        if k == "num":
            return self.var(t) or "u"
        if k == "seq":
            return self.var(t) or "u"
        if k == "arr":
            return self.var(t) or getattr(self, "return_template", None)
        return None

    def choose(self, options):
        options = [(w, f) for w, f in options if w > 0]
        return self.rng.choices([f for _, f in options], [w for w, _ in options])[0]()

    def sep(self):
        return repr(self.rng.choice([",", " ", "a", "", ", ", "ab"])) if self.chance(0.9) else self.expr(STR, 0)

    def call_helper(self, t, d):
        """A call of a helper of this program whose result is of type t (None if there is none)."""
        if self.generic or self.name.startswith(self.pg.prefix + "_h") or self.name.startswith(self.pg.prefix + "_r"):
            return None  # helpers call no helpers: no cycles
        rng = self.rng
        for h in rng.sample(self.pg.helpers, len(self.pg.helpers)):
            if h.generic:
                if h.returns == NUM and t in (INT, FLOAT):
                    args = [self.expr(t, d - 1) for _ in h.params]
                elif h.returns == SEQ and t in (STR, List(INT)):
                    args = [self.expr(t, d - 1) for _ in h.params]
                else:
                    continue
                if self.chance(0.4):
                    args.append(rng.choice(["k=3", "0", "-1", "k=1"]))
                return f"{h.name}({', '.join(args)})"
            if h.returns != t:
                continue
            if h.recursive:
                return f"{h.name}({self.expr(INT, 1)} % 8, {self.expr(h.params[1], d - 1)})"
            if h.mutating:
                lists = [n for n in self.visible(List(INT), writable=True) if not self.is_global(n)]
                if not lists:
                    continue
                return f"{h.name}({rng.choice(lists)}, {self.expr(INT, d - 1)})"
            args = [self.expr(p, d - 1) for p in h.params]
            if h.has_default and self.chance(0.5):
                args.pop()
            return f"{h.name}({', '.join(args)})"
        return None

    def mutating(self, t):
        """The mutating helpers returning t, callable here (from the entry, on a local list)."""
        if self.generic or not self.name.endswith("_f"):
            return []
        if not any(n for n in self.visible(List(INT), writable=True) if not self.is_global(n)):
            return []
        return [h for h in self.pg.helpers if h.mutating and h.returns == t]

    def call_mutating(self, t, d):
        """A call that appends to a local list: as an operand it shows the order (and the number
        of times) operands, indexes and chained comparisons are evaluated."""
        helpers = self.mutating(t)
        if not helpers:
            return None
        h = self.rng.choice(helpers)
        lists = [n for n in self.visible(List(INT), writable=True) if not self.is_global(n)]
        return f"{h.name}({self.rng.choice(lists)}, {self.expr(INT, d - 1)})"

    def comprehension(self, elt_type, d, kind="list", cond_only=False):
        """A list/set comprehension (or, with the genexp feature and cond_only, a generator
        expression) of elt_type items."""
        rng = self.rng
        self.push()
        gens = []
        saved = set(self.readonly)
        for g in range(2 if self.chance(0.2) else 1):
            self.iterated = None
            src, item, _ = self.iterable()
            if self.iterated is not None:
                self.readonly.update(self.aliases.get(self.iterated, {self.iterated}))
            # Only the first generator's iterable is evaluated outside the comprehension: a
            # later one reading a name the comprehension rebinds would be unbound.
            target, names = self.loop_target(item, "c", shadow=g == 0)
            for n, ty in names:
                self.bind(n, ty)
            conds = f" if {self.cond(1)}" if self.chance(0.35) else ""
            gens.append(f"for {target} in {src}{conds}")
        elt = self.expr(elt_type, d - 1)
        self.readonly = saved
        self.pop()
        body = f"{elt} {' '.join(gens)}"
        if cond_only:
            return body
        return {"list": f"[{body}]", "set": "{" + body + "}"}[kind]

    def genexp_or_list(self, elt_type, d, alone=True):
        """The argument of sum/any/all/min/max/join: a generator expression (genexp feature) or a
        list comprehension."""
        if "genexp" in self.pg.features and self.chance(0.6):
            body = self.comprehension(elt_type, d, cond_only=True)
            return body if alone else f"({body})"
        return self.comprehension(elt_type, d)

    def e_int(self, t, d, avoid):
        rng = self.rng
        e = lambda tt=INT, dd=None: self.expr(tt, d - 1 if dd is None else dd, avoid)
        seqs = [n for n in self.visible() if self.type_of(n).kind in ("list", "dict", "set") or self.type_of(n) == STR]
        opts = [n for n in self.visible() if self.type_of(n) == Opt(INT)]
        tuples = [(n, i) for n in self.visible() if self.type_of(n).kind == "tuple"
                  for i, a in enumerate(self.type_of(n).args) if a == INT]
        arrays = self.arrays()
        return self.choose([
            (3, lambda: self.leaf(INT)),
            (5, lambda: "({} {} {})".format(*self.distinct(e, rng.choice(['+', '-', '*', '+', '-'])))),
            (2, lambda: f"({e()} {rng.choice(['//', '%'])} {self.divisor(INT, e)})"),
            (1, lambda: f"({e()} {rng.choice(['&', '|', '^'])} {e()})"),
            (0.6, lambda: f"({e()} << {rng.randint(0, 65)})"),
            (0.6, lambda: f"({e()} >> {rng.choice([0, 1, 3, 63, 64, 70])})"),
            (0.5, lambda: f"({e()} ** {rng.randint(0, 3)})"),
            (1, lambda: f"(-{e()})"), (0.3, lambda: f"(~{e()})"),
            (1, lambda: f"abs({e()})"),
            (1, lambda: f"{rng.choice(['min', 'max'])}({e()}, {e()}{', ' + e() if self.chance(0.3) else ''})"),
            (2 if seqs else 0.5, lambda: f"len({rng.choice(seqs) if seqs else self.expr(rng.choice([STR, List(INT)]), d - 1)})"),
            (1, lambda: f"{rng.choice(['int', 'int', 'round'])}({e(FLOAT)})"),
            (0.3, lambda: f"int({e(BOOL)})"), (0.2, lambda: f"({e(BOOL)} + {e()})"),
            (0.15, lambda: f"int({self.expr(STR, 0)})"), (0.3, lambda: f"int(str({e()}))"),
            (0.5, lambda: self.first_ord()),
            (1, lambda: f"{e(STR)}.{rng.choice(['find', 'count', 'rfind'])}({self.expr(STR, 0)})"),
            (2, lambda: self.list_item(INT, d)),
            (0.5, lambda: f"{e(List(INT))}.count({e()})"), (0.2, lambda: f"{e(List(INT))}.index({e()})"),
            (1, lambda: f"{e(Dict(STR, INT))}.get({self.expr(STR, 0)}, {self.leaf(INT)})"),
            (0.4, lambda: f"{e(Dict(STR, INT))}[{self.expr(STR, 0)}]"),
            (1, lambda: f"sum({e(List(INT))})"), (0.2, lambda: f"sum({e(List(INT))}, {self.leaf(INT)})"),
            (1, lambda: f"sum({self.genexp_or_list(INT, d)})"),
            (0.3, lambda: f"{rng.choice(['max', 'min'])}({e(List(INT))})"),
            (0.4, lambda: f"len({self.comprehension(INT, d)})"),
            (1, lambda: f"({e()} if {self.cond(d - 1)} else {e()})"),
            (1 if tuples else 0, lambda: "{}[{}]".format(*rng.choice(tuples))),
            (1.5 if opts else 0, lambda: f"({rng.choice(opts)} if {rng.choice(opts)} is not None else {self.leaf(INT)})"),
            (1.5 if self.pg.helpers else 0, lambda: self.call_helper(INT, d)),
            (1.5 if self.mutating(INT) else 0, lambda: self.call_mutating(INT, d)),
            (0.4, lambda: f"divmod({e()}, {e()})[{rng.randint(0, 1)}]"),
            (2 if arrays else 0, lambda: self.int_from_array(d)),
            (0.3, lambda: f"len({e(STR)}.split({self.sep() if self.chance(0.5) else ''}))"),
        ])

    def distinct(self, e, op):
        """(left, op, right) with the two sides not the same text (`x - x` is just 0)."""
        left, right = e(), e()
        for _ in range(3):
            if left != right:
                break
            right = e()
        return left, op, right

    def divisor(self, t, e):
        """The right side of / // %: mostly a non-zero constant, so that few programs end in
        ZeroDivisionError."""
        if self.chance(0.6):
            return literal(self.rng.choice([2, 3, -2, 7, -5, 10]) if t == INT else self.rng.choice([2.0, -0.5, 3.0, 1e-300]))
        return e(t)

    def first_ord(self):
        s = self.var(STR) or repr(self.rng.choice(["é", "ab"]))
        return f"(ord({s}[0]) if {s} else 0)"

    def list_item(self, item, d):
        """xs[i] with the index brought into range (or, rarely, unchecked: an IndexError)."""
        lt = List(item)
        name = self.var(lt) or self.leaf(lt)
        i = self.expr(INT, d - 1)
        if self.chance(0.1):
            return f"{name}[{i}]"
        return f"({name}[{i} % len({name})] if {name} else {self.leaf(item)})"

    def int_from_array(self, d):
        rng = self.rng
        src, t = self.array_expr(d - 1)
        if t is None:
            return None
        choice = rng.choice(["len", "shape", "size", "reduce", "argmax", "count", "item"])
        if choice == "len" and t.args[1] != ():
            return f"len({src})"
        if choice == "shape" and t.args[1] != ():
            return f"{src}.shape[0]"
        if choice == "size":
            return f"{src}.size"
        if choice == "argmax":
            return f"int(np.{rng.choice(['argmax', 'argmin'])}({src}))"
        if choice == "count":
            return f"int(np.count_nonzero({src}))"
        s = self.scalar_of(src, t)
        if s is None:
            return None
        ssrc, st = s
        if st.item in FLOAT_DTYPES and self.chance(0.5):
            return f"round({ssrc})"
        return f"int({ssrc})"

    def scalar_of(self, src, t):
        """A NumPy scalar from an array expression: a reduction or an item."""
        rng = self.rng
        dtype, shape = t.args
        options = ["sum", "max", "min", "item", "prod", "mean", "any", "all"]
        choice = rng.choice(options)
        if choice == "item":
            if shape is None or not shape or 0 in shape:
                choice = "sum"
            else:
                idx = ", ".join(str(rng.randint(-s, s - 1)) for s in shape)
                expr = f"{src}[{idx}]"
                st = self.np_type(expr, src, t)
                return (expr, st) if st is not None and st.kind == "npscalar" else None
        if choice in ("sum", "max", "min", "prod", "mean"):
            expr = rng.choice([f"{src}.{choice}()", f"np.{choice}({src})"])
        else:
            expr = f"{src}.{choice}()"
        st = self.np_type(expr, src, t)
        return (expr, st) if st is not None and st.kind == "npscalar" else None

    def np_type(self, expr, src, t):
        from fuzz_types import numpy_result
        import numpy as np
        return numpy_result(lambda x: eval(expr.replace(src, "__x"), {"np": np, "__x": x}), t) if src in expr else None

    def e_float(self, t, d, avoid):
        rng = self.rng
        e = lambda tt=FLOAT: self.expr(tt, d - 1, avoid)
        mixed = lambda: rng.choice([(FLOAT, FLOAT), (FLOAT, INT), (INT, FLOAT), (FLOAT, FLOAT)])
        tuples = [(n, i) for n in self.visible() if self.type_of(n).kind == "tuple"
                  for i, a in enumerate(self.type_of(n).args) if a == FLOAT]
        arrays = self.arrays()

        def binop(ops):
            a, b = mixed()
            op = rng.choice(ops)
            return f"({e(a)} {op} {self.divisor(b, e) if op in ('/', '//', '%') else e(b)})"
        return self.choose([
            (3, lambda: self.leaf(FLOAT)),
            (5, lambda: binop(["+", "-", "*", "/"])),
            (1.2, lambda: binop(["//", "%"])),
            (1, lambda: f"({e(INT)} / {self.divisor(INT, e)})"),
            (0.6, lambda: f"({e()} ** {rng.choice([0, 1, 2, 3, -1])})"),
            (0.3, lambda: f"(abs({e()}) ** {e()})"),
            (1, lambda: f"(-{e()})"), (1, lambda: f"abs({e()})"),
            (1.2, lambda: f"float({e(INT)})"),
            (0.4, lambda: f"float({rng.choice(['1e3', '-0.0', 'nan', '-inf', '2.5', ' 7 ', '1_000.5'])!r})"),
            (0.2, lambda: f"float({self.expr(STR, 0)})"),
            (1, lambda: f"{rng.choice(['min', 'max'])}({e()}, {e()})"),
            (0.5, lambda: f"round({e()}, {rng.randint(-1, 3)})"),
            (1, lambda: f"sum({e(List(FLOAT))}, 0.0)"),
            (0.6, lambda: f"sum({self.genexp_or_list(FLOAT, d, alone=False)}, 0.0)"),
            (1.5, lambda: self.list_item(FLOAT, d)),
            (0.3, lambda: f"{rng.choice(['max', 'min'])}({e(List(FLOAT))})"),
            (1, lambda: f"({e()} if {self.cond(d - 1)} else {e()})"),
            (1 if tuples else 0, lambda: "{}[{}]".format(*rng.choice(tuples))),
            (1.5 if self.pg.helpers else 0, lambda: self.call_helper(FLOAT, d)),
            (0.3, lambda: f"divmod({e()}, {e()})[{rng.randint(0, 1)}]"),
            (2.5 if arrays else 0, lambda: self.float_from_array(d)),
        ])

    def float_from_array(self, d):
        src, t = self.array_expr(d - 1)
        if t is None:
            return None
        s = self.scalar_of(src, t)
        return None if s is None else f"float({s[0]})"

    def e_bool(self, t, d, avoid):
        rng = self.rng
        e = lambda tt: self.expr(tt, d - 1, avoid)
        opts = [n for n in self.visible() if self.type_of(n) == Opt(INT)]
        arrays = self.arrays()
        cmp_type = lambda: rng.choice([INT, INT, FLOAT, STR])

        def compare():
            # One side mostly a variable (an accumulator when there is one), the other side
            # something else: `x < x` and `'a' < 'b'` decide nothing.
            ct = cmp_type()
            left = (self.var(ct, prefer_acc=True) if self.chance(0.6) else None) or e(ct)
            right = e(ct)
            for _ in range(3):
                if right != left:
                    break
                right = e(ct)
            return f"({left} {rng.choice(CMP)} {right})"

        def chained():
            ct = rng.choice([INT, FLOAT])
            return f"({e(ct)} {rng.choice(CMP[:4])} {e(ct)} {rng.choice(CMP)} {e(ct)})"

        def contains():
            c = rng.choice(["list", "dict", "str", "set"])
            neg = rng.choice(["in", "in", "not in"])
            if c == "list":
                it = rng.choice([INT, STR, FLOAT])
                return f"({e(it)} {neg} {e(List(it))})"
            if c == "dict":
                return f"({self.expr(STR, 0)} {neg} {e(Dict(STR, INT))})"
            if c == "set":
                return f"({e(INT)} {neg} {e(Set(INT))})"
            return f"({self.expr(STR, 0)} {neg} {e(STR)})"
        return self.choose([
            (1, lambda: self.leaf(BOOL)),
            (5, compare), (1, chained), (2, contains),
            (1.2, lambda: f"(not {e(BOOL)})"),
            (1.5, lambda: f"({e(BOOL)} {rng.choice(['and', 'or'])} {e(BOOL)})"),
            (1, lambda: f"{e(STR)}.{rng.choice(['startswith', 'endswith'])}({self.expr(STR, 0)})"),
            (0.8, lambda: f"{e(STR)}.{rng.choice(['isdigit', 'isalpha', 'isupper', 'islower', 'isspace', 'isalnum'])}()"),
            (1, lambda: f"{rng.choice(['any', 'all'])}({self.genexp_or_list(BOOL, d)})"),
            (0.5, lambda: f"bool({e(rng.choice([INT, STR, List(INT), FLOAT]))})"),
            (0.3, lambda: f"({e(List(INT))} {rng.choice(['==', '!=', '<'])} {e(List(INT))})"),
            (0.3, lambda: f"({e(FLOAT)} != {e(FLOAT)})"),
            (1 if opts else 0, lambda: f"({rng.choice(opts)} is {rng.choice(['', 'not '])}None)"),
            (0.3, lambda: f"isinstance({e(rng.choice([INT, FLOAT]))}, {rng.choice(['int', 'float', '(int, float)'])})"),
            (1.5 if arrays else 0, lambda: self.bool_from_array(d)),
            (0.4 if self.pg.helpers else 0, lambda: self.call_helper(BOOL, d)),
            (1 if self.mutating(BOOL) else 0, lambda: self.call_mutating(BOOL, d)),
        ])

    def bool_from_array(self, d):
        rng = self.rng
        src, t = self.array_expr(d - 1)
        if t is None:
            return None
        choice = rng.choice(["any", "all", "cmp", "equal"])
        if choice in ("any", "all"):
            return f"bool({rng.choice([f'{src}.{choice}()', f'np.{choice}({src})'])})"
        if choice == "equal":
            src2, t2 = self.array_expr(d - 1)
            if t2 is None:
                return None
            return f"np.array_equal({src}, {src2})"
        s = self.scalar_of(src, t)
        if s is None:
            return None
        return f"bool({s[0]} {rng.choice(CMP)} {self.array_scalar_literal(s[1].item)})"

    def e_str(self, t, d, avoid):
        rng = self.rng
        e = lambda tt=STR: self.expr(tt, d - 1, avoid)
        small = lambda: rng.choice(["0", "1", "2", "3", f"(len({self.var(List(INT)) or '[1]'}) % 3)"])

        def slice_():
            parts = [rng.choice(["", "", "1", "-1", "2", "-3", e(INT) if d > 1 else "0"]) for _ in range(2)]
            step = rng.choice(["", "", ":-1", ":2", ":-2", ":3", ":1"])
            return f"{e()}[{parts[0]}:{parts[1]}{step}]"

        def fstring():
            pieces = []
            for _ in range(rng.randint(1, 3)):
                ft = rng.choice([INT, FLOAT, STR, BOOL])
                spec = {"int": INT_FMT, "float": FLOAT_FMT, "str": STR_FMT, "bool": [""]}[ft.kind]
                conv = rng.choice(["", "", "", "!r"]) if ft != BOOL else ""
                fmt = rng.choice(spec) if not conv else ""
                value = e(ft)
                for _ in range(5):  # no quotes or backslashes inside a replacement field before 3.12
                    if not any(q in value for q in "'\"\\{}"):
                        break
                    value = e(ft)
                else:
                    value = self.var(ft) or {"int": "7", "float": "2.5", "str": "str(1)", "bool": "True"}[ft.kind]
                pieces.append(rng.choice(["", "-", " = ", "é"]) + "{" + value + conv + (":" + fmt if fmt else "") + "}")
            return 'f"' + "".join(pieces) + '"'
        return self.choose([
            (3, lambda: self.leaf(STR)),
            (3, lambda: f"({e()} + {e()})"),
            (0.6, lambda: f"({e()} * {small()})"),
            (1, lambda: self.str_item(d)),
            (2, slice_),
            (2, lambda: f"{e()}.{rng.choice(['upper', 'lower', 'strip', 'lstrip', 'rstrip', 'title', 'capitalize', 'swapcase', 'casefold'])}()"),
            (1, lambda: f"{e()}.replace({self.sep()}, {repr(rng.choice(['', '-', 'xy', 'é']))})"),
            (0.6, lambda: f"{e()}.{rng.choice(['zfill', 'center', 'ljust', 'rjust'])}({rng.randint(0, 8)})"),
            (0.3, lambda: f"{e()}.{rng.choice(['center', 'ljust', 'rjust'])}({rng.randint(0, 8)}, {rng.choice(['*', '-', 'é'])!r})"),
            (0.4, lambda: f"{e()}.{rng.choice(['removeprefix', 'removesuffix', 'strip'])}({self.sep()})"),
            (1.2, lambda: f"{self.sep()}.join({e(List(STR))})"),
            (1, lambda: f"{self.sep()}.join({self.genexp_or_list(STR, d)})"),
            (1.5, lambda: f"{rng.choice(['str', 'str', 'repr'])}({e(rng.choice([INT, FLOAT, STR, BOOL]))})"),
            (0.5, lambda: f"{rng.choice(['hex', 'bin', 'oct'])}({e(INT)})"),
            (0.5, lambda: f"chr({rng.choice([48, 65, 97, 0x3b1])} + {e(INT)} % 26)"),
            (2, fstring),
            (0.5, lambda: f"{e()}.split({self.sep()})[{rng.choice([0, -1])}]"),
            (0.3, lambda: f"{e()}.{rng.choice(['partition', 'rpartition'])}({self.sep()})[{rng.randint(0, 2)}]"),
            (0.8, lambda: f"({e()} if {self.cond(d - 1)} else {e()})"),
            (0.3, lambda: f"{rng.choice(['min', 'max'])}({e()}, {e()})"),
            (1, lambda: self.list_item(STR, d)),
            (1.2 if self.pg.helpers else 0, lambda: self.call_helper(STR, d)),
            (0.4, lambda: f"format({e(FLOAT)}, {rng.choice(FLOAT_FMT)!r})"),
            (0.6 if self.arrays() else 0, lambda: self.str_from_array(d)),
        ])

    def str_item(self, d):
        s = self.var(STR) or repr(self.rng.choice(["ab", "é日"]))
        i = self.expr(INT, d - 1)
        if self.chance(0.2):
            return f"{s}[{i}]"
        return f"({s}[{i} % len({s})] if {s} else '')"

    def str_from_array(self, d):
        src, t = self.array_expr(d - 1)
        if t is None:
            return None
        s = self.scalar_of(src, t)
        return None if s is None else f"str({s[0]})"

    def e_list(self, t, d, avoid):
        rng = self.rng
        it = t.item
        e = lambda tt=t: self.expr(tt, d - 1, avoid)
        strs = [n for n in self.visible(STR)]
        dicts = [n for n in self.visible(Dict(STR, INT))]
        return self.choose([
            (2, lambda: "[" + ", ".join(self.expr(it, d - 1, avoid) for _ in range(rng.randint(1, 4))) + "]"),
            (3, lambda: self.comprehension(it, d)),
            (1, lambda: f"sorted({e()}{rng.choice(['', ', reverse=True'])})"),
            (0.5, lambda: f"sorted({e()}, key=lambda q: {self.key_of(it)})"),
            (1, lambda: f"{e()}[{rng.choice(['1:', ':-1', '::-1', '::2', '1::2', '-3:', ':2', '::-2'])}]"),
            (1, lambda: f"({e()} + {e()})"),
            (0.3, lambda: f"({e()} * {rng.randint(0, 3)})"),
            (0.5, lambda: f"list(reversed({e()}))"),
            (0.3, lambda: f"{e()}.copy()"),
            (0.8 if it == INT else 0, lambda: f"list(range({literal(rng.randint(-3, 3))}, {literal(rng.randint(-3, 8))}, {rng.choice([1, 2, -1, 3, -2])}))"),
            (1.5 if it == STR else 0, lambda: f"{e(STR)}.split({self.sep() if self.chance(0.6) else ''})"),
            (0.5 if it == STR else 0, lambda: f"list({rng.choice(strs) if strs else self.leaf(STR)})"),
            (0.7 if it == STR else 0, lambda: f"{rng.choice(['sorted', 'list'])}({rng.choice(dicts) if dicts else self.expr(Dict(STR, INT), d - 1)})"),
            (0.3 if it == STR else 0, lambda: f"{e(STR)}.splitlines()"),
            (0.6 if it == INT else 0, lambda: f"list({self.expr(Dict(STR, INT), d - 1)}.values())"),
            (0.6 if it == INT else 0, lambda: f"sorted({self.expr(Set(INT), d - 1)})"),
            (0.5, lambda: f"list(map(lambda q: {self.lambda_body(it, it)}, {e()}))"),
            (0.5, lambda: f"list(filter(lambda q: {self.lambda_body(it, BOOL)}, {e()}))"),
            (0.5, lambda: f"({e()} if {self.cond(d - 1)} else {e()})"),
            (1 if self.pg.helpers else 0, lambda: self.call_helper(t, d)),
        ])

    def lambda_body(self, param_t, result_t):
        self.push()
        self.bind("q", param_t)
        saved = self.accumulators
        self.accumulators = set()
        body = self.expr(result_t, 1)
        self.accumulators = saved
        self.pop()
        return body

    def key_of(self, it):
        if it == STR:
            return self.rng.choice(["len(q)", "q.lower()", "q[::-1]", "(len(q), q)"])
        if it == FLOAT:
            return self.rng.choice(["-q", "abs(q)", "q * q"])
        return self.rng.choice(["-q", "abs(q)", "q % 3", "(q % 2, -q)"])

    def e_dict(self, t, d, avoid):
        rng = self.rng
        e = lambda tt=t: self.expr(tt, d - 1, avoid)

        def comp():
            self.push()
            if self.chance(0.5):
                k, v = self.fresh("c"), self.fresh("c")
                src = f"zip({self.expr(List(STR), d - 1)}, {self.expr(List(INT), d - 1)})"
                self.bind(k, STR)
                self.bind(v, INT)
                key, val = k, self.expr(INT, d - 1)
                cond = f" if {self.cond(1)}" if self.chance(0.3) else ""
                out = f"{{{key}: {val} for {k}, {v} in {src}{cond}}}"
            else:
                s = self.shadow_name(STR, "c")
                src = self.expr(List(STR), d - 1)
                self.bind(s, STR)
                out = f"{{{s}: {self.expr(INT, d - 1)} for {s} in {src}}}"
            self.pop()
            return out
        return self.choose([
            (2, lambda: "{" + ", ".join(f"{self.expr(STR, 0)}: {self.expr(INT, d - 1, avoid)}" for _ in range(rng.randint(1, 3))) + "}"),
            (2, comp),
            (0.5, lambda: f"{e()}.copy()"),
            (0.15, lambda: f"dict(zip({self.expr(List(STR), d - 1)}, {self.expr(List(INT), d - 1)}))"),
            (0.4, lambda: f"({e()} if {self.cond(d - 1)} else {e()})"),
        ])

    def e_set(self, t, d, avoid):
        rng = self.rng
        e = lambda tt=t: self.expr(tt, d - 1, avoid)
        return self.choose([
            (2, lambda: f"set({self.expr(List(t.item), d - 1)})"),
            (2, lambda: self.comprehension(t.item, d, kind="set")),
            (1, lambda: self.leaf(t)),
            (1, lambda: f"{e()}.{rng.choice(['union', 'intersection', 'difference'])}({e()})"),
            (0.4, lambda: f"({e()} {rng.choice(['|', '&', '-'])} {e()})"),
        ])

    def e_tuple(self, t, d, avoid):
        rng = self.rng
        parts = [self.expr(a, d - 1, avoid) for a in t.args]
        if t == Tuple(INT, INT) and self.chance(0.3):
            return f"divmod({self.expr(INT, d - 1)}, {self.expr(INT, d - 1)})"
        if self.pg.helpers and self.chance(0.2):
            h = self.call_helper(t, d)
            if h:
                return h
        if any(p is None for p in parts):
            return None
        return "(" + ", ".join(parts) + ("," if len(parts) == 1 else "") + ")"

    def e_opt(self, t, d, avoid):
        rng = self.rng
        return self.choose([
            (1, lambda: "None"),
            (2, lambda: self.expr(t.item, d - 1, avoid)),
            (1, lambda: f"{self.expr(Dict(STR, INT), d - 1)}.get({self.expr(STR, 0)})"),
            (1, lambda: f"({self.expr(t.item, d - 1)} if {self.cond(d - 1)} else None)"),
        ])

    def e_npscalar(self, t, d, avoid):
        for _ in range(6):
            src, at = self.array_expr(d - 1)
            if at is None:
                continue
            s = self.scalar_of(src, at)
            if s is not None and s[1] == t:
                return s[0]
        # A cast that gives the dtype whatever the array's.
        names = self.arrays()
        if not names:
            return None
        return f"{self.rng.choice(names)}.astype({NP_NAME[t.item]}).{self.rng.choice(['sum', 'max', 'min'])}()" \
            if t.item != "bool" else f"{self.rng.choice(names)}.astype(np.bool_).any()"

    def e_arr(self, t, d, avoid):
        for _ in range(8):
            src, at = self.array_expr(d)
            if at == t:
                return src
        tmpl = getattr(self, "return_template", None)
        return self.var(t) or tmpl

    # --- generic helpers (NUM: int or float; SEQ: str or list[int]) ---------------------------
    def e_num(self, t, d, avoid):
        rng = self.rng
        e = lambda: self.expr(NUM, d - 1, avoid)
        return self.choose([
            (3, lambda: self.var(NUM, avoid) or "u"),
            (3, lambda: f"({e()} {rng.choice(['+', '-', '*'])} {e()})"),
            (2, lambda: f"({e()} {rng.choice(['+', '-', '*', '//', '%'])} {self.expr(INT, 0)})"),
            (1, lambda: f"(-{e()})"), (1, lambda: f"abs({e()})"),
            (1, lambda: f"{rng.choice(['min', 'max'])}({e()}, {e()})"),
            (0.5, lambda: f"({e()} ** {rng.randint(0, 2)})"),
            (1, lambda: f"({e()} if {self.cond(d - 1)} else {e()})"),
        ])

    def e_seq(self, t, d, avoid):
        rng = self.rng
        e = lambda: self.expr(SEQ, d - 1, avoid)
        return self.choose([
            (3, lambda: self.var(SEQ, avoid) or "u"),
            (2, lambda: f"{e()}[{rng.choice(['1:', ':-1', '::-1', '::2', 'k:', ':k'])}]"),
            (2, lambda: f"({e()} + {e()})"),
            (0.5, lambda: f"({e()} * {rng.randint(0, 2)})"),
            (1, lambda: f"({e()} if {self.cond(d - 1)} else {e()})"),
        ])

    # --- arrays ---------------------------------------------------------------------------------
    def array_expr(self, d, params_only=False):
        """(source, type) of a random array expression over the arrays in scope (type None if
        nothing fits); NumPy itself, run on stand-in arrays, decides the dtype and shape."""
        rng = self.rng
        names = [n for n, t in self.params if t.kind == "arr"] if params_only else self.arrays()
        if not names:
            return None, None
        src = rng.choice(names)
        t = self.type_of(src)
        if self.is_global(src):
            src, t = f"{src}.copy()", t
        env = {src: t}
        steps = rng.randint(0, max(0, d))
        for _ in range(steps):
            step = self.array_step(src, t, names)
            if step is None:
                continue
            new_src, inputs, masked = step
            env.update(inputs)
            nt = self.eval_type(new_src, env)
            if nt is None or nt.kind != "arr":
                continue
            if masked or any(v.kind == "arr" and v.args[1] is None for v in inputs.values()) or t.args[1] is None:
                nt = Arr(nt.args[0], None) if nt.args[1] is None or len(nt.args[1]) == 1 else None
                if nt is None:
                    continue
            src, t = new_src, nt
        return src, t

    def eval_type(self, src, env):
        import numpy as np
        from fuzz_types import numpy_result
        names = [n for n in env]
        types = [env[n] for n in names]

        def run(*values):
            scope = {"np": np}
            scope.update({n.replace(".copy()", ""): v for n, v in zip(names, values)})
            return eval(src, scope)
        return numpy_result(run, *types)

    def array_step(self, src, t, names):
        """One operation on the array expression `src`: (new source, {name: type} it reads,
        whether it selects by a mask)."""
        rng = self.rng
        dtype, shape = t.args
        other = rng.choice(names)
        ot = self.type_of(other)
        if ot.args[1] is None or shape is None:
            other, ot = None, None
        inputs = {}
        if other is not None:
            inputs[other] = ot
        lit = self.array_scalar_literal(dtype) if self.chance(0.7) else self.array_scalar_literal(
            rng.choice(["int64", "float64", "bool"]))
        choice = rng.choices(
            ["binop", "scalar", "unary", "float_unary", "cmp", "where", "astype", "slice", "mask",
             "reduce_axis", "minmax", "concat", "shape", "clip", "cumsum", "sort"],
            [3, 3, 1.5, 1, 1.5, 1, 1.5, 1.5, 0.8, 0.8, 1, 0.6, 1, 0.5, 0.5, 0.5])[0]
        if choice == "binop" and other is not None:
            op = rng.choice(["+", "-", "*", "/", "//", "%", "&", "|", "^"])
            return f"({src} {op} {other})", inputs, False
        if choice == "scalar" or (choice == "binop" and other is None):
            op = rng.choice(["+", "-", "*", "/", "//", "%", "**"])
            if op == "**":
                lit = str(rng.randint(0, 3))
            if self.chance(0.3) and op != "**":
                return f"({lit} {op} {src})", inputs, False
            return f"({src} {op} {lit})", inputs, False
        if choice == "unary":
            fn = rng.choice(["np.abs", "np.negative", "-", "np.square", "np.sign", "~", "np.positive"])
            return (f"(-{src})" if fn == "-" else f"(~{src})" if fn == "~" else f"{fn}({src})"), inputs, False
        if choice == "float_unary":
            fn = rng.choice(["np.sqrt", "np.floor", "np.ceil", "np.trunc", "np.rint", "np.isnan", "np.isfinite",
                             "np.signbit", "np.isinf", "np.reciprocal", "np.fabs"])
            if dtype not in FLOAT_DTYPES and fn not in ("np.isnan", "np.isfinite", "np.signbit", "np.isinf"):
                src = f"{src}.astype(np.float64)"
            return f"{fn}({src})", inputs, False
        if choice == "cmp":
            rhs = other if other is not None and self.chance(0.5) else lit
            return f"({src} {rng.choice(CMP)} {rhs})", inputs, False
        if choice == "where" and other is not None:
            return f"np.where({src} > {self.array_scalar_literal(dtype)}, {src}, {other})", inputs, False
        if choice == "astype":
            return f"{src}.astype({NP_NAME[rng.choice(DTYPES)]})", inputs, False
        if choice == "slice" and shape:
            if len(shape) == 1:
                return f"{src}[{rng.choice(['1:', ':-1', '::-1', '::2', '1::2', ':0', '-2:'])}]", inputs, False
            return f"{src}[{rng.choice(['1:', '::-1', ':, 1:', ':, ::-1', '0', '-1', ':, 0', '..., ::2'])}]", inputs, False
        if choice == "mask" and shape and len(shape) == 1:
            return f"{src}[{src} {rng.choice(CMP)} {self.array_scalar_literal(dtype)}]", inputs, True
        if choice == "reduce_axis" and shape and len(shape) == 2:
            return f"{src}.{rng.choice(['sum', 'max', 'min', 'mean', 'prod', 'any', 'all'])}(axis={rng.choice([0, 1, -1])})", inputs, False
        if choice == "minmax" and other is not None:
            return f"np.{rng.choice(['maximum', 'minimum', 'fmax', 'fmin'])}({src}, {other})", inputs, False
        if choice == "concat" and other is not None and shape and len(shape) == 1 and len(ot.args[1]) == 1:
            return f"np.concatenate([{src}, {other}])", inputs, False
        if choice == "shape" and shape:
            return rng.choice([f"{src}.reshape(-1)", f"{src}.T", f"{src}.ravel()", f"{src}.flatten()",
                               f"np.flip({src})"]), inputs, False
        if choice == "clip":
            lo, hi = sorted([rng.randint(-3, 3), rng.randint(-3, 6)])
            return f"np.clip({src}, {lo}, {hi})", inputs, False
        if choice == "cumsum" and shape and len(shape) == 1:
            return f"np.{rng.choice(['cumsum', 'cumprod'])}({src})", inputs, False
        if choice == "sort" and shape:
            return f"np.sort({src})", inputs, False
        return None
