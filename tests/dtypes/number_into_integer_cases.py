"""Python numbers stored into integer arrays and tensors, and made NumPy integer scalars: NumPy
converts a float through Python's int() (OverflowError, ValueError) and wraps to the width;
torch checks that the number fits the dtype (RuntimeError ... without overflow)."""
import numpy as np
import numpy.typing as npt
import torch


def numpy_slice_gets(x: np.ndarray, v: float) -> np.ndarray:
    c = x.copy()
    c[1:] = v
    return c


def numpy_scalars_of(v: float) -> tuple[int, int, int, int]:
    return int(np.int64(v)), int(np.int32(v)), int(np.uint8(v)), int(np.int8(v))


def numpy_scalar_casts(x: npt.NDArray[np.float64]) -> tuple[int, int]:
    return int(np.int32(x[0])), int(np.uint8(x[0]))


def torch_slice_gets(x: torch.Tensor, v: float) -> torch.Tensor:
    c = x.clone()
    c[1:] = v
    return c


def torch_fills(x: torch.Tensor, v: int) -> torch.Tensor:
    c = x.clone()
    c.fill_(v)
    return c.masked_fill(c > 0, v)


def torch_full_int64(v: float) -> torch.Tensor:
    return torch.full((2,), v, dtype=torch.int64)
