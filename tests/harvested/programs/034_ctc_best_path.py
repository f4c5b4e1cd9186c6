# Harvested unchanged from https://github.com/githubharald/CTCDecoder/blob/6b5c3dd34944e5399a7308e241319b7f9c47e7c3/ctc_decoder/best_path.py
# function: best_path
# licence: MIT (the repository's LICENSE at that commit)
# changes: none
# Copyright (c) 2018 Harald Scheidl
from itertools import groupby
import numpy as np


def best_path(mat: np.ndarray, chars: str) -> str:
    """Best path (greedy) decoder.

    Take best-scoring character per time-step, then remove repeated characters and CTC blank characters.
    See dissertation of Graves, p63.

    Args:
        mat: Output of neural network of shape TxC.
        chars: The set of characters the neural network can recognize, excluding the CTC-blank.

    Returns:
        The decoded text.
    """

    # get char indices along best path
    best_path_indices = np.argmax(mat, axis=1)

    # collapse best path (using itertools.groupby), map to chars, join char list to string
    blank_idx = len(chars)
    best_chars_collapsed = [chars[k] for k, _ in groupby(best_path_indices) if k != blank_idx]
    res = ''.join(best_chars_collapsed)
    return res


EXPORT = "best_path"
_rng = np.random.default_rng(0)
_mat = _rng.random((12, 4)).astype(np.float32)
_mat /= _mat.sum(1, keepdims=True)
CASES = [
    (np.array([[0.4, 0, 0.6], [0.4, 0, 0.6]]), 'ab'),
    (_mat, 'abc'),
    (np.array([[0.1, 0.8, 0.1], [0.1, 0.8, 0.1], [0.1, 0.1, 0.8], [0.7, 0.2, 0.1]], dtype=np.float32), 'xy'),
]
