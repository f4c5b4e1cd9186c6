"""Shrinks a failing program while it still fails the same way, and writes it as a repro.

A failure (harness.Outcome: wrong or crash) is reduced on the failing argument set by edits of
the program's AST: deleting a statement (or a helper, a constant), replacing a compound
statement by one of its blocks, an expression by one of its operands, a constant by a plainer
one. Edits are tried in chunks, largest first (delta debugging): every candidate of a round is
checked at once, as one module compiled into one library, so a round costs one C++ build.
A candidate counts when CPython still runs it as a well-typed program, muna still accepts it,
and the outcome is still the failure's kind: a wrong result stays a wrong result (any
difference), a library that dies still dies, C++ that does not build still does not build.
"""
from __future__ import annotations

import ast
import copy
import math
import os
import re
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import harness  # noqa: E402
from generator import BOX, IMPORTS, Program  # noqa: E402

MAX_CANDIDATES = 40


# --- edits ----------------------------------------------------------------------------------------

def _simpler_constant(value):
    if isinstance(value, bool):
        return [] if value is False else [False]
    if isinstance(value, int):
        return [v for v in (0, 1) if v != value and abs(value) > abs(v)]
    if isinstance(value, float):
        return [v for v in (0.0, 1.0) if repr(v) != repr(value)]
    if isinstance(value, str):
        return [v for v in ("", "a") if len(v) < len(value)]
    return []


def edits(tree):
    """Every single edit of the tree as (node id, action), biggest first: actions are
    ("delete",), ("block", field) (a compound statement replaced by its body/orelse/...),
    ("child", field, index) (an expression by one of its operands), ("const", value)."""
    out = []
    frozen = set()  # signatures and module-level values stay as they are
    for top in tree.body:
        if isinstance(top, ast.FunctionDef):
            frozen.update(id(n) for n in ast.walk(top.args))
            if top.returns is not None:  # a helper may have no return annotation
                frozen.update(id(n) for n in ast.walk(top.returns))
        elif isinstance(top, ast.Assign):
            frozen.update(id(n) for n in ast.walk(top.value))
    for node in ast.walk(tree):
        if id(node) in frozen:
            continue
        for field, value in ast.iter_fields(node):
            if isinstance(value, list) and value and isinstance(value[0], ast.stmt):
                for s in value:
                    if not (isinstance(node, ast.Module) and isinstance(s, (ast.Import, ast.ImportFrom, ast.ClassDef))):
                        out.append((_size(s), id(s), ("delete",)))
        if isinstance(node, (ast.If, ast.For, ast.While, ast.Try)):
            for field in ("body", "orelse", "finalbody"):
                if getattr(node, field, None):
                    out.append((_size(node) - 1, id(node), ("block", field)))
            if isinstance(node, ast.Try):
                for i, h in enumerate(node.handlers):
                    out.append((_size(node) - 1, id(node), ("handler", i)))
            if isinstance(node, ast.For):
                out.append((_size(node) - 1, id(node), ("range1",)))
        if isinstance(node, ast.expr) and not isinstance(node, (ast.Name, ast.Constant)):
            for field, value in ast.iter_fields(node):
                if field == "func":
                    continue
                items = value if isinstance(value, list) else [value]
                for i, v in enumerate(items):
                    if isinstance(v, ast.expr) and not isinstance(v, ast.Starred):
                        out.append((_size(node) - _size(v), id(node), ("child", field, i if isinstance(value, list) else None)))
        if isinstance(node, ast.Constant):
            for v in _simpler_constant(node.value):
                out.append((0.5, id(node), ("const", v)))
        if isinstance(node, (ast.List, ast.Tuple, ast.Set)) and len(node.elts) > 1:
            for i in range(len(node.elts)):
                out.append((_size(node.elts[i]), id(node), ("drop", i)))
    out.sort(key=lambda e: -e[0])
    return [(i, a) for _, i, a in out]


def _size(node):
    return sum(1 for _ in ast.walk(node))


class _Apply(ast.NodeTransformer):
    def __init__(self, actions):
        self.actions = actions  # id(node in this copy) -> action

    def visit(self, node):
        action = self.actions.get(id(node))
        if action is not None:
            kind = action[0]
            if kind == "delete":
                return None
            if kind == "block":
                return [self.visit(s) for s in getattr(node, action[1])]
            if kind == "handler":
                return [self.visit(s) for s in node.handlers[action[1]].body]
            if kind == "range1":
                node.iter = ast.parse("range(1)", mode="eval").body
            if kind == "child":
                value = getattr(node, action[1])
                child = value[action[2]] if action[2] is not None else value
                return self.visit(child)
            if kind == "const":
                return ast.copy_location(ast.Constant(action[1]), node)
            if kind == "drop":
                node.elts = [e for i, e in enumerate(node.elts) if i != action[1]]
        return self.generic_visit(node)

    def generic_visit(self, node):
        for field, old in ast.iter_fields(node):
            if isinstance(old, list):
                new = []
                for v in old:
                    if isinstance(v, ast.AST):
                        v = self.visit(v)
                        if v is None:
                            continue
                        if isinstance(v, list):
                            new.extend(x for x in v if x is not None)
                            continue
                    new.append(v)
                if old and isinstance(old[0], ast.stmt) and not new and not isinstance(node, ast.Module):
                    new = [ast.Pass()]
                setattr(node, field, new)
            elif isinstance(old, ast.AST):
                v = self.visit(old)
                if v is None or isinstance(v, list):
                    return node  # an expression cannot be deleted: leave it
                setattr(node, field, v)
        return node


def apply(tree, chosen):
    """The source of `tree` with the chosen edits applied, or None if it does not unparse."""
    memo = {}
    new = copy.deepcopy(tree, memo)
    actions = {}
    for node_id, action in chosen:
        copied = memo.get(node_id)
        if copied is not None and id(copied) not in actions:
            actions[id(copied)] = action
    try:
        new = _Apply(actions).visit(new)
        ast.fix_missing_locations(new)
        return ast.unparse(new)
    except Exception:
        return None


# --- checking candidates --------------------------------------------------------------------------

def rename(source: str, prefix: str, new: str) -> str:
    """The program's names (p12_f, p12_h0, P12_C0) under another prefix, so that many
    candidates of one program share a module."""
    source = re.sub(rf"\b{prefix}_", f"{new}_", source)
    return re.sub(rf"\b{prefix.upper()}_", f"{new.upper()}_", source)


def _kind(outcome: harness.Outcome) -> str:
    if outcome.status == "wrong":
        return "wrong"
    if outcome.detail.startswith("build failed"):
        return "build"
    return "crash"


class _Search:
    """The state of one failure's minimization: the smallest failing source so far and the
    size of the edit chunks tried next (delta debugging: halved when no chunk can go)."""

    def __init__(self, failure):
        self.failure = failure
        self.program = failure.program
        self.kind = _kind(failure)
        self.args = failure.case if failure.case is not None else self.program.arg_sets[0]
        self.best = self.program.source
        self.outcome = failure
        self.chunk = None
        self.done = False
        self.rounds = 0

    def candidates(self, limit):
        """Up to `limit` new sources: the current best with one chunk of edits applied each."""
        tree = ast.parse(self.best)
        all_edits = edits(tree)
        while not self.done:
            if not all_edits:
                self.done = True
                break
            # The first round spends its whole share: chunks as large as `limit` of them allow.
            self.chunk = min(self.chunk or max(1, math.ceil(len(all_edits) / limit)), len(all_edits))
            groups = [all_edits[i:i + self.chunk] for i in range(0, len(all_edits), self.chunk)]
            out, seen = [], {self.best}
            for g in groups:
                s = apply(tree, g)
                if s is not None and s not in seen and _parses(s):
                    seen.add(s)
                    out.append(s)
                if len(out) >= limit:
                    break
            if out:
                return out
            self.shrink()
        return []

    def shrink(self):
        if self.chunk == 1:
            self.done = True
        else:
            self.chunk = max(1, self.chunk // 2)

    def update(self, sources, ok, outcomes):
        good = sorted(((len(s), i) for i, (s, g) in enumerate(zip(sources, ok)) if g))
        self.rounds += 1
        if good:
            i = good[0][1]
            self.best, self.outcome = sources[i], outcomes[i]
        else:
            self.shrink()


def check_many(jobs, workdir, target):
    """[(search, sources)] -> for each, (whether each source still fails as the search's kind,
    the outcomes): every candidate of every search in one batch, one library."""
    programs, owners = [], []
    for k, (search, sources) in enumerate(jobs):
        p = search.program
        for j, src in enumerate(sources):
            name = f"m{k}x{j}"
            c = Program(f"min{k}", len(programs), f"{name}_f", p.params, p.returns,
                        rename(src, f"p{p.index}", name), [search.args], set(p.features))
            programs.append(c)
            owners.append(k)
    outcomes = harness.run_batch(programs, workdir, target=target, log=lambda *a: None) if programs else []
    results = [([], []) for _ in jobs]
    for k, o in zip(owners, outcomes):
        still = _kind(o) == jobs[k][0].kind and o.status in ("wrong", "crash")
        results[k][0].append(still)
        results[k][1].append(o)
    return results


def minimize_many(failures, workdir, target=None, log=print, max_rounds=30, per_round=80):
    """{index: (minimized source, its Outcome)} for wrong or crash outcomes; each round gives
    every unfinished failure its share of one build of `per_round` candidates."""
    searches = [_Search(f) for f in failures]
    firsts = check_many([(s, [s.best]) for s in searches], os.path.join(workdir, "r0"), target)
    for s, (ok, outs) in zip(searches, firsts):
        if ok and ok[0]:
            s.outcome = outs[0]
        else:
            log(f"  {s.program.entry}: does not fail alone on its arguments; kept as it is")
            s.done = True
    for rnd in range(1, max_rounds + 1):
        active = [s for s in searches if not s.done]
        if not active:
            break
        share = max(4, min(MAX_CANDIDATES, per_round // len(active)))
        jobs = [(s, s.candidates(share)) for s in active]
        jobs = [(s, c) for s, c in jobs if c]
        if not jobs:
            break
        for (s, sources), (ok, outs) in zip(jobs, check_many(jobs, os.path.join(workdir, f"r{rnd}"), target)):
            s.update(sources, ok, outs)
        log(f"  round {rnd}: " + ", ".join(f"{s.program.entry} {len(s.best.splitlines())} lines"
                                           + ("" if not s.done else " (done)") for s in searches))
    return {s.program.index: (s.best, s.outcome) for s in searches}


def minimize(failure, workdir, target=None, log=print, max_rounds=30):
    """(minimized source of the program's functions, its Outcome) for one wrong or crash outcome."""
    return minimize_many([failure], workdir, target, log, max_rounds, per_round=MAX_CANDIDATES)[failure.program.index]


def _parses(src):
    try:
        compile(src, "<candidate>", "exec")
        return True
    except SyntaxError:
        return False


# --- writing a repro ------------------------------------------------------------------------------

def value_source(v) -> str:
    """Python source that rebuilds an argument value (arrays with their dtype, nan/inf floats)."""
    if isinstance(v, bool) or v is None:
        return repr(v)
    if isinstance(v, float):
        if math.isnan(v):
            return 'float("nan")'
        if math.isinf(v):
            return 'float("inf")' if v > 0 else 'float("-inf")'
        return repr(v)
    if isinstance(v, np.ndarray):
        return f"np.array({value_source(v.tolist())}, dtype=np.{v.dtype.name})"
    if isinstance(v, list):
        return "[" + ", ".join(value_source(x) for x in v) + "]"
    if isinstance(v, tuple):
        return "(" + ", ".join(value_source(x) for x in v) + ("," if len(v) == 1 else "") + ")"
    if isinstance(v, set):
        return "{" + ", ".join(value_source(x) for x in v) + "}" if v else "set()"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{value_source(k)}: {value_source(x)}" for k, x in v.items()) + "}"
    return repr(v)


def repro_text(program: Program, source: str, outcome: harness.Outcome, title: str) -> str:
    """A self-contained module: the functions, ARGS, and what CPython and muna gave."""
    entry = re.search(r"^def (\w+_f)\(", source, re.M)
    entry = entry.group(1) if entry else program.entry
    args = outcome.case if outcome.case is not None else program.arg_sets[0]
    doc = [title, "", f"Found by tests/fuzz (seed {program.seed}, program {program.index}); minimized.",
           f"    CPython: {harness.show(outcome.expected)}" if outcome.expected else "",
           f"    muna:    {harness.show(outcome.got) if outcome.got else outcome.detail}",
           "" if outcome.expected else "", outcome.detail if outcome.expected else ""]
    doc = "\n".join(line for line in doc if line is not None).rstrip()
    return (f'"""{_escape(doc)}\n"""\n' + IMPORTS + ("\n\n" + BOX if "Box(" in source else "") + "\n\n" +
            source.rstrip() + "\n\n\n" + f"ENTRY = {entry!r}\nARGS = {value_source(tuple(args))}\n" +
            f"CPYTHON = {harness.show(outcome.expected)!r}\nMUNA = {(harness.show(outcome.got) if outcome.got else outcome.detail)!r}\n"
            "FIXED = False\n")


def _escape(text):
    return text.replace("\\", "\\\\").replace('"""', "'''")
