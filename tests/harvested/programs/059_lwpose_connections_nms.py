# Harvested unchanged from https://github.com/Daniil-Osokin/lightweight-human-pose-estimation.pytorch/blob/d23c284b09acf27a163e1febd511e7482cac25ed/modules/keypoints.py
# function: connections_nms
# licence: Apache-2.0 (the repository's LICENSE at that commit)
# changes: annotations added to the exported signature
# Copyright 2018 algo
import numpy as np


def connections_nms(a_idx: np.ndarray, b_idx: np.ndarray, affinity_scores: np.ndarray):
    # From all retrieved connections that share the same starting/ending keypoints leave only the top-scoring ones.
    order = affinity_scores.argsort()[::-1]
    affinity_scores = affinity_scores[order]
    a_idx = a_idx[order]
    b_idx = b_idx[order]
    idx = []
    has_kpt_a = set()
    has_kpt_b = set()
    for t, (i, j) in enumerate(zip(a_idx, b_idx)):
        if i not in has_kpt_a and j not in has_kpt_b:
            idx.append(t)
            has_kpt_a.add(i)
            has_kpt_b.add(j)
    idx = np.asarray(idx, dtype=np.int32)
    return a_idx[idx], b_idx[idx], affinity_scores[idx]


EXPORT = "connections_nms"
CASES = [
    (np.array([0, 0, 1, 1, 2], dtype=np.int32), np.array([0, 1, 0, 1, 1], dtype=np.int32), np.array([0.9, 0.5, 0.7, 0.8, 0.3], dtype=np.float32)),
    (np.array([3, 1, 2]), np.array([2, 2, 0]), np.array([0.2, 0.6, 0.4])),
    (np.array([0], dtype=np.int32), np.array([0], dtype=np.int32), np.array([0.5], dtype=np.float32)),
]
