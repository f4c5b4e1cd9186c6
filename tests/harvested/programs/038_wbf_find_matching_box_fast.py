# Harvested unchanged from https://github.com/ZFTurbo/Weighted-Boxes-Fusion/blob/96880f3df8d45ac21dce8d243fcfab420cadda47/ensemble_boxes/ensemble_boxes_wbf.py
# function: find_matching_box_fast
# licence: MIT (the repository's LICENSE at that commit)
# changes: annotations added to the exported signature
# Copyright (c) 2020 ZFTurbo (Roman Solovyev)
import numpy as np


def find_matching_box_fast(boxes_list: np.ndarray, new_box: np.ndarray, match_iou: float):
    """
        Reimplementation of find_matching_box with numpy instead of loops. Gives significant speed up for larger arrays
        (~100x). This was previously the bottleneck since the function is called for every entry in the array.
    """
    def bb_iou_array(boxes, new_box):
        # bb interesection over union
        xA = np.maximum(boxes[:, 0], new_box[0])
        yA = np.maximum(boxes[:, 1], new_box[1])
        xB = np.minimum(boxes[:, 2], new_box[2])
        yB = np.minimum(boxes[:, 3], new_box[3])

        interArea = np.maximum(xB - xA, 0) * np.maximum(yB - yA, 0)

        # compute the area of both the prediction and ground-truth rectangles
        boxAArea = (boxes[:, 2] - boxes[:, 0]) * (boxes[:, 3] - boxes[:, 1])
        boxBArea = (new_box[2] - new_box[0]) * (new_box[3] - new_box[1])

        iou = interArea / (boxAArea + boxBArea - interArea)

        return iou

    if boxes_list.shape[0] == 0:
        return -1, match_iou

    # boxes = np.array(boxes_list)
    boxes = boxes_list

    ious = bb_iou_array(boxes[:, 4:], new_box[4:])

    ious[boxes[:, 0] != new_box[0]] = -1

    best_idx = np.argmax(ious)
    best_iou = ious[best_idx]

    if best_iou <= match_iou:
        best_iou = match_iou
        best_idx = -1

    return best_idx, best_iou


EXPORT = "find_matching_box_fast"
_fused = np.array([
    [0, 0.9, 1.0, -1, 0.10, 0.10, 0.40, 0.50],
    [1, 0.8, 1.0, -1, 0.15, 0.12, 0.42, 0.48],
    [0, 0.6, 1.0, -1, 0.60, 0.55, 0.90, 0.95],
    [2, 0.7, 1.0, -1, 0.05, 0.60, 0.30, 0.85],
], dtype=np.float32)
CASES = [
    (_fused, np.array([0, 0.85, 1.0, 0, 0.12, 0.11, 0.41, 0.49], dtype=np.float32), 0.55),
    (_fused, np.array([1, 0.5, 1.0, 1, 0.70, 0.70, 0.80, 0.80], dtype=np.float32), 0.55),
    (np.zeros((0, 8), dtype=np.float32), np.array([0, 0.5, 1.0, 0, 0.1, 0.1, 0.2, 0.2], dtype=np.float32), 0.55),
]
