"""What a name means at one point of a function: the binding that reaches there.

Python lets a name hold values of different types over a function's life. muna keeps each C++
variable at one type and lets a *name* move between variables: every assignment makes a new
Binding, which reuses the name's current variable when the value fits it exactly and takes a
fresh variable otherwise (`x = x.astype(np.float32)` after a float64 `x`). Where control flow
joins (after an if, at a loop's head, after a try), the bindings of each path are merged: one
variable of the join of their types, with copies at the end of the paths that held another
(`best = None` ... `best = label` joins into an Optional[str]). Types that have no exact join
leave a Conflict, an error only if the name is read there.

A Binding also carries the constant the name holds, when it is one: constant propagation is
then exactly as sound as this reaching-definitions view, loops and branches included (a loop
merges its head with the bindings its body makes, and a changed binding carries no constant).
"""
from __future__ import annotations

from dataclasses import dataclass

from .types import (NONE, AnyT, DTypeT, DynTensorT, FunctionT, ListT, NamedTupleT, NumberT, NumpyScalar, OptionalT, Scalar,
                    ScalarKindsT, TensorT,
                    TupleT, Type, dtype_order, function_type, join_dtypes, strip_literal)

NOT_CONST = object()  # Binding.const when the value is not known at compile time


@dataclass(frozen=True)
class Binding:
    """A name bound to C++ variable `var` (declared with `var_type`), holding a value of the
    (possibly narrower) static type `type`: an Optional known not to be None, a Number known
    to be an int, a tensor of known rank in a variable of open rank."""
    var: str
    type: Type
    var_type: Type
    const: object = NOT_CONST
    inner: bool = False  # a comprehension's or lambda's own name, declared in its C++ scope
    serial: int = 0      # tells two assignments apart; `same_value` ignores it
    loc: object = None   # where it was assigned, for diagnostics
    # Assigned on some paths to here only (`if flag: y = 3`, a name first bound in a loop's
    # body): reading it checks that it was, with Python's UnboundLocalError (passes.bound_flags).
    maybe_unbound: bool = False

    def same_value(self, other) -> bool:
        return (isinstance(other, Binding) and (self.var, self.type, self.var_type, self.inner, self.maybe_unbound) ==
                (other.var, other.type, other.var_type, other.inner, other.maybe_unbound)
                and _same_const(self.const, other.const))


@dataclass(frozen=True)
class Conflict:
    """A name whose paths bring values of types with no exact join: reading it is an error."""
    options: tuple  # ((Type, Loc of the assignment), ...)


def _same_const(a, b) -> bool:
    if a is NOT_CONST or b is NOT_CONST:
        return a is b
    return type(a) is type(b) and repr(a) == repr(b)


def storage(t: Type) -> Type:
    """The type a C++ variable needs to hold a `t`: ranks do not change the C++ type."""
    t = strip_literal(t)
    if isinstance(t, TensorT):
        return t.with_(rank=None)
    if isinstance(t, DynTensorT):  # one muna::Array, whatever dtypes it may hold
        return DynTensorT(t.lib, (), None, t.scalar)
    if isinstance(t, DTypeT):
        return DTypeT(t.lib, ())
    if isinstance(t, FunctionT):  # the option's number, whichever options
        return FunctionT(())
    if isinstance(t, ListT):
        return ListT(storage(t.item), t.frozen)
    if isinstance(t, TupleT):
        return TupleT(tuple(storage(i) for i in t.items))
    if isinstance(t, OptionalT):
        return OptionalT(storage(t.item))
    return t


def holds_exactly(var_type: Type, t: Type) -> bool:
    """Whether a variable of `var_type` can hold any `t` value and give it back unchanged (so an
    assignment of a `t` may reuse it)."""
    if not _dtypes_held(strip_literal(var_type), strip_literal(t)):
        return False
    var_type, t = storage(var_type), storage(t)
    if var_type == t:
        return True
    if isinstance(var_type, OptionalT):
        return t == NONE or holds_exactly(var_type.item, t)
    if isinstance(var_type, NumberT):
        return isinstance(t, (Scalar, NumberT))
    if isinstance(var_type, ScalarKindsT):
        kinds = ScalarKindsT.of(t)
        return kinds is not None and set(kinds.kinds) <= set(var_type.kinds)
    return isinstance(var_type, AnyT) and AnyT.holds(t)


def _dtypes_held(var_type: Type, t: Type) -> bool:
    """Whether every array of run-time dtype in `var_type` (one C++ type, whatever its dtypes)
    takes the dtypes of the array `t` has there (`t` of the same shape of types), and every
    function value its options (one C++ type too: the option's number)."""
    if isinstance(var_type, FunctionT):
        return isinstance(t, FunctionT) and set(t.options) <= set(var_type.options)
    if isinstance(var_type, DynTensorT):  # the same dtypes, and where known, the same table
        dynamic = join_dtypes(t, var_type)
        return (dynamic is not None and set(dynamic.dtypes) == set(var_type.dtypes)
                and (dynamic.roots, dynamic.table) == (var_type.roots, var_type.table))
    if isinstance(var_type, DTypeT):
        return isinstance(t, DTypeT) and (set(t.dtypes), t.roots, t.table) == (set(var_type.dtypes), var_type.roots, var_type.table)
    for attr in ("item", "key", "value"):
        sub, other = getattr(var_type, attr, None), getattr(t, attr, None)
        if isinstance(sub, Type) and isinstance(other, Type) and not _dtypes_held(strip_literal(sub), strip_literal(other)):
            return False
    items, others = getattr(var_type, "items", None), getattr(t, "items", None)
    if isinstance(items, tuple) and isinstance(others, tuple) and len(items) == len(others):
        return all(_dtypes_held(strip_literal(a), strip_literal(b)) for a, b in zip(items, others)
                   if isinstance(a, Type) and isinstance(b, Type))
    return True


def join(a: Type, b: Type) -> Type | None:
    """The narrowest type whose values include every `a` and every `b` value exactly, or None."""
    a, b = strip_literal(a), strip_literal(b)
    from .types import StaticT
    if isinstance(a, StaticT) or isinstance(b, StaticT):
        return None  # two compile-time objects (a partial, a dtype) are not one value at run time
    if isinstance(a, FunctionT) and isinstance(b, FunctionT):
        return function_type(*(f for _, f in a.options + b.options))
    if a == b:
        from .re_support import merge  # two patterns' matches: what both patterns share
        return merge(a, b)
    if isinstance(a, TensorT) and isinstance(b, TensorT) and (a.lib, a.dtype) == (b.lib, b.dtype):
        return a.with_(rank=None)
    if isinstance(a, DTypeT) and isinstance(b, DTypeT) and a.lib == b.lib:
        return DTypeT(a.lib, dtype_order(a.dtypes + b.dtypes))  # the tables differ (else a == b)
    dynamic = join_dtypes(a, b)  # arrays of several dtypes: one whose dtype is known at run time
    if dynamic is not None:
        return dynamic
    from .types import scalar_as_open_array
    for x, y in ((a, b), (b, a)):
        if scalar_as_open_array(y, x):  # an array of unknown rank or a NumPy scalar of its dtype
            return x
    if a == NONE or b == NONE:
        other = b if a == NONE else a
        return other if isinstance(other, OptionalT) else OptionalT(other)
    if isinstance(a, OptionalT) or isinstance(b, OptionalT):
        inner = join(a.item if isinstance(a, OptionalT) else a, b.item if isinstance(b, OptionalT) else b)
        return OptionalT(inner) if inner is not None and not isinstance(inner, (OptionalT, AnyT)) else inner
    if isinstance(a, (Scalar, NumberT)) and isinstance(b, (Scalar, NumberT)):
        return NumberT()
    if isinstance(a, (Scalar, NumberT, NumpyScalar, ScalarKindsT, DynTensorT)) and \
            isinstance(b, (Scalar, NumberT, NumpyScalar, ScalarKindsT, DynTensorT)):
        mixed = ScalarKindsT.of(a, b)  # a Python number and a NumPy scalar: which, known at run time
        if mixed is not None:
            return mixed
    if isinstance(a, TupleT) and isinstance(b, TupleT) and len(a.items) == len(b.items):
        items = [join(x, y) for x, y in zip(a.items, b.items)]
        if all(i is not None for i in items):
            if type(a) is type(b) is NamedTupleT and a.fields == b.fields:  # torch's (values, indices)
                return NamedTupleT(tuple(items), a.fields)
            return TupleT(tuple(items))
    if AnyT.holds(a) and AnyT.holds(b):
        return AnyT()
    return None


def join_held(a: Type, b: Type) -> Type | None:
    """The join of two values that are only held, in a container or as a function's result
    (never operated on as one): what `join` gives, else an Object when both can be one (arrays
    of two dtypes: a batch dict of int64 ids and a bool mask)."""
    t = join(a, b)
    if t is None and AnyT.holds(strip_literal(a)) and AnyT.holds(strip_literal(b)):
        return AnyT()
    return t


def join_all(types):
    """The join of all `types`, or None when some two have none."""
    out = types[0]
    for t in types[1:]:
        if out is None:
            return None
        out = join(out, t)
    return out


