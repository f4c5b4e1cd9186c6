"""Single-stage object detection pipeline: letterbox preprocessing of uint8 images,
a tiny anchor-free conv head in PyTorch, box decoding, class-wise NMS and rescaling
of boxes to the original image, returned as a list of detection dicts."""

from typing import Any, Dict, List, Optional, Tuple

import numpy as np
import torch
import torch.nn as nn

torch.manual_seed(0)

CLASSES = ("person", "bicycle", "car", "dog", "cat")
INPUT_SIZE = 64
STRIDE = 8
PAD_VALUE = 114


class DetectionHead(nn.Module):
    """Backbone (stride 8) + per-cell objectness, class logits and (l, t, r, b) distances."""

    def __init__(self, num_classes: int, width: int = 16) -> None:
        super().__init__()
        self.backbone = nn.Sequential(
            nn.Conv2d(3, width, 3, stride=2, padding=1), nn.BatchNorm2d(width), nn.SiLU(),
            nn.Conv2d(width, width, 3, stride=2, padding=1), nn.BatchNorm2d(width), nn.SiLU(),
            nn.Conv2d(width, width * 2, 3, stride=2, padding=1), nn.BatchNorm2d(width * 2), nn.SiLU(),
        )
        self.obj = nn.Conv2d(width * 2, 1, 1)
        self.cls = nn.Conv2d(width * 2, num_classes, 1)
        self.reg = nn.Conv2d(width * 2, 4, 1)

    def forward(self, x: torch.Tensor) -> Tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
        f = self.backbone(x)
        return self.obj(f), self.cls(f), self.reg(f)


MODEL = DetectionHead(len(CLASSES)).eval()
with torch.no_grad():
    MODEL.obj.bias.fill_(0.5)
    MODEL.reg.bias.fill_(0.8)


# --------------------------------------------------------------------------- #
# Entry points
# --------------------------------------------------------------------------- #

def letterbox(image: np.ndarray, size: int = INPUT_SIZE) -> Tuple[np.ndarray, float, Tuple[int, int]]:
    """Resize (nearest) keeping aspect ratio and pad to size x size.
    Returns (padded uint8 image, scale, (pad_x, pad_y))."""
    if image.dtype != np.uint8:
        raise TypeError(f"expected uint8 image, got {image.dtype}")
    if image.ndim != 3 or image.shape[2] != 3:
        raise ValueError(f"expected HxWx3 image, got {image.shape}")
    h, w = image.shape[:2]
    if h == 0 or w == 0:
        raise ValueError("empty image")
    scale = min(size / h, size / w)
    nh, nw = max(1, int(round(h * scale))), max(1, int(round(w * scale)))
    rows = np.minimum((np.arange(nh) / scale).astype(np.int64), h - 1)
    cols = np.minimum((np.arange(nw) / scale).astype(np.int64), w - 1)
    resized = image[rows][:, cols]
    out = np.full((size, size, 3), PAD_VALUE, dtype=np.uint8)
    pad_y, pad_x = (size - nh) // 2, (size - nw) // 2
    out[pad_y:pad_y + nh, pad_x:pad_x + nw] = resized
    return out, scale, (pad_x, pad_y)


def box_iou(boxes_a: torch.Tensor, boxes_b: torch.Tensor) -> torch.Tensor:
    """Pairwise IoU of xyxy boxes: [N, 4] x [M, 4] -> [N, M]."""
    area_a = (boxes_a[:, 2] - boxes_a[:, 0]).clamp(min=0) * (boxes_a[:, 3] - boxes_a[:, 1]).clamp(min=0)
    area_b = (boxes_b[:, 2] - boxes_b[:, 0]).clamp(min=0) * (boxes_b[:, 3] - boxes_b[:, 1]).clamp(min=0)
    lt = torch.max(boxes_a[:, None, :2], boxes_b[None, :, :2])
    rb = torch.min(boxes_a[:, None, 2:], boxes_b[None, :, 2:])
    wh = (rb - lt).clamp(min=0)
    inter = wh[..., 0] * wh[..., 1]
    union = area_a[:, None] + area_b[None, :] - inter
    return torch.where(union > 0, inter / union, torch.zeros_like(union))


def nms(boxes: torch.Tensor, scores: torch.Tensor, iou_threshold: float = 0.5) -> torch.Tensor:
    """Greedy non-maximum suppression; returns kept indices (int64), highest score first."""
    if boxes.numel() == 0:
        return torch.empty(0, dtype=torch.long)
    if boxes.shape[0] != scores.shape[0]:
        raise ValueError("boxes and scores must have the same length")
    order = torch.argsort(scores, descending=True)
    keep: List[int] = []
    suppressed = torch.zeros(boxes.shape[0], dtype=torch.bool)
    ious = box_iou(boxes, boxes)
    for idx in order.tolist():
        if suppressed[idx]:
            continue
        keep.append(idx)
        suppressed |= ious[idx] > iou_threshold
    return torch.tensor(keep, dtype=torch.long)


def decode_predictions(obj: torch.Tensor, cls: torch.Tensor, reg: torch.Tensor,
                       stride: int = STRIDE) -> Tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """Raw head outputs for one image ([1,H,W], [C,H,W], [4,H,W]) ->
    (boxes xyxy [N,4] in input pixels, scores [N], class ids [N])."""
    _, gh, gw = obj.shape
    ys, xs = torch.meshgrid(torch.arange(gh), torch.arange(gw), indexing="ij")
    cx = (xs.flatten().float() + 0.5) * stride
    cy = (ys.flatten().float() + 0.5) * stride
    dist = torch.exp(reg.reshape(4, -1).clamp(max=6.0)) * stride
    boxes = torch.stack([cx - dist[0], cy - dist[1], cx + dist[2], cy + dist[3]], dim=1)
    cls_prob = torch.sigmoid(cls.reshape(cls.shape[0], -1))
    obj_prob = torch.sigmoid(obj.reshape(-1))
    best_cls_prob, cls_ids = cls_prob.max(dim=0)
    scores = obj_prob * best_cls_prob
    return boxes, scores, cls_ids


def scale_boxes(boxes: np.ndarray, scale: float, pad: Tuple[int, int],
                orig_shape: Tuple[int, int]) -> np.ndarray:
    """Undo letterboxing: map xyxy boxes from model input space to original pixels, clipped."""
    if scale <= 0:
        raise ValueError("scale must be positive")
    b = np.asarray(boxes, dtype=np.float32).reshape(-1, 4).copy()
    b[:, [0, 2]] -= pad[0]
    b[:, [1, 3]] -= pad[1]
    b /= scale
    h, w = orig_shape
    b[:, [0, 2]] = b[:, [0, 2]].clip(0, w)
    b[:, [1, 3]] = b[:, [1, 3]].clip(0, h)
    return b


@torch.no_grad()
def detect(image: np.ndarray, score_threshold: float = 0.25, iou_threshold: float = 0.45,
           max_detections: int = 20, classes: Optional[List[str]] = None) -> List[Dict[str, Any]]:
    """Full pipeline: uint8 HxWx3 -> [{'label', 'score', 'box': [x1, y1, x2, y2]}]."""
    padded, scale, pad = letterbox(image)
    x = torch.from_numpy(padded).permute(2, 0, 1).float().div(255.0).unsqueeze(0)
    obj, cls, reg = MODEL(x)
    boxes, scores, cls_ids = decode_predictions(obj[0], cls[0], reg[0])
    mask = scores >= score_threshold
    if classes is not None:
        wanted = [CLASSES.index(c) for c in classes if c in CLASSES]
        mask &= torch.isin(cls_ids, torch.tensor(wanted, dtype=torch.long))
    boxes, scores, cls_ids = boxes[mask], scores[mask], cls_ids[mask]
    if boxes.shape[0] == 0:
        return []
    # class-aware NMS via the coordinate-offset trick
    offsets = cls_ids.float()[:, None] * (INPUT_SIZE * 4.0)
    keep = nms(boxes + offsets, scores, iou_threshold)[:max_detections]
    final = scale_boxes(boxes[keep].numpy(), scale, pad, image.shape[:2])
    return [
        {
            "label": CLASSES[int(c)],
            "score": round(float(s), 4),
            "box": [round(float(v), 1) for v in box],
        }
        for c, s, box in zip(cls_ids[keep], scores[keep], final)
    ]


_rng = np.random.default_rng(0)
_img = _rng.integers(0, 256, size=(48, 80, 3), dtype=np.uint8)
_img_tall = _rng.integers(0, 256, size=(90, 30, 3), dtype=np.uint8)
_img_small = np.full((5, 7, 3), 30, dtype=np.uint8)
_boxes = torch.tensor([[0, 0, 10, 10], [1, 1, 11, 11], [20, 20, 30, 30], [0, 0, 10, 10]], dtype=torch.float32)
_scores = torch.tensor([0.9, 0.8, 0.7, 0.95])
with torch.no_grad():
    _raw = MODEL(torch.from_numpy(letterbox(_img)[0]).permute(2, 0, 1).float().div(255).unsqueeze(0))

CASES = {
    "letterbox": [
        (_img,),
        (_img_tall, 32),
        (_img_small,),
        (_img.astype(np.float32),),
        (np.zeros((4, 4), dtype=np.uint8),),
    ],
    "box_iou": [
        (_boxes, _boxes),
        (_boxes[:1], torch.tensor([[5.0, 5.0, 15.0, 15.0]])),
        (torch.zeros((0, 4)), _boxes),
        (torch.tensor([[0.0, 0.0, 0.0, 0.0]]), torch.tensor([[0.0, 0.0, 0.0, 0.0]])),
    ],
    "nms": [
        (_boxes, _scores),
        (_boxes, _scores, 0.0),
        (torch.zeros((0, 4)), torch.zeros(0)),
        (_boxes, _scores[:2]),
    ],
    "decode_predictions": [
        (_raw[0][0], _raw[1][0], _raw[2][0]),
        (torch.zeros(1, 2, 2), torch.zeros(5, 2, 2), torch.zeros(4, 2, 2), 16),
        (torch.zeros(1, 1, 1), torch.full((3, 1, 1), -2.0), torch.full((4, 1, 1), 10.0)),
    ],
    "scale_boxes": [
        (np.array([[10, 20, 50, 60]], dtype=np.float32), 0.8, (0, 12), (48, 80)),
        (np.zeros((0, 4), dtype=np.float32), 1.0, (0, 0), (10, 10)),
        (np.array([-5.0, -5.0, 200.0, 200.0]), 2.0, (4, 4), (30, 30)),
        (np.array([[1, 2, 3, 4]], dtype=np.float32), 0.0, (0, 0), (10, 10)),
    ],
    "detect": [
        (_img,),
        (_img_tall, 0.3, 0.3, 5),
        (_img_small, 0.99),
        (_img, 0.1, 0.45, 3, ["bicycle", "car", "unicorn"]),
        (_img.astype(np.float64),),
    ],
}
