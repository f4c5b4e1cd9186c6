"""Image classification pipeline: uint8 HxWx3 arrays -> resize/crop/normalise in NumPy
-> small CNN in PyTorch -> top-k labels with scores."""

from typing import Dict, List, Sequence, Tuple, Union

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)

IMAGENET_MEAN = np.array([0.485, 0.456, 0.406], dtype=np.float32)
IMAGENET_STD = np.array([0.229, 0.224, 0.225], dtype=np.float32)

LABELS: List[str] = [
    "airplane", "automobile", "bird", "cat", "deer",
    "dog", "frog", "horse", "ship", "truck",
]

PREPROCESS_CFG = {
    "resize_shorter": 40,
    "crop_size": 32,
    "interpolation": "bilinear",
}


# --------------------------------------------------------------------------- #
# Preprocessing helpers (NumPy, no image decoding)
# --------------------------------------------------------------------------- #

def _check_image(image: np.ndarray) -> np.ndarray:
    if not isinstance(image, np.ndarray):
        raise TypeError(f"expected np.ndarray, got {type(image).__name__}")
    if image.ndim == 2:
        image = np.repeat(image[:, :, None], 3, axis=2)
    if image.ndim != 3 or image.shape[2] not in (3, 4):
        raise ValueError(f"expected HxWx3 image, got shape {image.shape}")
    if image.shape[2] == 4:
        image = image[:, :, :3]
    if image.shape[0] == 0 or image.shape[1] == 0:
        raise ValueError("image has zero height or width")
    return image


def _bilinear_resize(image: np.ndarray, out_h: int, out_w: int) -> np.ndarray:
    """Half-pixel-centre bilinear resize (matches align_corners=False)."""
    in_h, in_w = image.shape[:2]
    img = image.astype(np.float32)
    ys = (np.arange(out_h, dtype=np.float32) + 0.5) * (in_h / out_h) - 0.5
    xs = (np.arange(out_w, dtype=np.float32) + 0.5) * (in_w / out_w) - 0.5
    ys = np.clip(ys, 0, in_h - 1)
    xs = np.clip(xs, 0, in_w - 1)
    y0 = np.floor(ys).astype(np.int64)
    x0 = np.floor(xs).astype(np.int64)
    y1 = np.minimum(y0 + 1, in_h - 1)
    x1 = np.minimum(x0 + 1, in_w - 1)
    wy = (ys - y0)[:, None, None]
    wx = (xs - x0)[None, :, None]
    top = img[y0][:, x0] * (1 - wx) + img[y0][:, x1] * wx
    bot = img[y1][:, x0] * (1 - wx) + img[y1][:, x1] * wx
    return top * (1 - wy) + bot * wy


# --------------------------------------------------------------------------- #
# Model
# --------------------------------------------------------------------------- #

class ConvBNReLU(nn.Sequential):
    def __init__(self, c_in: int, c_out: int, k: int = 3) -> None:
        super().__init__(
            nn.Conv2d(c_in, c_out, k, padding=k // 2, bias=False),
            nn.BatchNorm2d(c_out),
            nn.ReLU(inplace=True),
        )


class TinyConvNet(nn.Module):
    def __init__(self, num_classes: int = 10, width: int = 8) -> None:
        super().__init__()
        self.features = nn.Sequential(
            ConvBNReLU(3, width),
            nn.MaxPool2d(2),
            ConvBNReLU(width, width * 2),
            nn.MaxPool2d(2),
            ConvBNReLU(width * 2, width * 4),
        )
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.classifier = nn.Linear(width * 4, num_classes)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = self.features(x)
        x = self.pool(x).flatten(1)
        return self.classifier(x)


def _build_model() -> TinyConvNet:
    model = TinyConvNet(num_classes=len(LABELS))
    # give BatchNorm non-trivial running stats, as a trained checkpoint would have
    g = torch.Generator().manual_seed(0)
    for m in model.modules():
        if isinstance(m, nn.BatchNorm2d):
            m.running_mean.copy_(torch.randn(m.num_features, generator=g) * 0.1)
            m.running_var.copy_(torch.rand(m.num_features, generator=g) * 0.5 + 0.75)
            m.weight.data.copy_(1.0 + torch.randn(m.num_features, generator=g) * 0.05)
            m.bias.data.copy_(torch.randn(m.num_features, generator=g) * 0.05)
    with torch.no_grad():
        model.classifier.weight.mul_(6.0)
    return model.eval()


MODEL = _build_model()


# --------------------------------------------------------------------------- #
# Entry points
# --------------------------------------------------------------------------- #

def resize_shorter_side(image: np.ndarray, size: int) -> np.ndarray:
    """Resize so the shorter side equals `size`, preserving aspect ratio. Returns uint8."""
    image = _check_image(image)
    if size <= 0:
        raise ValueError("size must be positive")
    h, w = image.shape[:2]
    if h <= w:
        new_h, new_w = size, max(1, int(round(w * size / h)))
    else:
        new_h, new_w = max(1, int(round(h * size / w))), size
    if (new_h, new_w) == (h, w):
        return image.astype(np.uint8, copy=True)
    out = _bilinear_resize(image, new_h, new_w)
    return np.clip(np.rint(out), 0, 255).astype(np.uint8)


def center_crop(image: np.ndarray, crop_size: Union[int, Tuple[int, int]]) -> np.ndarray:
    """Crop the centre crop_size (int or (h, w)); pads with zeros if the image is smaller."""
    if isinstance(crop_size, int):
        ch, cw = crop_size, crop_size
    else:
        ch, cw = crop_size
    h, w = image.shape[:2]
    if h < ch or w < cw:
        pad_h = max(0, ch - h)
        pad_w = max(0, cw - w)
        pads = [(pad_h // 2, pad_h - pad_h // 2), (pad_w // 2, pad_w - pad_w // 2)]
        pads += [(0, 0)] * (image.ndim - 2)
        image = np.pad(image, pads, mode="constant")
        h, w = image.shape[:2]
    top = int(round((h - ch) / 2.0))
    left = int(round((w - cw) / 2.0))
    return image[top:top + ch, left:left + cw]


def preprocess(image: np.ndarray) -> np.ndarray:
    """uint8 HxWx3 -> float32 3xSxS, ImageNet-normalised (torchvision-style eval transform)."""
    image = _check_image(image)
    image = resize_shorter_side(image, PREPROCESS_CFG["resize_shorter"])
    image = center_crop(image, PREPROCESS_CFG["crop_size"])
    x = image.astype(np.float32) / 255.0
    x = (x - IMAGENET_MEAN) / IMAGENET_STD
    return np.ascontiguousarray(x.transpose(2, 0, 1))


def to_batch(images: Sequence[np.ndarray]) -> torch.Tensor:
    """Preprocess a list of images and stack into an NCHW float32 tensor."""
    if len(images) == 0:
        raise ValueError("empty image list")
    arrs = [preprocess(im) for im in images]
    return torch.from_numpy(np.stack(arrs, axis=0))


@torch.inference_mode()
def predict_logits(batch: torch.Tensor) -> torch.Tensor:
    """NCHW float32 batch -> [N, num_classes] logits."""
    if batch.ndim == 3:
        batch = batch.unsqueeze(0)
    if batch.ndim != 4 or batch.shape[1] != 3:
        raise ValueError(f"expected [N, 3, H, W], got {tuple(batch.shape)}")
    return MODEL(batch.float())


def classify(image: np.ndarray, top_k: int = 5) -> List[Dict[str, float]]:
    """Full pipeline for one image: returns [{'label': str, 'score': float}, ...] best first."""
    x = torch.from_numpy(preprocess(image)).unsqueeze(0)
    probs = F.softmax(predict_logits(x), dim=-1)[0]
    k = max(1, min(top_k, len(LABELS)))
    scores, idx = probs.topk(k)
    return [
        {"label": LABELS[i], "score": round(s, 4)}
        for s, i in zip(scores.tolist(), idx.tolist())
    ]


def classify_batch(images: List[np.ndarray], top_k: int = 1,
                   threshold: float = 0.0) -> List[List[Dict[str, float]]]:
    """Batch variant of classify; drops predictions whose score is below threshold."""
    batch = to_batch(images)
    probs = F.softmax(predict_logits(batch), dim=-1).numpy()
    results: List[List[Dict[str, float]]] = []
    for row in probs:
        order = np.argsort(-row, kind="stable")[:top_k]
        results.append([
            {"label": LABELS[int(i)], "score": float(round(float(row[i]), 4))}
            for i in order if row[i] >= threshold
        ])
    return results


# --------------------------------------------------------------------------- #
# Cases
# --------------------------------------------------------------------------- #

_rng = np.random.default_rng(0)
_img_a = _rng.integers(0, 256, size=(48, 64, 3), dtype=np.uint8)
_img_b = _rng.integers(0, 256, size=(40, 30, 3), dtype=np.uint8)
_img_tall = _rng.integers(0, 256, size=(50, 20, 3), dtype=np.uint8)
_img_gray = _rng.integers(0, 256, size=(36, 36), dtype=np.uint8)
_img_rgba = _rng.integers(0, 256, size=(32, 32, 4), dtype=np.uint8)
_img_black = np.zeros((40, 40, 3), dtype=np.uint8)
_img_tiny = np.full((2, 3, 3), 200, dtype=np.uint8)
_batch_t = torch.from_numpy(np.stack([preprocess(_img_a), preprocess(_img_b)]))

CASES = {
    "resize_shorter_side": [
        (_img_a, 40),
        (_img_tall, 16),
        (_img_black, 40),
        (_img_tiny, 8),
        (_img_a, 0),
    ],
    "center_crop": [
        (_img_a, 32),
        (_img_b, (20, 10)),
        (_img_tiny, 4),
        (_img_gray, 5),
    ],
    "preprocess": [
        (_img_a,),
        (_img_gray,),
        (_img_rgba,),
        (_img_black,),
        (np.zeros((0, 10, 3), dtype=np.uint8),),
        (np.zeros((8, 8, 5), dtype=np.uint8),),
    ],
    "to_batch": [
        ([_img_a, _img_b],),
        ([_img_tiny],),
        ([],),
    ],
    "predict_logits": [
        (_batch_t,),
        (torch.from_numpy(preprocess(_img_black)),),
        (torch.zeros(1, 3, 16, 16, dtype=torch.float64),),
        (torch.zeros(2, 1, 32, 32),),
    ],
    "classify": [
        (_img_a,),
        (_img_black, 3),
        (_img_tall, 20),
        (_img_rgba, 0),
        ([[1, 2, 3]],),
    ],
    "classify_batch": [
        ([_img_a, _img_b, _img_black],),
        ([_img_tiny], 3, 0.1),
        ([_img_gray, _img_rgba], 10, 0.5),
        ([],),
    ],
}
