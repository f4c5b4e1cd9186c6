"""torch.nn.functional (and the torch./Tensor. activations that mirror it). Window sizes,
strides, paddings and modes are compile-time constants expanded here to per-dimension ints, so
the C++ signatures are plain and a bad value is a diagnostic at the call's line."""
from __future__ import annotations

from ..build_ir import const, convert
from ..ir import Expr
from ..registry import REGISTRY, Op, Resolved, parse_params
from ..types import FLOAT_DTYPES, NONE, INT, FLOAT, Scalar, TensorT, TupleT, strip_literal
from .torch_common import (const_int, const_value, cpp, dtype_name, float_arg, int_arg, is_none, tensor_result,
                           tensor_type, torch, _NOT_CONST)

HEADER = "muna/torch/detail/nn.hpp"
ACT_TOL = ("float32: rtol 1e-6, atol 1e-6 (Highway exp/tanh and libm erf vs torch's vectorised math; gelu's "
           "1 + erf(x) cancels near the tail); bfloat16: 1 bf16 ulp")


def nn_op(name, params, rule, obj=None, method=None, tolerance="rtol 1e-5 (float32)", cpp_name=None, doc="",
          header=HEADER):
    """Registers torch.nn.functional.<name> (by object identity) and, if given, a Tensor method
    calling the same C++."""
    full = f"torch.nn.functional.{name}"
    op = Op(full, parse_params(params), rule, header=header, tolerance=tolerance, doc=doc,
            **({"cpp": cpp_name} if cpp_name else {}))
    REGISTRY.add(op, obj if obj is not None else f"torch.nn.functional.{name}")
    return op


def float_input(b, name="input"):
    t = tensor_type(b, name)
    if t.dtype not in FLOAT_DTYPES:
        b.fail(f"{b.op.name} expects a floating point tensor for '{name}', got {t.dtype}")
    return t


def optional_tensor(b, name, like: TensorT):
    e = b.args[name]
    if is_none(e):
        return e
    t = tensor_type(b, name, "a tensor or None")
    if t.dtype != like.dtype:
        b.fail(f"{b.op.name}: expected '{name}' to have dtype {like.dtype}, got {t.dtype}")
    return e


def no_inplace(b):
    if "inplace" in b.args and b.const("inplace"):
        b.fail(f"{b.op.name}(inplace=True) is not supported; assign the result")


def maybe_inplace(b, r: Resolved) -> Resolved:
    """F.relu(x, inplace=True), as nn.ReLU(inplace=True) calls it: the same values, written back
    into x's storage (a view writes through, as in torch), and x returned."""
    if "inplace" not in b.args:
        return r
    flag = b.const("inplace")
    if not isinstance(flag, bool):
        b.fail(f"argument 'inplace' of {b.op.name} must be a bool constant")
    if flag and b.args["input"].op == "global":
        b.fail(f"{b.op.name}(inplace=True) would modify the module-level constant '{b.args['input'].attr('name')}', "
               "which every call shares; copy it first (x.clone())")
    return Resolved(r.type, r.args, r.template, op=f"{b.op.name}_inplace") if flag else r


def inplace_op(name):
    """The internal in-place form of F.<name> (C++ <name>_inplace: computes, copies back)."""
    REGISTRY.add(Op(f"torch.nn.functional.{name}_inplace", REGISTRY[f"torch.nn.functional.{name}"].params,
                    lambda b: None, header=HEADER, cpp=f"muna::torch::nn::functional::{name}_inplace"))


def pair(b, name, n=2):
    v = const_value(b.args[name])
    if v is _NOT_CONST:
        b.fail(f"argument '{name}' of {b.op.name} must be a constant int or tuple of ints")
    if isinstance(v, int) and not isinstance(v, bool):
        return (v,) * n
    if isinstance(v, tuple) and len(v) == n and all(isinstance(x, int) for x in v):
        return v
    if isinstance(v, tuple) and len(v) == 1 and n > 1 and isinstance(v[0], int):
        return v * n
    b.fail(f"argument '{name}' of {b.op.name} must be an int or a tuple of {n} ints, got {v!r}")


def run_time_pair(b, name, n):
    """`name` as n int expressions: a constant int or tuple, or a tuple of n ints computed at run
    time (ConvTranspose's output_padding, which its forward makes with torch's _pair)."""
    e = b.args[name]
    t = strip_literal(e.type)
    if const_value(e) is _NOT_CONST and isinstance(t, TupleT) and len(t.items) in (1, n) and \
            all(strip_literal(i) == INT for i in t.items):
        from ..build_ir import call
        items = tuple(call("tuple.get", INT, (e,), b.loc, (str(i),)) for i in range(len(t.items)))
        return items * (n // len(items))
    return ints(*pair(b, name, n))


def ints(*values):
    return tuple(const(int(v)) for v in values)


# --- activations ------------------------------------------------------------------------------
def activation(kind):
    def rule(b):
        t = float_input(b)
        return maybe_inplace(b, Resolved(t, (b.args["input"],)))
    return rule


for _name in ("relu", "silu", "sigmoid", "tanh"):
    nn_op(_name, "input, inplace=False" if _name in ("relu", "silu") else "input", activation(_name),
          tolerance="exact" if _name == "relu" else ACT_TOL,
          doc="inplace=True writes back into input" if _name in ("relu", "silu") else "")


def _relu_any(b):
    # F.relu also takes integer tensors (max(x, 0)).
    t = tensor_type(b, "input")
    if t.dtype == "bool":
        b.fail("relu is not implemented for bool tensors")
    return maybe_inplace(b, Resolved(t, (b.args["input"],)))


REGISTRY["torch.nn.functional.relu"].rule = _relu_any


def _gelu(b):
    t = float_input(b)
    mode = b.const("approximate")
    if mode not in ("none", "tanh"):
        b.fail(f"approximate argument must be either none or tanh, got {mode!r}")
    return Resolved(t, (b.args["input"],), ("true" if mode == "tanh" else "false",))


nn_op("gelu", "input, approximate='none'", _gelu, tolerance=ACT_TOL, doc="approximate 'none' (erf) and 'tanh'")


def _leaky_relu(b):
    t = float_input(b)
    return maybe_inplace(b, Resolved(t, (b.args["input"], float_arg(b, "negative_slope"))))


nn_op("leaky_relu", "input, negative_slope=0.01, inplace=False", _leaky_relu, tolerance="exact",
      doc="inplace=True writes back into input")
def _hardtanh(b):
    t = float_input(b)
    return maybe_inplace(b, Resolved(t, (b.args["input"], float_arg(b, "min_val"), float_arg(b, "max_val"))))


nn_op("hardtanh", "input, min_val=-1.0, max_val=1.0, inplace=False", _hardtanh, tolerance="exact",
      doc="inplace=True writes back into input")
for _name in ("relu6", "hardswish", "hardsigmoid"):
    nn_op(_name, "input, inplace=False", activation(_name), tolerance="exact", doc="inplace=True writes back into input")
for _name in ("relu", "silu", "leaky_relu", "hardtanh", "relu6", "hardswish", "hardsigmoid"):
    inplace_op(_name)


def _softmax(kind):
    def rule(b):
        t = tensor_type(b, "input")
        x = b.args["input"]
        dtype = t.dtype
        if b.const("dtype") is not None:
            dtype = dtype_name(b.const("dtype"), b)
            x = convert(x, tensor_result(t, dtype))
        if dtype not in FLOAT_DTYPES:
            b.fail(f"{kind} is not implemented for {dtype} tensors; pass dtype=torch.float32")
        if is_none(b.args["dim"]):
            b.fail(f"{kind} needs dim= (torch's implicit dim choice is deprecated)")
        return Resolved(tensor_result(t, dtype), (x, int_arg(b, "dim")))
    return rule


for _name in ("softmax", "log_softmax"):
    nn_op(_name, "input, dim=None, _stacklevel=3, dtype=None", _softmax(_name),
          tolerance="float32: rtol 1e-6, atol 1e-7 (vectorised exp, lane-wise sums)")
    # torch.softmax(x, dim) and x.softmax(dim) are the same function.
    REGISTRY.add(Op(f"torch.{_name}", parse_params("input, dim, dtype=None"), _softmax(_name), header=HEADER,
                    cpp=f"muna::torch::nn::functional::{_name}", tolerance=REGISTRY[f"torch.nn.functional.{_name}"].tolerance),
                 f"torch.{_name}")
    REGISTRY.add(Op(f"torch.Tensor.{_name}", parse_params("self, dim, dtype=None"),
                    lambda b, _r=_softmax(_name): _r(_self_to_input(b)), header=HEADER,
                    cpp=f"muna::torch::nn::functional::{_name}", kind="method"), method_of="torch.Tensor")


def _self_to_input(b):
    b.args = {("input" if k == "self" else k): v for k, v in b.args.items()}
    return b


def _dropout(b):
    t = tensor_type(b, "input")
    if b.const("training"):
        b.fail("dropout with training=True is random; muna compiles inference: pass training=False")
    # inplace=True outside training leaves input as it is and returns it: the identity either way.
    return Resolved(t, (b.args["input"],))


nn_op("dropout", "input, p=0.5, training=True, inplace=False", _dropout, tolerance="exact (identity)",
      doc="training=False only (identity)")


# --- linear, embedding ------------------------------------------------------------------------
def _linear(b):
    t = tensor_type(b, "input")
    w = tensor_type(b, "weight")
    if t.dtype != w.dtype:
        b.fail(f"mat1 and mat2 must have the same dtype (linear: input is {t.dtype}, weight {w.dtype}; "
               "convert one with .to(dtype))", raises="RuntimeError")
    if t.dtype == "bool":
        b.fail('"addmm_impl_cpu_" not implemented for \'Bool\'', raises="RuntimeError")
    rank = t.rank if w.rank != 1 or t.rank is None else t.rank - 1
    weight = b.args["weight"]
    if weight.op == "global" and w.dtype == "float32" and w.rank == 2:
        # A constant weight: packed once into the GEMM's layout, then one GEMM per call.
        from ..ir import Expr
        packed = Expr("global", weight.type, attrs=weight.attrs + (("packed", True),), loc=weight.loc)
        return Resolved(tensor_result(t, rank=rank), (b.args["input"], packed, optional_tensor(b, "bias", w)),
                        op="torch.nn.functional.linear_packed")
    return Resolved(tensor_result(t, rank=rank), (b.args["input"], b.args["weight"], optional_tensor(b, "bias", w)))


REGISTRY.add(Op("torch.nn.functional.linear_packed", parse_params("input, weight, bias"), lambda b: None,
                header="muna/torch/nn/functional/linear_packed.hpp"))
nn_op("linear", "input, weight, bias=None", _linear, header="muna/torch/detail/linalg.hpp",
      tolerance="float32: rtol 1e-5 (the GEMM, through detail::matmul_kernel); constant weights packed once")


def _embedding(b):
    it = tensor_type(b, "input")
    w = tensor_type(b, "weight")
    if it.dtype not in ("int64", "int32"):
        b.fail(f"embedding: Expected tensor for argument 'indices' to have one of the following scalar types: "
               f"Long, Int; but got {it.dtype}")
    for unsupported in ("max_norm",):
        if b.const(unsupported) is not None:
            b.fail(f"embedding({unsupported}=...) is not supported (it rewrites the weight)")
    idx = convert(b.args["input"], tensor_result(it, "int64"))
    result = TensorT("torch", w.dtype, None if it.rank is None else it.rank + 1)
    weight = b.args["weight"]
    if weight.op == "global" and w.dtype == "float32" and w.rank == 2:
        # A constant table: the library may store it as bf16 (--precision bf16); rows are
        # widened to float32 as they are gathered.
        from ..ir import Expr
        table = Expr("global", weight.type, attrs=weight.attrs + (("table", True),), loc=weight.loc)
        return Resolved(result, (idx, table, b.args["padding_idx"]), op="torch.nn.functional.embedding_table")
    return Resolved(result, (idx, weight, b.args["padding_idx"]))


REGISTRY.add(Op("torch.nn.functional.embedding_table", parse_params("input, weight, padding_idx"), lambda b: None,
                header="muna/torch/nn/functional/embedding_table.hpp"))


nn_op("embedding", "input, weight, padding_idx=None, max_norm=None, norm_type=2.0, scale_grad_by_freq=False, sparse=False",
      _embedding, tolerance="exact")


def _embedding_bag(b):
    it = tensor_type(b, "input")
    w = tensor_type(b, "weight")
    if it.dtype not in ("int64", "int32"):
        b.fail(f"embedding_bag: Expected tensor for argument 'indices' to have one of the following scalar types: "
               f"Long, Int; but got {it.dtype}")
    if w.dtype not in ("float32", "float64"):
        b.fail(f"embedding_bag supports float32 and float64 weights, got {w.dtype}")
    mode = b.const("mode")
    if mode not in ("sum", "mean", "max"):
        b.fail("mode has to be one of sum, mean or max")
    if b.const("max_norm") is not None:
        b.fail("embedding_bag(max_norm=...) is not supported (it rewrites the weight)")
    psw = b.args["per_sample_weights"]
    if not is_none(psw):
        if mode != "sum":
            b.fail("embedding_bag: per_sample_weights was not None. per_sample_weights is only supported for "
                   f"mode='sum' (got mode='{mode}')")
        optional_tensor(b, "per_sample_weights", w)
    if it.rank not in (1, 2):
        b.fail("embedding_bag needs the rank of input at compile time (1-D with offsets, or 2-D): annotate it"
               if it.rank is None else f"input has to be 1D or 2D Tensor, but got Tensor of dimension {it.rank}")
    offsets = b.args["offsets"]
    if it.rank == 2 and not is_none(offsets):
        b.fail("if input is 2D, then offsets has to be None, as input is treated is a mini-batch of fixed length "
               "sequences")
    if it.rank == 1:
        if is_none(offsets):
            b.fail("offsets has to be a 1D Tensor but got None")
        ot = tensor_type(b, "offsets")
        if ot.dtype not in ("int64", "int32") or ot.rank not in (1, None):
            b.fail(f"offsets has to be a 1D tensor of int64 or int32, got {ot}")
        offsets = convert(offsets, tensor_result(ot, "int64"))
    include_last = b.const("include_last_offset")
    if not isinstance(include_last, bool):
        b.fail("argument 'include_last_offset' of embedding_bag must be a bool constant")
    pad = b.args["padding_idx"]
    if not is_none(pad):
        pad = int_arg(b, "padding_idx")
    idx = convert(b.args["input"], tensor_result(it, "int64"))
    return Resolved(TensorT("torch", w.dtype, 2), (idx, b.args["weight"], offsets,
                                                   const(("sum", "mean", "max").index(mode)), psw,
                                                   const(include_last), pad))


nn_op("embedding_bag", "input, weight, offsets=None, max_norm=None, norm_type=2, scale_grad_by_freq=False, "
      "mode='mean', sparse=False, per_sample_weights=None, include_last_offset=False, padding_idx=None",
      _embedding_bag, tolerance="float32: rtol 1e-5 (sums in index order; mean as sum * (1 / count)); max exact",
      doc="nn.EmbeddingBag: modes sum/mean/max, offsets, include_last_offset, per_sample_weights (sum), "
          "padding_idx; no max_norm")


# --- normalisation ----------------------------------------------------------------------------
def _layer_norm(b):
    t = float_input(b)
    shape = b.args["normalized_shape"]
    value = const_value(shape)
    if isinstance(value, int):
        value = (value,)
    if isinstance(value, tuple):
        shape = const(tuple(int(v) for v in value))
    elif shape.op in ("list", "tuple") and all(strip_literal(a.type) == INT for a in shape.args):
        shape = Expr("tuple", TupleT((INT,) * len(shape.args)), shape.args, loc=shape.loc)
    elif not (isinstance(strip_literal(shape.type), TupleT) and all(i == INT for i in strip_literal(shape.type).items)):
        b.fail("layer_norm's normalized_shape must be an int or a list/tuple of ints")
    return Resolved(t, (b.args["input"], shape, optional_tensor(b, "weight", t), optional_tensor(b, "bias", t),
                        float_arg(b, "eps")))


nn_op("layer_norm", "input, normalized_shape, weight=None, bias=None, eps=1e-05", _layer_norm,
      tolerance="float32: rtol 1e-5, atol 1e-6 (moments in double)")


def _group_norm(b):
    t = float_input(b)
    return Resolved(t, (b.args["input"], int_arg(b, "num_groups"), optional_tensor(b, "weight", t),
                        optional_tensor(b, "bias", t), float_arg(b, "eps")))


nn_op("group_norm", "input, num_groups, weight=None, bias=None, eps=1e-05", _group_norm,
      tolerance="float32: rtol 1e-5, atol 1e-6")


def _batch_norm(b):
    t = float_input(b)
    if b.const("training"):
        b.fail("batch_norm with training=True uses batch statistics; muna compiles inference: pass training=False")
    return Resolved(t, (b.args["input"], b.args["running_mean"], b.args["running_var"], optional_tensor(b, "weight", t),
                        optional_tensor(b, "bias", t), float_arg(b, "eps")))


nn_op("batch_norm", "input, running_mean, running_var, weight=None, bias=None, training=False, momentum=0.1, eps=1e-05",
      _batch_norm, tolerance="float32: rtol 1e-5, atol 1e-6", doc="evaluation mode (running statistics)")


def _normalize(b):
    t = float_input(b)
    p = b.const("p")
    if not isinstance(p, (int, float)) or isinstance(p, bool) or p <= 0:
        b.fail("normalize: p must be a positive number")
    return Resolved(t, (b.args["input"], const(float(p)), int_arg(b, "dim"), float_arg(b, "eps")))


nn_op("normalize", "input, p=2.0, dim=1, eps=1e-12, out=None", _normalize, tolerance="float32: rtol 1e-5")


def _cosine_similarity(b):
    a, c = float_input(b, "x1"), float_input(b, "x2")
    if a.dtype != c.dtype:
        b.fail("cosine_similarity: x1 and x2 must have the same dtype")
    rank = None if a.rank is None or c.rank is None else max(a.rank, c.rank) - 1
    return Resolved(tensor_result(a, rank=rank), (b.args["x1"], b.args["x2"], int_arg(b, "dim"), float_arg(b, "eps")))


nn_op("cosine_similarity", "x1, x2, dim=1, eps=1e-08", _cosine_similarity, tolerance="float32: rtol 1e-5")


def _pad(b):
    t = tensor_type(b, "input")
    pads = const_value(b.args["pad"])
    if pads is _NOT_CONST:  # widths computed at run time: a tuple (or list) of ints of known length
        from .numpy_shape import int_items
        items = int_items(b, b.args["pad"], "pad")
        if items is None:
            b.fail("pad must be a tuple of ints")
        from ..ir import Expr
        pads_e = Expr("tuple", TupleT((INT,) * len(items)), tuple(items), loc=b.loc)
        pads = (0,) * len(items)  # for the length checks below; signs are checked at run time
    elif not isinstance(pads, tuple) or not all(isinstance(p, int) for p in pads):
        b.fail("pad must be a tuple of ints")
    else:
        pads_e = const(tuple(pads))
    if len(pads) % 2 or (t.rank is not None and len(pads) // 2 > t.rank):
        b.fail("Padding length must be divisible by 2 and at most twice the input's dimensions")
    modes = ("constant", "reflect", "replicate")
    mode = b.const("mode")
    if mode not in modes:
        b.fail(f"pad(mode={mode!r}) is not supported; use one of {', '.join(map(repr, modes))}")
    if mode != "constant" and not is_none(b.args["value"]):
        b.fail("Padding mode \"" + mode + "\" doesn't take in value argument.")
    value = b.args["value"]
    value = const(0.0) if is_none(value) else float_arg(b, "value")
    return Resolved(t, (b.args["input"], pads_e, const(modes.index(mode)), value))


nn_op("pad", "input, pad, mode='constant', value=None", _pad, tolerance="exact",
      doc="modes 'constant', 'reflect', 'replicate'")


# --- convolution and pooling ------------------------------------------------------------------
def conv_input(b, name, n) -> TensorT:
    """The input of an n-d convolution (plain or transposed), checked with its weight."""
    t = float_input(b)
    w = tensor_type(b, "weight")
    if w.dtype != t.dtype:
        b.fail(f"{name}: input is {t.dtype} but weight is {w.dtype}")
    if w.rank is not None and w.rank != n + 2:
        b.fail(f"{name} expects a {n + 2}-D weight, got {w.rank}-D")
    if t.rank is not None and t.rank not in (n + 1, n + 2):
        b.fail(f"{name} expects a {n + 1}-D or {n + 2}-D input, got {t.rank}-D")
    return t


def _conv(n):
    def rule(b):
        t = conv_input(b, f"conv{n}d", n)
        stride, dilation = pair(b, "stride", n), pair(b, "dilation", n)
        padding = const_value(b.args["padding"])
        if padding == "valid":
            sides = [(0, 0)] * n
        elif padding == "same":
            if any(s != 1 for s in stride):
                b.fail("padding='same' is not supported for strided convolutions")
            # -1: the C++ pads dilation * (k - 1) in total from the weight's shape, the odd one
            # on the bottom/right, as torch does.
            sides = [(-1, -1)] * n
        else:
            sides = [(p, p) for p in pair(b, "padding", n)]
        bias = optional_tensor(b, "bias", t)
        # groups may be a run-time int (the channel count of a depthwise convolution).
        groups = int_arg(b, "groups")
        if n == 2:
            args = ints(*stride, *sides[0], *sides[1], *dilation) + (groups,)
        else:
            args = ints(stride[0], *sides[0], dilation[0]) + (groups,)
        return Resolved(t, (b.args["input"], b.args["weight"], bias) + args)
    return rule


for _n in (1, 2):
    nn_op(f"conv{_n}d", "input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1", _conv(_n),
          tolerance="float32: rtol 1e-5, atol 1e-6 (im2col + the GEMM)", header="muna/torch/detail/conv.hpp")


def _conv_transpose(n):
    def rule(b):
        t = conv_input(b, f"conv_transpose{n}d", n)
        stride, padding, output_padding, dilation = (run_time_pair(b, p, n) for p in
                                                     ("stride", "padding", "output_padding", "dilation"))
        bias = optional_tensor(b, "bias", t)
        groups = int_arg(b, "groups")
        return Resolved(t, (b.args["input"], b.args["weight"], bias, *stride, *padding, *output_padding, groups,
                            *dilation))
    return rule


for _n in (1, 2):
    nn_op(f"conv_transpose{_n}d", "input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1",
          _conv_transpose(_n), tolerance="float32: rtol 1e-5, atol 1e-5 (a direct sum in another order)",
          header="muna/torch/detail/conv.hpp")


def _max_pool2d(b):
    t = float_input(b)
    k = pair(b, "kernel_size")
    s = k if is_none(b.args["stride"]) or const_value(b.args["stride"]) == () else pair(b, "stride")
    p, d = pair(b, "padding"), pair(b, "dilation")
    if b.const("return_indices"):
        b.fail("max_pool2d(return_indices=True) is not supported")
    if p[0] * 2 > k[0] or p[1] * 2 > k[1]:
        b.fail("pad should be at most half of effective kernel size")
    return Resolved(t, (b.args["input"],) + ints(*k, *s, *p, *d) + (b.args["ceil_mode"],))


nn_op("max_pool2d", "input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False",
      _max_pool2d, obj="torch.nn.functional.max_pool2d", tolerance="exact")


def _avg_pool2d(b):
    t = float_input(b)
    k = pair(b, "kernel_size")
    s = k if is_none(b.args["stride"]) else pair(b, "stride")
    p = pair(b, "padding")
    div = b.args["divisor_override"]
    return Resolved(t, (b.args["input"],) + ints(*k, *s, *p) + (b.args["ceil_mode"], b.args["count_include_pad"],
                                                                 div if is_none(div) else int_arg(b, "divisor_override")))


nn_op("avg_pool2d", "input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True, divisor_override=None",
      _avg_pool2d, tolerance="float32: rtol 1e-6")


def _adaptive_avg_pool2d(b):
    t = float_input(b)
    size = pair(b, "output_size")
    return Resolved(t, (b.args["input"],) + ints(*size))


nn_op("adaptive_avg_pool2d", "input, output_size", _adaptive_avg_pool2d, tolerance="float32: rtol 1e-6")


def _interpolate(b):
    t = float_input(b)
    if t.rank is not None and t.rank != 4:
        b.fail("interpolate supports 4-D (N, C, H, W) input")
    mode = b.const("mode")
    if mode not in ("nearest", "bilinear"):
        b.fail(f"interpolate(mode={mode!r}) is not supported; use 'nearest' or 'bilinear'")
    align = b.const("align_corners")
    if mode == "nearest" and align is not None:
        b.fail("align_corners option can only be set with the interpolating modes: linear | bilinear | bicubic | trilinear")
    if b.const("antialias"):
        b.fail("interpolate(antialias=True) is not supported")
    size, scale = b.args["size"], b.args["scale_factor"]
    if is_none(size) == is_none(scale):
        b.fail("either size or scale_factor should be defined (not both)")
    if not is_none(size):
        oh, ow = pair(b, "size")
        sh = sw = -1.0
    else:
        v = const_value(scale)
        if isinstance(v, (int, float)):
            v = (float(v), float(v))
        if not isinstance(v, tuple) or len(v) != 2:
            b.fail("scale_factor must be a constant number or a pair")
        oh = ow = -1
        sh, sw = float(v[0]), float(v[1])
        if b.const("recompute_scale_factor"):
            sh = sw = -1.0  # torch then uses in/out sizes
            b.fail("recompute_scale_factor=True is not supported")
    return Resolved(t, (b.args["input"], const(oh), const(ow), const(sh), const(sw),
                        const(mode == "bilinear"), const(bool(align))))


nn_op("interpolate", "input, size=None, scale_factor=None, mode='nearest', align_corners=None, "
      "recompute_scale_factor=None, antialias=False", _interpolate,
      tolerance="float32: rtol 1e-5 (bilinear weights in float, as torch)", doc="4-D input; 'nearest', 'bilinear'")
