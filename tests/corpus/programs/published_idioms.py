"""Idioms of published inference code: an array parameter annotated without Optional but
defaulting to None, `x == None` tests, shapes spread into calls (`torch.zeros(*x.shape[:-1],
4)`) and extended (`batch + (9,)`), `range()` of a number passed as int or float, an early
`return []` before the list the function builds, top-k filtering of a bare tensor (a value
taken from a tuple a dispatch returns: once a use after free), a bare `list` of numbers
multiplying tensors, the items of an array of open dtype kept in a list, byte tokens parsed with `int(s, 16)`, Enum
members compared with `is`, NumPy integers as slice bounds."""
import math
from enum import Enum

import numpy as np
import torch


class Role(Enum):
    SYSTEM = "system"
    USER = "user"


def order_boxes(boxes: np.ndarray, scores: np.ndarray = None) -> list:
    if len(boxes) == 0:
        return []
    y2 = boxes[:, 3]
    if scores is not None:
        idxs = np.argsort(scores)
    else:
        idxs = np.argsort(y2)
    return [int(i) for i in idxs[::-1]]


def with_score(box: list[float], score: float = None) -> list[float]:
    if score == None:
        return box
    return box + [score]


def corners(boxes: torch.Tensor) -> torch.Tensor:
    out = torch.zeros(*boxes.shape[:-1], 4, dtype=boxes.dtype)
    out[..., 0] = boxes[..., 0] - boxes[..., 2] / 2
    out[..., 1] = boxes[..., 1] - boxes[..., 3] / 2
    out[..., 2] = boxes[..., 0] + boxes[..., 2] / 2
    out[..., 3] = boxes[..., 1] + boxes[..., 3] / 2
    return out


def flat_rows(m: torch.Tensor) -> torch.Tensor:
    batch = m.shape[:-2]
    return m.reshape(batch + (m.shape[-2] * m.shape[-1],)).sum(-1)


def crop_starts(size: int, n_crops, overlap: float) -> list[int]:
    step = (size - overlap) / n_crops
    return [int(step * i) for i in range(n_crops)]


def byte_values(pieces: list[str], base: int) -> list[int]:
    return [int(p[3:-1], 16) if p.startswith("<0x") else int(p, base) for p in pieces]


def system_first(roles: list[str]) -> bool:
    parsed = [Role(r) for r in roles]
    return bool(parsed) and parsed[0] is Role.SYSTEM and parsed[-1] is not Role.SYSTEM


def windows_after_best(x: np.ndarray, width: int) -> np.ndarray:
    i = np.argmax(x)
    return x[i:i + width]


def top_k_filter(logits: torch.Tensor, top_k=0, filter_value: float = -float("Inf")) -> torch.Tensor:
    logits = logits.clone()
    top_k = min(top_k, logits.size(-1))
    if top_k > 0:
        indices_to_remove = logits < torch.topk(logits, top_k)[0][..., -1, None]
        logits[indices_to_remove] = filter_value
    return logits


def decode_centers(loc: torch.Tensor, priors: torch.Tensor, variances: list) -> torch.Tensor:
    centers = priors[:, :2] + loc[:, :2] * variances[0] * priors[:, 2:]
    sizes = priors[:, 2:] * torch.exp(loc[:, 2:] * variances[1])
    return torch.cat((centers - sizes / 2, centers + sizes / 2), 1)


def kept_items(order: np.ndarray, limit: int) -> list:
    keep = []
    for i in order:
        if len(keep) == limit:
            break
        keep.append(i)
    return keep


def smooth(x: np.ndarray, window_len: int = 5, window: str = "hanning"):
    # the SciPy cookbook's smoother, copied into many repositories: getattr(np, window) of a
    # name checked against a list first
    if not window in ["flat", "hanning", "hamming", "bartlett", "blackman"]:
        raise ValueError("Window is one of 'flat', 'hanning', 'hamming', 'bartlett', 'blackman'")
    s = np.r_[2 * x[0] - x[window_len - 1:0:-1], x, 2 * x[-1] - x[-2:-window_len - 1:-1]]
    if window == "flat":
        w = np.ones(window_len, "d")
    else:
        w = getattr(np, window)(window_len)
    return w / w.sum(), s  # (np.convolve of them next: checked with its tolerance in tests/harvested)


def reducer(values: list[float], how: str) -> float:
    if how not in ("fsum", "prod"):
        how = "fsum"
    return getattr(math, how)(values)


def spliced_displays(x: np.ndarray, extra: list[int]):
    # starred items in displays: YOLOX's np.full((*shape, 1), stride)
    shape = x.reshape(1, -1, 2).shape[:2]
    return np.full((*shape, 1), 3), [*extra, 7, *extra], (1, *extra), (*x.shape, 1), [*"ab", *"c"]


def trim_to(array: np.ndarray, length: int, *, axis: int = -1):
    # Whisper's pad_or_trim, NumPy branch: take(indices=range(n)) along an axis known at run time
    if array.shape[axis] > length:
        array = array.take(indices=range(length), axis=axis)
    return array, np.asarray(range(1, length, 2)), np.take(array, [0, 1], axis)


def trim_rows(array: np.ndarray, length: int):
    return trim_to(array, length, axis=0)


CASES = {
    "kept_items": [(np.array([3, 1, 2], dtype=np.int32), 2), (np.array([0.5, 1.5]), 5), (np.array([True, False]), 1)],
    "decode_centers": [(torch.tensor([[0.1, -0.2, 0.3, 0.0]]), torch.tensor([[0.5, 0.5, 0.2, 0.4]]), [0.1, 0.2]),
                       (torch.zeros(2, 4), torch.ones(2, 4), [1, 2])],
    "top_k_filter": [(torch.tensor([1.0, 3.0, 2.0, 0.5]), 2), (torch.tensor([[1.0, 3.0], [4.0, -1.0]]), 1),
                     (torch.tensor([1, 5, 3]), 5, -1.0), (torch.tensor([1.0, 2.0]),)],
    "byte_values": [(["<0x41>", "17", "<0xff>"], 10), (["101"], 2), (["9"], 8)],
    "system_first": [(["system", "user"],), (["user", "system"],), ([],)],
    "windows_after_best": [(np.array([0.1, 0.9, 0.3, 0.2]), 2), (np.array([5, 1, 2], dtype=np.int32), 5)],
    "order_boxes": [(np.array([[0, 0, 1, 5], [1, 1, 2, 3]], dtype=np.float32),),
                    (np.array([[0, 0, 1, 5], [1, 1, 2, 3]], dtype=np.float32), np.array([0.9, 0.1])),
                    (np.zeros((0, 4)),)],
    "with_score": [([1.0, 2.0],), ([1.0, 2.0], 0.5)],
    "corners": [(torch.tensor([[4.0, 4.0, 2.0, 2.0]]),), (torch.arange(16.0).reshape(2, 2, 4),)],
    "flat_rows": [(torch.arange(12.0).reshape(3, 2, 2),), (torch.ones(2, 2, 3, 3),)],
    "crop_starts": [(100, 3, 10.0), (64, 2.0, 0.0), (10, 0, 1.0)],
    "smooth": [(np.sin(np.linspace(0, 6, 40)),), (np.arange(12.0), 4, "bartlett"), (np.arange(12.0), 3, "flat"),
               (np.cos(np.arange(12.0)), 7, "blackman"), (np.arange(12.0), 5, "kaiser")],
    "spliced_displays": [(np.arange(8.0), [1, 2]), (np.arange(4.0).reshape(2, 2), [])],
    "trim_to": [(np.arange(12.0).reshape(3, 4), 2), (np.arange(12.0).reshape(3, 4), 3), (np.arange(6), 4)],
    "trim_rows": [(np.arange(12.0).reshape(3, 4), 2), (np.arange(12.0).reshape(3, 4), 5)],
    "reducer": [([1.5, 2.0, 4.0], "prod"), ([0.1] * 10, "fsum"), ([1.0], "max")],
}
