# Harvested unchanged from https://github.com/hszhao/semseg/blob/4f274c3f276778228bc14a4565822d46359f0cc8/util/util.py
# function: intersectionAndUnion
# licence: MIT (the repository's LICENSE at that commit)
# changes: annotations added to the exported signature
# Copyright (c) 2019 Hengshuang Zhao
import numpy as np


def intersectionAndUnion(output: np.ndarray, target: np.ndarray, K: int, ignore_index: int = 255):
    # 'K' classes, output and target sizes are N or N * L or N * H * W, each value in range 0 to K - 1.
    assert (output.ndim in [1, 2, 3])
    assert output.shape == target.shape
    output = output.reshape(output.size).copy()
    target = target.reshape(target.size)
    output[np.where(target == ignore_index)[0]] = ignore_index
    intersection = output[np.where(output == target)[0]]
    area_intersection, _ = np.histogram(intersection, bins=np.arange(K+1))
    area_output, _ = np.histogram(output, bins=np.arange(K+1))
    area_target, _ = np.histogram(target, bins=np.arange(K+1))
    area_union = area_output + area_target - area_intersection
    return area_intersection, area_union, area_target


EXPORT = "intersectionAndUnion"
_rng = np.random.default_rng(6)
_target = _rng.integers(0, 5, (24, 32))
_target[:3, :] = 255
_pred = np.where(_rng.random((24, 32)) < 0.8, _target % 255, _rng.integers(0, 5, (24, 32)))
CASES = [
    (_pred, _target, 5),
    (_pred.reshape(-1), _target.reshape(-1), 5),
    (np.array([[0, 1], [2, 2]]), np.array([[0, 1], [1, 0]]), 3, 255),
]
