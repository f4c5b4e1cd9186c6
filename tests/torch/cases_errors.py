"""Run-time errors: each branch raises in torch 1.13; the compiled library must raise the same
Python exception type (test_errors.py). One function, so one library covers every case."""
import numpy as np
import torch
import torch.nn.functional as F

from torch_case_types import F32, IM2, M2  # noqa: F401


def fail(which: str, x: M2, i: IM2, n: int) -> F32:
    t = torch.from_numpy(x)
    idx = torch.from_numpy(i)
    if which == "view":
        return t.t().view(-1).numpy()
    if which == "index":
        return t[n].numpy()
    if which == "tensor_index":
        return t[idx[0]].numpy()
    if which == "matmul":
        return (t @ t).numpy()
    if which == "cat":
        return torch.cat([t, t[:, 1:]], dim=0).numpy()
    if which == "reshape":
        return t.reshape(n, -1).numpy()
    if which == "int_division_by_zero":
        return (idx // (idx * 0)).float().numpy()
    if which == "dim":
        return t.sum(dim=0).unsqueeze(n).numpy()
    if which == "expand":
        return t.expand(3, 5).numpy()
    if which == "layer_norm":
        return F.layer_norm(t, (7,)).numpy()
    if which == "gather":
        return torch.gather(t, 1, idx).numpy()
    if which == "split":
        a, b = t.chunk(2, dim=1)
        return a.numpy()
    if which == "cross":
        return torch.cross(t[:, :2], t[:, 1:]).numpy()
    if which == "linalg_cross":
        return torch.linalg.cross(t, t[:, :n]).numpy()
    if which == "window":
        return torch.hann_window(n).numpy()
    return t.numpy()
