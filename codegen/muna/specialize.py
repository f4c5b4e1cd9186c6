"""Entry points whose annotations leave types open.

`def f(x: np.ndarray, mask: torch.Tensor)` accepts arrays of every dtype, as Python does: such an
array holds its dtype at run time (DynTensorT), each op on it switches on the dtypes it meets
(dispatch.py), so one compiled body serves every combination of dtypes a caller passes. Where
the body needs a rank an annotation leaves open (`for row in x`, `h, w = x.shape`), it is
compiled once per rank it takes (_forms), and the entry point picks by the arguments' ranks.

A parameter annotated with a Union of kinds (`Union[str, list[str]]`, `np.ndarray | list[...]`)
is compiled once per member the body takes, the entry point choosing by the argument's kind, so
`isinstance(x, str)` decides each body. Inside a container a Union is a value whose kind is
known at run time (`list[int | float]`: a Number each; else an Object), since one list may hold
both.
"""
from __future__ import annotations

import inspect
import itertools
import sys
import typing
from dataclasses import dataclass, replace

import numpy as np

from .array_like import read_only_through_asarray
from .annotations import AnnotationError, OpenT, TensorPattern, UnionT, type_of_annotation
from .diagnostics import CompileError
from .function_values import is_function_value
from .ir import Function, walk_stmts
from .types import (BOOL, FLOAT, INT, NONE, STR, AnyT, DictT, DynTensorT, ListT, NoneT, NumberT, OptionalT, SetT, TensorT,
                    TupleT, Type, dtype_order)

# Ranks tried for an array whose rank the annotation leaves open and the body needs (1 to 4 each,
# the fewest arrays ranked first), and forms of one entry compiled at most (each form is a copy
# of the body: `nms(boxes, scores)` takes 2-d boxes with 1-d, 2-d or 3-d scores).
MAX_SEARCH = 512
MAX_RANK_FORMS = 4
# A Python number of either kind: what a parameter without an annotation holds for a number.
NUMBERS = UnionT((INT, FLOAT))
# Combinations of the members of Union parameters kept (each a body of its own) and built at most
# (each a front-end build; of the first MAX_SEARCH combinations).
MAX_MEMBER_FORMS = 8
MAX_MEMBER_SEARCH = 64
# Rank choices that fail to type-check before the search gives up (each is a front-end build).
MAX_FAILED = 64


@dataclass(frozen=True)
class Specialization:
    """One way in: arguments of `types` (an array of run-time dtype: any of its dtypes, at its
    rank where it has one) run `function`, compiled for them."""
    types: tuple          # the parameters' types, in order
    function: Function


@dataclass
class Export:
    """An exported Python function: its parameters as annotated, and what it is compiled as."""
    name: str
    params: tuple           # (name, annotated Type (maybe a pattern), default Expr or None)
    returns: str            # the return annotation as written ("" when there is none)
    specializations: list   # [Specialization], one per member of a Union parameter and rank the body takes
    array_like: tuple = ()  # the parameters a list or number is made an array for (array_like.py)

    @property
    def generic(self) -> bool:
        return len(self.specializations) > 1


def entry_signature(builder_cls, fn, loc_of):
    """(parameter names and annotated types, return annotation text); a parameter without an
    annotation or with one muna cannot read is a diagnostic at it."""
    import ast
    tree = builder_cls.parse(fn)
    try:
        hints = typing.get_type_hints(fn, include_extras=True)
    except Exception as e:
        raise CompileError(loc_of(tree), f"cannot evaluate the annotations: {e}")
    params = []
    defaults = {n: p.default for n, p in inspect.signature(fn).parameters.items()}
    read = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Store)}
    for arg in tree.args.posonlyargs + tree.args.args + tree.args.kwonlyargs:
        if is_function_value(defaults[arg.arg]):
            # `winfunc=lambda x: np.ones((x,))`: the body calls the default (a caller cannot pass
            # a function through the ABI); the parameter takes nothing else (FunctionBuilder)
            params.append((arg.arg, NONE, arg))
            continue
        try:
            if arg.arg in hints:
                t = type_of_annotation(hints[arg.arg])
            elif arg.arg not in read:
                t = AnyT()  # never read (`img` kept for the callers' sake): whatever they pass
            else:
                t = unannotated(defaults[arg.arg])
            t = open_items(t)
            if defaults[arg.arg] is None and not isinstance(t, (OptionalT, OpenT, NoneT)):
                t = OptionalT(t)  # `scores: np.ndarray = None`: None too (PEP 484's implicit Optional)
            params.append((arg.arg, t, arg))
        except AnnotationError as e:
            raise CompileError(loc_of(arg), f"{e}; use int, float, bool, str, list[...], dict[..., ...], "
                               "tuple[...], Optional[...], Literal[...], np.ndarray or torch.Tensor")
    returns = ast.unparse(tree.returns) if tree.returns is not None else ""
    return params, returns


def unannotated(default) -> Type:
    """What a parameter without an annotation is taken as: the kind of its default (a Python
    number of either kind for a number: callers pass `tau=1` a 1.1), else, as Python takes any
    value, a Union of the kinds inference code passes (a number, a str, an array, a tensor, a list),
    each compiled where the body takes it (build_entry); a None default makes it Optional."""
    if isinstance(default, (bool, str)):
        return type_of_annotation(type(default))
    if isinstance(default, tuple) and default and all(type(v) in (int, float, str, bool) for v in default):
        # `pad=(0, 0)`, passed `(0.5, 0.5)` too
        return TupleT(tuple(NUMBERS if type(v) in (int, float) else type_of_annotation(type(v)) for v in default))
    if isinstance(default, (int, float)):
        return NUMBERS
    kinds = [NUMBERS, STR, type_of_annotation(np.ndarray)]
    if "torch" in sys.modules:
        kinds.append(type_of_annotation(sys.modules["torch"].Tensor))
    kinds.append(ListT(AnyT()))  # a list of any values (`ats=[1, 3, 5]`), read by their kinds when it runs
    union = UnionT(tuple(kinds), implicit=True)
    return OptionalT(union) if default is None else union


def open_items(t: Type) -> Type:
    """A bare `list` or `tuple` (`variances: list`): a Union of the lists callers pass, each a
    body where the body takes it: of numbers (`int | float` each, which every op takes), of
    strs, else of values of run-time type."""
    if isinstance(t, OptionalT):
        inner = open_items(t.item)
        return t if inner is t.item else OptionalT(inner)
    if not isinstance(t, ListT) or not isinstance(t.item, OpenT):
        return t
    return UnionT(tuple(replace(t, item=i) for i in (NUMBERS, STR, t.item)), implicit=True)


def build_entry(program, fn, builder_cls) -> Export:
    """The Export of entry function `fn`: one compiled body, or one per member of its Union
    parameters and per rank its open-rank arrays need (the module's docstring)."""
    probe = builder_cls(program, fn)
    params, returns = entry_signature(builder_cls, fn, probe.loc)
    # The combinations of members tried, up to MAX_MEMBER_SEARCH (a front-end build each), and
    # kept, up to MAX_MEMBER_FORMS (a body each): first those giving every unannotated parameter
    # one kind (`levenshtein(a, b)` is called with two strs or two lists, seldom a str and a
    # list), then those with the fewest members not first.
    def order(c):
        implicit = [i for (i, _), (_, t, _) in zip(c, params) if _implicit_union(t)]
        return len(set(implicit)), sum(i > 0 for i, _ in c)
    choices = sorted(itertools.islice(itertools.product(*(list(enumerate(_members(t))) for _, t, _ in params)),
                                      MAX_SEARCH), key=order)[:MAX_MEMBER_SEARCH]
    choices = [tuple(m for _, m in c) for c in choices]
    specs, errors, kept = [], [], 0
    for k, members in enumerate(choices):
        if kept == MAX_MEMBER_FORMS:
            break
        types = tuple(_as_root(run_time_form(t), f"{fn.__name__}.{name}") for (name, _, _), t in zip(params, members))
        forms = _forms(program, fn, builder_cls, params, types, f"__{k}" if len(choices) > 1 else "")
        if isinstance(forms, CompileError):
            errors.append(forms)
        else:
            specs += forms
            kept += 1
    if not specs:
        # Past an unknown rank, what stopped the body at a rank is the diagnostic to act on; of
        # the members of a Union, the one that went furthest into the body.
        raise furthest([e for e in errors if "unknown rank" not in e.message] or errors)
    tree = builder_cls.parse(fn)
    array_like = tuple(i for i, (name, _, _) in enumerate(params)
                       if all(_numpy_array(s.types[i]) for s in specs)
                       and read_only_through_asarray(tree, name, getattr(fn, "__globals__", {})))
    return Export(fn.__name__, _described(specs[0].function, params), returns, specs, array_like)


def _numpy_array(t) -> bool:
    t = t.item if isinstance(t, OptionalT) else t
    return isinstance(t, (TensorT, DynTensorT)) and t.lib == "numpy"


def _forms(program, fn, builder_cls, params, types, suffix) -> list | CompileError:
    """The Specializations of an entry whose parameters have `types`: one, or where the body
    needs ranks the annotations leave open, one per rank of those arrays that the body takes (1
    to 4, as few arrays ranked as will do), the MAX_RANK_FORMS of lowest total rank (a call of
    other ranks is refused at the entry); else the diagnostic that stopped the body."""
    def build(types, suffix):
        cpp_name = program.helper_name(fn.__name__ + suffix) if suffix else None
        try:
            return builder_cls(program, fn, param_types={n: t for (n, _, _), t in zip(params, types)}, entry=True,
                               cpp_name=cpp_name).build()
        except CompileError as e:
            return e

    first = build(types, suffix)
    if not isinstance(first, CompileError):
        return [Specialization(types, first)]
    # The arrays of open rank: of run-time dtype, or annotated with a dtype alone (`npt.NDArray[np.int64]`).
    ranked = [i for i, t in enumerate(types) if isinstance(_array_of(t), (DynTensorT, TensorT)) and _array_of(t).rank is None]
    # Fewest arrays ranked first, then the lowest total rank ([0] leaves every rank open).
    choices = sorted(itertools.product(*([None, 1, 2, 3, 4] for _ in ranked)),
                     key=lambda rs: (sum(r is not None for r in rs), sum(r or 0 for r in rs),
                                     [r or 0 for r in rs]))[1:MAX_SEARCH]
    # Forms that raise whatever the argument (`if x.ndim != 2: raise` at the other ranks) are kept
    # (the call gets Python's exception) but do not end the search for forms that compute.
    # MAX_FAILED builds that stop are allowed before the first form that works, and as many again
    # after it, while other forms with as many parameters ranked are looked for.
    works, raising, stopped, fewest, failed = [], [], [], None, 0
    for ranks in choices:
        count = sum(r is not None for r in ranks)
        if fewest is not None and count > fewest or len(works) == MAX_RANK_FORMS or failed >= MAX_FAILED:
            break  # no more parameters ranked than the fewest that do
        chosen = [_ranked(types[i], r) if r else types[i] for i, r in zip(ranked, ranks)]
        ranked_types = tuple(dict(zip(ranked, chosen)).get(i, t) for i, t in enumerate(types))
        built = build(ranked_types, suffix + "__" + "_".join(f"{r}d" if r else "any" for r in ranks))
        if isinstance(built, CompileError):
            stopped.append(built)
            failed += 1
        elif _certainly_raises(built.body):
            if len(raising) < MAX_RANK_FORMS:
                raising.append(Specialization(ranked_types, built))
        else:
            if not works:
                failed = 0
            works.append(Specialization(ranked_types, built))
            fewest = count
    if works:
        return works + raising
    # No form, or only forms that raise (`if x.dim() != 1: raise` at ranks 2-4 of a body that
    # stops at rank 1): the function is not compiled, and this is why.
    if "unknown rank" in first.message:  # what stopped the body at a rank, not the unknown rank
        return furthest([e for e in stopped if "unknown rank" not in e.message] or [first])
    return first


def furthest(errors: list) -> CompileError:
    """Of the diagnostics that stopped builds of one function, the one furthest into its body
    (where the forms that went furthest stopped: the reason to act on)."""
    file = next((e.loc.file for e in errors if e.loc), None)
    return max(errors, key=lambda e: (e.loc.line, e.loc.col) if e.loc and e.loc.file == file else (0, 0))


def _array_of(t: Type) -> Type:
    """The array type `t` is, or is Optional of."""
    return t.item if isinstance(t, OptionalT) else t


def _ranked(t: Type, rank: int) -> Type:
    """The array type `t` (or Optional of one) at `rank`."""
    return OptionalT(replace(t.item, rank=rank)) if isinstance(t, OptionalT) else replace(t, rank=rank)


def _certainly_raises(body) -> bool:
    """Whether a function body raises whatever its arguments' values: a `raise` reached before
    any statement that could return or leave (after folding: `if x.ndim != 4: raise` compiled
    for a 2-d x)."""
    for s in body:
        if s.op == "raise":
            return True
        if s.op == "if" and _certainly_raises(s.body) and _certainly_raises(s.orelse):
            return True
        if s.op in ("return", "try") or any(t.op in ("return", "try") for t in walk_stmts(list(s.body) + list(s.orelse))):
            return False
    return False


def _implicit_union(t: Type) -> bool:
    """A parameter without an annotation (specialize.unannotated): one of the kinds callers pass."""
    t = t.item if isinstance(t, OptionalT) else t
    return isinstance(t, UnionT) and t.implicit


def _members(t: Type) -> list:
    """The kinds a parameter annotated `t` is compiled for: the members of a Union (an Optional
    Union: each member, each with None), else `t` itself. A Union of Python numbers
    is one Number (an int argument stays an int). The entry point takes the first member whose
    kind matches, and a float parameter accepts an int, so members with fewer floats come first
    (`Union[List[float], List[int]]` gives a list of ints to the List[int] body)."""
    union = t.item if isinstance(t, OptionalT) else t
    if not isinstance(union, UnionT) or isinstance(run_time_form(union), NumberT):
        return [t]
    members = [m for o in union.options for m in _members(o)]
    if not union.implicit:  # (whose members take no value of another's kind)
        members.sort(key=lambda m: str(m).count("float"))
    # (None with each member, so that whichever members' bodies compile, None has one)
    return [m if isinstance(m, OptionalT) else OptionalT(m) for m in members] if union is not t else members


def _as_root(t: Type, name: str) -> Type:
    """An array parameter of run-time dtype as the root its values' dtypes are followed from."""
    return DynTensorT.root(t.lib, t.dtypes, t.rank, name) if isinstance(t, DynTensorT) else t


def run_time_form(t: Type) -> Type:
    """The parameter type holding every value annotation `t` accepts: an array of open dtype
    holds it at run time (DynTensorT), `Any` is an Object, and a Union inside a container a
    Number (of ints and floats) or an Object."""
    if isinstance(t, TensorPattern):
        return DynTensorT(t.lib, dtype_order(t.dtypes), t.rank)
    if isinstance(t, OpenT):
        return AnyT()
    if isinstance(t, UnionT):
        forms = [run_time_form(o) for o in t.options]
        if all(f in (INT, FLOAT, BOOL) or isinstance(f, NumberT) for f in forms):
            return NumberT()
        return AnyT()
    if isinstance(t, (OptionalT, ListT, SetT)):
        item = run_time_form(t.item)
        return AnyT() if isinstance(t, OptionalT) and isinstance(item, AnyT) else replace(t, item=item)
    if isinstance(t, DictT):
        return replace(t, key=run_time_form(t.key), value=run_time_form(t.value))
    if isinstance(t, TupleT):
        return replace(t, items=tuple(run_time_form(i) for i in t.items))
    return t


def _described(f: Function, params) -> tuple:
    defaults = {p.name: p.default for p in f.params}
    return tuple((n, t, defaults.get(n)) for n, t, _ in params)
