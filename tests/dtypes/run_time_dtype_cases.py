"""Functions whose array parameters leave the dtype open (bare np.ndarray / torch.Tensor), the
way pre- and post-processing code is written: one compiled body serves every dtype
combination a caller passes, with NumPy's and torch's result dtypes and exceptions."""
from typing import List

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


def stacked_mean(outputs: List[np.ndarray]) -> np.ndarray:
    """Model outputs of any dtypes, one each: stacked in the dtype NumPy promotes them to."""
    return np.stack(outputs, axis=0).mean(axis=0)


def joined(parts: List[torch.Tensor]) -> torch.Tensor:
    return torch.cat(parts, dim=0)


def row_pairs(scores: torch.Tensor) -> list:
    """One row or several (the rank decided by the caller): (score, column) pairs per row."""
    if scores.dim() == 1:
        scores = scores.unsqueeze(0)
    return [[(float(s), i) for i, s in enumerate(row)] for row in scores]


def doubled_or_none(x: np.ndarray, k: int):
    """An array of run-time dtype returned beside a str: the result is an Object holding it (found
    by tests/fuzz, seed 105 program 2682: such an Object did not build)."""
    if k > 0:
        return x * 2
    return "none"
