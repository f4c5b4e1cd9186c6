"""Entry points whose annotations leave types open: one compiled function per combination.

`def f(x: np.ndarray, mask: torch.Tensor)` accepts arrays of every dtype, as Python does. The
entry is compiled once per combination of the open parameters' concrete types (annotations.
expand) that its body type-checks for; the library's entry point looks at the arguments' kinds
and dtypes and calls the one that matches, or returns an error status naming the parameter, the
dtype given and the dtypes accepted.

A parameter whose every use converts it to one dtype first (`x = np.asarray(x, np.float32)`,
`x.astype(np.float32)`, `torch.from_numpy(x).float()`) is compiled once: the entry point casts an
argument of any dtype to that one exactly as the conversion would have. This is decided from
the IR, not guessed: in two builds with different dtypes every read of the parameter must be
the operand of a conversion to the same dtype (a read that folded away, such as `x.dtype`, means
the body depends on the dtype). It keeps compile time near that of the annotated function.
"""
from __future__ import annotations

import itertools
import typing
from dataclasses import dataclass, replace

from .annotations import AnnotationError, OpenT, TensorPattern, expand, is_pattern, type_of_annotation
from .diagnostics import CompileError, note
from .ir import Function, walk_exprs, walk_stmts
from .types import (AnyT, DictT, DynTensorT, ListT, OptionalT, SetT, TensorT, TupleT, Type, dtype_order,
                    strip_literal)

# Combinations of open parameter types type-checked per entry point (each is a build of the
# function's IR, milliseconds), and compiled functions they may come to after combinations that
# differ only in conversions share one (each is C++ to compile: what costs compile time).
MAX_COMBINATIONS = 256
MAX_FUNCTIONS = 32
# Combinations tried, when there are more than MAX_COMBINATIONS, near the ones giving every
# array one dtype (_fewer).
MAX_SEARCH = 512
# Forms of an entry whose arrays of run-time dtype need ranks (_run_time_dtype_forms).
MAX_RANK_FORMS = 4


@dataclass(frozen=True)
class Specialization:
    """One way in: arguments of types `accepts` (a TensorPattern: any of its dtypes) run
    `function`, compiled for `types`, after casting the arrays named in `casts`."""
    types: tuple          # the parameters' types `function` is compiled for, in order
    function: Function
    casts: tuple = ()     # indices of the parameters whose argument is cast to types[i]'s dtype
    accepts: tuple = ()   # the parameters' types this way in takes


@dataclass
class Export:
    """An exported Python function: its parameters as annotated, and what it is compiled as."""
    name: str
    params: tuple           # (name, annotated Type (maybe a pattern), default Expr or None)
    returns: str            # the return annotation as written ("" when there is none)
    specializations: list   # [Specialization], the most common dtypes first

    @property
    def generic(self) -> bool:
        return len(self.specializations) > 1 or any(s.casts for s in self.specializations)


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
    for arg in tree.args.args:
        if arg.arg not in hints:
            raise CompileError(loc_of(arg), f"parameter '{arg.arg}' has no type annotation; annotate it, "
                               "e.g. 'x: np.ndarray' or 'n: int'")
        try:
            params.append((arg.arg, type_of_annotation(hints[arg.arg]), arg))
        except AnnotationError as e:
            raise CompileError(loc_of(arg), f"{e}; use int, float, bool, str, list[...], dict[..., ...], "
                               "tuple[...], Optional[...], Literal[...], np.ndarray or torch.Tensor")
    returns = ast.unparse(tree.returns) if tree.returns is not None else ""
    return params, returns


def build_entry(program, fn, builder_cls) -> Export:
    """The Export of entry function `fn`: one specialisation when its annotations are concrete,
    else one way in per accepted combination of open types, where combinations that differ
    only in how parameters are converted share one compiled function (the module's docstring)."""
    probe = builder_cls(program, fn)
    params, returns = entry_signature(builder_cls, fn, probe.loc)
    open_params = [i for i, (_, t, _) in enumerate(params) if is_pattern(t)]
    if not open_params:
        try:
            f = builder_cls(program, fn, param_types={n: t for n, t, _ in params}, entry=True).build()
        except CompileError:
            if not _fixed_dtype_open_rank(params):
                raise
        else:
            types = tuple(t for _, t, _ in params)
            return Export(fn.__name__, _described(f, params), returns, [Specialization(types, f, (), types)])
    dynamic = {i: run_time_dtype_form(params[i][1]) for i in open_params}
    if open_params and all(t is not None for t in dynamic.values()):
        # One body for every dtype: arrays whose annotation leaves the dtype open hold it at run
        # time and each op on them switches on it (dispatch.py); one per rank where the body
        # needs the rank an annotation leaves open. Where the body cannot be typed so yet, the
        # combinations below are compiled instead.
        specs = _run_time_dtype_forms(program, fn, builder_cls, params, dynamic)
        if specs:
            return Export(fn.__name__, _described(specs[0].function, params), returns, specs)
    options = {}
    for i in open_params:
        name, t, node = params[i]
        try:
            options[i] = expand(t)
        except AnnotationError as e:
            raise CompileError(probe.loc(node), f"parameter '{name}': {e}; annotate it, e.g. 'x: np.ndarray' or "
                               "'rows: list[dict[str, float]]'")
    built = {}  # combination (types of the open parameters) -> (Function, builder) or CompileError

    def build(combo: tuple):
        if combo not in built:
            chosen = dict(zip(open_params, combo))
            types = {n: chosen.get(i, t) for i, (n, t, _) in enumerate(params)}
            suffix = "_".join(_suffix(t, params[i][1]) for i, t in zip(open_params, combo))
            builder = builder_cls(program, fn, param_types=types, entry=True, cpp_name=f"{fn.__name__}__{suffix}")
            try:
                built[combo] = (builder.build(), builder)
            except CompileError as e:
                built[combo] = e
        return built[combo]

    def first_that_builds():
        return next((c for c in itertools.islice(itertools.product(*(options[i] for i in open_params)), MAX_COMBINATIONS)
                     if not isinstance(build(c), CompileError)), None)

    first = first_that_builds() if open_params else None
    if first is None and (fixed := _fixed_dtype_open_rank(params)):
        # `x: npt.NDArray[np.float64]` leaves the rank open too: a body that needs it (`for v in
        # x`) is tried at ranks, as a bare array's is (_with_ranks); its dtype stays the one.
        for i in fixed:
            name, t, node = params[i]
            params[i] = (name, TensorPattern(t.lib, (t.dtype,)), node)
            options[i] = expand(params[i][1])
        open_params = sorted(open_params + fixed)
        first = first_that_builds()
    if first is None:
        first = _with_ranks(params, open_params, options, build,
                            [(c, r) for c, r in built.items() if len(c) == len(open_params)])
    if first is None:
        errors = [r for r in built.values() if isinstance(r, CompileError)]
        # Past an unknown rank, what stopped the body at a rank is the diagnostic to act on.
        raise next((e for e in errors if "unknown rank" not in e.message), errors[0]) \
            if "unknown rank" in errors[0].message else errors[0]
    # A parameter that every use converts to one dtype D whatever its own: one form, cast into.
    # Every dtype is tried (with the other parameters as in `first`): `x * 0.5` converts an int
    # array to float64 but keeps a float32 one, so two probes cannot speak for the rest. An
    # array already of dtype D, read as it is, agrees with the cast.
    any_dtype = {}
    for k, i in enumerate(open_params):
        probes = [t for t in options[i] if isinstance(t, TensorT) and t.rank == first[k].rank]
        if not isinstance(params[i][1], TensorPattern) or len(probes) < 2:
            continue
        targets = {}
        for t in probes:
            r = build(first[:k] + (t,) + first[k + 1:])
            targets[t.dtype] = "failed" if isinstance(r, CompileError) else _erasure_target(r[0], r[1], params[i][0])
        converted = {d for d in targets.values() if d is not None}
        dtype = converted.pop() if len(converted) == 1 else None
        if dtype is not None and dtype != "failed" and all(d == dtype or (d is None and own == dtype)
                                                           for own, d in targets.items()):
            options[i] = _unique([t.with_(dtype=dtype) for t in options[i]])
            any_dtype[i] = params[i][1]
    total = 1
    for i in open_params:
        total *= len(options[i])

    def forms(combos):
        """The combinations that type-check, and the one whose compiled form each runs:
        combinations differing only in parameters converted first share the converted one's."""
        accepted = {}
        for combo in combos:
            r = build(combo)
            if not isinstance(r, CompileError):
                accepted[combo] = r
        canon = {combo: _canonical(combo, r, params, open_params) for combo, r in accepted.items()}
        routes = {combo: target if canon.get(target) == target else combo for combo, target in canon.items()}
        return accepted, routes

    # Every combination when there are few enough to try and to compile; else fewer (_fewer).
    accepted, routes = forms(itertools.product(*(options[i] for i in open_params))) if total <= MAX_COMBINATIONS \
        else ({}, {})
    if not accepted or len(set(routes.values())) > MAX_FUNCTIONS:
        for kept, combos in _fewer(open_params, options, first, build, params):
            accepted, routes = forms(combos)
            if accepted and len(set(routes.values())) <= MAX_FUNCTIONS:
                varying = ", ".join(f"'{params[i][0]}'" for i in open_params if len(options[i]) > 1)
                note(probe.loc(probe.tree), f"{varying} leave {total} combinations of types open, too many to "
                     f"compile each; compiled the {len(accepted)} that type-check {kept} (a call with another "
                     f"combination is an error naming those); annotate the dtypes (and ranks) to choose others")
                break
    functions = {}
    specs = []
    for combo in accepted:
        target = routes[combo]
        if target not in functions:
            f = accepted[target][0]
            functions[target] = _renamed(f, program.helper_name(f.name))
        full = lambda c: tuple(dict(zip(open_params, c)).get(i, t) for i, (_, t, _) in enumerate(params))  # noqa: E731
        types, accepts = full(target), list(full(combo))
        casts = [i for i, s, t in zip(open_params, combo, target) if isinstance(s, TensorT) and s.dtype != t.dtype]
        for i, pattern in any_dtype.items():
            accepts[i] = TensorPattern(pattern.lib, pattern.dtypes, types[i].rank)
            casts.append(i)
        specs.append(Specialization(types, functions[target], tuple(sorted(set(casts))), tuple(accepts)))
    return Export(fn.__name__, _described(specs[0].function, params), returns, specs)


def _run_time_dtype_forms(program, fn, builder_cls, params, dynamic) -> list:
    """The Specializations of an entry whose open parameters hold their dtypes at run time: one,
    or where the body needs ranks the annotations leave open (`for row in x`, `h, w = x.shape`),
    one per rank of those arrays that the body takes (1 to 4, as few arrays ranked as will do,
    as _with_ranks does for the per-dtype forms), the MAX_RANK_FORMS of lowest total rank (each
    form is a copy of the body: `nms(boxes, scores)` takes 2-d boxes with 1-d, 2-d or 3-d scores
    and 3-d boxes with 1-d scores; a call of other ranks is refused at the entry). [] when the
    body cannot be typed so."""
    def build(types, suffix=""):
        cpp_name = program.helper_name(fn.__name__ + suffix) if suffix else None
        try:
            return builder_cls(program, fn, param_types={n: t for (n, _, _), t in zip(params, types)}, entry=True,
                               cpp_name=cpp_name).build()
        except CompileError as e:
            return e

    types = tuple(_as_root(dynamic.get(i, t), f"{fn.__name__}.{name}") for i, (name, t, _) in enumerate(params))
    f = build(types)
    if not isinstance(f, CompileError):
        return [Specialization(types, f, (), types)]
    # The arrays of open rank: of run-time dtype, or annotated with a dtype alone (`npt.NDArray[np.int64]`).
    ranked = [i for i, t in enumerate(types) if isinstance(t, (DynTensorT, TensorT)) and t.rank is None]
    if not ranked:
        return []
    # Fewest arrays ranked first, then the lowest total rank ([0] leaves every rank open).
    choices = sorted(itertools.product(*([None, 1, 2, 3, 4] for _ in ranked)),
                     key=lambda rs: (sum(r is not None for r in rs), sum(r or 0 for r in rs),
                                     [r or 0 for r in rs]))[1:MAX_SEARCH]
    works, fewest = [], None
    for ranks in choices:
        count = sum(r is not None for r in ranks)
        if fewest is not None and count > fewest or len(works) == MAX_RANK_FORMS:
            break  # no more parameters ranked than the fewest that do
        chosen = [replace(types[i], rank=r) if r else types[i] for i, r in zip(ranked, ranks)]
        ranked_types = tuple(dict(zip(ranked, chosen)).get(i, t) for i, t in enumerate(types))
        suffix = "__" + "_".join(f"{r}d" if r else "any" for r in ranks)
        built = build(ranked_types, suffix)
        if not isinstance(built, CompileError):
            works.append(Specialization(ranked_types, built, (), ranked_types))
            fewest = count
    return works


def _as_root(t: Type, name: str) -> Type:
    """An array parameter of run-time dtype as the root its values' dtypes are followed from."""
    return DynTensorT.root(t.lib, t.dtypes, t.rank, name) if isinstance(t, DynTensorT) else t


def run_time_dtype_form(t: Type):
    """The parameter type holding any value an annotation with open dtypes accepts, each array's
    dtype known at run time (DynTensorT); None where the annotation leaves more than dtypes open
    (a Union of kinds)."""
    if isinstance(t, TensorPattern):
        return DynTensorT(t.lib, dtype_order(t.dtypes), t.rank)
    if isinstance(t, OpenT):
        return AnyT()
    if isinstance(t, (OptionalT, ListT, SetT)):
        item = run_time_dtype_form(t.item)
        return None if item is None else replace(t, item=item)
    if isinstance(t, DictT):
        key, value = run_time_dtype_form(t.key), run_time_dtype_form(t.value)
        return None if key is None or value is None else replace(t, key=key, value=value)
    if isinstance(t, TupleT):
        items = [run_time_dtype_form(i) for i in t.items]
        return None if any(i is None for i in items) else replace(t, items=tuple(items))
    return None if is_pattern(t) else t


def _fixed_dtype_open_rank(params) -> list:
    """The parameters annotated with a dtype but no rank (`npt.NDArray[np.float64]`)."""
    return [i for i, (_, t, _) in enumerate(params) if isinstance(t, TensorT) and t.rank is None]


def _fewer(open_params, options, first, build, params):
    """Smaller sets of combinations to compile when there are too many, each with how the note
    names it. The bases are the combinations giving every array one dtype that type-check (an
    Optional array counting as its array), at each mix of the ranks the body takes when ranks
    are open too (less the ranks at which it certainly raises, `nms(boxes)` of a 1-d `boxes`),
    and `first`, the first that type-checks in the annotations' order (float32 where it can be,
    so token ids beside float32 hidden states are int64 there). Tried in turn, the first set
    whose forms fit MAX_FUNCTIONS is compiled: the bases with every combination one parameter
    away from one of them (a uint8 image with float32 statistics), the bases, the bases at the
    lowest ranks, and `first` alone (which always fits: it is one form)."""
    def dtype(t):
        t = t.item if isinstance(t, OptionalT) else t
        return t.dtype if isinstance(t, TensorT) else None

    def rank(t):
        t = t.item if isinstance(t, OptionalT) else t
        return t.rank if isinstance(t, TensorT) else None

    def takes(combo):
        r = build(combo)
        return not isinstance(r, CompileError) and not _certainly_raises(r[0].body)

    dtypes = _unique([dtype(t) for i in open_params for t in options[i] if dtype(t)])
    # The lowest ranks first: (1, 1, 1), then one array a rank up, the earlier parameters first
    # (the main array usually comes first: boxes before their scores and class ids), ...
    rank_mixes = sorted(itertools.product(*(_unique([rank(t) for t in options[i]]) for i in open_params)),
                        key=lambda rs: (sum(r or 0 for r in rs), [-(r or 0) for r in rs]))
    bases = []
    budget = 2 * MAX_FUNCTIONS  # builds: with ranks open too there may be hundreds of mixes
    for ranks in rank_mixes:  # whole mixes of ranks, lowest first, as many as fit the forms
        mix = []
        for d in dtypes:  # a parameter with no array of dtype d (at this rank) keeps its type in `first`
            combo = tuple(next((t for t in options[i] if dtype(t) == d and rank(t) == r), f)
                          for i, f, r in zip(open_params, first, ranks))
            budget -= 1
            if combo not in bases and combo not in mix and budget >= 0 and takes(combo):
                mix.append(combo)
        if bases and len(bases) + len(mix) > MAX_FUNCTIONS:
            break
        bases += mix
    bases = _unique(([first] if takes(first) or not bases else []) + bases)
    order = {i: {t: n for n, t in enumerate(options[i])} for i in open_params}
    key = lambda c: tuple(order[i].get(t, -1) for i, t in zip(open_params, c))  # noqa: E731
    near = list(bases)
    for combo in bases:
        for k, i in enumerate(open_params):
            near += [combo[:k] + (t,) + combo[k + 1:] for t in options[i]]
            if len(near) > MAX_SEARCH:
                break
    near = _unique(near)
    base_names = "every array of one dtype, or " + ", ".join(
        f"{params[i][0]} {t}" for i, t in zip(open_params, first))
    # (Not with ranks open too: the mixes of dtypes and ranks near the bases are hundreds of
    # type checks, each a build of the body.)
    if len(near) <= MAX_SEARCH and len(rank_mixes) == 1:
        yield f"at most one parameter away from {base_names}", sorted(near, key=key)
    yield f"with {base_names}", sorted(bases, key=key)
    if len(rank_mixes) > 1:
        lowest = [c for c in bases if all(rank(t) == min(rank(u) for u in options[i] if rank(u) is not None)
                                          for i, t in zip(open_params, c) if rank(t) is not None)]
        if lowest:
            yield f"with {base_names}, each array at the lowest rank its body takes", sorted(lowest, key=key)
    yield f"with {', '.join(f'{params[i][0]} {t}' for i, t in zip(open_params, first))}", [first]


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


def _unique(xs):
    out = []
    for x in xs:
        if x not in out:
            out.append(x)
    return out


def _with_ranks(params, open_params, options, build, tried):
    """When no combination builds with ranks left open, the body may need them (`h, w =
    x.shape`, `for row in x`, `x[i, j]` as a number): array parameters are tried at ranks 1 to
    4, as few of them as will do (`nms(boxes, scores)` may need only the scores' rank), and keep
    the ranks their body takes. The dtypes tried are those of the first combination whose
    failure was the unknown rank (`tried`, in the annotations' order), then the first dtypes,
    then each dtype for every array (a body needing integer labels); MAX_SEARCH builds at most.
    Returns the first combination that builds, or None."""
    ranked = [i for i in open_params if isinstance(params[i][1], TensorPattern) and params[i][1].rank is None]
    if not ranked:
        return None
    plain = tuple(options[i][0] for i in open_params)
    one_dtype = [tuple(next((t for t in options[i] if getattr(t, "dtype", None) == d), t0)
                       for i, t0 in zip(open_params, plain))
                 for d in _unique([t.dtype for i in ranked for t in options[i]])]
    bases = _unique([c for c, r in tried if isinstance(r, CompileError) and "unknown rank" in r.message][:1]
                    + [plain] + one_dtype)
    rank_choices = sorted(itertools.product(*([None, 1, 2, 3, 4] for _ in ranked)),
                          key=lambda rs: (sum(r is not None for r in rs), [r or 0 for r in rs]))[:MAX_COMBINATIONS]
    budget = MAX_SEARCH  # builds, each milliseconds: a body the ranks do not fix fails fast
    count = lambda ranks: sum(r is not None for r in ranks)  # noqa: E731
    for base in bases:
        works = []  # (ranks, combination, whether the body certainly raises there)
        for ranks in rank_choices:
            budget -= 1
            if budget < 0:
                break
            useful = [w for w in works if not w[2]]
            if useful and count(ranks) > count(useful[0][0]):
                break  # no more parameters ranked than the fewest that do (where it does not raise)
            chosen = dict(zip(ranked, ranks))
            combo = tuple(t.with_(rank=chosen[i]) if chosen.get(i) else t for i, t in zip(open_params, base))
            if not isinstance(r := build(combo), CompileError):
                works.append((ranks, combo, _certainly_raises(r[0].body)))
        if not works:
            if budget < 0:
                return None
            continue
        lead = next((w for w in works if not w[2]), works[0])
        which = [r is not None for r in lead[0]]
        works = [w for w in works if [r is not None for r in w[0]] == which]
        for k, i in enumerate(ranked):
            if which[k]:
                valid = _unique([w[0][k] for w in works])
                options[i] = [t.with_(rank=r) for r in valid for t in options[i] if t.rank is None]
        # The first at ranks where the body does not certainly raise (`if x.ndim != 4: raise`).
        return next((combo for _, combo, raises in works if not raises), works[0][1])
    return None


def _canonical(combo, built, params, open_params) -> tuple:
    """The combination with each parameter that is only converted given the dtype it is
    converted to."""
    f, builder = built
    out = []
    for i, t in zip(open_params, combo):
        dtype = _erasure_target(f, builder, params[i][0]) if isinstance(t, TensorT) else None
        out.append(t.with_(dtype=dtype) if dtype else t)
    return tuple(out)


def _renamed(f: Function, name: str) -> Function:
    from dataclasses import replace
    return f if f.name == name else replace(f, name=name)


def _described(f: Function, params) -> tuple:
    defaults = {p.name: p.default for p in f.params}
    return tuple((n, t, defaults.get(n)) for n, t, _ in params)


def _suffix(t: Type, annotated) -> str:
    """The compiled form's name part for a parameter: an array's dtype, and its rank when the
    annotation left the rank open (_with_ranks compiles one form per rank)."""
    t = strip_literal(t)
    if isinstance(t, TensorT):
        open_rank = isinstance(annotated, TensorPattern) and annotated.rank is None and t.rank is not None
        return f"{t.dtype}_{t.rank}d" if open_rank else t.dtype
    import re
    return re.sub(r"\W+", "_", str(t)).strip("_")


# Ops that make an array of their result's dtype from any array (conversions), and ops that hand
# their operand on with its dtype (a conversion may follow them).
CONVERSIONS = {"numpy.array", "numpy.asarray", "numpy.ascontiguousarray", "numpy.bool_", "numpy.uint8", "numpy.int8",
               "numpy.int16", "numpy.int32", "numpy.int64", "numpy.float32", "numpy.float64"} | {
    f"torch.Tensor.{m}" for m in ("to", "type_as", "float", "double", "long", "int", "short", "bool", "bfloat16",
                                  "byte", "char")}
PASS_THROUGH = {"torch.from_numpy", "torch.as_tensor", "torch.Tensor.numpy", "torch.Tensor.contiguous",
                "torch.Tensor.detach", "torch.Tensor.cpu"}


def _erasure_target(f: Function, builder, name: str):
    """The dtype every read of parameter `name` is converted to, or None: when a read is used
    as it is, or folded away (the body looked at the dtype), the body depends on the dtype."""
    reads = builder.param_reads.get(name, [])
    if not reads:
        return None
    parents = {}
    roots = [e for s in walk_stmts(f.body) for e in s.exprs] + [p.default for p in f.params if p.default is not None]
    for s in walk_stmts(f.body):
        for t in s.targets:
            for attr in ("container", "index"):
                if getattr(t, attr, None) is not None:
                    roots.append(getattr(t, attr))
    for root in roots:
        for e in walk_exprs(root):
            for a in e.args:
                parents.setdefault(id(a), []).append(e)

    def target(e):
        users = parents.get(id(e))
        if not users:
            return None  # folded away (x.dtype, x.ndim, ...) or used as a whole statement
        found = set()
        for u in users:
            t = strip_literal(u.type)
            if not isinstance(t, TensorT):
                return None
            if u.op == "convert" or (u.op == "call" and u.attr("op") in CONVERSIONS):
                found.add(t.dtype)
            elif u.op == "call" and u.attr("op") in PASS_THROUGH:
                found.add(target(u))
            else:
                return None
        return found.pop() if len(found) == 1 else None

    dtypes = {target(r) for r in reads}
    return dtypes.pop() if len(dtypes) == 1 else None
