"""NumPy ops: ufuncs with NumPy 1.24's promotion, reductions with axis/keepdims/ddof.

Promotion is NumPy's own: the rules call numpy.result_type at compile time, with a Python
scalar operand standing in by its value when it is a constant (1.24's value-based casting) and
by a zero of its kind otherwise.
"""
from __future__ import annotations

import numpy as np

from ..build_ir import convert
from ..registry import Resolved, op
from ..types import (BOOL, FLOAT, INT, NumpyScalar, Scalar, TensorT, CPP_DTYPE, FLOAT_DTYPES,
                     strip_literal)

INT_DTYPES = ("uint8", "int8", "int16", "int32", "int64")


def _standin(e):
    """What numpy.result_type should see for an operand."""
    t = strip_literal(e.type)
    if isinstance(t, TensorT):
        return np.dtype(t.dtype) if t.dtype != "bfloat16" else np.dtype("float32")
    if isinstance(t, NumpyScalar):
        return np.dtype(t.dtype)
    if e.op == "const":
        return e.attr("value")
    return {"bool": False, "int": 0, "float": 0.0}[t.name]


def broadcast_rank(*types):
    ranks = [t.rank for t in types if isinstance(t, TensorT)]
    if any(r is None for r in ranks):
        return None
    return max(ranks + [0])


def tensor_lib(*types):
    libs = {t.lib for t in types if isinstance(t, TensorT)}
    return "torch" if "torch" in libs else "numpy"


def operand_to(e, dtype, lib):
    """Converts one ufunc operand to the common dtype: tensors by astype, scalars to a NumPy
    scalar of that dtype (so the C++ call sees one element type)."""
    t = strip_literal(e.type)
    if isinstance(t, TensorT):
        return convert(e, TensorT(t.lib, dtype, t.rank))
    return convert(e, NumpyScalar(dtype))


def check_operand(b, name):
    t = strip_literal(b.type(name))
    if not isinstance(t, (TensorT, NumpyScalar, Scalar)):
        b.fail(f"{b.op.name} expects an array or a number for '{name}', got {t}")


def binary_rule(result: str = "same"):
    """result: "same" (the promoted dtype), "float" (true division), "bool" (comparisons)."""
    def rule(b):
        check_operand(b, "x1")
        check_operand(b, "x2")
        x1, x2 = b.args["x1"], b.args["x2"]
        dtype = np.result_type(_standin(x1), _standin(x2)).name
        if result == "float" and dtype not in FLOAT_DTYPES:
            dtype = "float64"
        lib = tensor_lib(strip_literal(x1.type), strip_literal(x2.type))
        out_dtype = "bool" if result == "bool" else dtype
        rank = broadcast_rank(strip_literal(x1.type), strip_literal(x2.type))
        args = (operand_to(x1, dtype, lib), operand_to(x2, dtype, lib))
        if not any(isinstance(strip_literal(a.type), TensorT) for a in args):
            b.fail(f"{b.op.name} on two scalars is not supported; use Python arithmetic")
        return Resolved(TensorT(lib, out_dtype, rank), args)
    return rule


for _name, _result in [("add", "same"), ("subtract", "same"), ("multiply", "same"),
                       ("divide", "float")]:
    op(f"numpy.{_name}", "x1, x2", obj=getattr(np, _name), tolerance="exact")(binary_rule(_result))


def unary_float_rule(b):
    t = strip_literal(b.type("x"))
    if not isinstance(t, TensorT):
        b.fail(f"{b.op.name} expects an array, got {t}")
    dtype = t.dtype if t.dtype in FLOAT_DTYPES else ("float64" if t.dtype != "bool" else "float16")
    if dtype == "float16":
        b.fail(f"{b.op.name} of a bool array gives float16, which muna does not support; "
               "convert with .astype(np.float32) first")
    return Resolved(t.with_(dtype=dtype), (convert(b.args["x"], t.with_(dtype=dtype)),))


for _name in ("exp", "sqrt"):
    op(f"numpy.{_name}", "x", obj=getattr(np, _name), tolerance="rtol 2e-7 (float32), 1e-15 (float64)")(unary_float_rule)


@op("numpy.negative", "x", obj=np.negative)
def _negative(b):
    t = strip_literal(b.type("x"))
    if not isinstance(t, TensorT) or t.dtype == "bool":
        b.fail(f"numpy.negative expects a numeric array, got {t}")
    return Resolved(t, (b.args["x"],))


# --- reductions -------------------------------------------------------------------------------

def _axes(b, rank):
    axis = b.const("axis")
    if axis is None:
        return None
    axes = axis if isinstance(axis, tuple) else (axis,)
    if not all(isinstance(a, int) and not isinstance(a, bool) for a in axes):
        b.fail(f"axis must be None, an int or a tuple of ints, got {axis!r}")
    if rank is not None:
        for a in axes:
            if not -rank <= a < rank:
                b.fail(f"axis {a} is out of bounds for array of dimension {rank}")
    return axes


def reduce_rule(result: str):
    """result: "same", "sum" (NumPy's sum dtype), "float" (mean/var: ints become float64)."""
    def rule(b):
        t = strip_literal(b.type("a"))
        if not isinstance(t, TensorT):
            b.fail(f"{b.op.name} expects an array, got {t}")
        for unsupported in ("dtype", "out"):
            if unsupported in b.args and b.const(unsupported) is not None:
                b.fail(f"{b.op.name}({unsupported}=...) is not supported; convert with .astype first")
        axes = _axes(b, t.rank)
        keepdims = b.const("keepdims")
        if not isinstance(keepdims, bool):
            b.fail("keepdims must be True or False")
        dtype = t.dtype
        if result == "sum" and dtype in ("bool", "int8", "int16", "int32"):
            dtype = "int64"
        if result == "sum" and dtype == "uint8":
            b.fail("numpy.sum of uint8 gives uint64, which muna does not support; "
                   "convert with .astype(np.int64) first")
        if result == "float" and dtype not in FLOAT_DTYPES:
            dtype = "float64"
        if keepdims:
            rank = t.rank
        elif axes is None:
            rank = 0
        else:
            rank = None if t.rank is None else t.rank - len(axes)
        axis_arg = b.args["axis"]
        args = [b.args["a"], axis_arg]
        if "ddof" in b.args:
            args.append(convert(b.args["ddof"], INT))
        args.append(b.args["keepdims"])
        template = (CPP_DTYPE[dtype],) if result != "same" else ()
        if rank == 0 and not keepdims and axes is None:
            return Resolved(NumpyScalar(dtype), tuple(args), template)
        return Resolved(t.with_(dtype=dtype, rank=rank), tuple(args), template)
    return rule


_REDUCTIONS = [
    ("sum", "a, axis=None, dtype=None, out=None, keepdims=False", "sum"),
    ("mean", "a, axis=None, dtype=None, out=None, keepdims=False", "float"),
    ("var", "a, axis=None, dtype=None, out=None, ddof=0, keepdims=False", "float"),
    ("max", "a, axis=None, out=None, keepdims=False", "same"),
    ("min", "a, axis=None, out=None, keepdims=False", "same"),
]
for _name, _params, _result in _REDUCTIONS:
    op(f"numpy.{_name}", _params, obj=getattr(np, _name),
       tolerance="NumPy's summation order: exact for contiguous rows")(reduce_rule(_result))
    # ndarray methods: the same rule, `self` bound to `a`.
    op(f"numpy.ndarray.{_name}", _params.replace("a,", "self,", 1), method_of="numpy.ndarray",
       kind="method")(lambda b, _r=reduce_rule(_result): _r(_rename_self(b)))


def _rename_self(b):
    b.args = {("a" if k == "self" else k): v for k, v in b.args.items()}
    return b
