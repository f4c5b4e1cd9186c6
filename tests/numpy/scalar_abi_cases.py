"""NumPy scalars at a compiled function's boundary: declared as NumPy scalar types, or returned
where the annotation says int/float, as real NumPy code does."""
import numpy as np
import numpy.typing as npt


def total_as_float(x: npt.NDArray[np.float32]) -> float:
    return np.sum(x)


def bare_total_as_float(x: np.ndarray) -> float:
    """The sum of a bare array may be an np.int64, which `float` does not name: returned as
    NumPy returns it, whatever the dtype at run time."""
    return np.sum(x)


def total_float32(x: np.ndarray) -> np.float32:
    return np.sum(x)


def argmax_as_int(x: np.ndarray) -> int:
    return np.argmax(x)


def scale(x: np.ndarray, s: np.float32) -> np.ndarray:
    return x * s


def wrap_int8(k: np.int8) -> np.int8:
    return k + np.int8(1)


def any_as_bool(x: np.ndarray) -> bool:
    return np.any(x > 1.0)
