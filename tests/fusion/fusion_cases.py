"""Functions with the subgraphs the compiler fuses (codegen/muna/ops/torch_fused.py), written
the ways real models write them, and near misses it must leave alone. Their parameters are
float32 tensors, as a model's hidden states and weights are: the fusion pass fuses statically
typed values (a bare `Tensor` parameter holds its dtype at run time, each op a switch)."""
from typing import Annotated

import torch
import torch.nn.functional as F
from torch import Tensor

F32 = Annotated[Tensor, torch.float32]


def rms_llama(x: F32, w: F32) -> Tensor:
    v = x.pow(2).mean(-1, keepdim=True)
    y = x * torch.rsqrt(v + 1e-6)
    return w * y.to(torch.float32)


def rms_gemma(x: F32, w: F32) -> Tensor:
    h = x.float()
    h = h * torch.rsqrt(torch.mean(h * h, dim=-1, keepdim=True) + 1e-6)
    h = h * (1.0 + w.float())
    return h.to(x.dtype)


def rms_shared(x: F32, w: F32) -> Tensor:
    """The mean square is used again: fusing would compute it twice."""
    v = x.pow(2).mean(-1, keepdim=True)
    y = x * torch.rsqrt(v + 1e-6)
    return w * y + v


def rms_branch(x: F32, w: F32, shift: bool) -> Tensor:
    """h may be reassigned on one path: the final product reads either value."""
    h = x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-5)
    if shift:
        h = h + 1.0
    return h * w


def rms_other_axis(x: F32, w: F32) -> Tensor:
    """A mean over the first axis is not RMSNorm."""
    return x * torch.rsqrt(torch.mean(x * x, dim=0, keepdim=True) + 1e-6) * w


def gelu_mlp(x: F32, wg: F32, wu: F32, wd: F32) -> Tensor:
    gate = F.gelu(F.linear(x, wg), approximate="tanh")
    return F.linear(gate * F.linear(x, wu), wd)


def swiglu(x: F32, wg: F32, wu: F32) -> Tensor:
    return F.linear(x, wu) * F.silu(F.linear(x, wg))


def gelu_erf_mul(a: F32, b: F32) -> Tensor:
    """The erf GELU has no fused kernel."""
    return F.gelu(a) * b


def gated_broadcast(a: F32, b: F32) -> Tensor:
    """Fused, but called with broadcasting shapes: the wrapper runs the unfused ops."""
    return F.silu(a) * b


def rope(flat: F32, cos: F32, sin: F32) -> Tensor:
    """Hugging Face's rotate-half RoPE on [batch, heads, tokens, head_dim] (a transposed view)."""
    x = flat.view(flat.shape[0], flat.shape[1], flat.shape[2], flat.shape[3]).transpose(1, 2)
    x1 = x[:, :, :, :8]
    x2 = x[:, :, :, 8:]
    rotated = torch.cat([-x2, x1], dim=-1)
    return x * cos + rotated * sin


def rope_tuple(flat: F32, cos: F32, sin: F32) -> Tensor:
    x = flat.view(flat.shape[0], flat.shape[1], flat.shape[2])
    return x * cos + torch.cat((-x[:, :, 4:], x[:, :, :4]), dim=-1) * sin


def rope_swapped(flat: F32, cos: F32, sin: F32) -> Tensor:
    """cat(x1, -x2) rotates the other way: not the rotate-half form."""
    x = flat.view(flat.shape[0], flat.shape[1], flat.shape[2])
    return x * cos + torch.cat((x[:, :, :4], -x[:, :, 4:]), dim=-1) * sin
