"""torch factories that take their defaults from elsewhere: Tensor.new_zeros / new_ones /
new_empty / new_full / new_tensor (the dtype of self unless dtype= is given; each is the
torch function it names), Tensor.type (the legacy type string, or a conversion), and the
window functions hann_window and hamming_window."""
from __future__ import annotations

from ..build_ir import const
from ..dispatch import dtype_const
from ..registry import REGISTRY, Resolved
from ..types import BOOL, STR, TensorT, strip_literal
from .torch_common import (cpp, dtype_name, float_arg, int_arg, register, tensor_result, tensor_type)
from .torch_tensor import CREATE, SIZE, SIZE_NAMES, _check_device

# torch's legacy type names (x.type()), by dtype.
TYPE_NAMES = {"float32": "FloatTensor", "float64": "DoubleTensor", "bfloat16": "BFloat16Tensor",
              "float16": "HalfTensor", "int64": "LongTensor", "int32": "IntTensor", "int16": "ShortTensor",
              "int8": "CharTensor", "uint8": "ByteTensor", "bool": "BoolTensor"}


def _new(kind):
    """self.new_<kind>(...): torch.<kind>(...) with self's dtype as the default."""
    def rule(b):
        t = tensor_type(b, "self")
        del b.args["self"]
        if b.const("dtype") is None:
            b.args["dtype"] = dtype_const("torch", t.dtype, b.loc)
        r = REGISTRY[f"torch.{kind}"].rule(b)
        r.op = r.op or f"torch.{kind}"
        return r
    return rule


for _kind in ("zeros", "ones", "empty"):
    register(f"new_{_kind}", "self", _new(_kind), "shape", function=False, method=f"self, {SIZE}, {CREATE}",
             cpp=f"muna::torch::{_kind}", doc=f"torch.{_kind} in self's dtype")
register("new_full", "self", _new("full"), "shape", function=False, method=f"self, size, fill_value, {CREATE}",
         cpp="muna::torch::full", doc="torch.full in self's dtype")
register("new_tensor", "self", _new("tensor"), "shape", function=False, method=f"self, data, {CREATE}",
         cpp="muna::torch::tensor", doc="torch.tensor in self's dtype")


def _type(b):
    """x.type(): 'torch.FloatTensor', a constant; x.type(dtype or type string): x.to(dtype)."""
    t = tensor_type(b, "self")
    target = b.const("dtype")
    if target is None:  # known now: x.type(y.type()) converts to a constant
        return const(f"torch.{TYPE_NAMES[t.dtype]}", b.loc)
    if isinstance(target, str):
        by_name = {f"torch.{n}": d for d, n in TYPE_NAMES.items()}
        if target not in by_name:
            b.fail(f"invalid type: '{target}'")
        dtype = by_name[target]
    else:
        dtype = dtype_name(target, b)
    return Resolved(tensor_result(t, dtype), (b.args["self"],), (cpp(dtype), cpp(t.dtype)), op="torch.Tensor.to")


register("type", "self", _type, "shape", function=False, method="self, dtype=None, non_blocking=False",
         emit=lambda args, e: args[0], doc="the type string ('torch.FloatTensor'), or .to(dtype)")


def _window(name):
    def rule(b):
        _check_device(b)
        d = b.const("dtype")
        dtype = "float32" if d is None else dtype_name(d, b)
        if dtype not in ("float32", "float64", "bfloat16"):
            b.fail(f"{name} expects floating point dtypes, got {dtype}")
        if strip_literal(b.type("periodic")) != BOOL:
            b.fail(f"{name}: periodic must be a bool")
        args = [int_arg(b, "window_length"), b.args["periodic"]]
        if name == "hamming_window":
            args += [float_arg(b, "alpha"), float_arg(b, "beta")]
        return Resolved(TensorT("torch", dtype, 1), tuple(args), (cpp(dtype),))
    return rule


register("hann_window", f"window_length, periodic=True, {CREATE}", _window("hann_window"), "shape",
         tolerance="float32: atol 1e-7 (torch's vectorised cos)")
register("hamming_window", f"window_length, periodic=True, alpha=0.54, beta=0.46, {CREATE}",
         _window("hamming_window"), "shape", tolerance="float32: atol 1e-7 (torch's vectorised cos)")
