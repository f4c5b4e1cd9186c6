# Harvested unchanged from https://github.com/nwojke/deep_sort/blob/f08cf1dc470eeb1cd2add1cbf077d95ac6c48aab/deep_sort/iou_matching.py
# function: iou
# licence: GPL-3.0-only (the repository's LICENSE at that commit)
# changes: annotations added to the exported signature
import numpy as np


def iou(bbox: np.ndarray, candidates: np.ndarray):
    """Computer intersection over union.

    Parameters
    ----------
    bbox : ndarray
        A bounding box in format `(top left x, top left y, width, height)`.
    candidates : ndarray
        A matrix of candidate bounding boxes (one per row) in the same format
        as `bbox`.

    Returns
    -------
    ndarray
        The intersection over union in [0, 1] between the `bbox` and each
        candidate. A higher score means a larger fraction of the `bbox` is
        occluded by the candidate.

    """
    bbox_tl, bbox_br = bbox[:2], bbox[:2] + bbox[2:]
    candidates_tl = candidates[:, :2]
    candidates_br = candidates[:, :2] + candidates[:, 2:]

    tl = np.c_[np.maximum(bbox_tl[0], candidates_tl[:, 0])[:, np.newaxis],
               np.maximum(bbox_tl[1], candidates_tl[:, 1])[:, np.newaxis]]
    br = np.c_[np.minimum(bbox_br[0], candidates_br[:, 0])[:, np.newaxis],
               np.minimum(bbox_br[1], candidates_br[:, 1])[:, np.newaxis]]
    wh = np.maximum(0., br - tl)

    area_intersection = wh.prod(axis=1)
    area_bbox = bbox[2:].prod()
    area_candidates = candidates[:, 2:].prod(axis=1)
    return area_intersection / (area_bbox + area_candidates - area_intersection)


EXPORT = "iou"
_rng = np.random.default_rng(7)
_cands = np.hstack([_rng.uniform(0, 300, (9, 2)), _rng.uniform(20, 90, (9, 2))])
CASES = [
    (np.array([100.0, 120.0, 50.0, 80.0]), _cands),
    (_cands[0], _cands),
    (np.array([0.0, 0.0, 10.0, 10.0], dtype=np.float32), np.array([[20.0, 20.0, 5.0, 5.0]], dtype=np.float32)),
]
