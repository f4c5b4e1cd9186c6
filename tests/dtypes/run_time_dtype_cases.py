"""Functions whose array parameters leave the dtype open (bare np.ndarray / torch.Tensor), the
way pre- and post-processing code is written: one compiled body serves every dtype
combination a caller passes, with NumPy's and torch's result dtypes and exceptions."""
import numpy as np
import torch
import torch.nn.functional as F


def scale_shift(x: np.ndarray, s: float) -> np.ndarray:
    return x * s + 1


def masked_scores(scores: np.ndarray, mask: np.ndarray) -> np.ndarray:
    return np.where(mask, scores, -1) - scores.min()


def boxes_by_class(boxes: np.ndarray, labels: np.ndarray, k: int) -> np.ndarray:
    return boxes[labels == k] + labels[labels == k][:, None]


def to_unit(img: np.ndarray) -> np.ndarray:
    if img.dtype == np.uint8:
        return img.astype(np.float32) / 255.0
    if np.issubdtype(img.dtype, np.integer):
        return img / np.iinfo(np.int16).max
    return img


def bit_mix(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return (a & b) ^ (a | 1)


def summary(x: np.ndarray) -> tuple:
    return x.sum(), x.max(axis=-1), int(x.argmax()), float(x.mean())


def attention_pool(hidden: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    weights = mask.to(hidden.dtype).unsqueeze(-1)
    return (hidden * weights).sum(dim=1) / weights.sum(dim=1).clamp(min=1)


def project(x: torch.Tensor, w: torch.Tensor) -> torch.Tensor:
    return F.relu(F.linear(x, w))
