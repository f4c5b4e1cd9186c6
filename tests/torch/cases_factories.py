"""torch.atan/atan2, cumprod, cross and linalg.cross, Tensor.new_* / Tensor.type, and the window
functions, against torch 1.13 (see cases_tensor.py for how these functions are run)."""
import numpy as np
import torch

from torch_case_types import B, F32, F64, I32, I64, IM2, M2, M3  # noqa: F401


def trig_scans(x: M2, y: M2, i: IM2) -> tuple[F32, F32, F32, F64, F32, F32, I64, I64, F64, F32, F32]:
    a, b, c = torch.from_numpy(x), torch.from_numpy(y), torch.from_numpy(i)
    return (torch.atan(a).numpy(), a.atan().numpy(), c.atan().numpy(), torch.atan(a.double()).numpy(),
            torch.atan2(a, b).numpy(), c.atan2(a).numpy(), torch.cumprod(c % 3, 1).numpy(),
            (c > 0).cumprod(dim=0).numpy(), a.cumprod(-1, dtype=torch.float64).numpy(),
            torch.cumprod(a, 0).numpy(), torch.atan2(a.bfloat16(), b.bfloat16()).float().numpy())


def crosses(x: M3, y: M3, i: IM2) -> tuple[F32, F32, F32, F32, I64, F32, F64]:
    """x is (n, 3, m) or (3, 3, m): torch.cross without dim takes the first dim of size 3."""
    a, b, c = torch.from_numpy(x), torch.from_numpy(y), torch.from_numpy(i)
    return (torch.cross(a, b, dim=1).numpy(), torch.cross(a, b).numpy(), a.cross(b[:1], 1).numpy(),
            torch.linalg.cross(a.transpose(1, 2), b.transpose(1, 2)).numpy(),
            torch.linalg.cross(c[:, :3], c[:1, 1:4]).numpy(), torch.linalg.cross(a, b, dim=-2).numpy(),
            torch.cross(a.double(), b.double(), 1).numpy())


def factories(x: M2, i: IM2, n: int) -> tuple[F32, I64, F32, F64, I64, I32, F32, F32, B, F32, F64, I64, F32,
                                              F32, F32, F32, F64, F32, str, str, str, str, F64, I32]:
    a, c = torch.from_numpy(x), torch.from_numpy(i)
    return (a.new_zeros(2, n).numpy(), c.new_zeros((n, 1)).numpy(), a.new_ones(n).numpy(),
            a.new_ones((2,), dtype=torch.float64).numpy(), c.new_full((n, 2), 2.5).numpy(),
            c.new_full([2], 7, dtype=torch.int32).numpy(), a.new_empty((0, n)).numpy(),
            a.new_tensor([1.5, n]).numpy(), a.new_tensor([True, False], dtype=torch.bool).numpy(),
            c.new_tensor([[1, 2], [3, 4]], dtype=torch.float32).numpy(), a.new_tensor(a, dtype=torch.float64).numpy(),
            c.new_tensor([1.5, -2.7]).numpy(), torch.hann_window(n).numpy(),
            torch.hann_window(n, periodic=False).numpy(), torch.hamming_window(n).numpy(),
            torch.hamming_window(n + 1, False, alpha=0.5, beta=0.4).numpy(),
            torch.hann_window(n + 2, dtype=torch.float64).numpy(), torch.hann_window(n, True).numpy(),
            a.type(), c.type(), (a > 0).type(), c.int().type(), a.type(torch.float64).numpy(),
            a.type("torch.IntTensor").numpy())
