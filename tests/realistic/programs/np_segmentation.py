"""Segmentation mask utilities: logits->masks, connected components, mask boxes, RLE, metrics."""
from collections import deque
from typing import Dict, List, Optional, Tuple

import numpy as np

VOC_PALETTE = np.array(
    [
        [0, 0, 0], [128, 0, 0], [0, 128, 0], [128, 128, 0],
        [0, 0, 128], [128, 0, 128], [0, 128, 128], [128, 128, 128],
    ],
    dtype=np.uint8,
)


def logits_to_mask(logits: np.ndarray, ignore_background: bool = False) -> np.ndarray:
    """(C, H, W) logits -> (H, W) int64 class map."""
    if logits.ndim != 3:
        raise ValueError("expected CHW logits")
    mask = np.argmax(logits, axis=0).astype(np.int64)
    if ignore_background:
        # fall back to best foreground class wherever background wins
        fg = np.argmax(logits[1:], axis=0) + 1
        mask = np.where(mask == 0, fg, mask)
    return mask


def mask_to_bbox(mask: np.ndarray) -> Optional[Tuple[int, int, int, int]]:
    """Tight (x1, y1, x2, y2) box around a boolean mask, exclusive max; None for empty masks."""
    ys, xs = np.nonzero(mask)
    if ys.size == 0:
        return None
    return int(xs.min()), int(ys.min()), int(xs.max()) + 1, int(ys.max()) + 1


def connected_components(mask: np.ndarray, connectivity: int = 4) -> Tuple[np.ndarray, int]:
    """Label connected foreground regions with BFS. Returns (labels int32, count)."""
    if connectivity not in (4, 8):
        raise ValueError("connectivity must be 4 or 8")
    m = mask.astype(bool)
    h, w = m.shape
    labels = np.zeros((h, w), dtype=np.int32)
    if connectivity == 4:
        nbrs = [(-1, 0), (1, 0), (0, -1), (0, 1)]
    else:
        nbrs = [(dy, dx) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if (dy, dx) != (0, 0)]
    current = 0
    for y in range(h):
        for x in range(w):
            if not m[y, x] or labels[y, x]:
                continue
            current += 1
            labels[y, x] = current
            q = deque([(y, x)])
            while q:
                cy, cx = q.popleft()
                for dy, dx in nbrs:
                    ny, nx = cy + dy, cx + dx
                    if 0 <= ny < h and 0 <= nx < w and m[ny, nx] and not labels[ny, nx]:
                        labels[ny, nx] = current
                        q.append((ny, nx))
    return labels, current


def remove_small_regions(mask: np.ndarray, min_area: int = 5) -> np.ndarray:
    """Drop connected components smaller than min_area pixels."""
    labels, n = connected_components(mask)
    if n == 0:
        return np.zeros_like(mask, dtype=bool)
    areas = np.bincount(labels.ravel(), minlength=n + 1)
    keep = areas >= min_area
    keep[0] = False
    return keep[labels]


def instance_boxes(mask: np.ndarray) -> List[Dict[str, object]]:
    """For each connected region: {'id', 'area', 'bbox'}."""
    labels, n = connected_components(mask, connectivity=8)
    out = []
    for i in range(1, n + 1):
        region = labels == i
        out.append({"id": i, "area": int(region.sum()), "bbox": list(mask_to_bbox(region))})
    out.sort(key=lambda d: -d["area"])
    return out


def rle_encode(mask: np.ndarray) -> str:
    """Kaggle-style RLE (column-major, 1-indexed 'start length' pairs)."""
    pixels = mask.T.flatten().astype(np.uint8)
    pixels = np.concatenate([[0], pixels, [0]])
    runs = np.where(pixels[1:] != pixels[:-1])[0] + 1
    runs[1::2] -= runs[::2]
    return " ".join(str(x) for x in runs)


def rle_decode(rle: str, shape: Tuple[int, int]) -> np.ndarray:
    """Inverse of rle_encode: returns bool mask of `shape` (H, W)."""
    h, w = shape
    flat = np.zeros(h * w, dtype=bool)
    tokens = rle.split()
    if len(tokens) % 2:
        raise ValueError("RLE string must contain start/length pairs")
    nums = np.asarray(tokens, dtype=np.int64)
    starts, lengths = nums[0::2] - 1, nums[1::2]
    for s, l in zip(starts, lengths):
        flat[s:s + l] = True
    return flat.reshape(w, h).T


def dice_iou(pred: np.ndarray, target: np.ndarray, eps: float = 1e-7) -> Dict[str, float]:
    """Dice and IoU between two boolean masks."""
    if pred.shape != target.shape:
        raise ValueError("shape mismatch")
    p = pred.astype(bool)
    t = target.astype(bool)
    inter = np.logical_and(p, t).sum()
    union = np.logical_or(p, t).sum()
    total = p.sum() + t.sum()
    return {
        "dice": float((2 * inter + eps) / (total + eps)),
        "iou": float((inter + eps) / (union + eps)),
    }


def mean_iou(pred: np.ndarray, target: np.ndarray, num_classes: int, ignore_index: int = 255) -> Tuple[float, List[float]]:
    """Per-class IoU and mIoU over classes present in pred or target."""
    valid = target != ignore_index
    p = pred[valid].astype(np.int64)
    t = target[valid].astype(np.int64)
    cm = np.bincount(num_classes * t + p, minlength=num_classes ** 2).reshape(num_classes, num_classes)
    inter = np.diag(cm).astype(np.float64)
    union = cm.sum(0) + cm.sum(1) - np.diag(cm)
    ious = []
    for i in range(num_classes):
        ious.append(float(inter[i] / union[i]) if union[i] > 0 else float("nan"))
    arr = np.array(ious)
    miou = float(np.nanmean(arr)) if np.any(~np.isnan(arr)) else 0.0
    return miou, ious


def colorize_mask(mask: np.ndarray, palette: Optional[np.ndarray] = None) -> np.ndarray:
    """Map an int class mask (H, W) to an RGB uint8 image using a palette."""
    pal = VOC_PALETTE if palette is None else palette
    idx = np.clip(mask.astype(np.int64), 0, len(pal) - 1)
    return pal[idx]


# ---------------------------------------------------------------------------
_rng = np.random.default_rng(0)
_M1 = _rng.random((12, 12)) > 0.6
_M2 = np.zeros((10, 10), dtype=bool)
_M2[1:4, 1:4] = True
_M2[6:9, 5:9] = True
_M2[0, 9] = True
_DIAG = np.eye(6, dtype=bool)
_EMPTY = np.zeros((5, 5), dtype=bool)
_LOGITS = _rng.standard_normal((4, 8, 8)).astype(np.float32)
_PRED = _rng.integers(0, 4, size=(8, 8)).astype(np.int64)
_TGT = _rng.integers(0, 4, size=(8, 8)).astype(np.int64)
_TGT_IGN = _TGT.copy()
_TGT_IGN[0, :] = 255
_IMG = _rng.integers(0, 256, size=(10, 10, 3), dtype=np.uint8)

CASES = {
    "logits_to_mask": [
        (_LOGITS,),
        (_LOGITS, True),
        (np.zeros((2, 3, 3), dtype=np.float32),),
        (_LOGITS[0],),
    ],
    "mask_to_bbox": [
        (_M2,),
        (_EMPTY,),
        (_DIAG,),
        (_M1.astype(np.uint8),),
    ],
    "connected_components": [
        (_M1,),
        (_DIAG, 4),
        (_DIAG, 8),
        (_EMPTY,),
        (_M2, 6),
    ],
    "remove_small_regions": [
        (_M1, 3),
        (_M2, 5),
        (_EMPTY,),
        (_DIAG.astype(np.uint8), 1),
    ],
    "instance_boxes": [
        (_M2,),
        (_M1,),
        (_EMPTY,),
        (_DIAG,),
    ],
    "rle_encode": [
        (_M2,),
        (_EMPTY,),
        (np.ones((3, 4), dtype=bool),),
        (_M1.astype(np.uint8),),
    ],
    "rle_decode": [
        (rle_encode(_M2), (10, 10)),
        ("", (4, 4)),
        ("1 12", (3, 4)),
        ("1 2 5", (3, 3)),
    ],
    "dice_iou": [
        (_M1, _M1),
        (_M2, _DIAG[:5, :5].repeat(2, 0).repeat(2, 1)),
        (_EMPTY, _EMPTY),
        (_M1, _M2),
    ],
    "mean_iou": [
        (_PRED, _TGT, 4),
        (_PRED, _TGT_IGN, 4),
        (_PRED, _PRED, 4),
        (np.zeros((3, 3), dtype=np.int64), np.full((3, 3), 255, dtype=np.int64), 2),
    ],
    "colorize_mask": [
        (_PRED,),
        (np.full((2, 2), 20, dtype=np.int64),),
        (_M2.astype(np.uint8), np.array([[0, 0, 0], [255, 255, 255]], dtype=np.uint8)),
    ],
}
