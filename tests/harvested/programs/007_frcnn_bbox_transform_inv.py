# Harvested unchanged from https://github.com/rbgirshick/py-faster-rcnn/blob/781a917b378dbfdedb45b6a56189a31982da1b43/lib/fast_rcnn/bbox_transform.py
# function: bbox_transform_inv
# licence: MIT (the repository's LICENSE at that commit)
# changes: annotations added to the exported signature
# Copyright (c) 2015 Microsoft Corporation
import numpy as np


def bbox_transform_inv(boxes: np.ndarray, deltas: np.ndarray):
    if boxes.shape[0] == 0:
        return np.zeros((0, deltas.shape[1]), dtype=deltas.dtype)

    boxes = boxes.astype(deltas.dtype, copy=False)

    widths = boxes[:, 2] - boxes[:, 0] + 1.0
    heights = boxes[:, 3] - boxes[:, 1] + 1.0
    ctr_x = boxes[:, 0] + 0.5 * widths
    ctr_y = boxes[:, 1] + 0.5 * heights

    dx = deltas[:, 0::4]
    dy = deltas[:, 1::4]
    dw = deltas[:, 2::4]
    dh = deltas[:, 3::4]

    pred_ctr_x = dx * widths[:, np.newaxis] + ctr_x[:, np.newaxis]
    pred_ctr_y = dy * heights[:, np.newaxis] + ctr_y[:, np.newaxis]
    pred_w = np.exp(dw) * widths[:, np.newaxis]
    pred_h = np.exp(dh) * heights[:, np.newaxis]

    pred_boxes = np.zeros(deltas.shape, dtype=deltas.dtype)
    # x1
    pred_boxes[:, 0::4] = pred_ctr_x - 0.5 * pred_w
    # y1
    pred_boxes[:, 1::4] = pred_ctr_y - 0.5 * pred_h
    # x2
    pred_boxes[:, 2::4] = pred_ctr_x + 0.5 * pred_w
    # y2
    pred_boxes[:, 3::4] = pred_ctr_y + 0.5 * pred_h

    return pred_boxes


EXPORT = "bbox_transform_inv"
_rng = np.random.default_rng(3)
_xy = _rng.uniform(0, 300, (10, 2))
_rois = np.hstack([_xy, _xy + _rng.uniform(16, 120, (10, 2))]).astype(np.float32)
CASES = [
    (_rois, (_rng.standard_normal((10, 4)) * 0.1).astype(np.float32)),
    (_rois, (_rng.standard_normal((10, 12)) * 0.2).astype(np.float32)),
    (np.zeros((0, 4), dtype=np.float32), np.zeros((0, 8), dtype=np.float32)),
]
