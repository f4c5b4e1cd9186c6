"""Array parameters given lists, tuples and numbers, as Python callers of NumPy code pass them:
where the function reads the parameter only through np.asarray (np.array, np.atleast_2d, ...)
the list is the array NumPy makes of it (its dtype promoted from the items, its shape the
nesting's, NumPy's ValueError for a ragged one); a parameter read any other way stays an array."""
from typing import Optional

import numpy as np
import numpy.typing as npt
from numpy import asarray


def label_counts(y: np.ndarray, num_classes: Optional[int] = None) -> np.ndarray:
    y = np.asarray(y, dtype=np.int64)
    n = int(y.max(initial=-1)) + 1 if num_classes is None else num_classes
    return np.bincount(y, minlength=n)


def describe(x: np.ndarray) -> tuple:
    """The array NumPy makes of what was passed: its dtype, shape and values."""
    a = asarray(x)
    return str(a.dtype), a.shape, a.sum(), a * 2


def rows(points: np.ndarray, scale: float = 1.0) -> np.ndarray:
    """Read twice, both times through a converter, never rebound."""
    n = np.atleast_2d(points).shape[0]
    return np.atleast_2d(points) * scale + n


def length(x: np.ndarray) -> int:
    """`len(x)` reads the parameter itself: an array only (a list is refused at the call)."""
    y = np.asarray(x)
    return len(x) + y.size


def typed(x: npt.NDArray[np.float64]) -> float:
    x = np.array(x)
    return float(x.mean())


def at_least(x: np.ndarray, v: float) -> tuple:
    """np.array(ndmin=): ones prepended to the shape, up to ndmin dimensions."""
    return np.array(x, ndmin=2), np.array([1.0, 2.0], ndmin=3), np.array(v, ndmin=1), np.array(x, ndmin=1)


CASES = {
    "at_least": [(np.arange(3.0), 2.5), ([[1, 2]], 1.0), (np.array(3), 0.0), (np.ones((2, 2, 2), np.int8), 1.5)],
    "label_counts": [([0, 1, 1, 3],), (np.array([2, 0]), 4), ([],), ((True, 2),)],
    "describe": [([1, 2, 3],), ([[1.5, 2], [3, 4]],), ([True, False],), ((1, True),), (2.5,), ([],), ([[], []],),
                 ([[1, 2], [3]],), ([1, [2]],), (np.array([[1, 2]], np.int8),)],
    "rows": [([1.0, 2.0],), ([[1, 2], [3, 4]], 0.5), (np.zeros((3, 2), np.float32), 2.0)],
    "length": [(np.array([1, 2]),), (np.zeros((2, 3)),)],
    "typed": [([1.0, 2.0, 4.0],), (np.array([0.5, 1.5]),)],
}
# A list where the body reads the parameter as itself: refused at the call (TypeError status).
REJECTED_ARGS = {
    "length": [([1, 2],), ((1.5,),)],
}
