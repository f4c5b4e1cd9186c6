"""torch math: element-wise functions and operators with torch's promotion, in-place forms,
where/clamp/masked_fill, reductions with dim/keepdim, sort/topk/cumsum/gather/index_select and
matrix products. Operators on torch tensors (a + b, a @ b, a < b, -a) reach these rules through
python_ops.TORCH_OF."""
from __future__ import annotations

import math

from ..build_ir import const, convert
from ..ir import Expr
from ..registry import REGISTRY, Op, Resolved, parse_params
from ..types import (BOOL, FLOAT, INT, FLOAT_DTYPES, NumpyScalar, Scalar, Str, TensorT, TupleT,
                     strip_literal)
from .torch_spectral import complex_abs, is_complex_tensor
from .torch_common import (DEFAULT_FLOAT, INT_DTYPES, broadcast_rank, check_dims, check_number_or_tensor,
                           const_dims, const_int, const_value, cpp, dtype_name, float_arg, float_dtype_of,
                           int_arg, is_none, is_tensor, operand, register, result_dtype, tensor_result,
                           tensor_type, torch, values_indices)

FLOAT_TOL = "float32: rtol 1e-6 (libm vs torch's SLEEF/vectorised math); bfloat16: 1 bf16 ulp"


# --- binary element-wise ----------------------------------------------------------------------
def binary_rule(result="same", kinds=None, name=None):
    """result: "same" (the promoted dtype), "float" (true division: ints become float32),
    "bool" (comparisons, logical ops). kinds: the dtype kinds the op accepts."""
    def rule(b):
        check_number_or_tensor(b, "input")
        check_number_or_tensor(b, "other")
        x, y = b.args["input"], b.args["other"]
        if not (is_tensor(x) or is_tensor(y)):
            b.fail(f"{b.op.name} needs at least one tensor operand")
        if "alpha" in b.args and not (b.args["alpha"].op == "const" and b.args["alpha"].attr("value") == 1):
            b.fail(f"{b.op.name}(alpha=...) is not supported; multiply the operand instead")
        if "rounding_mode" in b.args:
            mode = b.const("rounding_mode")
            if mode == "floor":
                del b.args["rounding_mode"]
                r = binary_rule("same", name="floor_divide")(b)
                r.op = "torch.floor_divide"
                return r
            if mode is not None:
                b.fail(f"div(rounding_mode={mode!r}) is not supported; use rounding_mode='floor' or None")
        dtype = result_dtype(x, y)
        op_name = name or b.op.name.split(".")[-1]
        if op_name == "sub" and dtype == "bool":
            b.fail("Subtraction, the `-` operator, with two bool tensors is not supported. "
                   "Use the `^` or `logical_xor()` operator instead.")
        if kinds == "int" and dtype not in INT_DTYPES + ("bool",):
            b.fail(f"{b.op.name} is only supported for integer and bool tensors, got {dtype}")
        if result == "float" and dtype not in FLOAT_DTYPES:
            dtype = DEFAULT_FLOAT
        out = "bool" if result == "bool" else dtype
        rank = broadcast_rank(strip_literal(x.type), strip_literal(y.type))
        return Resolved(TensorT("torch", out, rank), (operand(x, dtype), operand(y, dtype)))
    return rule


BINARY = [
    ("add", "input, other, alpha=1", "same", None),
    ("sub", "input, other, alpha=1", "same", None),
    ("mul", "input, other", "same", None),
    ("div", "input, other, rounding_mode=None", "float", None),
    ("floor_divide", "input, other", "same", None),
    ("remainder", "input, other", "same", None),
    ("pow", "input, exponent", "same", None),
    ("maximum", "input, other", "same", None),
    ("minimum", "input, other", "same", None),
    ("eq", "input, other", "bool", None), ("ne", "input, other", "bool", None),
    ("lt", "input, other", "bool", None), ("le", "input, other", "bool", None),
    ("gt", "input, other", "bool", None), ("ge", "input, other", "bool", None),
    ("logical_and", "input, other", "bool", None), ("logical_or", "input, other", "bool", None),
    ("logical_xor", "input, other", "bool", None),
    ("bitwise_and", "input, other", "same", "int"), ("bitwise_or", "input, other", "same", "int"),
    ("bitwise_xor", "input, other", "same", "int"),
]
for _name, _params, _result, _kinds in BINARY:
    _rule = binary_rule(_result, _kinds)
    if _name == "pow":
        _rule = (lambda r: lambda b: r(_alias(b, "exponent", "other")))(_rule)
    register(_name, _params, _rule, "elementwise", method="self, " + _params.split(", ", 1)[1],
             tolerance="exact" if _name not in ("div", "pow") else "rtol 1e-6 (float32)")


def _alias(b, have, want):
    b.args = {(want if k == have else k): v for k, v in b.args.items()}
    return b


# Method aliases torch code uses.
for _alias_name, _target in (("multiply", "mul"), ("subtract", "sub"), ("divide", "div"), ("true_divide", "div"),
                             ("greater", "gt"), ("less", "lt"), ("greater_equal", "ge"), ("less_equal", "le"),
                             ("not_equal", "ne")):
    _params = {n: p for n, p, _, _ in BINARY}[_target]
    register(_alias_name, _params, REGISTRY[f"torch.{_target}"].rule, "elementwise",
             method="self, " + _params.split(", ", 1)[1], cpp=REGISTRY[f"torch.{_target}"].cpp)


# --- unary element-wise -----------------------------------------------------------------------
def unary_rule(kind):
    """kind: "float" (ints compute in float32), "same" (keeps the dtype), "bool" (-> bool)."""
    def rule(b):
        t = tensor_type(b, "input")
        name = b.op.name.split(".")[-1]
        if name == "abs" and is_complex_tensor(t):
            return complex_abs(b, t)
        if kind == "same" and name == "neg" and t.dtype == "bool":
            b.fail("Negation, the `-` operator, on a bool tensor is not supported. "
                   "If you are trying to invert a mask, use the `~` or `logical_not()` operator instead.")
        if name == "bitwise_not" and t.dtype not in INT_DTYPES + ("bool",):
            b.fail(f"bitwise_not is only supported for integer and bool tensors, got {t.dtype}")
        if kind == "float":
            dtype = float_dtype_of(t)
            return Resolved(tensor_result(t, dtype), (convert(b.args["input"], tensor_result(t, dtype)),))
        if kind == "bool":
            return Resolved(tensor_result(t, "bool"), (b.args["input"],))
        return Resolved(t, (b.args["input"],))
    return rule


UNARY = [
    ("exp", "float"), ("log", "float"), ("sqrt", "float"), ("rsqrt", "float"), ("sin", "float"),
    ("cos", "float"), ("atan", "float"), ("tanh", "float"), ("sigmoid", "float"), ("erf", "float"), ("reciprocal", "float"),
    ("neg", "same"), ("abs", "same"), ("sign", "same"), ("relu", "same"), ("floor", "same"), ("ceil", "same"),
    ("round", "same"), ("trunc", "same"), ("bitwise_not", "same"), ("logical_not", "bool"), ("isnan", "bool"),
]
for _name, _kind in UNARY:
    register(_name, "input", unary_rule(_kind), "elementwise", method="self",
             tolerance=FLOAT_TOL if _kind == "float" else "exact")
register("negative", "input", unary_rule("same"), "elementwise", method="self", cpp="muna::torch::neg")


def _atan2(b):
    for name in ("input", "other"):
        if not is_tensor(b.args[name]):
            b.fail(f"atan2(): argument '{name}' must be Tensor, not {strip_literal(b.type(name))}")
    return binary_rule("float")(b)


register("atan2", "input, other", _atan2, "elementwise", method="self, other", tolerance=FLOAT_TOL)
register("positive", "input", lambda b: Resolved(tensor_type(b, "input"), (b.args["input"],)), "elementwise",
         emit=lambda args, e: args[0])


# --- in-place forms: computed in the promoted dtype, written back into self --------------------
def inplace_rule(name, result="same"):
    base = binary_rule(result, name=name)

    def rule(b):
        t = tensor_type(b, "self")
        b.args["input"] = b.args.pop("self")
        r = base(b)
        common = r.args[0].type.dtype if isinstance(r.args[0].type, TensorT) else r.type.dtype
        if not torch().can_cast(getattr(torch(), r.type.dtype), getattr(torch(), t.dtype)):
            b.fail(f"result type {r.type.dtype} can't be cast to the desired output type {t.dtype}")
        return Resolved(t, (b.args["input"], r.args[1]), (cpp(common),))
    return rule


for _name, _params, _result in (("add_", "self, other, alpha=1", "same"), ("sub_", "self, other, alpha=1", "same"),
                                ("mul_", "self, other", "same"), ("div_", "self, other", "float")):
    REGISTRY.add(Op(f"torch.Tensor.{_name}", parse_params(_params), inplace_rule(_name[:-1], _result),
                    header="muna/torch/detail/elementwise.hpp", cpp=f"muna::torch::{_name}", kind="method",
                    doc="in place on the view; returns self"), method_of="torch.Tensor")


def _fill_rule(b):
    t = tensor_type(b, "self")
    v = b.args["value"]
    if not isinstance(strip_literal(v.type), (Scalar, NumpyScalar)):
        b.fail("fill_ expects a number")
    return Resolved(t, (b.args["self"], v))


def _self_only(b):
    return Resolved(tensor_type(b, "self"), (b.args["self"],))


def _copy_rule(b):
    t = tensor_type(b, "self")
    tensor_type(b, "src")
    return Resolved(t, (b.args["self"], b.args["src"]))


for _name, _params, _rule in (("fill_", "self, value", _fill_rule), ("zero_", "self", _self_only),
                              ("relu_", "self", _self_only), ("copy_", "self, src", _copy_rule)):
    REGISTRY.add(Op(f"torch.Tensor.{_name}", parse_params(_params), _rule, header="muna/torch/detail/elementwise.hpp",
                    cpp=f"muna::torch::{_name}", kind="method", doc="in place; returns self"),
                 method_of="torch.Tensor")


# --- where / clamp / masked_fill --------------------------------------------------------------
def _where(b):
    cond = tensor_type(b, "condition")
    if cond.dtype != "bool":
        b.fail(f"where expected condition to be a boolean tensor, but got a tensor with dtype {cond.dtype}")
    check_number_or_tensor(b, "input")
    check_number_or_tensor(b, "other")
    x, y = b.args["input"], b.args["other"]
    dtype = result_dtype(x, y)
    rank = broadcast_rank(cond, strip_literal(x.type), strip_literal(y.type))
    return Resolved(TensorT("torch", dtype, rank), (b.args["condition"], operand(x, dtype), operand(y, dtype)))


register("where", "condition, input, other", _where, "elementwise",
         method=None)
REGISTRY.add(Op("torch.Tensor.where", parse_params("self, condition, other"),
                lambda b: _where_method(b), header="muna/torch/detail/elementwise.hpp", cpp="muna::torch::where",
                kind="method"), method_of="torch.Tensor")


def _where_method(b):
    # x.where(cond, y) is torch.where(cond, x, y).
    b.args = {"condition": b.args["condition"], "input": b.args["self"], "other": b.args["other"]}
    return _where(b)


def _clamp(b):
    t = tensor_type(b, "input")
    lo, hi = b.args["min"], b.args["max"]
    if is_none(lo) and is_none(hi):
        b.fail("torch.clamp: At least one of 'min' or 'max' must not be None")
    for e in (lo, hi):
        if not is_none(e) and not isinstance(strip_literal(e.type), Scalar):
            b.fail("clamp with tensor bounds is not supported; use torch.maximum/torch.minimum")
    # torch decides the result dtype from the bounds' kinds: ask it on a stand-in.
    probe = {"min": None if is_none(lo) else {"bool": False, "int": 0, "float": 0.0}[strip_literal(lo.type).name],
             "max": None if is_none(hi) else {"bool": False, "int": 1, "float": 1.0}[strip_literal(hi.type).name]}
    dtype = str(torch().clamp(torch().zeros(1, dtype=getattr(torch(), t.dtype)), **probe).dtype).replace("torch.", "")
    x = convert(b.args["input"], tensor_result(t, dtype))
    bounds = tuple(e if is_none(e) else convert(e, NumpyScalar(dtype)) for e in (lo, hi))
    return Resolved(tensor_result(t, dtype), (x,) + bounds)


register("clamp", "input, min=None, max=None", _clamp, "elementwise", method="self, min=None, max=None")
register("clip", "input, min=None, max=None", _clamp, "elementwise", method="self, min=None, max=None",
         cpp="muna::torch::clamp")


def _clamp_(b):
    t = tensor_type(b, "self")
    b.args["input"] = b.args.pop("self")
    r = _clamp(b)
    if r.type.dtype != t.dtype:
        b.fail(f"result type {r.type.dtype} can't be cast to the desired output type {t.dtype}")
    return r


REGISTRY.add(Op("torch.Tensor.clamp_", parse_params("self, min=None, max=None"), _clamp_,
                header="muna/torch/detail/elementwise.hpp", cpp="muna::torch::clamp_", kind="method"),
             method_of="torch.Tensor")


def _masked_fill(b):
    t = tensor_type(b, "input")
    m = tensor_type(b, "mask")
    if m.dtype != "bool":
        b.fail(f"masked_fill_ only supports boolean masks, but got mask with dtype {m.dtype}")
    v = b.args["value"]
    vt = strip_literal(v.type)
    if isinstance(vt, TensorT):
        b.fail("masked_fill with a tensor value is not supported; pass a number (or use torch.where)")
    if not isinstance(vt, (Scalar, NumpyScalar)):
        b.fail(f"masked_fill expects a number for value, got {vt}")
    return Resolved(t, (b.args["input"], b.args["mask"], convert(v, NumpyScalar(t.dtype))))


register("masked_fill", "input, mask, value", _masked_fill, "elementwise", method="self, mask, value")
REGISTRY.add(Op("torch.Tensor.masked_fill_", parse_params("self, mask, value"),
                lambda b: _masked_fill(_rename_to(b, "input")), header="muna/torch/detail/elementwise.hpp",
                cpp="muna::torch::masked_fill_", kind="method"), method_of="torch.Tensor")


def _rename_to(b, first):
    b.args = {(first if k == "self" else k): v for k, v in b.args.items()}
    return b


# --- reductions -------------------------------------------------------------------------------
def _reduced_rank(t, dims, keepdim):
    if not keepdim and (dims is None or dims == ()):
        return 0  # every dim reduced, whatever the rank
    if t.rank is None:
        return None
    if keepdim:
        return t.rank
    return t.rank - (len(dims) if isinstance(dims, tuple) else 1)


def _dims_expr(dims):
    return const(dims)


def reduction_rule(kind):
    """kind: "sum" (ints -> int64), "mean"/"var" (floats only), "same" (amax/amin), "bool"."""
    def rule(b):
        t = tensor_type(b, "input")
        dims = const_dims(b, "dim")
        check_dims(b, dims, t.rank)
        keepdim = b.const("keepdim")
        x = b.args["input"]
        dtype = t.dtype
        if "dtype" in b.args and b.const("dtype") is not None:
            dtype = dtype_name(b.const("dtype"), b)
            x = convert(x, tensor_result(t, dtype))
        if kind == "sum" and dtype in INT_DTYPES + ("bool",) and ("dtype" not in b.args or b.const("dtype") is None):
            dtype = "int64"
        if kind in ("mean", "var") and dtype not in FLOAT_DTYPES:
            b.fail(f"{b.op.name}(): could not infer output dtype. Input dtype must be either a floating point "
                   f"or complex dtype. Got: {dtype}")
        rank = _reduced_rank(t, dims, keepdim)
        out = "bool" if kind == "bool" else dtype
        args = [x, _dims_expr(dims)]
        if kind == "var":
            args.append(b.args["unbiased"])
        args.append(b.args["keepdim"])
        template = (cpp(dtype),) if kind == "sum" else ()
        return Resolved(tensor_result(t, out, rank), tuple(args), template)
    return rule


RED_TOL = "float32: rtol 1e-5 (torch sums in a cascade, muna pairwise); ints exact"
register("sum", "input, dim=None, keepdim=False, dtype=None", reduction_rule("sum"), "reduce",
         method="self, dim=None, keepdim=False, dtype=None", tolerance=RED_TOL)
register("mean", "input, dim=None, keepdim=False, dtype=None", reduction_rule("mean"), "reduce",
         method="self, dim=None, keepdim=False, dtype=None", tolerance=RED_TOL)
for _name in ("var", "std"):
    register(_name, "input, dim=None, unbiased=True, keepdim=False", reduction_rule("var"), "reduce",
             method="self, dim=None, unbiased=True, keepdim=False",
             tolerance="rtol 1e-5 (two passes in double for float32)")
for _name in ("amax", "amin"):
    register(_name, "input, dim=(), keepdim=False", reduction_rule("same"), "reduce",
             method="self, dim=(), keepdim=False")
for _name in ("any", "all"):
    register(_name, "input, dim=None, keepdim=False", reduction_rule("bool"), "reduce",
             method="self, dim=None, keepdim=False")


def _norm(b):
    t = tensor_type(b, "input")
    p = b.const("p")
    if p == "fro" or p is None:
        p = 2.0
    if not isinstance(p, (int, float)) or isinstance(p, bool) or p <= 0:
        b.fail(f"norm: p={p!r} is not supported; use 'fro', a positive number or float('inf')")
    if t.dtype not in FLOAT_DTYPES:
        b.fail(f"linalg.vector_norm: Expected a floating point or complex tensor as input. Got {t.dtype}")
    dims = const_dims(b, "dim")
    check_dims(b, dims, t.rank)
    keepdim = b.const("keepdim")
    return Resolved(tensor_result(t, rank=_reduced_rank(t, dims, keepdim)),
                    (b.args["input"], const(float(p)), const(dims), b.args["keepdim"]))


register("norm", "input, p='fro', dim=None, keepdim=False", _norm, "reduce",
         method="self, p='fro', dim=None, keepdim=False", tolerance=RED_TOL)


def extremum_rule(b):
    t = tensor_type(b, "input")
    dim = b.args["dim"]
    name = b.op.name.split(".")[-1]
    if is_tensor(dim):
        # max(a, b) of two tensors is maximum.
        b.args = {"input": b.args["input"], "other": dim}
        r = binary_rule("same", name="maximum" if name == "max" else "minimum")(b)
        r.op = "torch.maximum" if name == "max" else "torch.minimum"
        return r
    if is_none(dim):
        if b.const("keepdim"):
            b.fail(f"{name}() with keepdim=True needs dim")
        return Resolved(tensor_result(t, rank=0), (b.args["input"],))
    d = const_int(b, "dim")
    check_dims(b, d, t.rank)
    rank = _reduced_rank(t, d, b.const("keepdim"))
    values = tensor_result(t, rank=rank)
    return Resolved(values_indices(values, tensor_result(t, "int64", rank)),
                    (b.args["input"], int_arg(b, "dim"), b.args["keepdim"]))


for _name in ("max", "min"):
    register(_name, "input, dim=None, keepdim=False", extremum_rule, "reduce", method="self, dim=None, keepdim=False",
             doc="max(x); max(x, dim) -> (values, indices); max(a, b) -> maximum")


def _arg_extremum(b):
    t = tensor_type(b, "input")
    dims = const_dims(b, "dim")
    check_dims(b, dims, t.rank)
    if isinstance(dims, tuple):
        b.fail("argmax/argmin take one dim")
    keepdim = b.const("keepdim")
    rank = (t.rank if keepdim else 0) if dims is None else _reduced_rank(t, dims, keepdim)
    return Resolved(tensor_result(t, "int64", rank), (b.args["input"], const(dims), b.args["keepdim"]))


for _name in ("argmax", "argmin"):
    register(_name, "input, dim=None, keepdim=False", _arg_extremum, "reduce", method="self, dim=None, keepdim=False")


def _scan(b):
    """cumsum / cumprod: integers and bool accumulate in int64 unless dtype= says otherwise."""
    t = tensor_type(b, "input")
    dtype = t.dtype
    x = b.args["input"]
    if b.const("dtype") is not None:
        dtype = dtype_name(b.const("dtype"), b)
        x = convert(x, tensor_result(t, dtype))
    elif dtype in INT_DTYPES + ("bool",):
        dtype = "int64"
    return Resolved(tensor_result(t, dtype), (x, int_arg(b, "dim")), (cpp(dtype),))


register("cumsum", "input, dim, dtype=None", _scan, "reduce", method="self, dim, dtype=None",
         tolerance="float32: rtol 1e-5 (sequential sums)")
register("cumprod", "input, dim, dtype=None", _scan, "reduce", method="self, dim, dtype=None",
         tolerance="float32: rtol 1e-5 (sequential products)")


def _cross(b):
    """torch.cross (dim=None: the first dim of size 3) and torch.linalg.cross (dim=-1); both
    operands broadcast and must have one dtype, as in torch."""
    a, c = tensor_type(b, "input"), tensor_type(b, "other")
    if a.dtype != c.dtype:
        b.fail(f"expected scalar type {a.dtype} but found {c.dtype}; convert one operand first")
    if None not in (a.rank, c.rank) and a.rank != c.rank:
        b.fail("linalg.cross: inputs must have the same number of dimensions.")
    dim = b.args["dim"]
    return Resolved(a.with_(rank=broadcast_rank(a, c)), (b.args["input"], b.args["other"],
                                                         dim if is_none(dim) else int_arg(b, "dim")))


register("cross", "input, other, dim=None", _cross, "reduce", method="self, other, dim=None",
         doc="dim=None: the first dim of size 3 (torch 1.13's default)")
register("linalg.cross", "input, other, dim=-1", _cross, "reduce", obj="torch.linalg.cross",
         cpp="muna::torch::linalg_cross")


def _sort(b):
    t = tensor_type(b, "input")
    if "stable" in b.args:
        b.const("stable")  # always stable
    return Resolved(values_indices(t, tensor_result(t, "int64")), (b.args["input"], int_arg(b, "dim"), b.args["descending"]))


register("sort", "input, dim=-1, descending=False, stable=False", _sort, "reduce",
         method="self, dim=-1, descending=False, stable=False", doc="always stable; NaN sorts as the largest")


def _argsort(b):
    t = tensor_type(b, "input")
    return Resolved(tensor_result(t, "int64"), (b.args["input"], int_arg(b, "dim"), b.args["descending"]))


register("argsort", "input, dim=-1, descending=False", _argsort, "reduce", method="self, dim=-1, descending=False")


def _topk(b):
    t = tensor_type(b, "input")
    return Resolved(values_indices(t, tensor_result(t, "int64")),
                    (b.args["input"], int_arg(b, "k"), int_arg(b, "dim"), b.args["largest"], b.args["sorted"]))


register("topk", "input, k, dim=-1, largest=True, sorted=True", _topk, "reduce",
         method="self, k, dim=-1, largest=True, sorted=True",
         doc="selected as torch's CPU kernel selects: ties and the sorted=False order are torch's")


def _index_arg(b, name="index"):
    it = tensor_type(b, name)
    if it.dtype != "int64":
        b.fail(f"{b.op.name}(): Expected dtype int64 for index, got {it.dtype}")
    return b.args[name], it


def _gather(b):
    t = tensor_type(b, "input")
    index, it = _index_arg(b)
    return Resolved(tensor_result(t, rank=it.rank), (b.args["input"], int_arg(b, "dim"), index))


register("gather", "input, dim, index", _gather, "reduce", method="self, dim, index")


def _index_select(b):
    t = tensor_type(b, "input")
    index, it = _index_arg(b)
    if it.rank is not None and it.rank > 1:
        b.fail("index_select(): Index is supposed to be a vector")
    return Resolved(t, (b.args["input"], int_arg(b, "dim"), index))


register("index_select", "input, dim, index", _index_select, "reduce", method="self, dim, index")


# --- matrix products --------------------------------------------------------------------------
def _same_dtype(b, a, c):
    if a.dtype != c.dtype:
        b.fail(f"expected both operands of {b.op.name} to have the same dtype, but got {a.dtype} and {c.dtype}; "
               "convert one with .to(dtype)")
    if a.dtype == "bool":
        b.fail(f"{b.op.name} is not implemented for bool tensors")


def _matmul(b):
    a, c = tensor_type(b, "input"), tensor_type(b, "other")
    _same_dtype(b, a, c)
    rank = None
    if a.rank is not None and c.rank is not None:
        if a.rank == 0 or c.rank == 0:
            b.fail(f"both arguments to matmul need to be at least 1D, but they are {a.rank}D and {c.rank}D")
        # A 1-d operand gains a dim for the product and loses it after (two: a 0-d dot product).
        rank = 0 if a.rank == c.rank == 1 else max(a.rank, c.rank) - (a.rank == 1) - (c.rank == 1)
    return Resolved(tensor_result(a, rank=rank), (b.args["input"], b.args["other"]))


MATMUL_TOL = ("float32, float64: rtol 1e-5 (the GEMM through detail::matmul_kernel); other dtypes a blocked "
              "loop; bfloat16 accumulates in float32")
register("matmul", "input, other", _matmul, "linalg", method="self, other", tolerance=MATMUL_TOL)


def _fixed_rank(rank):
    def rule(b):
        a, c = tensor_type(b, "input"), tensor_type(b, "mat2")
        _same_dtype(b, a, c)
        for t in (a, c):
            if t.rank is not None and t.rank != rank:
                b.fail(f"{b.op.name} expects {rank}-D tensors, got {t.rank}-D")
        return Resolved(tensor_result(a, rank=rank), (b.args["input"], b.args["mat2"]))
    return rule


register("mm", "input, mat2", _fixed_rank(2), "linalg", method="self, mat2", tolerance=MATMUL_TOL)
register("bmm", "input, mat2", _fixed_rank(3), "linalg", method="self, mat2", tolerance=MATMUL_TOL)


def _einsum(b):
    eq = b.const("equation")
    if not isinstance(eq, str):
        b.fail("einsum's equation must be a string constant")
    operands = [b.args[n] for n in ("operand0", "operand1", "operand2") if not is_none(b.args[n])]
    types = [strip_literal(e.type) for e in operands]
    if not all(isinstance(t, TensorT) for t in types):
        b.fail("einsum takes 1 to 3 tensors after the equation")
    for t in types[1:]:
        _same_dtype(b, types[0], t)
    if "..." in eq:
        b.fail("einsum with '...' is not supported; name every dim")
    eq = eq.replace(" ", "")
    lhs = eq.split("->")[0]
    terms = lhs.split(",")
    if len(terms) != len(operands):
        b.fail(f"einsum(): the equation has {len(terms)} operands but {len(operands)} tensors were given")
    for term, t in zip(terms, types):
        if t.rank is not None and len(term) != t.rank:
            b.fail(f"einsum(): the number of subscripts in the equation ({len(term)}) does not match the number "
                   f"of dimensions ({t.rank}) for operand {terms.index(term)} and no ellipsis was given")
    if "->" in eq:
        out = eq.split("->")[1]
    else:
        out = "".join(sorted(c for c in set(lhs) if c != "," and lhs.count(c) == 1))
    return Resolved(TensorT("torch", types[0].dtype, len(out)), (const(eq),) + tuple(operands))


register("einsum", "equation, operand0, operand1=None, operand2=None", _einsum, "linalg",
         tolerance="float32: rtol 1e-5 (direct loop, float accumulation)",
         doc="1 to 3 operands, no '...'")


def _prod(b):
    t = tensor_type(b, "input")
    dim = const_dims(b, "dim")
    if isinstance(dim, tuple):
        b.fail("prod takes one dim (an int)")
    check_dims(b, dim, t.rank)
    x = b.args["input"]
    dtype = t.dtype
    if b.const("dtype") is not None:
        dtype = dtype_name(b.const("dtype"), b)
        x = convert(x, tensor_result(t, dtype))
    elif dtype in INT_DTYPES + ("bool",):
        dtype = "int64"
    keepdim = b.const("keepdim")
    return Resolved(tensor_result(t, dtype, _reduced_rank(t, dim, keepdim)), (x, const(dim), b.args["keepdim"]),
                    (cpp(dtype),))


register("prod", "input, dim=None, keepdim=False, dtype=None", _prod, "reduce",
         method="self, dim=None, keepdim=False, dtype=None", tolerance="float32: rtol 1e-6 (in order)")


for _name, _kind in (("log1p", "float"), ("expm1", "float"), ("log2", "float"), ("log10", "float"), ("square", "same"),
                     ("isinf", "bool"), ("isfinite", "bool")):
    register(_name, "input", unary_rule(_kind), "elementwise", method="self",
             tolerance=FLOAT_TOL if _kind == "float" else "exact")


def _addmm(b):
    t, a, c = tensor_type(b, "input"), tensor_type(b, "mat1"), tensor_type(b, "mat2")
    _same_dtype(b, a, c)
    _same_dtype(b, t, a)
    for m in (a, c):
        if m.rank is not None and m.rank != 2:
            b.fail(f"addmm expects 2-D matrices, got {m.rank}-D")
    return Resolved(tensor_result(a, rank=2), (b.args["input"], b.args["mat1"], b.args["mat2"],
                                               float_arg(b, "beta"), float_arg(b, "alpha")))


register("addmm", "input, mat1, mat2, beta=1, alpha=1", _addmm, "linalg", method="self, mat1, mat2, beta=1, alpha=1",
         tolerance=MATMUL_TOL)


def _nan_to_num(b):
    """NaN -> nan, +inf -> posinf (default: the dtype's max), -inf -> neginf (its lowest), as
    numpy.nan_to_num (the same C++); integer and bool tensors come back unchanged."""
    t = tensor_type(b, "input")
    if t.dtype not in ("float32", "float64") and t.dtype not in INT_DTYPES + ("bool",):
        b.fail(f"torch.nan_to_num of a {t.dtype} tensor is not supported (float32, float64 and integer tensors are)")
    from .numpy_ufuncs import nan_to_num_replacements
    return Resolved(t, (b.args["input"], *nan_to_num_replacements(b)))


register("nan_to_num", "input, nan=0.0, posinf=None, neginf=None", _nan_to_num, "elementwise",
         method="self, nan=0.0, posinf=None, neginf=None", cpp="muna::numpy::nan_to_num",
         tolerance="exact")
for _name in ("torch.nan_to_num", "torch.Tensor.nan_to_num"):
    REGISTRY[_name].header = "muna/numpy/nan_to_num.hpp"
