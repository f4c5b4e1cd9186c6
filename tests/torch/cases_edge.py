"""Edge shapes and dtypes: empty tensors, 0-d tensors, and torch.nn.functional in bfloat16.
See cases_tensor.py for how these functions are run."""
import numpy as np
import torch
import torch.nn.functional as F

from case_types import F32, M2, M3, V1  # noqa: F401


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
