# Harvested unchanged from https://github.com/ZFTurbo/Weighted-Boxes-Fusion/blob/96880f3df8d45ac21dce8d243fcfab420cadda47/ensemble_boxes/ensemble_boxes_wbf.py
# function: get_weighted_box
# licence: MIT (the repository's LICENSE at that commit)
# changes: annotations added to the exported signature
# Copyright (c) 2020 ZFTurbo (Roman Solovyev)
import numpy as np


def get_weighted_box(boxes: list[np.ndarray], conf_type: str = 'avg'):
    """
    Create weighted box for set of boxes
    :param boxes: set of boxes to fuse
    :param conf_type: type of confidence one of 'avg' or 'max'
    :return: weighted box (label, score, weight, model index, x1, y1, x2, y2)
    """

    box = np.zeros(8, dtype=np.float32)
    conf = 0
    conf_list = []
    w = 0
    for b in boxes:
        box[4:] += (b[1] * b[4:])
        conf += b[1]
        conf_list.append(b[1])
        w += b[2]
    box[0] = boxes[0][0]
    if conf_type in ('avg', 'box_and_model_avg', 'absent_model_aware_avg'):
        box[1] = conf / len(boxes)
    elif conf_type == 'max':
        box[1] = np.array(conf_list).max()
    box[2] = w
    box[3] = -1 # model index field is retained for consistency but is not used.
    box[4:] /= conf
    return box


EXPORT = "get_weighted_box"
_cluster = [
    np.array([0, 0.90, 1.0, 0, 0.10, 0.10, 0.40, 0.50], dtype=np.float32),
    np.array([0, 0.70, 2.0, 1, 0.12, 0.08, 0.42, 0.47], dtype=np.float32),
    np.array([0, 0.55, 1.0, 2, 0.09, 0.12, 0.38, 0.52], dtype=np.float32),
]
CASES = [
    (_cluster,),
    (_cluster, 'max'),
    (_cluster[:1], 'box_and_model_avg'),
]
