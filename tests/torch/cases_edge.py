"""Edge shapes and dtypes: empty tensors, 0-d tensors, and torch.nn.functional in bfloat16.
See cases_tensor.py for how these functions are run."""
import numpy as np
import torch
import torch.nn.functional as F

from torch_case_types import B, BM2, D2, F32, F64, I16, I16M2, I64, I8, I8M2, M2, M3, U8, U8M2, V1  # noqa: F401


def empties(x: M2, w: M2) -> tuple[F32, F32, F32, F32, F32, F32, F32, F32]:
    """x has a zero-sized dim: reductions of nothing, products with K = 0, views of nothing."""
    a, b = torch.from_numpy(x), torch.from_numpy(w)
    return (a.sum(dim=0).numpy(), a.mean(dim=0).numpy(), F.softmax(a, dim=-1).numpy(), (a.t() @ a).numpy(),
            torch.cat([a, a], dim=0).numpy(), F.relu(a[1:]).numpy(), (a @ b).numpy(), a.reshape(-1).numpy())


def zero_d(x: M2) -> tuple[F32, F32, F32, F32, float, F32, F32, F32]:
    a = torch.from_numpy(x)
    s = a.sum()
    t = torch.tensor(3.0)
    return ((s + 1).numpy(), (s * a).numpy(), s.exp().numpy(), (t + s).numpy(), s.item(), s.unsqueeze(0).numpy(),
            s.reshape(1, 1).numpy(), torch.stack([s, t]).numpy())


def nn_bfloat16(x: M3, w: M2, g: V1) -> tuple[F32, F32, F32, F32, F32, F32, F32]:
    a = torch.from_numpy(x).bfloat16()
    weight = torch.from_numpy(w).to(torch.bfloat16)
    gamma = torch.from_numpy(g).bfloat16()
    C = a.size(-1)
    return (F.layer_norm(a, (C,), gamma, gamma).float().numpy(), F.gelu(a).float().numpy(),
            F.gelu(a, approximate="tanh").float().numpy(), F.silu(a).float().numpy(),
            F.linear(a, weight).float().numpy(), F.softmax(a, dim=-1).float().numpy(),
            F.normalize(a, dim=-1).float().numpy())


def more_ops(x: M3, c: V1) -> tuple[F32, F32, F32, F32, B, B, F32, F32, F32, F32, F32, I64, I64]:
    a = torch.from_numpy(x)
    pos = a.abs()
    ids = torch.arange(4) % 3
    parts = a.unbind(1) + torch.unbind(a, 2)
    return (torch.log1p(pos).numpy(), (a.expm1() + torch.expm1(a)).numpy(), (torch.log2(pos + 1) + torch.log10(pos + 2) + (pos + 3).log10()).numpy(),
            (a.square() + torch.square(a)).numpy(), torch.isinf(a / 0).numpy(),
            ((a / pos).isfinite() & torch.isfinite(a / pos)).numpy(),
            torch.addmm(torch.from_numpy(c), a[0], a[1].t()).numpy(),
            a[0].addmm(a[0], torch.eye(a.size(2)), beta=0.5, alpha=2.0).numpy(),
            torch.repeat_interleave(a, 2, dim=1).numpy(), a.repeat_interleave(3).numpy(), parts[0].numpy(),
            F.one_hot(ids).numpy(), F.one_hot(ids, num_classes=5).numpy())


def dtype_sweep(a: I8M2, b: U8M2, c: I16M2, d: D2, e: BM2) -> tuple[I16, I8, U8, I16, F32, F64, I64, I16, F64, B, I64,
                                                                    F64, U8, I8, F32]:
    """Promotion and wrap-around across the small integer types, float64 and bool."""
    i8, u8, i16 = torch.from_numpy(a), torch.from_numpy(b), torch.from_numpy(c)
    f64, m = torch.from_numpy(d), torch.from_numpy(e)
    return ((i8 + u8).numpy(), (i8 * 3).numpy(), (u8 - 1).numpy(), (i16 * i8).numpy(), (u8 / 2).numpy(),
            (f64 * i8).numpy(), i16.sum(1).numpy(), torch.maximum(i16, i8.to(torch.int16)).numpy(),
            f64.mean(0).numpy(), (u8 > i8).numpy(), (m + m).sum().numpy(), torch.where(m, f64, 1).numpy(),
            (u8 * 3).numpy(), (-i8).numpy(), m.float().cumsum(0).numpy())
