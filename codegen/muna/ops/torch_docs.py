"""docs/torch_ops.md, generated from the registry (the single source of truth for what is
supported): `python3 -m muna.ops.torch_docs > docs/torch_ops.md` from codegen/. A test checks the
file is current."""
from __future__ import annotations

from ..registry import REGISTRY, REQUIRED
from . import torch_math, torch_nn, torch_rnn, torch_tensor  # noqa: F401  (registration)

# Forms the rules pick (tuple results, a pre-packed constant weight, a constant embedding
# table): not user-facing names.
INTERNAL = {"torch.split_n", "torch.chunk_n", "torch.meshgrid_n", "torch.nn.functional.linear_packed",
            "torch.nn.functional.embedding_table", "torch.nn.functional.relu_inplace",
            "torch.nn.functional.silu_inplace", "torch.nn.functional.leaky_relu_inplace", "torch.complex_abs", "torch.Tensor.to_device",
            *(f"torch.nn.functional.{n}_inplace" for n in ("hardtanh", "relu6", "hardswish", "hardsigmoid"))}

INTRO = """# Torch ops

Generated from the registry by `codegen/muna/ops/torch_docs.py`; do not edit by hand.

Every entry below is compiled by muna and tested against torch 1.13 through the generator
(`tests/torch/`): dtype and shape exactly, values within the stated tolerance. Promotion is
torch's own (`torch.result_type` asked at compile time: an int tensor plus a Python float is
float32, a 0-d tensor does not raise a dimensioned tensor's dtype). dtype arguments
(`torch.float32`, `dtype=torch.long`) are compile-time constants. A method and its function
(`x.sum()`, `torch.sum(x)`) call one C++ function.

Implementation: type rules in `codegen/muna/ops/torch_*.py`; C++ in the family headers
`include/muna/torch/detail/{shape,index,elementwise,reduce,linalg,nn,conv,select,scatter,loss}.hpp`
(one header per
family rather than per function: the families share their drivers, and generated code includes
only the families it calls, so code without matrix products never parses the GEMM's Eigen and
oneDNN headers); row kernels with scalar references in
`kernels/muna/kernels/{softmax,norm,activation}.hpp`. Every matrix product (matmul, mm, bmm,
linear, conv) goes through `muna::torch::detail::matmul_kernel`, which sends float32 to the
project's GEMM (`kernels/muna/kernels/gemm.hpp`); `F.linear` with a constant weight uses the
pre-packed form.

Limits: tensors live on the CPU (`device='cpu'` only); dropout and batch_norm in evaluation mode
only; one tensor per subscript (`x[i]`, `x[:, mask]`), slice steps > 0; unpacking `x.shape`
(`B, T, C = x.shape`) needs the rank at compile time (annotate inputs, e.g.
`np.ndarray[tuple[int, int], np.dtype[np.float32]]` through `torch.from_numpy`), while
`x.shape[i]` and `x.size(i)` work for any rank; `x.squeeze()` and reassigning a variable with
another rank leave the rank to run time; max/min(dim), sort and topk return named tuples
(`.values`, `.indices`); interpolate takes 4-D input ('nearest', 'bilinear'); einsum has no `...`;
bincount of an empty input with weights gives zeros of the weighted dtype (torch 1.13 gives int64, a
dtype decided at run time); fill_diagonal_(wrap=True) of a non-contiguous view writes the
positions a contiguous matrix would (torch strides through its storage); index_put_ takes int64
index tensors (not masks); scatter has no reduce=.

Modules: an nn.Module held at module level compiles through its own forward, so the modules are
the functions below. nn.RNN, nn.GRU, nn.LSTM (num_layers, bidirectional, batch_first both ways,
bias=False, proj_size, h0/c0 given or not, unbatched input; outputs `(output, h_n)` and
`(output, (h_n, c_n))` as torch) and nn.RNNCell, nn.GRUCell, nn.LSTMCell reach `torch.rnn_tanh`,
`torch.gru`, `torch.lstm`, `torch.gru_cell`, ... (C++ in `detail/rnn.hpp`, gates in
`kernels/muna/kernels/rnn_cells.hpp`: every step's input projection is one GEMM, then one GEMM per
step), in evaluation mode (dropout between layers is refused in training mode), without
PackedSequence. nn.ReLU/SiLU/LeakyReLU(inplace=True) and `F.relu(x, inplace=True)` write the
result back into x (through a view, as torch); nn.Dropout(inplace=True) is the identity.
nn.EmbeddingBag is `F.embedding_bag` below. nn.MultiheadAttention compiles muna's own forward
(`codegen/muna/torch_forwards.py`: torch 1.13's `multi_head_attention_forward` in the ops below,
since torch's forward asks `query is key` and about autograd before its fast path): batch_first
both ways, unbatched input, kdim/vdim, need_weights, average_attn_weights, bool or float
attn_mask (2-D or 3-D), key_padding_mask; add_bias_kv and add_zero_attn keep torch's forward and
are refused with a diagnostic at the call.
"""

def params(op) -> str:
    out = []
    for name, default in op.params:
        out.append(name if default is REQUIRED else f"{name}={default!r}")
    return ", ".join(out)


def family(op) -> str:
    return (op.header or "inline").replace("muna/torch/detail/", "").replace(".hpp", "")


def render() -> str:
    ops = [op for name, op in sorted(REGISTRY.ops.items())
           if name.startswith("torch.") and name not in INTERNAL]
    lines = [INTRO, f"{len(ops)} entries.", "", "| Python | kind | C++ | family | tolerance | notes |",
             "|---|---|---|---|---|---|"]
    for op in ops:
        sig = f"`{op.name}({params(op)})`"
        if op.kind == "property":
            sig = f"`{op.name}`"
        lines.append(f"| {sig} | {op.kind} | `{op.cpp}` | {family(op)} | {op.tolerance} | {op.doc} |")
    lines.append("")
    return "\n".join(lines)


if __name__ == "__main__":
    print(render(), end="")
