"""argsort of arrays with many equal elements, whose order NumPy's kind decides."""
import numpy as np
import numpy.typing as npt


def quick(x: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    return np.argsort(x)


def quick_float(x: npt.NDArray[np.float64]) -> npt.NDArray[np.int64]:
    return x.argsort(kind="quicksort")


def heap(x: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    return np.argsort(x, kind="heapsort")


def stable(x: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    return np.argsort(x, kind="stable")


def columns(x: npt.NDArray[np.float32]) -> npt.NDArray[np.int64]:
    return np.argsort(x, axis=0)
