"""Input guards as published code writes them at a function's entry, and imports inside
functions: torch.is_tensor / np.isscalar / hasattr / callable / is_floating_point decide from
the argument's type, so the conversion branch of the other kind is never compiled."""
from __future__ import annotations

import typing

import numpy as np
import torch

if typing.TYPE_CHECKING:  # only for type checkers: the helper's annotation is a hint
    import pandas as pd


def _scale(x: np.ndarray, frame: pd.DataFrame | None = None) -> np.ndarray:
    return x * 2


def to_probabilities(logits: torch.Tensor) -> torch.Tensor:
    if not torch.is_tensor(logits):
        logits = torch.as_tensor(logits)
    if not logits.is_floating_point():
        logits = logits.float()
    return torch.softmax(logits, dim=-1)


def threshold(scores: np.ndarray, cutoff: float) -> np.ndarray:
    if np.isscalar(scores):
        scores = np.array([scores])
    if not np.isscalar(cutoff):
        raise TypeError("cutoff must be a number")
    return scores > cutoff


def shape_of(x: np.ndarray) -> tuple[int, ...]:
    if hasattr(x, "shape"):
        return tuple(x.shape)
    return (len(x),)


def float_kind(x: torch.Tensor) -> list[bool]:
    return [torch.is_floating_point(x), x.is_floating_point(), callable(x), hasattr(x, "no_such_attribute")]


def normalized(x: np.ndarray) -> np.ndarray:
    import math
    from numpy import linalg as LA
    return _scale(x) / (LA.norm(x) + math.pi)


CASES = {
    "to_probabilities": [(torch.tensor([1.0, 2.0, 3.0]),), (torch.tensor([[1, 2], [0, 0]]),)],
    "threshold": [(np.array([0.2, 0.7]), 0.5), (np.array([1, 5, 3]), 2.5)],
    "shape_of": [(np.zeros((2, 3)),), (np.zeros(4, dtype=np.int32),)],
    "float_kind": [(torch.tensor([1.0]),), (torch.tensor([1, 2]),)],
    "normalized": [(np.array([3.0, 4.0]),), (np.array([0.0, 1.0], dtype=np.float32),)],
}
