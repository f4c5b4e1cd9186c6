"""torch's spectral ops: torch.stft of real signals (return_complex=True), and the few ops that
take its complex result (abs, indexing, shapes), include/muna/torch/stft.hpp. Any other op on a
complex tensor is refused where it is called (frontend.resolve_call: TORCH_COMPLEX_OPS)."""
from __future__ import annotations

from ..build_ir import const, convert
from ..registry import REGISTRY, Op, Resolved, op, parse_params
from ..types import COMPLEX_DTYPES, INT, TensorT, strip_literal
from .torch_common import is_none, tensor_result, tensor_type

HEADER = "muna/torch/stft.hpp"
COMPLEX_OF = {"float32": "complex64", "float64": "complex128"}
REAL_OF = {v: k for k, v in COMPLEX_OF.items()}
PAD_MODES = ("reflect", "constant", "replicate", "circular")

# The ops a complex torch tensor may be given (frontend.resolve_call refuses the others).
TORCH_COMPLEX_OPS = frozenset({"torch.abs", "torch.Tensor.abs", "torch.complex_abs", "torch.Tensor.__getitem__", "operator.getitem",
                               "torch.Tensor.size", "torch.Tensor.shape", "torch.Tensor.dim",
                               "torch.Tensor.ndim", "torch.Tensor.numel", "builtins.len"})


@op("torch.stft", "input, n_fft, hop_length=None, win_length=None, window=None, center=True, pad_mode='reflect', "
    "normalized=False, onesided=None, return_complex=None", obj="torch.stft", header=HEADER,
    tolerance="float32: rtol 1e-5, atol 1e-5")
def _stft(b):
    t = tensor_type(b, "input")
    if t.dtype not in COMPLEX_OF:
        b.fail(f"stft: expected a float32 or float64 input, got {t.dtype} (complex input is not supported)")
    if t.rank not in (1, 2):
        b.fail("stft: expected a 1D or 2D tensor" + (", not one of unknown rank" if t.rank is None else ""))
    if b.const("return_complex") is not True:
        b.fail("torch.stft needs return_complex=True (the real form is deprecated in torch)")
    if b.const("pad_mode") not in PAD_MODES:
        b.fail(f"torch.stft: pad_mode must be one of {', '.join(PAD_MODES)}")
    onesided = b.const("onesided")
    if onesided not in (None, True, False):
        b.fail("torch.stft: onesided must be True, False or None")
    window = b.args["window"]
    if not is_none(window):
        w = tensor_type(b, "window", "a tensor or None")
        if w.dtype != t.dtype:
            b.fail(f"stft: expected the window to have dtype {t.dtype}, got {w.dtype}")
    optional_int = [b.args[n] if is_none(b.args[n]) else convert(b.args[n], INT) for n in ("hop_length", "win_length")]
    return Resolved(tensor_result(t, COMPLEX_OF[t.dtype], t.rank + 1),
                    (b.args["input"], convert(b.args["n_fft"], INT), *optional_int, window, b.args["center"],
                     b.args["pad_mode"], b.args["normalized"], const(onesided is not False, b.loc)))


REGISTRY.add(Op("torch.complex_abs", parse_params("input"), lambda b: None, header=HEADER,
                doc="|z| of a complex tensor (torch.abs of one)"))


def complex_abs(b, t: TensorT) -> Resolved:
    """torch.abs of a complex tensor: its magnitudes, a real tensor."""
    return Resolved(tensor_result(t, REAL_OF[t.dtype]), (b.args["input"],), op="torch.complex_abs")


def is_complex_tensor(t) -> bool:
    t = strip_literal(t)
    return isinstance(t, TensorT) and t.lib == "torch" and t.dtype in COMPLEX_DTYPES
