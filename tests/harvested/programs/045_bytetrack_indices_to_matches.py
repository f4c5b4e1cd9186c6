# Harvested unchanged from https://github.com/ifzhang/ByteTrack/blob/d1bf0191adff59bc8fcfeaa0b33d3d1642552a99/yolox/tracker/matching.py
# function: _indices_to_matches
# licence: MIT (the repository's LICENSE at that commit)
# changes: annotations added to the exported signature
# Copyright (c) 2021 Yifu Zhang
import numpy as np


def _indices_to_matches(cost_matrix: np.ndarray, indices: np.ndarray, thresh: float):
    matched_cost = cost_matrix[tuple(zip(*indices))]
    matched_mask = (matched_cost <= thresh)

    matches = indices[matched_mask]
    unmatched_a = tuple(set(range(cost_matrix.shape[0])) - set(matches[:, 0]))
    unmatched_b = tuple(set(range(cost_matrix.shape[1])) - set(matches[:, 1]))

    return matches, unmatched_a, unmatched_b


EXPORT = "_indices_to_matches"
_rng = np.random.default_rng(7)
_cost = _rng.random((4, 5))
CASES = [
    (_cost, np.array([[0, 1], [1, 0], [2, 3]]), 0.7),
    (_cost, np.array([[0, 0], [1, 1], [2, 2], [3, 3]]), 0.2),
    (_cost[:2, :2], np.array([[0, 1], [1, 0]]), 1.0),
]
