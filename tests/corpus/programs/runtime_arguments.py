"""NumPy arguments computed at run time, as signal and image code writes them: np.pad's widths
and mode, reductions' axis."""
import numpy as np


def frame_pad(frames: np.ndarray, n_fft: int, win_length: int) -> np.ndarray:
    left = (n_fft - win_length) // 2
    return np.pad(frames, ((0, 0), (left, n_fft - win_length - left)))


def center_pad(x: np.ndarray, frame_length: int) -> np.ndarray:
    pad = frame_length // 2
    mode = "reflect" if x.size > pad else "constant"
    return np.pad(x, (pad, pad), mode=mode)


def square_pad(img: np.ndarray, size: int) -> np.ndarray:
    h, w = img.shape[:2]
    top = max(0, size - h) // 2
    pad = ((top, max(0, size - h) - top), (0, max(0, size - w)), (0, 0))
    return np.pad(img, pad, mode="constant")


def edge_pad(x: np.ndarray, k: int) -> np.ndarray:
    return np.pad(x, k, mode="edge")


def one_pair(x: np.ndarray, a: int, b: int) -> np.ndarray:
    return np.pad(x, ((a, b),), mode="symmetric")


def softmax(x: np.ndarray, axis: int = -1) -> np.ndarray:
    e = np.exp(x - np.max(x, axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


def reduce_along(x: np.ndarray, axis: int) -> np.ndarray:
    return x.mean(axis=axis) + np.argmax(x, axis=axis)


CASES = {
    "softmax": [(np.arange(12.0).reshape(3, 4),), (np.arange(12, dtype=np.float32).reshape(3, 4), 0),
                (np.arange(3.0), 0), (np.ones((2, 2)), 2)],
    "reduce_along": [(np.arange(12.0).reshape(3, 4), 1), (np.arange(6).reshape(2, 3), -2), (np.ones((2, 2)), 3)],
    "frame_pad": [(np.arange(12.0).reshape(3, 4), 8, 4), (np.ones((2, 3), np.float32), 5, 3),
                  (np.ones((1, 2)), 2, 4)],
    "center_pad": [(np.arange(5.0), 4), (np.arange(2.0), 8), (np.arange(6, dtype=np.int64), 3)],
    "square_pad": [(np.ones((2, 3, 3), np.uint8), 5), (np.zeros((4, 1, 2), np.float32), 2)],
    "edge_pad": [(np.arange(6.0).reshape(2, 3), 2), (np.arange(3), 0), (np.arange(3.0), -1)],
    "one_pair": [(np.arange(6.0).reshape(2, 3), 1, 2), (np.arange(4), 3, 0)],
}
