"""Names bound to a number on one path and an array on another, and values of `Any` type used
as numbers or arrays, as published NumPy code writes them: each operator and NumPy call is
decided when it runs by what the values hold (NumPy's promotion, Python's own between Python
numbers), and a value of run-time type goes on into math, formatting, comparisons and lists."""
import math
from typing import Any

import numpy as np


def running_peak(series: np.ndarray) -> tuple:
    """Riskfolio's drawdown idiom: `peak` is an int until a row replaces it."""
    peak = -99999
    worst = 0
    for row in np.cumprod(1 + series, axis=0):
        if row > peak:
            peak = row
        drawdown = (peak - row) / peak
        if drawdown > worst:
            worst = drawdown
    return np.array(worst).item(), peak


def weighted_total(rows: list) -> tuple:
    """Rows of an unannotated list: each item a value of run-time type (a NumPy scalar, a view)."""
    weights = [r[0] for r in rows]
    parts = [r[0] * r[1:] for r in rows]
    total = parts[0]
    for p in parts[1:]:
        total = total + p
    return total, np.array(weights).max(), -total, abs(total - weights[0])


def config_math(d: dict[str, Any], items: list[int]) -> list:
    """Numbers read from a dict of values of any type."""
    n = d["n"] + 1
    x = math.sqrt(d["v"] * 2)
    label = "%d items" % (d["n"] + 1)
    within = 0 < d["v"] * 2 < 10
    return [list(range(n)), x, f"{d['v'] * 2:.2f}", items[d["n"] - 1], round(d["v"] * 3), label, within,
            max(d["n"], 2), sorted([d["v"] * 2, 1, 0.5]), np.zeros(d["n"] + 1).shape]


def mixed_operands(a: Any, b: Any) -> tuple:
    """Whatever the caller passes: Python numbers, NumPy scalars, arrays, lists."""
    return a + b, a * b, a < b, np.maximum(a, b), np.sqrt(np.abs(a))


def running_drawdown(prices: np.ndarray) -> float:
    """A name that starts as an int and becomes a row of the array (the running peak), and a sum
    that starts at 0 and adds arrays: arithmetic and comparisons with a number on a value that
    may hold an array are NumPy's, decided where they run."""
    peak = -99999
    total = 0
    for row in prices:
        if row > peak:
            peak = row
        drop = (peak - row) / peak
        if drop > 0:
            total += drop
        if 0.5 < drop:
            total = total * 2
    return float(np.array(total).item())


def open_rank_rows(x: np.ndarray) -> tuple:
    """Rows of an array whose rank the annotation leaves open: a 1-d one's elements (NumPy
    scalars), a higher one's rows, decided when it runs; and `a, b = x` the same way."""
    total = 0.0
    kinds = []
    for r in x:
        total += float(np.sum(r))
        kinds.append((isinstance(r, np.ndarray), isinstance(r, (np.generic, list)), type(r).__name__))
    first, *rest = [r for r in x]
    return total, kinds, first, len(rest), isinstance(x, np.ndarray), isinstance(x[-1], np.ndarray)


def unpack_open_rank(x: np.ndarray):
    a, b = x
    return b, a


def open_rank_pairs(a: np.ndarray, b: np.ndarray) -> tuple:
    """zip, enumerate and list() of arrays whose rank the annotation leaves open: their rows (a
    1-d array's elements, NumPy scalars), decided when it runs."""
    pairs = [(t, float(np.sum(i)) + float(np.sum(j))) for t, (i, j) in enumerate(zip(a, b))]
    rows = list(a)
    return pairs, len(rows), [type(r).__name__ for r in rows], [float(np.max(r)) for r in rows]


def open_rank_nonzero(x: np.ndarray) -> tuple:
    """np.where / nonzero of arrays whose rank the annotation leaves open: one index array per
    axis, as many as the argument has when it runs."""
    first = np.where(x > 0)[0]
    axes = np.nonzero(x)
    counts = [len(a) for a in axes]
    last = axes[-1]
    return first, counts, last, x[np.where(x > 0)[0]].shape


CASES = {
    "running_drawdown": [(np.array([[1.0], [1.2], [0.9], [1.1], [0.5]]),), (np.array([[2.0]]),),
                         (np.array([[1.0], [0.4]], np.float32),)],
    "open_rank_rows": [(np.arange(6.0),), (np.arange(6).reshape(2, 3),), (np.ones((2, 2, 2), np.float32),),
                       (np.array(3.0),), (np.array([True, False]),)],
    "unpack_open_rank": [(np.arange(2.0),), (np.arange(4).reshape(2, 2),), (np.arange(3),), (np.zeros((1, 2)),)],
    "open_rank_pairs": [(np.array([1, 2, 3]), np.array([4.0, 5.0, 6.0])),
                        (np.arange(6.0).reshape(2, 3), np.ones((3, 2), np.float32)),
                        (np.zeros((0, 2), np.int32), np.array([True])), (np.array([[[1]]], np.int16), np.arange(2))],
    "open_rank_nonzero": [(np.array([0.0, 2.0, -1.0, 3.0]),), (np.array([[1, 0], [0, 2], [3, 0]], np.int32),),
                          (np.ones((2, 1, 2), bool),), (np.zeros((0, 3), np.float32),)],
    "running_peak": [(np.array([[0.01], [0.02], [-0.05], [0.03]]),), (np.array([[0.0], [-0.1]]),)],
    "weighted_total": [([np.array([0.5, 1.0, 2.0], np.float32), np.array([0.25, 3.0, 1.0], np.float32)],),
                       ([np.array([2, 1, 3])],)],
    "config_math": [({"n": 3, "v": 2.5}, [5, 6, 7]), ({"n": 1, "v": 2}, [9])],
    "mixed_operands": [(3, np.array([1, 5], np.uint8)), (np.float32(1.5), 2), (np.array([1.0, 4.0]), [2, 3]),
                       (np.int32(-3), np.int64(7)), (2.5, True), (np.array([9], np.int16), 300)],
}
