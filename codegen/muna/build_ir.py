"""Small constructors for IR expressions used by the frontend and the type rules."""
from __future__ import annotations

from .ir import Expr
from .types import FLOAT, INT, BOOL, NONE, STR, NumpyScalar, Scalar, TensorT, Type, strip_literal


def const(value, loc=None, type_: Type | None = None) -> Expr:
    return Expr("const", type_ or type_of_literal(value), attrs=(("value", value),), loc=loc)


def type_of_literal(value) -> Type:
    """The type of a literal: the same rules as module-level constants."""
    from .constants import type_of_constant
    t = type_of_constant(value)
    if t is None:
        raise TypeError(f"no literal type for {type(value).__name__}")
    return t


def convert(e: Expr, to: Type) -> Expr:
    """An explicit conversion node (folded for constants, skipped when already of that type)."""
    if strip_literal(e.type) == to:
        return e
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
