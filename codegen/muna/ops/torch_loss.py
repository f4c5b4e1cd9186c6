"""F.nll_loss and F.cross_entropy (class indices or class probabilities, weight, ignore_index,
reduction, label_smoothing). The reduction is a compile-time string, passed to C++ as torch's
enum (include/muna/torch/detail/loss.hpp)."""
from __future__ import annotations

from ..build_ir import const
from ..registry import REGISTRY, Op, Resolved, parse_params
from ..types import BOOL, FLOAT, INT, strip_literal
from .torch_common import HEADERS, float_arg, int_arg, is_none, tensor_result, tensor_type
from .torch_indexing import SCALAR_TYPE

REDUCTIONS = {"none": 0, "mean": 1, "sum": 2}
LOSS_TOL = "float32: rtol 1e-5 (sums in double, rounded once; torch sums in float)"


def _common(b):
    """(input type, weight argument, reduction code) after the checks both losses share."""
    t = tensor_type(b, "input")
    if t.dtype not in ("float32", "float64"):
        if t.dtype == "bfloat16":
            b.unsupported(f"{b.op.name} of a bfloat16 tensor is not supported; convert it with .float()")
        b.fail(f"\"log_softmax_lastdim_kernel_impl\" not implemented for '{SCALAR_TYPE[t.dtype]}'", "RuntimeError")
    for legacy in ("size_average", "reduce"):
        if not is_none(b.args[legacy]):
            b.fail(f"{b.op.name}({legacy}=...) is deprecated and not supported; pass reduction=")
    reduction = b.const("reduction")
    if reduction not in REDUCTIONS:
        b.fail(f"{reduction} is not a valid value for reduction", "ValueError")
    weight = b.args["weight"]
    if not is_none(weight):
        w = tensor_type(b, "weight", "a tensor or None")
        if w.dtype != t.dtype:
            b.fail(f"expected scalar type {SCALAR_TYPE[t.dtype]} but found {SCALAR_TYPE[w.dtype]}", "RuntimeError")
    return t, weight, const(REDUCTIONS[reduction], b.loc)


def _result(b, t, reduction):
    if b.const("reduction") != "none":
        return tensor_result(t, rank=0)
    return tensor_result(t, rank=None if t.rank is None else max(t.rank - 1, 0))


def _class_target(b, t):
    target = tensor_type(b, "target")
    if target.dtype != "int64":
        b.fail(f"expected scalar type Long but found {SCALAR_TYPE[target.dtype]}", "RuntimeError")
    return b.args["target"]


def _nll_loss(b):
    t, weight, reduction = _common(b)
    target = _class_target(b, t)
    return Resolved(_result(b, t, reduction), (b.args["input"], target, weight, reduction, int_arg(b, "ignore_index")))


def _cross_entropy(b):
    t, weight, reduction = _common(b)
    ls = b.args["label_smoothing"]
    if strip_literal(ls.type) not in (INT, BOOL, FLOAT):
        b.fail(f"cross_entropy expects a number for label_smoothing, got {strip_literal(ls.type)}")
    target = tensor_type(b, "target")
    if target.dtype in ("float32", "float64", "bfloat16"):
        if target.dtype != t.dtype:
            b.unsupported(f"cross_entropy with {target.dtype} probabilities for a {t.dtype} input is not supported; "
                          "convert the target to the input's dtype")
    else:
        _class_target(b, t)
    return Resolved(_result(b, t, reduction), (b.args["input"], b.args["target"], weight, reduction,
                                               int_arg(b, "ignore_index"), float_arg(b, "label_smoothing")))


LOSS = "input, target, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction='mean'"
for _name, _params, _rule, _doc in (
        ("nll_loss", LOSS, _nll_loss, "input (C,), (N, C) or (N, C, d1, ...); mean divides by the weights summed"),
        ("cross_entropy", LOSS + ", label_smoothing=0.0", _cross_entropy,
         "class-index targets (int64) or class probabilities (the input's float dtype)")):
    REGISTRY.add(Op(f"torch.nn.functional.{_name}", parse_params(_params), _rule, header=HEADERS["loss"],
                    cpp=f"muna::torch::nn::functional::{_name}", tolerance=LOSS_TOL, doc=_doc),
                 f"torch.nn.functional.{_name}")
