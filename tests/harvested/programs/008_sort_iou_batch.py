# Harvested unchanged from https://github.com/abewley/sort/blob/2236dff5019565958b84df7d871d41cc1db58ac7/sort.py
# function: iou_batch
# licence: GPL-3.0-or-later (the repository's LICENSE at that commit)
# changes: annotations added to the exported signature
# Copyright (C) 2016-2020 Alex Bewley alex@bewley.ai
import numpy as np


def iou_batch(bb_test: np.ndarray, bb_gt: np.ndarray):
  """
  From SORT: Computes IOU between two bboxes in the form [x1,y1,x2,y2]
  """
  bb_gt = np.expand_dims(bb_gt, 0)
  bb_test = np.expand_dims(bb_test, 1)
  
  xx1 = np.maximum(bb_test[..., 0], bb_gt[..., 0])
  yy1 = np.maximum(bb_test[..., 1], bb_gt[..., 1])
  xx2 = np.minimum(bb_test[..., 2], bb_gt[..., 2])
  yy2 = np.minimum(bb_test[..., 3], bb_gt[..., 3])
  w = np.maximum(0., xx2 - xx1)
  h = np.maximum(0., yy2 - yy1)
  wh = w * h
  o = wh / ((bb_test[..., 2] - bb_test[..., 0]) * (bb_test[..., 3] - bb_test[..., 1])                                      
    + (bb_gt[..., 2] - bb_gt[..., 0]) * (bb_gt[..., 3] - bb_gt[..., 1]) - wh)                                              
  return(o)  


EXPORT = "iou_batch"
_rng = np.random.default_rng(4)
_xy = _rng.uniform(0, 500, (7, 2))
_dets = np.hstack([_xy, _xy + _rng.uniform(20, 100, (7, 2))])
_trks = _dets[:5] + _rng.normal(0, 5, (5, 4))
CASES = [
    (_dets, _trks),
    (_dets[:1], _dets),
    (np.array([[0.0, 0.0, 10.0, 10.0]]), np.array([[20.0, 20.0, 30.0, 30.0], [5.0, 5.0, 15.0, 15.0]])),
]
