"""Object-detection post-processing in NumPy: box conversions, IoU, NMS, anchor decoding.

Boxes are float32 arrays of shape (N, 4) unless stated otherwise.
"""
import math
from typing import Any, Dict, List, Optional, Tuple

import numpy as np

COCO_SUBSET = ["person", "bicycle", "car", "motorcycle", "airplane", "bus", "train", "truck"]

# Default SSD-style box coder variances
BBOX_VARIANCES = (0.1, 0.1, 0.2, 0.2)
BBOX_XFORM_CLIP = math.log(1000.0 / 16)


def xywh_to_xyxy(boxes: np.ndarray) -> np.ndarray:
    """(cx, cy, w, h) -> (x1, y1, x2, y2)."""
    boxes = np.asarray(boxes, dtype=np.float32)
    if boxes.size == 0:
        return boxes.reshape(0, 4)
    out = np.empty_like(boxes)
    out[..., 0] = boxes[..., 0] - boxes[..., 2] / 2
    out[..., 1] = boxes[..., 1] - boxes[..., 3] / 2
    out[..., 2] = boxes[..., 0] + boxes[..., 2] / 2
    out[..., 3] = boxes[..., 1] + boxes[..., 3] / 2
    return out


def xyxy_to_xywh(boxes: np.ndarray) -> np.ndarray:
    """(x1, y1, x2, y2) -> (cx, cy, w, h)."""
    boxes = np.asarray(boxes, dtype=np.float32).reshape(-1, 4)
    x1, y1, x2, y2 = boxes.T
    return np.stack([(x1 + x2) / 2, (y1 + y2) / 2, x2 - x1, y2 - y1], axis=1)


def box_iou(boxes1: np.ndarray, boxes2: np.ndarray) -> np.ndarray:
    """Pairwise IoU matrix (N, M) between two sets of xyxy boxes."""
    area1 = (boxes1[:, 2] - boxes1[:, 0]).clip(0) * (boxes1[:, 3] - boxes1[:, 1]).clip(0)
    area2 = (boxes2[:, 2] - boxes2[:, 0]).clip(0) * (boxes2[:, 3] - boxes2[:, 1]).clip(0)
    lt = np.maximum(boxes1[:, None, :2], boxes2[None, :, :2])
    rb = np.minimum(boxes1[:, None, 2:], boxes2[None, :, 2:])
    wh = (rb - lt).clip(min=0)
    inter = wh[..., 0] * wh[..., 1]
    union = area1[:, None] + area2[None, :] - inter
    return inter / np.maximum(union, 1e-9)


def nms(boxes: np.ndarray, scores: np.ndarray, iou_threshold: float = 0.5) -> List[int]:
    """Greedy non-maximum suppression. Returns kept indices sorted by descending score."""
    if len(boxes) == 0:
        return []
    x1, y1, x2, y2 = boxes[:, 0], boxes[:, 1], boxes[:, 2], boxes[:, 3]
    areas = (x2 - x1) * (y2 - y1)
    order = scores.argsort()[::-1]
    keep = []
    while order.size > 0:
        i = order[0]
        keep.append(int(i))
        xx1 = np.maximum(x1[i], x1[order[1:]])
        yy1 = np.maximum(y1[i], y1[order[1:]])
        xx2 = np.minimum(x2[i], x2[order[1:]])
        yy2 = np.minimum(y2[i], y2[order[1:]])
        w = np.maximum(0.0, xx2 - xx1)
        h = np.maximum(0.0, yy2 - yy1)
        inter = w * h
        ovr = inter / (areas[i] + areas[order[1:]] - inter)
        inds = np.where(ovr <= iou_threshold)[0]
        order = order[inds + 1]
    return keep


def batched_nms(
    boxes: np.ndarray,
    scores: np.ndarray,
    class_ids: np.ndarray,
    iou_threshold: float = 0.5,
) -> np.ndarray:
    """Class-aware NMS using the coordinate-offset trick."""
    if boxes.shape[0] == 0:
        return np.zeros((0,), dtype=np.int64)
    max_coord = boxes.max()
    offsets = class_ids.astype(boxes.dtype) * (max_coord + 1)
    shifted = boxes + offsets[:, None]
    keep = nms(shifted, scores, iou_threshold)
    return np.array(keep, dtype=np.int64)


def soft_nms(
    boxes: np.ndarray,
    scores: np.ndarray,
    sigma: float = 0.5,
    score_threshold: float = 0.001,
) -> Tuple[np.ndarray, np.ndarray]:
    """Gaussian soft-NMS. Returns (kept indices, rescored scores)."""
    scores = scores.astype(np.float64).copy()
    idxs = np.arange(len(scores))
    kept: List[int] = []
    kept_scores: List[float] = []
    while idxs.size > 0:
        best = int(np.argmax(scores[idxs]))
        i = idxs[best]
        kept.append(int(i))
        kept_scores.append(float(scores[i]))
        idxs = np.delete(idxs, best)
        if idxs.size == 0:
            break
        ious = box_iou(boxes[i:i + 1], boxes[idxs])[0]
        scores[idxs] *= np.exp(-(ious ** 2) / sigma)
        idxs = idxs[scores[idxs] > score_threshold]
    return np.array(kept, dtype=np.int64), np.array(kept_scores, dtype=np.float32)


def decode_anchors(
    deltas: np.ndarray,
    anchors: np.ndarray,
    variances: Tuple[float, float, float, float] = BBOX_VARIANCES,
) -> np.ndarray:
    """Decode SSD/Faster-RCNN style regression deltas (dx, dy, dw, dh) w.r.t. xyxy anchors."""
    if deltas.shape != anchors.shape:
        raise ValueError(f"deltas {deltas.shape} and anchors {anchors.shape} must match")
    widths = anchors[:, 2] - anchors[:, 0]
    heights = anchors[:, 3] - anchors[:, 1]
    ctr_x = anchors[:, 0] + 0.5 * widths
    ctr_y = anchors[:, 1] + 0.5 * heights

    dx = deltas[:, 0] * variances[0]
    dy = deltas[:, 1] * variances[1]
    dw = np.minimum(deltas[:, 2] * variances[2], BBOX_XFORM_CLIP)
    dh = np.minimum(deltas[:, 3] * variances[3], BBOX_XFORM_CLIP)

    pred_ctr_x = dx * widths + ctr_x
    pred_ctr_y = dy * heights + ctr_y
    pred_w = np.exp(dw) * widths
    pred_h = np.exp(dh) * heights
    return np.stack(
        [pred_ctr_x - 0.5 * pred_w, pred_ctr_y - 0.5 * pred_h,
         pred_ctr_x + 0.5 * pred_w, pred_ctr_y + 0.5 * pred_h],
        axis=1,
    ).astype(np.float32)


def generate_anchors(
    feature_size: Tuple[int, int],
    stride: int,
    sizes: Tuple[float, ...] = (32.0,),
    aspect_ratios: Tuple[float, ...] = (0.5, 1.0, 2.0),
) -> np.ndarray:
    """Grid anchors for one feature map level, xyxy, shape (H*W*A, 4)."""
    base = []
    for s in sizes:
        for ar in aspect_ratios:
            w = s / math.sqrt(ar)
            h = s * math.sqrt(ar)
            base.append([-w / 2, -h / 2, w / 2, h / 2])
    base_arr = np.array(base, dtype=np.float32)
    fh, fw = feature_size
    shift_x = (np.arange(fw, dtype=np.float32) + 0.5) * stride
    shift_y = (np.arange(fh, dtype=np.float32) + 0.5) * stride
    sy, sx = np.meshgrid(shift_y, shift_x, indexing="ij")
    shifts = np.stack([sx.ravel(), sy.ravel(), sx.ravel(), sy.ravel()], axis=1)
    return (shifts[:, None, :] + base_arr[None, :, :]).reshape(-1, 4)


def clip_boxes(boxes: np.ndarray, image_shape: Tuple[int, int]) -> np.ndarray:
    """Clip xyxy boxes to an (H, W) image."""
    h, w = image_shape
    out = boxes.copy()
    out[:, 0::2] = np.clip(out[:, 0::2], 0, w)
    out[:, 1::2] = np.clip(out[:, 1::2], 0, h)
    return out


def postprocess_yolo(
    predictions: np.ndarray,
    conf_threshold: float = 0.25,
    iou_threshold: float = 0.45,
    max_det: int = 100,
    class_names: Optional[List[str]] = None,
) -> List[Dict[str, Any]]:
    """YOLOv5-like raw output (N, 5 + C) -> list of detections dicts."""
    names = class_names if class_names is not None else COCO_SUBSET
    if predictions.ndim != 2 or predictions.shape[1] < 6:
        raise ValueError("predictions must have shape (N, 5 + num_classes)")
    obj = predictions[:, 4]
    cls_scores = predictions[:, 5:] * obj[:, None]
    cls_ids = cls_scores.argmax(axis=1)
    confs = cls_scores[np.arange(len(cls_ids)), cls_ids]
    mask = confs > conf_threshold
    if not mask.any():
        return []
    boxes = xywh_to_xyxy(predictions[mask, :4])
    confs = confs[mask]
    cls_ids = cls_ids[mask]
    keep = batched_nms(boxes, confs, cls_ids, iou_threshold)[:max_det]
    results = []
    for k in keep:
        cid = int(cls_ids[k])
        results.append({
            "label": names[cid] if cid < len(names) else str(cid),
            "class_id": cid,
            "score": round(float(confs[k]), 4),
            "box": [round(float(v), 2) for v in boxes[k]],
        })
    return results


def scale_boxes_back(
    boxes: np.ndarray,
    ratio: float,
    pad: Tuple[int, int],
    orig_shape: Tuple[int, int],
) -> np.ndarray:
    """Undo a letterbox transform: subtract padding, divide by ratio, clip to original image."""
    out = boxes.astype(np.float32).copy()
    out[:, [0, 2]] -= pad[0]
    out[:, [1, 3]] -= pad[1]
    out /= ratio
    return clip_boxes(out, orig_shape)


# ---------------------------------------------------------------------------
_rng = np.random.default_rng(0)


def _rand_boxes(n: int, scale: float = 100.0) -> np.ndarray:
    xy = _rng.uniform(0, scale, size=(n, 2))
    wh = _rng.uniform(5, scale / 2, size=(n, 2))
    return np.concatenate([xy, xy + wh], axis=1).astype(np.float32)


_B10 = _rand_boxes(10)
_S10 = _rng.uniform(0, 1, size=10).astype(np.float32)
_C10 = _rng.integers(0, 3, size=10).astype(np.int64)
_B50 = _rand_boxes(50)
_S50 = _rng.uniform(0, 1, size=50).astype(np.float32)
_C50 = _rng.integers(0, 5, size=50).astype(np.int64)
_OVERLAP = np.array([[0, 0, 10, 10], [1, 1, 11, 11], [50, 50, 60, 60], [0, 0, 10, 10]], dtype=np.float32)
_OVERLAP_S = np.array([0.9, 0.8, 0.7, 0.95], dtype=np.float32)
_EMPTY_B = np.zeros((0, 4), dtype=np.float32)
_EMPTY_S = np.zeros((0,), dtype=np.float32)

_ANCH = generate_anchors((2, 3), 16)
_DELTAS = _rng.standard_normal(_ANCH.shape).astype(np.float32)

_YOLO = np.concatenate(
    [
        _rng.uniform(10, 90, size=(30, 2)),
        _rng.uniform(5, 30, size=(30, 2)),
        _rng.uniform(0, 1, size=(30, 1)),
        _rng.uniform(0, 1, size=(30, 8)),
    ],
    axis=1,
).astype(np.float32)

CASES = {
    "xyxy_to_xywh": [
        (_B10,),
        (_EMPTY_B,),
        (np.array([0, 0, 4, 2], dtype=np.float64),),
    ],
    "box_iou": [
        (_B10, _B10),
        (_OVERLAP, _OVERLAP[:2]),
        (_EMPTY_B, _B10),
        (np.array([[0, 0, 0, 0]], dtype=np.float32), np.array([[0, 0, 0, 0]], dtype=np.float32)),
    ],
    "nms": [
        (_B10, _S10),
        (_OVERLAP, _OVERLAP_S, 0.5),
        (_B50, _S50, 0.3),
        (_EMPTY_B, _EMPTY_S),
        (_OVERLAP[:1], _OVERLAP_S[:1]),
    ],
    "batched_nms": [
        (_B10, _S10, _C10),
        (_B50, _S50, _C50, 0.2),
        (_OVERLAP, _OVERLAP_S, np.array([0, 1, 0, 0], dtype=np.int64)),
        (_EMPTY_B, _EMPTY_S, np.zeros((0,), dtype=np.int64)),
    ],
    "soft_nms": [
        (_B10, _S10),
        (_OVERLAP, _OVERLAP_S, 0.3, 0.1),
        (_EMPTY_B, _EMPTY_S),
        (_OVERLAP[:1], _OVERLAP_S[:1]),
    ],
    "decode_anchors": [
        (_DELTAS, _ANCH),
        (np.zeros_like(_ANCH), _ANCH),
        (np.full((2, 4), 100.0, dtype=np.float32), _ANCH[:2]),
        (_DELTAS[:3], _ANCH),
    ],
    "generate_anchors": [
        ((2, 3), 16),
        ((1, 1), 8, (16.0, 32.0), (1.0,)),
        ((4, 4), 32, (64.0,), (0.5, 1.0, 2.0)),
        ((0, 5), 8),
    ],
    "postprocess_yolo": [
        (_YOLO,),
        (_YOLO, 0.5, 0.3, 5),
        (_YOLO[:, :7], 0.1, 0.5, 10, ["cat", "dog"]),
        (np.zeros((4, 13), dtype=np.float32),),
        (_YOLO[:, :5],),
    ],
    "scale_boxes_back": [
        (_B10, 0.5, (0, 12), (200, 200)),
        (_OVERLAP, 1.0, (0, 0), (20, 20)),
        (_EMPTY_B, 2.0, (3, 4), (10, 10)),
    ],
}
