"""Fused ops the compiler substitutes for common transformer subgraphs (fusion.py matches
them): each replaces several passes over memory with one kernel from kernels/muna/kernels/.
They are not user-facing names; a user's code reaches them only through these patterns, and
each C++ wrapper falls back to the unfused ops for shapes its kernel does not take, so a fused
program computes what the unfused one does (within the op's tolerance) and raises the same
errors."""
from ..build_ir import const
from ..fusion import Bind, Const, Either, Fusion, Node, call, is_float32_tensor, is_number
from ..registry import REGISTRY, Op

MUL = ("torch.mul", "torch.Tensor.mul")
ADD = ("torch.add", "torch.Tensor.add")
MEAN = ("torch.mean", "torch.Tensor.mean")
POW = ("torch.pow", "torch.Tensor.pow")


def fused_op(name: str, params: str, tolerance: str, doc: str):
    REGISTRY.add(Op(f"muna.fused.{name}", tuple((p.strip(), None) for p in params.split(",")),
                    lambda b: None, header=f"muna/fused/{name}.hpp", cpp=f"muna::fused::{name}",
                    tolerance=tolerance, doc=doc))


def float_vector(e) -> bool:
    """A float32 tensor that may be 1-d (the wrapper checks an unknown rank at run time)."""
    return is_float32_tensor(e) and e.type.rank in (1, None)


# RMSNorm, x * rsqrt(mean(x^2, -1, keepdim) + eps) * w, with w or (1 + w) (Gemma stores its
# weights as offsets from 1); the square as x * x or x ** 2, factors in either order.
fused_op("rms_norm", "input, weight, eps, weight_offset",
         "rtol 1e-5 (one SIMD sum of squares per row instead of torch's reduction order)",
         "x * rsqrt(mean(x*x, -1, keepdim=True) + eps) * (weight_offset + weight), fp32")
_X = Bind("x", is_float32_tensor)
_SQUARE = Either((call(MUL, _X, _X), call(POW, _X, Const(2))))
_NORMALIZED = call(MUL, _X, call("torch.rsqrt", call(ADD, call(MEAN, _SQUARE, Const(-1), Const(True)),
                                                          Bind("eps", is_number))))
_WEIGHT = Bind("weight", float_vector)


def _rms_norm(scale, offset: float) -> Fusion:
    return Fusion("muna.fused.rms_norm", call(MUL, _NORMALIZED, scale), ("x", "weight", "eps"),
                  lambda m: (const(offset),))


# The gated MLP's act(gate) * up; gate and up of one shape (the wrapper checks at run time).
fused_op("gelu_tanh_mul", "gate, up", "rtol 1e-5, atol 2e-6 (x / (1 + exp(-2u)) for 0.5 x (1 + tanh u))",
         "gelu(gate, approximate='tanh') * up, fp32")
fused_op("silu_mul", "gate, up", "rtol 1e-5, atol 2e-6", "silu(gate) * up, fp32")


def _gated(op: str, activation) -> Fusion:
    return Fusion(op, call(MUL, activation, Bind("up", is_float32_tensor)), ("gate", "up"))


_GATE = Bind("gate", is_float32_tensor)


# Rotary position embedding in the rotate-half form, with the tables the model computed:
# x * cos + cat([-x[..., half:], x[..., :half]], -1) * sin.
fused_op("rotate_half", "x, cos, sin, half", "rtol 1e-5 (the same products and sums, fused)",
         "x * cos + cat([-x[..., half:], x[..., :half]], -1) * sin, fp32")


def _last_axis_slice(index, rank):
    """(start, stop) of an index that slices only the last of `rank` axes, with step 1: x[:, :, a:b]."""
    if index.op != "tuple" or rank is None or len(index.args) != rank:
        return None
    bounds = []
    for i, piece in enumerate(index.args):
        if piece.op != "slice" or any(a.op != "const" for a in piece.args):
            return None
        start, stop, step = (a.attr("value") for a in piece.args)
        if step not in (None, 1) or (i < rank - 1 and (start, stop) != (None, None)):
            return None
        bounds.append((start, stop))
    return bounds[-1]


def _halves(m) -> int | None:
    """`half` when the two slices are x[..., :half] and x[..., half:]."""
    rank = m["x"].type.rank
    low, high = _last_axis_slice(m["low"], rank), _last_axis_slice(m["high"], rank)
    if low is None or high is None or low[0] is not None or high[1] is not None:
        return None
    half = low[1]
    return half if isinstance(half, int) and half > 0 and high[0] == half else None


_X_ROT = Bind("x", is_float32_tensor)
_GETITEM = "torch.Tensor.__getitem__"
_ROTATED = call("torch.cat", Either(tuple(Node(kind, (call(("torch.neg", "torch.Tensor.neg"),
                                                               call(_GETITEM, _X_ROT, Bind("high"))),
                                                          call(_GETITEM, _X_ROT, Bind("low"))))
                                          for kind in ("list", "tuple"))), Const(-1))
ROTATE_HALF = Fusion("muna.fused.rotate_half",
                     call(ADD, call(MUL, _X_ROT, Bind("cos", is_float32_tensor)),
                          call(MUL, _ROTATED, Bind("sin", is_float32_tensor))),
                     ("x", "cos", "sin"), extra=lambda m: (const(_halves(m)),),
                     accept=lambda m: _halves(m) is not None)

FUSIONS = [
    _rms_norm(call(ADD, Const(1.0), _WEIGHT), 1.0),
    _rms_norm(_WEIGHT, 0.0),
    _gated("muna.fused.gelu_tanh_mul", call("torch.nn.functional.gelu", _GATE, template=("true",))),
    _gated("muna.fused.silu_mul", call("torch.nn.functional.silu", _GATE)),
    ROTATE_HALF,
]
