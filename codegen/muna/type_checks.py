"""The type checks published code guards its inputs with, decided from the types muna knows:
`torch.is_tensor(x)`, `np.isscalar(x)`, `callable(x)`, `hasattr(x, "name")`,
`torch.is_floating_point(x)` / `x.is_floating_point()`. Where the type is static they are
constants, so the branch converting an input of the other kind is never compiled; where it is
known only at run time (an array's dtype, an Optional's None) they are decided then.
"""
from __future__ import annotations

import sys

import numpy as np

from .build_ir import const
from .dispatch import branch_on
from .function_values import is_function_value
from .ir import Expr
from .types import (BOOL, FLOAT_DTYPES, AnyT, BytesT, DictT, DynTensorT, FunctionT, ListT, NoneT, NumpyScalar,
                    OptionalT, RecordT, Scalar, SetT, Str, TensorT, TupleT, strip_literal)


def checks() -> dict:
    """The functions decided here -> how (the torch ones only where torch is imported)."""
    out = {np.isscalar: _isscalar, callable: _callable, hasattr: _hasattr}
    torch = sys.modules.get("torch")
    if torch is not None:
        out.update({torch.is_tensor: _is_tensor, torch.is_floating_point: is_floating_point})
    return out


def is_type_check(fn) -> bool:
    return any(f is fn for f in checks())


def type_check(builder, fn, args: list, node) -> Expr:
    """The call `fn(*args)` of a type check (is_type_check), decided."""
    return next(r for f, r in checks().items() if f is fn)(builder, args, node)


def _one(builder, args, node, name, n=1):
    if len(args) != n:
        builder.error(node, f"{name}() takes {n} argument{'s' if n > 1 else ''} ({len(args)} given)")


def _is_tensor(builder, args, node):
    _one(builder, args, node, "is_tensor")
    t = strip_literal(args[0].type)
    _refuse_dynamic(builder, t, node, "torch.is_tensor")
    return const(isinstance(t, (TensorT, DynTensorT)) and t.lib == "torch" and not getattr(t, "scalar", False),
                 builder.loc(node))


def _isscalar(builder, args, node):
    _one(builder, args, node, "isscalar")
    x = args[0]
    t = strip_literal(x.type)
    if isinstance(t, OptionalT) and isinstance(t.item, (Scalar, Str, NumpyScalar)):
        return Expr("not", BOOL, (Expr("is_none", BOOL, (x,), loc=builder.loc(node)),), loc=builder.loc(node))
    _refuse_dynamic(builder, t, node, "numpy.isscalar")
    scalar = isinstance(t, (Scalar, Str, BytesT, NumpyScalar)) or isinstance(t, DynTensorT) and t.scalar
    return const(bool(scalar), builder.loc(node))


def _callable(builder, args, node):
    _one(builder, args, node, "callable")
    x = args[0]
    if x.op == "const" and not isinstance(strip_literal(x.type), FunctionT):
        value = x.attr("value")
        return const(callable(value) or is_function_value(value), builder.loc(node))
    t = strip_literal(x.type)
    _refuse_dynamic(builder, t, node, "callable")
    if isinstance(t, RecordT):  # an instance: callable where its class defines __call__
        return const(any("__call__" in vars(k) for k in t.cls.__mro__), builder.loc(node))  # (every class is callable)
    return const(isinstance(t, FunctionT), builder.loc(node))


def _hasattr(builder, args, node):
    _one(builder, args, node, "hasattr", 2)
    x, name = args
    if name.op != "const" or not isinstance(name.attr("value"), str):
        builder.error(node, "hasattr() needs the attribute's name as a constant str")
    attr = name.attr("value")
    if x.op == "const":  # a compile-time object (a module, a function): Python's own answer
        return const(hasattr(x.attr("value"), attr), builder.loc(node))
    t = strip_literal(x.type)
    _refuse_dynamic(builder, t, node, "hasattr")
    if isinstance(t, RecordT):
        return const(attr in dict(t.fields) or hasattr(t.cls, attr), builder.loc(node))
    cls = _class_of(t)
    if cls is None:
        builder.error(node, f"hasattr() of {t} is not supported; test the value's type instead")
    return const(hasattr(cls, attr), builder.loc(node))


def is_floating_point(builder, args, node):
    """torch.is_floating_point(x) and x.is_floating_point() of a tensor: its dtype is a float."""
    _one(builder, args, node, "is_floating_point")
    t = strip_literal(args[0].type)
    if isinstance(t, TensorT):
        return const(t.dtype in FLOAT_DTYPES, builder.loc(node))
    if isinstance(t, DynTensorT):
        return branch_on([args[0]], builder.loc(node),
                         lambda s: const(strip_literal(s[0].type).dtype in FLOAT_DTYPES, builder.loc(node)),
                         "is_floating_point")
    builder.error(node, f"is_floating_point() expects a tensor, got {t}")


def _class_of(t):
    """The Python class whose instances a value of type `t` is (what hasattr asks)."""
    if isinstance(t, Scalar):
        return {"bool": bool, "int": int, "float": float}[t.name]
    simple = ((Str, str), (BytesT, bytes), (ListT, list), (TupleT, tuple), (DictT, dict), (SetT, set),
              (NoneT, type(None)), (NumpyScalar, np.generic))
    for kind, cls in simple:
        if isinstance(t, kind):
            return cls
    if isinstance(t, (TensorT, DynTensorT)):
        torch = sys.modules.get("torch")
        return np.ndarray if t.lib == "numpy" else torch.Tensor if torch is not None else None
    return None


def _refuse_dynamic(builder, t, node, what):
    if isinstance(t, AnyT):
        builder.unsupported(node, f"{what}() of a value whose type is known only at run time",
                            "annotate the value's type")
