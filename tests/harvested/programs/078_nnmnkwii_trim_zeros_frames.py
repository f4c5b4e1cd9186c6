# Harvested unchanged from https://github.com/r9y9/nnmnkwii/blob/b091069f81ea470d34bd0e747f942e25a6bdaef4/nnmnkwii/preprocessing/generic.py
# function: trim_zeros_frames
# licence: MIT (the repository's LICENSE at that commit)
# changes: annotations added to the exported signature
# Copyright (c) 2017: Ryuichi Yamamoto.
import numpy as np


def trim_zeros_frames(x: np.ndarray, eps: float = 1e-7, trim: str = "b"):
    """Remove leading and/or trailing zeros frames.

    Similar to :func:`numpy.trim_zeros`, trimming trailing zeros features.

    Args:
        x (numpy.ndarray): Feature matrix, shape (``T x D``)
        eps (float): Values smaller than ``eps`` considered as zeros.
        trim (string): Representing trim from where.

    Returns:
        numpy.ndarray: Trimmed 2d feature matrix, shape (``T' x D``)

    Examples:
        >>> import numpy as np
        >>> from nnmnkwii.preprocessing import trim_zeros_frames
        >>> x = np.random.rand(100,10)
        >>> y = trim_zeros_frames(x)
    """

    assert trim in {"f", "b", "fb"}

    T, D = x.shape
    s = np.sum(np.abs(x), axis=1)
    s[s < eps] = 0.0

    if trim == "f":
        return x[len(x) - len(np.trim_zeros(s, trim=trim)) :]
    elif trim == "b":
        end = len(np.trim_zeros(s, trim=trim)) - len(x)
        if end == 0:
            return x
        else:
            return x[:end]
    elif trim == "fb":
        f = len(np.trim_zeros(s, trim="f"))
        b = len(np.trim_zeros(s, trim="b"))
        end = b - len(x)
        if end == 0:
            return x[len(x) - f :]
        else:
            return x[len(x) - f : end]


EXPORT = "trim_zeros_frames"
_feats = np.zeros((12, 4), dtype=np.float32)
_feats[3:9] = np.random.default_rng(7).random((6, 4), dtype=np.float32) + 0.1
CASES = [
    (_feats,),
    (_feats, 1e-7, "f"),
    (_feats, 1e-7, "fb"),
    (np.ones((5, 3)), 1e-7, "b"),
]
