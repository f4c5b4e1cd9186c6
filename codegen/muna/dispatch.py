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
import math
import sys

from .build_ir import call, convert
from .diagnostics import CompileError, Rebuild
from .ir import Expr
from .scope import join_held
from .types import (BOOL, FLOAT, INT, DTypeT, DynTensorT, ListT, NumberT, NumpyScalar, ScalarKindsT, StaticT, TensorT, TupleT, Type,
                    cpp_dtype, dtype_order, join_dtypes, list_of_arrays, strip_literal)

# A call whose run-time-dtype operands have more combinations than this is a diagnostic (each
# combination is a branch of code to compile).
MAX_BRANCHES = 81
# Combinations of the entry's array dtypes followed through a dispatch (else its operands'
# dtypes are taken as independent).
MAX_ROOT_COMBINATIONS = 4096

_ids = itertools.count()


def has_run_time_dtype(e: Expr) -> bool:
    """An array of run-time dtype, such an array's dtype (x.dtype), or a list of such arrays."""
    t = strip_literal(e.type)
    return isinstance(t, (DynTensorT, DTypeT)) or list_of_arrays(t)


def promoted_dtypes(t: DynTensorT) -> tuple:
    """The dtypes a list of arrays of `t`'s dtypes can promote to (NumPy's or torch's
    promote_types, closed over every mix of the items)."""
    if t.lib == "torch":
        torch = sys.modules["torch"]
        promote = lambda a, b: str(torch.promote_types(getattr(torch, a), getattr(torch, b))).split(".")[1]  # noqa: E731
    else:
        import numpy as np
        promote = lambda a, b: np.promote_types(a, b).name  # noqa: E731
    out = set(t.dtypes)
    while True:
        more = {promote(a, b) for a in out for b in out} - out
        if not more:
            return dtype_order(out)
        out |= more


def _display_of_run_time_dtypes(e: Expr) -> bool:
    """A list or tuple display holding arrays of run-time dtype (`np.stack([a, b])`)."""
    return e.op in ("list", "tuple") and any(has_run_time_dtype(i) for i in e.args)


def _split_display(e: Expr) -> bool:
    """A display of arrays of run-time dtype, or a tuple display (the index of `x[ids, 0]`, which
    rules read item by item): each item that is not a literal is an operand of its own, and the
    display is made again in each branch. Not a list display typed as a list of arrays of their
    own dtypes (`np.concatenate([a[keep], b[keep, None], ids[keep, None]], 1)`): as that list, one
    operand switched on the dtype its items promote to, not on every combination of theirs."""
    return e.op == "tuple" or _display_of_run_time_dtypes(e) and not list_of_arrays(strip_literal(e.type))


def dynamic_operands(bound: dict) -> list:
    """The parameters of a bound call whose argument has a run-time dtype."""
    return [p for p, e in bound.items() if has_run_time_dtype(e) or _display_of_run_time_dtypes(e)]


# A Python number of run-time kind (NumberT) switched on as the dtype its kind reads as.
NUMBER_KINDS = {"bool": BOOL, "int64": INT, "float64": FLOAT}


def is_number(e: Expr) -> bool:
    """A number of run-time kind: a Python number (NumberT), or a Python number or NumPy scalar
    (ScalarKindsT)."""
    return isinstance(strip_literal(e.type), (NumberT, ScalarKindsT))


def dispatch_call(name: str, bound: dict, loc, resolve, numbers=False) -> Expr:
    """The call of op `name` with `bound` arguments, some of run-time dtype, as one branch per
    combination of their dtypes; `resolve(bound)` resolves a call whose arguments are static.
    `numbers`: Python numbers of run-time kind (NumberT) are switched on too, each branch
    taking the bool, int or float it holds (an op that needs to know which: `torch.topk(x, k)`
    of a k that is an int or a float)."""
    # Every operand that is not a literal is evaluated once, before the switch, in order (the
    # items of a display each one operand).
    hoisted = [p for p, e in bound.items() if e.op != "const"]
    operands = [item for p in hoisted
                for item in ([i for i in bound[p].args if i.op != "const"] if _split_display(bound[p]) else (bound[p],))]

    def branch(stand_ins):
        args, rest = dict(bound), list(stand_ins)
        for p in hoisted:
            e = bound[p]
            if not _split_display(e):
                args[p] = rest.pop(0)
                continue
            items = tuple(i if i.op == "const" else rest.pop(0) for i in e.args)
            types = tuple(strip_literal(i.type) for i in items)
            if e.op == "tuple":
                args[p] = Expr("tuple", TupleT(tuple(i.type for i in items)), items, e.attrs, e.loc)
            elif len(set(types)) <= 1:
                args[p] = Expr("list", ListT(types[0]), items, loc=e.loc)
            else:  # arrays of different dtypes in this branch: a tuple, which the op promotes as a list
                args[p] = Expr("tuple", TupleT(types), items, loc=e.loc)
        return resolve(args)
    return branch_on(operands, loc, branch, name, numbers)


def branch_on(operands: list, loc, build, what: str, numbers=False) -> Expr:
    """`build(stand_ins)` once per combination of the dtypes of the operands of run-time dtype,
    as one `dispatch` expression: `operands` are evaluated once, in order, and `build` gets for
    each a stand-in of the branch's static type (for an array's dtype, the dtype itself, known
    in the branch); a CompileError from `build` is what that branch raises at run time."""
    dynamic = [k for k, e in enumerate(operands) if has_run_time_dtype(e) or numbers and is_number(e)]
    combos, roots, served = _combinations([_switched(strip_literal(operands[k].type)) for k in dynamic])
    if len(combos) > MAX_BRANCHES:
        raise CompileError(loc, f"{what}: {len(combos)} combinations of run-time dtypes to compile; "
                           "annotate the arrays' dtypes")
    uid = next(_ids)
    slots = [f"d{uid}_{k}" for k in range(len(operands))]
    branches, refused, internal = [], [], []
    for dtypes in combos:
        chosen = dict(zip(dynamic, dtypes))
        stand_ins = []
        for k, e in enumerate(operands):
            t = strip_literal(e.type)
            if isinstance(t, DTypeT):  # known in this branch: a compile-time dtype, as x.dtype of a typed x
                stand_ins.append(dtype_const(t.lib, chosen[k], e.loc))
                continue
            if (e.op == "call" and e.attr("op") == "builtins.range" and k not in chosen
                    and all(a.op in ("var", "const") for a in e.args)):
                stand_ins.append(e)  # range(n) itself: rules read it as NumPy does (np.arange(n))
                continue
            if list_of_arrays(t):  # the items cast to the dtype they promote to, this branch's
                held = Expr("dispatch_arg", t, attrs=(("slot", slots[k]), ("dynamic", False)), loc=e.loc)
                stand_ins.append(call("array.list_as", ListT(t.item.concrete(chosen[k])), (held,), e.loc,
                                      (cpp_dtype(chosen[k]),)))
                continue
            if isinstance(t, NumberT):
                concrete = NUMBER_KINDS[chosen[k]] if k in chosen else e.type
            elif isinstance(t, ScalarKindsT):
                concrete = {ScalarKindsT.key(kind): kind for kind in t.kinds}[chosen[k]] if k in chosen else e.type
            else:
                concrete = t.concrete(chosen[k]) if k in chosen else e.type
            # `held`: the operand's own type, where an empty container it goes into takes its
            # item type from it (`keep.append(v)` of a `v` of run-time dtype: a list of such
            # values, not of the first branch's dtype)
            attrs = (("slot", slots[k]), ("dynamic", k in chosen)) + ((("held", t),) if k in chosen else ())
            stand_ins.append(Expr("dispatch_arg", concrete, attrs=attrs, loc=e.loc))
        try:
            branches.append((dtypes, build(stand_ins)))
        except CompileError as e:
            refused.append((dtypes, e))
        except Rebuild:
            raise  # (the program is built again: not this branch's failure)
        except Exception as e:  # a rule not written for this dtype: a muna limit, said at run time
            internal.append(dtypes)
            refused.append((dtypes, CompileError(loc, f"{what} is not supported by muna for "
                                                 f"{', '.join(dtypes)} ({type(e).__name__}: {e})",
                                                 "NotImplementedError")))
            if len(internal) == len(combos):
                raise
    if not branches:  # no dtype runs it: the rule's own diagnostic, for the most common dtypes
        raise min(((d, e) for d, e in refused if d not in internal), key=lambda de: _commonness(de[0]))[1]
    result = _tracked(joined([b.type for _, b in branches], loc, what), branches, roots, served)
    if isinstance(result, ScalarKindsT):  # each branch's number made one of the kinds, as the one it is
        branches = [(d, b if strip_literal(b.type) == result else convert(b, result)) for d, b in branches]
    attrs = (("slots", tuple(slots)), ("dynamic", tuple(dynamic)), ("keys", tuple(d for d, _ in branches)),
             ("refused", tuple((d, e.raises, e.message) for d, e in refused)))
    return Expr("dispatch", result, tuple(operands) + tuple(b for _, b in branches), attrs, loc)


# Dtypes the most common first: where no dtype can run a call, the diagnostic is the one a
# float32 array gets (`F.gelu(x, approximate='fast')`: the bad argument, not that bool is no float).
COMMON_FIRST = ("float32", "float64", "int64", "int32", "uint8", "bool", "int16", "int8", "bfloat16")


def _commonness(dtypes: tuple) -> tuple:
    return tuple(COMMON_FIRST.index(d) if d in COMMON_FIRST else len(COMMON_FIRST) for d in dtypes)


def _switched(t: Type) -> Type:
    """What a dispatch switches on for an operand of type `t`: its dtype, or for a list of
    arrays the dtype they promote to, or for a Python number the kind it holds."""
    if isinstance(t, NumberT):
        return DynTensorT("numpy", tuple(NUMBER_KINDS), None, True)
    if isinstance(t, ScalarKindsT):  # (its keys: dtypes, and 'py:' names for Python's numbers)
        return DynTensorT("numpy", tuple(map(ScalarKindsT.key, t.kinds)), None, True)
    return DynTensorT(t.item.lib, promoted_dtypes(t.item), t.item.rank) if list_of_arrays(t) else t


def _combinations(types: list):
    """The combinations of dtypes the operands (of `types`) can have together: where each one's
    table says how its dtype follows from the entry's arrays (DynTensorT.roots), only those the
    roots' combinations give (two slices of one array: one dtype, not two); else every one.
    Also the roots, and for each combination the roots' combinations giving it (or None)."""
    everything = list(itertools.product(*(t.dtypes for t in types))), (), None
    if not all(isinstance(t, (DynTensorT, DTypeT)) and t.roots for t in types):
        return everything
    roots = sorted({r for t in types for r in t.roots})
    held = {r: set() for r in roots}
    for t in types:
        for combo, _ in t.table:
            for r, d in zip(t.roots, combo):
                held[r].add(d)
    if math.prod(len(held[r]) for r in roots) > MAX_ROOT_COMBINATIONS:
        return everything
    tables = [dict(t.table) for t in types]
    served = {}
    for combo in itertools.product(*(dtype_order(held[r]) for r in roots)):
        at = dict(zip(roots, combo))
        dtypes = tuple(table.get(tuple(at[r] for r in t.roots)) for t, table in zip(types, tables))
        if None not in dtypes:  # else some operand does not exist for these roots' dtypes
            served.setdefault(dtypes, []).append(combo)
    return (list(served), tuple(roots), served) if served else everything


def _tracked(result: Type, branches: list, roots: tuple, served: dict | None) -> Type:
    """The result of a dispatch with its table, where every branch gives one dtype."""
    if not isinstance(result, DynTensorT) or served is None:
        return result
    table = []
    for dtypes, b in branches:
        t = strip_literal(b.type)
        if not isinstance(t, (TensorT, NumpyScalar)):
            return result
        table += [(combo, t.dtype) for combo in served[dtypes]]
    return DynTensorT(result.lib, result.dtypes, result.rank, result.scalar, roots, tuple(sorted(table)))


def dtype_object(lib: str, dtype: str):
    """The Python object an array's .dtype gives: torch.float32, or numpy.dtype('float32')."""
    if lib == "torch":
        return getattr(sys.modules["torch"], dtype)
    import numpy as np
    return np.dtype(dtype)


def dtype_const(lib: str, dtype: str, loc) -> Expr:
    """`x.dtype` of an array whose dtype is known at compile time."""
    return Expr("const", StaticT(f"dtype {dtype}"), attrs=(("value", dtype_object(lib, dtype)),), loc=loc)


def _joined_lists(a, b) -> Type | None:
    """Two branches' lists of arrays of different dtypes (torch.unbind, np.split of an array of
    run-time dtype): a list of arrays of run-time dtype (each branch's list, made by the op, is
    converted: core/array.hpp dispatch_result), else None."""
    if not (isinstance(a, ListT) and isinstance(b, ListT) and a.frozen == b.frozen):
        return None
    item = join_dtypes(strip_literal(a.item), strip_literal(b.item))
    return ListT(item.untracked(), a.frozen) if item is not None and not item.scalar else None


def joined(types: list, loc, name: str) -> Type:
    """The type of a dispatch whose branches give `types`: theirs where they agree, else one
    that holds each (an array of run-time dtype, a Python number, an Object)."""
    out = strip_literal(types[0])
    for t in types[1:]:
        out = _joined_lists(out, strip_literal(t)) or (join_held(out, strip_literal(t)) if out is not None else None)
    if out is None:
        raise CompileError(loc, f"{name}: the result's type depends on the arrays' dtypes ("
                           f"{', '.join(sorted({str(t) for t in types}))}); annotate the dtypes")
    return out
