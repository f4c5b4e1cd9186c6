"""Small constructors for IR expressions used by the frontend and the type rules."""
from __future__ import annotations

from .diagnostics import CompileError
from .ir import Expr
from .types import (BOOL, FLOAT, INT, NONE, STR, DictT, DynTensorT, FunctionT, ListT, NoneT, NumberT, NumpyScalar, Scalar,
                    SetT, Str, TensorT, TupleT, Type, join_numbers, strip_literal)


def const(value, loc=None, type_: Type | None = None) -> Expr:
    check_int_range(value, loc)
    return Expr("const", type_ or type_of_literal(value), attrs=(("value", value),), loc=loc)


def check_int_range(value, loc):
    """An int constant (or one inside a constant container) must fit muna's 64-bit int:
    past it (`0xFFFFFFFFFFFFFFFF`, a 64-bit hash mask) is a diagnostic, not wrong C++."""
    if isinstance(value, int) and not isinstance(value, bool) and not -2**63 <= value < 2**63:
        raise CompileError(loc, f"the int {value:#x} is past 64 bits, and muna's ints are 64-bit "
                           "(unbounded ints are not supported yet); mask or split it", "NotImplementedError")
    if isinstance(value, (tuple, list, set, frozenset)):
        for v in value:
            check_int_range(v, loc)
    if isinstance(value, dict):
        for k, v in value.items():
            check_int_range(k, loc)
            check_int_range(v, loc)


def type_of_literal(value) -> Type:
    """The type of a literal: the same rules as module-level constants."""
    from .constants import type_of_constant
    t = type_of_constant(value)
    if t is None:
        raise TypeError(f"no literal type for {type(value).__name__}")
    return t


def display_items(e: Expr):
    """The items of a list display of numbers of mixed kinds (`[1, 0.5]`, a list of int | float:
    Python keeps the int an int), as they were written, or None for any other expression."""
    t = strip_literal(e.type)
    if e.op != "list" or not isinstance(t, ListT) or not isinstance(t.item, NumberT):
        return None
    return [a.args[0] if a.op == "convert" else a for a in e.args]


def settle_numbers(e: Expr) -> Expr:
    """A list display of numbers of mixed kinds as NumPy and torch read it for an array (every
    item of the widest kind: [1, 0.5] is float64 data), else `e`. Sound for a display only: it
    is a new list and all its items are here."""
    items = display_items(e)
    if not items or not all(isinstance(strip_literal(i.type), Scalar) for i in items):
        return e
    to = items[0].type
    for i in items[1:]:
        to = join_numbers(to, i.type)
    return Expr("list", ListT(to), tuple(convert(i, to) for i in items), loc=e.loc)


def convert(e: Expr, to: Type) -> Expr:
    """An explicit conversion node (folded for constants, skipped when already of that type)."""
    if strip_literal(e.type) == to:
        return e
    src = strip_literal(e.type)
    if isinstance(to, Scalar) and (isinstance(src, (TensorT, Str, ListT, TupleT, DictT, SetT, NoneT))
                                   or isinstance(src, DynTensorT) and not src.scalar):
        # An op's rule reading a number where another kind was passed (`np.linspace(0, 1, n)` of
        # an array or a str `n`): Python's TypeError where it runs.
        raise CompileError(e.loc, f"expected {to.name}, got {src}")
    if isinstance(to, FunctionT) and e.op == "const":  # the same function, among more options
        return Expr("const", to, attrs=e.attrs, loc=e.loc)
    if e.op == "const" and isinstance(to, (Scalar, NumpyScalar)):
        v = e.attr("value")
        if isinstance(to, NumpyScalar):
            import numpy as np
            v = np.dtype(to.dtype).type(v).item() if to.dtype != "bfloat16" else float(v)
        else:
            v = {"bool": bool, "int": int, "float": float}[to.name](v)
        return Expr("const", to, attrs=(("value", v),), loc=e.loc)
    return Expr("convert", to, (e,), loc=e.loc)


def call(op: str, type_: Type, args, loc=None, template=()) -> Expr:
    attrs = (("op", op),) + ((("template", tuple(template)),) if template else ())
    return Expr("call", type_, tuple(args), attrs, loc)


def is_tensor(t: Type) -> bool:
    return isinstance(t, TensorT)
