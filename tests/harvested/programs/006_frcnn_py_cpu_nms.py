# Harvested unchanged from https://github.com/rbgirshick/py-faster-rcnn/blob/781a917b378dbfdedb45b6a56189a31982da1b43/lib/nms/py_cpu_nms.py
# function: py_cpu_nms
# licence: MIT (the repository's LICENSE at that commit)
# changes: annotations added to the exported signature
# Copyright (c) 2015 Microsoft Corporation
import numpy as np


def py_cpu_nms(dets: np.ndarray, thresh: float):
    """Pure Python NMS baseline."""
    x1 = dets[:, 0]
    y1 = dets[:, 1]
    x2 = dets[:, 2]
    y2 = dets[:, 3]
    scores = dets[:, 4]

    areas = (x2 - x1 + 1) * (y2 - y1 + 1)
    order = scores.argsort()[::-1]

    keep = []
    while order.size > 0:
        i = order[0]
        keep.append(i)
        xx1 = np.maximum(x1[i], x1[order[1:]])
        yy1 = np.maximum(y1[i], y1[order[1:]])
        xx2 = np.minimum(x2[i], x2[order[1:]])
        yy2 = np.minimum(y2[i], y2[order[1:]])

        w = np.maximum(0.0, xx2 - xx1 + 1)
        h = np.maximum(0.0, yy2 - yy1 + 1)
        inter = w * h
        ovr = inter / (areas[i] + areas[order[1:]] - inter)

        inds = np.where(ovr <= thresh)[0]
        order = order[inds + 1]

    return keep


EXPORT = "py_cpu_nms"
_rng = np.random.default_rng(2)
_xy = _rng.uniform(0, 200, (20, 2))
_dets = np.hstack([_xy, _xy + _rng.uniform(20, 80, (20, 2)), _rng.random((20, 1))]).astype(np.float32)
CASES = [
    (_dets, 0.3),
    (_dets, 0.7),
    (np.array([[10, 10, 50, 50, 0.9], [12, 12, 52, 52, 0.8], [100, 100, 150, 140, 0.7]], dtype=np.float32), 0.5),
]
