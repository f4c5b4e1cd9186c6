# Harvested unchanged from https://github.com/biubug6/Pytorch_Retinaface/blob/b984b4b775b2c4dced95c1eadd195a5c7d32a60b/utils/box_utils.py
# function: matrix_iof
# licence: MIT (the repository's LICENSE at that commit)
# changes: annotations added to the exported signature
# Copyright (c) 2019
import numpy as np


def matrix_iof(a: np.ndarray, b: np.ndarray):
    """
    return iof of a and b, numpy version for data augenmentation
    """
    lt = np.maximum(a[:, np.newaxis, :2], b[:, :2])
    rb = np.minimum(a[:, np.newaxis, 2:], b[:, 2:])

    area_i = np.prod(rb - lt, axis=2) * (lt < rb).all(axis=2)
    area_a = np.prod(a[:, 2:] - a[:, :2], axis=1)
    return area_i / np.maximum(area_a[:, np.newaxis], 1)


EXPORT = "matrix_iof"
_rng = np.random.default_rng(3)
_xy = _rng.uniform(0, 400, (6, 2))
_faces = np.hstack([_xy, _xy + _rng.uniform(10, 80, (6, 2))]).astype(np.float32)
CASES = [
    (_faces, np.array([[0, 0, 250, 250]], dtype=np.float32)),
    (_faces, np.array([[100, 50, 400, 350], [0, 0, 640, 480]], dtype=np.float32)),
    (np.array([[10.0, 10.0, 20.0, 20.0]]), np.array([[30.0, 30.0, 60.0, 60.0]])),
]
