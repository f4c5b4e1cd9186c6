"""Torch tensor constants closed over by the function, as a wrapper keeps a learned scale and
offset next to the model: element-wise post-processing of a torch output; int() and float() of
one-element arrays and tensors; arrays and tensors indexed by Python lists."""
from typing import Any

import numpy as np
import numpy.typing as npt
import torch

SCALE = torch.tensor([0.5, 2.0, -1.0], dtype=torch.float32)
OFFSET = torch.tensor([[1.0, 0.0, -0.25]], dtype=torch.float32)
STEPS = torch.tensor([1.0, 0.5, 0.25, 0.125], dtype=torch.float32)


def calibrate(logits: torch.Tensor) -> torch.Tensor:
    return logits * SCALE + OFFSET


def step_scale(x: torch.Tensor, i: int) -> torch.Tensor:
    return x * STEPS[i]


def tensor_as_int(x: torch.Tensor) -> int:
    return int(x)


def array_as_int(x: np.ndarray) -> int:
    return int(x)


def rows_of(x: npt.NDArray[np.float32], ids: list[int]) -> np.ndarray:
    return x[ids]


def columns_of(x: npt.NDArray[np.int64], ids: list[int], keep: list[bool]) -> np.ndarray:
    y = x[:, ids]
    y[keep] = -1
    return y[[0, -1], ids[:1]]


def tensor_rows(x: torch.Tensor, ids: list[int], keep: list[bool]) -> torch.Tensor:
    x = x.clone()
    x[ids, 0] = 5.0
    return x[:, [True, False, True]][keep]


def mixed_number_arrays(n: int, x: float, v: npt.NDArray[np.float32]) -> tuple:
    """Arrays made from displays of ints beside floats (float64 data), and an array times a
    value that is an int or a float at run time (max(0, x)): NumPy's dtypes."""
    return np.array([n, 2.5]) * x, torch.tensor([n, 0.5, True]), v * max(0, x), float(np.sqrt(max(1, x)))


def grid_from_config(cfg: dict[str, Any]) -> np.ndarray:
    """np.arange of values of unknown type with the dtype given: numbers at run time."""
    return np.arange(cfg["start"], cfg["stop"], cfg.get("step", 1), dtype=np.float32)


def last_or_mean(x: npt.NDArray[np.uint8], last: bool) -> np.float64:
    """One return an element of an array of unknown rank, the other a NumPy scalar: the
    function returns the NumPy scalar NumPy gives either way."""
    if last:
        return (x / x)[-1]
    return np.mean(x.astype(np.bool_) ** 1)


def round_numpy_scalars(x: np.ndarray[tuple[int], np.dtype[np.float32]], i: npt.NDArray[np.int64]) -> list:
    """round() of NumPy scalars: the Python int, with Python's errors for NaN and infinities."""
    return [round(x.sum()), round(x[0]), round(np.max(i)), round(np.float64(x.mean()) * 2)]


def signed_zero_ties(x: npt.NDArray[np.float32], y: npt.NDArray[np.float32]) -> tuple:
    """Ties of 0.0 and -0.0 in NumPy's binary max/min: the second operand, on every path (the
    SIMD body and the scalar tail); arrays compare by bytes, so a zero's sign counts."""
    return np.fmax(x, y), np.fmin(x, y), np.maximum(x, y), np.minimum(y, x), np.clip(x, 0.0, 1.0)


def zero_d_results(x: npt.NDArray[np.float64]) -> tuple:
    """x's rank is unknown, so its 0-d results are told apart at run time as NumPy does: a 0-d
    array from squeeze, reshape, astype, copy, asarray, transpose, where, zeros_like,
    broadcast_to, tile, real, an argument returned as it came; a NumPy scalar from arithmetic,
    ufuncs, reductions and indexing."""
    s = x.squeeze()
    shaped = x.reshape(()) if x.size == 1 else x
    kept = (s, np.squeeze(x), shaped, s.astype(np.float32), s.copy(), np.asarray(s), s.T,
            np.where(s > 0, s, 0.0), np.zeros_like(s), np.broadcast_to(s, s.shape), np.tile(s, 1), s.real, x)
    return kept + (s + 1, np.abs(s), s.sum(), -s, np.maximum(s, 0.0), shaped * 2)


def running_peak(x: npt.NDArray[np.float64]) -> list[float]:
    """Iterating needs x's rank, which the annotation leaves open: compiled at the rank the body
    takes (1), as a bare array's is."""
    out = []
    best = -np.inf
    for v in x:
        best = max(best, float(v))
        out.append(best)
    return out


def vote(rows: npt.NDArray[np.int64], labels: np.ndarray) -> list[int]:
    """Only `rows` needs its rank (iterated); `labels` needs an integer dtype (np.bincount),
    which the rank search finds past the float32 it tries first."""
    out = []
    for row in rows:
        out.append(int(np.argmax(np.bincount(labels[row]))))
    return out


def best_boxes(boxes: npt.NDArray[np.float32], scores: npt.NDArray[np.float32]) -> list[float]:
    """`for s in scores` needs the scores' rank; boxes[:, 0] takes boxes of any rank from 2, so
    boxes stays open."""
    firsts = boxes[:, 0]
    picked = []
    for i, s in enumerate(scores):
        if s > 0.5:
            picked.append(float(np.sum(firsts[i])))
    return picked


def numpy_scalar_arithmetic(x: npt.NDArray[np.uint8], y: npt.NDArray[np.int32], z: npt.NDArray[np.float32]) -> tuple:
    """NumPy 1.24's scalar promotion (a Python int or float beside a NumPy scalar makes it
    int64 / float64), and integer scalars that wrap modulo 2**bits, as NumPy's do."""
    a, b, c = x.max(), y.min(), z.max()
    return a + 1, a + a, a * a, -a, (a + a) / 2, b - 1, b * b, -b, b + b, c * 2.0, c + c, c * True, a * True


def _to_mel(freq: np.ndarray) -> np.ndarray:
    return 2595.0 * np.log10(1.0 + np.asarray(freq, dtype=np.float64) / 700.0)


def zero_d_ufuncs(lo: float, hi: float) -> tuple:
    """np.asarray of a float is a 0-d array, and a ufunc or an operator on 0-d arrays gives a
    NumPy scalar (which np.linspace takes as its ends); astype keeps the 0-d array."""
    a, b = _to_mel(lo), _to_mel(hi)
    z = np.asarray(lo)
    return a, np.linspace(a, b, 4), np.sqrt(z * z), z.astype(np.float32), z + z


def unpad_boxes(boxes: np.ndarray, pad: tuple[int, int], ratio: float) -> np.ndarray:
    """Augmented assignment through a slice and a list of columns (evaluated once each)."""
    out = boxes.astype(np.float32).copy()
    out[:, [0, 2]] -= pad[0]
    out[:, [1, 3]] -= pad[1]
    out /= ratio
    return out


def rows_or_empty(x: torch.Tensor, n: int) -> torch.Tensor:
    """One return of a known rank beside one of unknown rank: the function's type is a tensor
    of unknown rank."""
    if n == 0:
        return torch.empty(0, 3)
    return torch.cat([x] * n, dim=0)


def scored(values: torch.Tensor, k: int) -> list:
    """Iterating a tensor of unknown rank (a topk of one): 0-d tensors from a 1-d one."""
    top, idx = torch.topk(values, k)
    return [(round(float(v), 4), int(i)) for v, i in zip(top, idx)]


def scalar_or_number(rms: np.ndarray, floor: float, tp: npt.NDArray[np.int64]) -> tuple:
    """max/min of a NumPy scalar and a Python number is whichever of the two objects wins (a
    np.float32, a float, a np.int64, an int), known at run time; NumPy's ops and Python's
    take it as the kind it is."""
    ref = max(rms.max(), floor)
    db = 20.0 * np.log10(np.maximum(rms, 1e-30) / ref)
    ratio = tp.sum() / max(tp.sum(), 1)
    m = min(0.5, rms.mean())
    picked = [max(v, floor) for v in rms]
    return ref, db, ratio, m, m * 2, float(m) + 1, bool(m > 0.25), bool(ref), picked


def scalar_in_dict(x: np.ndarray, n: int) -> list:
    """A number of run-time kind (a NumPy scalar or a float) among a dict's values; NumPy
    scalars (of a static or a run-time dtype, a comparison's np.bool_) kept as themselves."""
    best = max(x.max(), 0.5)
    return [{"score": float(x.max()), "id": n, "label": "cat"}, {"best": best, "n": n},
            {"peak": x.max(), "big": x.max() > 1, "count": np.count_nonzero(x), "first": x[0], "ratio": np.float32(0.5)}]


def scalar_comparisons(x: np.ndarray, k: np.int8, t: float) -> tuple:
    """A comparison of NumPy scalars is np.bool_, made in the dtype the two promote to
    (np.int64(2**53 + 1) != np.int64(2**53) exactly); &, |, ^, //, %, ** of NumPy scalars."""
    m = x.max()
    big = np.int64(2**53 + 1)
    return (m > t, m == m, k < 100, big == np.int64(2**53), big > 2**53, (m > t) & (k > 0), (m > t) | (k > 0),
            k // np.int8(3), k % 7, k ** 2, m ** 2, k & 6, k ^ np.int8(5))


def seen_once(a: np.ndarray, b: np.ndarray) -> tuple:
    """`x in` a set or a list of NumPy scalars of run-time dtype (the items of a bare array),
    compared by value; each item its own NumPy scalar."""
    seen = set()
    firsts = []
    order = []
    for t, (i, j) in enumerate(zip(a, b)):
        if i not in seen:
            order.append(t)
            seen.add(i)
        if j not in firsts:
            firsts.append(j)
    return order, len(seen), firsts


def array_likes(scores: list[float], rows: list[list[float]], x: np.ndarray, t: torch.Tensor, words: list[str],
                n: int) -> tuple:
    """NumPy's functions take lists and tuples as the arrays np.asarray makes of them; `v in x`
    of an array or tensor is (x == v).any(); np.fromiter reads an iterable (count: its first
    items, NumPy's ValueError when there are fewer)."""
    index = {"a": 1, "b": 2}
    codes = np.fromiter((index.get(w, 0) for w in words), dtype=np.int64, count=len(words))
    return (np.argmax(scores), np.mean(rows, axis=0), np.sort(scores), np.cumsum((1, 2, 3)), np.max(scores),
            2 in x, 2.5 in x, 3 in t, [w for w in (1, 2, 9) if w in x], codes,
            np.fromiter(range(5), dtype=np.int32, count=n))


def unpack_rows(boxes: npt.NDArray[np.float32], v: np.ndarray[tuple[int], np.dtype[np.int64]], t: torch.Tensor) -> tuple:
    """`x1, y1, x2, y2 = boxes.T` unpacks an array's rows (a 1-d array's elements, a tensor's
    0-d tensors), its length checked with Python's ValueError."""
    x1, y1, x2, y2 = boxes.T
    a, b = v
    p, q = t
    return np.stack([(x1 + x2) / 2, (y1 + y2) / 2, x2 - x1, y2 - y1], axis=1), a, b, p, q


def unbound_columns(m: torch.Tensor, x: np.ndarray) -> tuple:
    """torch.unbind and np.split of values of run-time dtype: lists of arrays of run-time dtype,
    unpacked, operated on and stacked again."""
    a, b = torch.unbind(m, dim=-1)
    halves = np.split(x, 2)
    return torch.stack([1.0 + a, b - a], dim=-1), [h.sum() for h in halves], halves[0].dtype == x.dtype


def rank_from_shape(img: np.ndarray, t: torch.Tensor) -> tuple:
    """`n, h, w, c = a.shape` of arrays of open rank (a parameter, np.asarray of one, a tensor):
    their rank from there on; another rank is Python's ValueError at the unpacking."""
    a = np.asarray(img)
    n, h, w, c = a.shape
    rows, cols = t.shape
    tiled = a.reshape((n * h, w, c)).transpose(1, 0, 2)
    return tiled, tiled.shape, t[:, 0].sum() * rows + cols


def open_rank_nonzero_dims(t: torch.Tensor) -> tuple:
    """nonzero(as_tuple=True) of a tensor whose rank the annotation leaves open: one index tensor
    per dim, as many as it has when it runs (a 0-d tensor's one)."""
    dims = torch.nonzero(t, as_tuple=True)
    return len(dims), dims[0], dims[-1] * 2


CASES = {
    "rank_from_shape": [(np.arange(24, dtype=np.float32).reshape(1, 2, 3, 4), torch.ones(2, 3)),
                        (np.ones((2, 1, 1, 1), np.uint8), torch.arange(4).reshape(4, 1)),
                        (np.ones((2, 3)), torch.ones(2, 3)), (np.ones((1, 1, 1, 1)), torch.ones(3))],
    "unbound_columns": [(torch.arange(6.0).reshape(3, 2), np.arange(4.0)),
                        (torch.arange(6).reshape(3, 2), np.arange(6, dtype=np.int32))],
    "unpack_rows": [(np.array([[0, 0, 4, 2], [1, 1, 3, 5]], np.float32), np.array([3, 4]), torch.tensor([[1.0], [2.0]])),
                    (np.zeros((0, 4), np.float32), np.array([1, 2, 3]), torch.tensor([1.0, 2.0])),
                    (np.zeros((2, 3), np.float32), np.array([1, 2]), torch.tensor([1.0, 2.0]))],
    "array_likes": [([0.5, 2.0, 1.0], [[1.0, 2.0], [3.0, 4.0]], np.array([1, 2, 3]), torch.tensor([1.0, 3.0]),
                     ["a", "b", "zz"], 3),
                    ([1.0], [[0.5]], np.array([[0.5, 2.5]], np.float32), torch.zeros(2, 2), [], 7)],
    "scalar_in_dict": [(np.array([0.5, 1.5], np.float32), 3), (np.array([0.25]), 1), (np.array([0, 4], np.int16), 2)],
    "scalar_comparisons": [(np.array([0.5, 1.5], np.float32), np.int8(100), 1.0), (np.array([3, 1]), np.int8(-7), 3.0),
                           (np.array([True]), np.int8(0), 0.5)],
    "seen_once": [(np.array([0, 0, 1, 2, 1], np.int32), np.array([1.5, 2.0, 1.5, 0.5, 2.0])),
                  (np.array([0.5, 0.5, 1.0]), np.array([3, 4, 3], np.uint8)), (np.zeros(0, np.int64), np.zeros(0))],
    "scalar_or_number": [(np.array([0.5, 0.25], np.float32), 1e-12, np.array([3, 4])),
                         (np.zeros(2, np.float32), 1e-12, np.zeros(2, np.int64)),
                         (np.array([0.125, 2.0]), 1.0, np.array([-5, 1]))],
    "zero_d_ufuncs": [(0.0, 8000.0), (300.0, 300.0)],
    "unpad_boxes": [(np.array([[10, 20, 50, 60], [0, 5, 8, 9]], np.int64), (4, 2), 0.5),
                    (np.array([[1.5, 2.5, 3.5, 4.5]]), (0, 1), 2.0)],
    "rows_or_empty": [(torch.ones(2, 3), 0), (torch.arange(6.0).reshape(2, 3), 2)],
    "scored": [(torch.tensor([0.1, 0.9, 0.5]), 2), (torch.tensor([3.0]), 1)],
    "numpy_scalar_arithmetic": [(np.array([255, 3], np.uint8), np.array([-2**31, 5], np.int32), np.array([1.5], np.float32)),
                                (np.array([7], np.uint8), np.array([46341], np.int32), np.array([-3e38], np.float32))],
    "running_peak": [(np.array([1.0, -2.0, 3.5, 3.0]),), (np.zeros(0),), (np.array([np.nan, 1.0]),)],
    "vote": [(np.array([[0, 1, 2], [2, 2, 0]]), np.array([3, 1, 1])), (np.zeros((0, 2), np.int64), np.array([0], np.int32))],
    "best_boxes": [(np.arange(8, dtype=np.float32).reshape(2, 4), np.array([0.9, 0.2], np.float32)),
                   (np.ones((3, 2, 2), np.float32), np.array([0.6, 0.7, 0.1], np.float32)),
                   (np.ones((0, 4), np.float32), np.zeros(0, np.float32))],
    "zero_d_results": [(np.array([2.5]),), (np.array([[-1.5]]),), (np.array(3.0),), (np.array([1.0, -2.0]),)],
    "signed_zero_ties": [(np.array([0.0, -0.0] * 11, np.float32), np.array([-0.0, 0.0] * 11, np.float32)),
                         (np.array([-0.0, np.nan, 1.0], np.float32), np.array([0.0, -0.0, np.nan], np.float32))],
    "round_numpy_scalars": [(np.array([2.5, 0.0], np.float32), np.array([7, -3])),
                            (np.array([3.5, -1.25], np.float32), np.array([0])),
                            (np.array([np.nan, 1.0], np.float32), np.array([1])),
                            (np.array([np.inf, 1.0], np.float32), np.array([1]))],
    "last_or_mean": [(np.array([17, 10, 5], np.uint8), True), (np.array([17, 0, 5], np.uint8), False)],
    "grid_from_config": [({"start": 0, "stop": 3},), ({"start": 0.5, "stop": 2, "step": 0.25},)],
    "mixed_number_arrays": [(3, 0.25, np.arange(3, dtype=np.float32)), (-1, -2.0, np.ones(2, np.float32))],
    "calibrate": [(torch.arange(6, dtype=torch.float32).reshape(2, 3),), (torch.full((1, 3), -0.5),),
                  (torch.zeros((0, 3)),)],
    "step_scale": [(torch.ones(3), 0), (torch.tensor([3.0, -1.5]), 3), (torch.ones(2), -1)],
    "tensor_as_int": [(torch.tensor([1e16], dtype=torch.float64),), (torch.tensor([-3.9]),), (torch.tensor([[2.5]]),),
                      (torch.tensor([float("inf")]),), (torch.tensor([float("nan")]),), (torch.tensor([7]),),
                      (torch.tensor([1.0, 2.0]),)],
    "array_as_int": [(np.array([1e16]),), (np.array([-2**62], dtype=np.float64),), (np.array([[-0.5]], np.float32),),
                     (np.array([np.inf]),), (np.array([np.nan]),), (np.array([3], np.int16),), (np.zeros(2),)],
    "rows_of": [(np.arange(12, dtype=np.float32).reshape(4, 3), [2, 0, 2, -1]), (np.ones((2, 3), np.float32), []),
                (np.ones((2, 3), np.float32), [2])],
    "columns_of": [(np.arange(12).reshape(3, 4), [3, 1], [True, False, True]),
                   (np.arange(12).reshape(3, 4), [0, 1, 2], [False, False])],
    "open_rank_nonzero_dims": [(torch.tensor([[0, 1], [1, 1]]),), (torch.tensor([0.0, 2.5]),), (torch.tensor(3),),
                               (torch.zeros(2, 2, 2),)],
    "tensor_rows": [(torch.arange(12, dtype=torch.float32).reshape(4, 3), [3, 0], [True, False, False, True]),
                    (torch.zeros(2, 3), [], [False, True]), (torch.zeros(2, 3), [0, 5], [True, True])],
}
