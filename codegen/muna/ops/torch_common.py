"""Helpers the torch type rules share: dtype objects, torch's promotion (asked of torch itself at
compile time), argument shapes, and registering a function together with its Tensor method.

Every torch op's C++ lives in a family header under include/muna/torch/detail/ (shape, index,
elementwise, reduce, linalg, nn): generated code includes only the families it uses, and a
method (`x.sum()`) calls the same C++ function as `torch.sum`, so the two can never drift.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..build_ir import const, convert
from ..ir import Expr
from ..registry import REGISTRY, Op, Resolved, parse_params
from ..types import (BOOL, FLOAT, INT, NONE, CPP_DTYPE, FLOAT_DTYPES, ListT, NamedTupleT, NumpyScalar, Scalar,
                     TensorT, TupleT, strip_literal)

def values_indices(values, indices):
    return NamedTupleT((values, indices), ("values", "indices"))


HEADERS = {family: f"muna/torch/detail/{family}.hpp"
           for family in ("shape", "index", "elementwise", "reduce", "linalg", "nn", "conv", "select",
                                   "scatter", "loss")}
INT_DTYPES = ("uint8", "int8", "int16", "int32", "int64")
DEFAULT_FLOAT = "float32"  # torch.get_default_dtype()


def torch():
    import torch as t
    return t


def dtype_name(obj, b=None, what="dtype"):
    """'float32' for torch.float32 (and Python's float/int/bool as torch reads them)."""
    t = torch()
    if obj is float:
        return "float64"
    if obj is int:
        return "int64"
    if obj is bool:
        return "bool"
    if isinstance(obj, t.dtype):
        name = str(obj).replace("torch.", "")
        if name in CPP_DTYPE:
            return name
    if b is not None:
        b.fail(f"{what} {obj!r} is not supported; use one of torch.{', torch.'.join(CPP_DTYPE)}")
    raise ValueError(obj)


def torch_dtype(name):
    return getattr(torch(), name)


def tensor_type(b, name, what="a tensor") -> TensorT:
    t = strip_literal(b.type(name))
    if not isinstance(t, TensorT):
        b.fail(f"{b.op.name} expects {what} for '{name}', got {t}")
    return t


def is_tensor(e) -> bool:
    return isinstance(strip_literal(e.type), TensorT)


def is_none(e) -> bool:
    return strip_literal(e.type) == NONE


def standin(e):
    """What torch.result_type should see for an operand: a tensor (0-d when the rank is 0, as
    torch ranks 0-d tensors below dimensioned ones) or a Python scalar of the operand's kind."""
    t = strip_literal(e.type)
    if isinstance(t, TensorT):
        shape = () if t.rank == 0 else (1,)
        return torch().zeros(shape, dtype=torch_dtype(t.dtype))
    if isinstance(t, NumpyScalar):
        # torch takes a NumPy scalar as a Python number of its kind (np.float64 * an int64
        # tensor is float32, the default dtype), and np.bool_ as a float (measured on 1.13)
        return 0 if t.dtype.startswith(("int", "uint")) else 0.0
    if isinstance(t, Scalar):
        return {"bool": False, "int": 0, "float": 0.0}[t.name]
    raise TypeError(t)


def result_dtype(*exprs) -> str:
    t = torch()
    values = [standin(e) for e in exprs]
    if len(values) == 1:
        v = values[0]
        return str(v.dtype if isinstance(v, t.Tensor) else t.tensor(v).dtype).replace("torch.", "")
    dtype = t.result_type(values[0], values[1])
    for v in values[2:]:
        dtype = t.promote_types(dtype, t.result_type(t.zeros((), dtype=dtype), v))
    return str(dtype).replace("torch.", "")


def operand(e, dtype):
    """An operand converted to `dtype`: tensors by a cast node, scalars to a C++ scalar of that
    element type (so the C++ call sees one element type)."""
    t = strip_literal(e.type)
    if isinstance(t, TensorT):
        return convert(e, TensorT("torch", dtype, t.rank))
    return convert(e, NumpyScalar(dtype))


def check_number_or_tensor(b, name):
    t = strip_literal(b.type(name))
    if not isinstance(t, (TensorT, Scalar, NumpyScalar)) or t == NONE:
        b.fail(f"{b.op.name} expects a tensor or a number for '{name}', got {t}")


def broadcast_rank(*types):
    ranks = [t.rank for t in types if isinstance(t, TensorT)]
    if any(r is None for r in ranks):
        return None
    return max(ranks + [0])


def int_arg(b, name):
    e = b.args[name]
    t = strip_literal(e.type)
    if t not in (INT, BOOL):
        b.fail(f"{b.op.name} expects an int for '{name}', got {t}")
    return convert(e, INT)


def float_arg(b, name):
    e = b.args[name]
    t = strip_literal(e.type)
    if t not in (INT, BOOL, FLOAT):
        b.fail(f"{b.op.name} expects a number for '{name}', got {t}")
    return convert(e, FLOAT)


def const_int(b, name):
    v = b.const(name)
    if not isinstance(v, int) or isinstance(v, bool):
        b.fail(f"argument '{name}' of {b.op.name} must be an int constant, got {v!r}")
    return v


def const_value(e):
    """The Python value of a constant, including list/tuple literals of constants; else None."""
    if e.op == "const":
        return e.attr("value")
    if e.op in ("list", "tuple") and all(a.op == "const" for a in e.args):
        return tuple(a.attr("value") for a in e.args)
    return _NOT_CONST


_NOT_CONST = object()


def const_dims(b, name, allow_none=True):
    """A dim argument: None, an int or a tuple/list of ints, all compile-time constants."""
    v = const_value(b.args[name])
    if v is _NOT_CONST:
        b.fail(f"argument '{name}' of {b.op.name} must be a constant; pass a literal")
    if v is None and allow_none:
        return None
    if isinstance(v, int) and not isinstance(v, bool):
        return v
    if isinstance(v, tuple) and all(isinstance(d, int) and not isinstance(d, bool) for d in v):
        return v
    b.fail(f"argument '{name}' of {b.op.name} must be an int or a tuple of ints, got {v!r}")


def check_dims(b, dims, rank):
    if rank is None or dims is None:
        return
    n = max(rank, 1)
    for d in (dims if isinstance(dims, tuple) else (dims,)):
        if not -n <= d < n:
            b.fail(f"Dimension out of range (expected to be in range of [{-n}, {n - 1}], but got {d})")


def shape_arg(b, names, what="size"):
    """The shape arguments of zeros(2, 3) / zeros((2, 3)) / view(b, -1) / view(x.shape):
    (C++ argument, rank or None). A single tuple or list is passed on; ints become a tuple."""
    given = [b.args[n] for n in names if not (b.args[n].op == "const" and b.args[n].attr("value") is None
                                             and n != names[0])]
    if len(given) == 1:
        e = given[0]
        t = strip_literal(e.type)
        if isinstance(t, TupleT):
            if not all(strip_literal(i) in (INT, BOOL) for i in t.items):
                b.fail(f"{what} must be ints, got {t}")
            if e.op == "tuple":
                e = Expr("tuple", TupleT((INT,) * len(e.args)), tuple(convert(a, INT) for a in e.args), loc=e.loc)
            return e, len(t.items)
        if isinstance(t, ListT):
            if strip_literal(t.item) != INT:
                b.fail(f"{what} must be ints, got {t}")
            return e, None
    items = []
    for e in given:
        if strip_literal(e.type) not in (INT, BOOL):
            b.fail(f"{b.op.name} expects ints for {what}, got {e.type}")
        items.append(convert(e, INT))
    return Expr("tuple", TupleT((INT,) * len(items)), tuple(items), loc=b.loc), len(items)


def rename(b, first):
    """Binds a method's `self` to the function's first parameter name."""
    b.args = {(first if k == "self" else k): v for k, v in b.args.items()}
    return b


def register(name, params, rule, family, obj=..., method=None, function=True, cpp=None,
             tolerance="exact", doc="", emit=None):
    """Registers torch.<name> (the function, found by object identity) and, when `method` gives
    its parameters, torch.Tensor.<name> calling the same C++ function with self as the first
    argument."""
    header = HEADERS[family]
    if function:
        fn_obj = f"torch.{name.split('.')[-1]}" if obj is ... else obj  # found once torch is imported
        op = Op(f"torch.{name}", parse_params(params), rule, header=header, emit=emit,
                tolerance=tolerance, doc=doc, **({"cpp": cpp} if cpp else {}))
        REGISTRY.add(op, fn_obj)
        cpp = op.cpp
    if method is not None:
        first = parse_params(params)[0][0]
        mname = name.split(".")[-1]
        mop = Op(f"torch.Tensor.{mname}", parse_params(method), lambda b, _r=rule, _f=first: _r(rename(b, _f)),
                 header=header, kind="method", emit=emit, tolerance=tolerance, doc=doc,
                 **({"cpp": cpp} if cpp else {}))
        REGISTRY.add(mop, method_of="torch.Tensor")


def tensor_result(t: TensorT, dtype=None, rank=...):
    return TensorT("torch", dtype or t.dtype, t.rank if rank is ... else rank)


def cpp(dtype):
    return CPP_DTYPE[dtype]


def float_dtype_of(t: TensorT):
    """The dtype torch computes a floating function in: ints and bool become the default float."""
    return t.dtype if t.dtype in FLOAT_DTYPES else DEFAULT_FLOAT


def none():
    return const(None)
