# Harvested unchanged from https://github.com/nwojke/deep_sort/blob/f08cf1dc470eeb1cd2add1cbf077d95ac6c48aab/deep_sort/nn_matching.py
# function: _nn_cosine_distance
# licence: GPL-3.0-only (the repository's LICENSE at that commit)
# changes: annotations added to the exported signature
import numpy as np


def _cosine_distance(a, b, data_is_normalized=False):
    """Compute pair-wise cosine distance between points in `a` and `b`.

    Parameters
    ----------
    a : array_like
        An NxM matrix of N samples of dimensionality M.
    b : array_like
        An LxM matrix of L samples of dimensionality M.
    data_is_normalized : Optional[bool]
        If True, assumes rows in a and b are unit length vectors.
        Otherwise, a and b are explicitly normalized to lenght 1.

    Returns
    -------
    ndarray
        Returns a matrix of size len(a), len(b) such that eleement (i, j)
        contains the squared distance between `a[i]` and `b[j]`.

    """
    if not data_is_normalized:
        a = np.asarray(a) / np.linalg.norm(a, axis=1, keepdims=True)
        b = np.asarray(b) / np.linalg.norm(b, axis=1, keepdims=True)
    return 1. - np.dot(a, b.T)


def _nn_cosine_distance(x: np.ndarray, y: np.ndarray):
    """ Helper function for nearest neighbor distance metric (cosine).

    Parameters
    ----------
    x : ndarray
        A matrix of N row-vectors (sample points).
    y : ndarray
        A matrix of M row-vectors (query points).

    Returns
    -------
    ndarray
        A vector of length M that contains for each entry in `y` the
        smallest cosine distance to a sample in `x`.

    """
    distances = _cosine_distance(x, y)
    return distances.min(axis=0)


EXPORT = "_nn_cosine_distance"
_rng = np.random.default_rng(6)
CASES = [
    (_rng.standard_normal((10, 128)).astype(np.float32), _rng.standard_normal((4, 128)).astype(np.float32)),
    (_rng.standard_normal((1, 64)).astype(np.float32), _rng.standard_normal((7, 64)).astype(np.float32)),
    (_rng.random((5, 16)), _rng.random((5, 16))),
]
