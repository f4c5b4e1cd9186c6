"""Values computed from one array of run-time dtype, combined again: the dtypes of the parts
follow from the array's, so each combination branches once per dtype of the array."""
import numpy as np


def box_areas(boxes: np.ndarray, scores: np.ndarray) -> np.ndarray:
    x1, y1, x2, y2 = boxes[:, 0], boxes[:, 1], boxes[:, 2], boxes[:, 3]
    areas = (x2 - x1) * (y2 - y1)
    keep = (x2 > x1) & (scores > 0)
    return areas * keep + boxes[:, 1].astype(boxes.dtype)


def rescaled(x: np.ndarray) -> np.ndarray:
    lo, hi = x.min(axis=0), x.max(axis=0)
    span = hi - lo
    if x.dtype == np.uint8:
        return (x - lo) // np.maximum(span, 1)
    return (x - lo) / (span + 1)
