"""Calls on arrays of run-time dtype: one branch per dtype an operand can have, picked at run time.

An operand of type DynTensorT (a bare `x: np.ndarray` parameter, or a result computed from one)
has one of several dtypes, known only when the function runs, as in NumPy itself. A call with
such operands is resolved by the op's own rule once per combination of their dtypes, each time
with the operands' static types (TensorT of that dtype), so every branch is exactly the code an
annotated array gets, and NumPy's and torch's promotion are the rules' own. The call becomes one
`dispatch` expression:

    args   = the hoisted operands (evaluated once, in order, before the switch), then one
             resolved call per branch, whose operands read the hoisted ones (`dispatch_arg`)
    type   = the branches' result types joined: one static type where they agree (a comparison
             is bool, an argmax int64, `x.astype(np.float32)` float32), else a DynTensorT of the
             dtypes the branches give (`x * 2.0`: float32 for float32, float64 for the rest)

A combination a rule refuses (a bitwise op on floats, float indices) raises that rule's message
at run time, as Python would; only when every combination is refused is it a compile error.
"""
from __future__ import annotations

import itertools

from .diagnostics import CompileError
from .ir import Expr
from .scope import join_held
from .types import DynTensorT, Type, strip_literal

# A call whose run-time-dtype operands have more combinations than this is not dispatched (the
# entry point then falls back to compiling per combination, specialize.py).
MAX_BRANCHES = 81

_ids = itertools.count()


def dynamic_operands(bound: dict) -> list:
    """The parameters of a bound call whose argument has a run-time dtype."""
    return [p for p, e in bound.items() if isinstance(strip_literal(e.type), DynTensorT)]


def dispatch_call(name: str, bound: dict, loc, resolve) -> Expr:
    """The call of op `name` with `bound` arguments, some of run-time dtype, as one branch per
    combination of their dtypes; `resolve(bound)` resolves a call whose arguments are static."""
    dynamic = dynamic_operands(bound)
    combos = list(itertools.product(*(strip_literal(bound[p].type).dtypes for p in dynamic)))
    if len(combos) > MAX_BRANCHES:
        raise CompileError(loc, f"{name}: {len(combos)} combinations of run-time dtypes to compile; "
                           "annotate the arrays' dtypes")
    # Every operand that is not a literal is evaluated once, before the switch, in order.
    uid = next(_ids)
    hoisted = [p for p, e in bound.items() if e.op != "const"]
    slots = {p: f"d{uid}_{k}" for k, p in enumerate(hoisted)}
    branches, refused = [], []
    for dtypes in combos:
        chosen = dict(zip(dynamic, dtypes))
        args = {}
        for p, e in bound.items():
            if p not in slots:
                args[p] = e
                continue
            t = strip_literal(e.type)
            concrete = t.concrete(chosen[p]) if p in chosen else e.type
            args[p] = Expr("dispatch_arg", concrete, attrs=(("slot", slots[p]), ("dynamic", p in chosen)), loc=e.loc)
        try:
            branches.append((dtypes, resolve(args)))
        except CompileError as e:
            refused.append((dtypes, e))
    if not branches:
        raise refused[0][1]
    result = joined([b.type for _, b in branches], loc, name)
    attrs = (("slots", tuple(slots[p] for p in hoisted)), ("dynamic", tuple(hoisted.index(p) for p in dynamic)),
             ("keys", tuple(d for d, _ in branches)),
             ("refused", tuple((d, e.raises, e.message) for d, e in refused)))
    return Expr("dispatch", result, tuple(bound[p] for p in hoisted) + tuple(b for _, b in branches), attrs, loc)


def joined(types: list, loc, name: str) -> Type:
    """The type of a dispatch whose branches give `types`: theirs where they agree, else one
    that holds each (an array of run-time dtype, a Python number, an Object)."""
    out = strip_literal(types[0])
    for t in types[1:]:
        out = join_held(out, strip_literal(t)) if out is not None else None
    if out is None:
        raise CompileError(loc, f"{name}: the result's type depends on the arrays' dtypes ("
                           f"{', '.join(sorted({str(t) for t in types}))}); annotate the dtypes")
    return out
