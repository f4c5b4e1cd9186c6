"""Image preprocessing helpers written in plain NumPy (HWC uint8 in, model-ready arrays out).

Mirrors the transforms typically applied before a CNN / ViT forward pass.
"""
from typing import List, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

IMAGENET_MEAN = np.array([0.485, 0.456, 0.406], dtype=np.float32)
IMAGENET_STD = np.array([0.229, 0.224, 0.225], dtype=np.float32)

# ITU-R BT.601 luma coefficients
_LUMA = np.array([0.299, 0.587, 0.114], dtype=np.float32)


def _check_hwc(img: np.ndarray) -> None:
    if img.ndim != 3:
        raise ValueError(f"expected HWC image, got shape {img.shape}")
    if img.shape[2] not in (1, 3, 4):
        raise ValueError(f"unsupported channel count {img.shape[2]}")


def resize_nearest(img: np.ndarray, size: Tuple[int, int]) -> np.ndarray:
    """Nearest-neighbour resize of an HWC (or HW) image to (height, width)."""
    out_h, out_w = size
    if out_h <= 0 or out_w <= 0:
        raise ValueError("target size must be positive")
    in_h, in_w = img.shape[:2]
    rows = (np.arange(out_h) * (in_h / out_h)).astype(np.int64)
    cols = (np.arange(out_w) * (in_w / out_w)).astype(np.int64)
    rows = np.clip(rows, 0, in_h - 1)
    cols = np.clip(cols, 0, in_w - 1)
    return img[rows[:, None], cols[None, :]]


def resize_bilinear(img: npt.NDArray[np.uint8], out_h: int, out_w: int) -> npt.NDArray[np.uint8]:
    """Bilinear resize with half-pixel centers (align_corners=False), like cv2.INTER_LINEAR."""
    _check_hwc(img)
    in_h, in_w, _ = img.shape
    src = img.astype(np.float32)

    scale_y = in_h / out_h
    scale_x = in_w / out_w
    ys = (np.arange(out_h, dtype=np.float32) + 0.5) * scale_y - 0.5
    xs = (np.arange(out_w, dtype=np.float32) + 0.5) * scale_x - 0.5
    ys = np.clip(ys, 0, in_h - 1)
    xs = np.clip(xs, 0, in_w - 1)

    y0 = np.floor(ys).astype(np.int64)
    x0 = np.floor(xs).astype(np.int64)
    y1 = np.minimum(y0 + 1, in_h - 1)
    x1 = np.minimum(x0 + 1, in_w - 1)
    wy = (ys - y0)[:, None, None]
    wx = (xs - x0)[None, :, None]

    top = src[y0][:, x0] * (1 - wx) + src[y0][:, x1] * wx
    bottom = src[y1][:, x0] * (1 - wx) + src[y1][:, x1] * wx
    out = top * (1 - wy) + bottom * wy
    return np.clip(np.rint(out), 0, 255).astype(np.uint8)


def normalize_image(
    img: np.ndarray,
    mean: Sequence[float] = (0.485, 0.456, 0.406),
    std: Sequence[float] = (0.229, 0.224, 0.225),
    max_pixel_value: float = 255.0,
) -> np.ndarray:
    """(img / max - mean) / std, returns float32 HWC."""
    mean_arr = np.asarray(mean, dtype=np.float32)
    std_arr = np.asarray(std, dtype=np.float32)
    if np.any(std_arr == 0):
        raise ValueError("std must be non-zero")
    x = img.astype(np.float32) / max_pixel_value
    return (x - mean_arr) / std_arr


def to_chw_batch(img: np.ndarray, bgr_to_rgb: bool = False) -> np.ndarray:
    """HWC uint8 -> 1xCxHxW float32 in [0, 1], optionally swapping BGR->RGB."""
    _check_hwc(img)
    x = img
    if bgr_to_rgb:
        x = x[..., ::-1]
    x = np.ascontiguousarray(x.transpose(2, 0, 1)).astype(np.float32) / 255.0
    return x[np.newaxis, ...]


def center_crop(img: np.ndarray, crop_h: int, crop_w: int) -> np.ndarray:
    """Center crop; pads with zeros first if the image is smaller than the crop."""
    h, w = img.shape[:2]
    pad_h = max(crop_h - h, 0)
    pad_w = max(crop_w - w, 0)
    if pad_h or pad_w:
        pad = [(pad_h // 2, pad_h - pad_h // 2), (pad_w // 2, pad_w - pad_w // 2)]
        pad += [(0, 0)] * (img.ndim - 2)
        img = np.pad(img, pad, mode="constant")
        h, w = img.shape[:2]
    top = int(round((h - crop_h) / 2.0))
    left = int(round((w - crop_w) / 2.0))
    return img[top:top + crop_h, left:left + crop_w]


def letterbox(
    img: np.ndarray,
    new_shape: Tuple[int, int] = (64, 64),
    color: Tuple[int, int, int] = (114, 114, 114),
    stride: Optional[int] = None,
) -> Tuple[np.ndarray, float, Tuple[int, int]]:
    """YOLO-style letterbox: keep aspect ratio, pad to new_shape (or to a multiple of stride).

    Returns (padded image, scale ratio, (pad_left, pad_top)).
    """
    _check_hwc(img)
    h, w = img.shape[:2]
    r = min(new_shape[0] / h, new_shape[1] / w)
    new_unpad = (int(round(h * r)), int(round(w * r)))
    resized = resize_nearest(img, new_unpad) if new_unpad != (h, w) else img

    dh = new_shape[0] - new_unpad[0]
    dw = new_shape[1] - new_unpad[1]
    if stride is not None:
        dh, dw = dh % stride, dw % stride
    top, left = dh // 2, dw // 2
    bottom, right = dh - top, dw - left

    out_h = new_unpad[0] + dh
    out_w = new_unpad[1] + dw
    canvas = np.empty((out_h, out_w, img.shape[2]), dtype=img.dtype)
    channels = img.shape[2]
    fill = list(color[:channels]) + [255] * (channels - len(color))  # opaque alpha for RGBA
    canvas[...] = np.asarray(fill, dtype=img.dtype)
    canvas[top:top + new_unpad[0], left:left + new_unpad[1]] = resized
    return canvas, r, (left, top)


def rgb_to_grayscale(img: np.ndarray, keep_dims: bool = False) -> np.ndarray:
    """Convert RGB uint8 HWC to grayscale uint8 using BT.601 weights."""
    _check_hwc(img)
    if img.shape[2] == 1:
        gray = img[..., 0].astype(np.float32)
    else:
        gray = img[..., :3].astype(np.float32) @ _LUMA
    gray = np.clip(np.rint(gray), 0, 255).astype(np.uint8)
    return gray[..., None] if keep_dims else gray


def preprocess_batch(
    images: List[np.ndarray],
    size: int = 32,
    mean: Optional[np.ndarray] = None,
    std: Optional[np.ndarray] = None,
) -> np.ndarray:
    """Resize a list of uint8 HWC images to size x size, normalize, stack as NCHW float32."""
    if len(images) == 0:
        return np.zeros((0, 3, size, size), dtype=np.float32)
    mean = IMAGENET_MEAN if mean is None else mean.astype(np.float32)
    std = IMAGENET_STD if std is None else std.astype(np.float32)
    batch = []
    for im in images:
        if im.ndim == 2:
            im = np.repeat(im[..., None], 3, axis=2)
        if im.shape[2] == 4:
            im = im[..., :3]
        im = resize_bilinear(im, size, size)
        x = (im.astype(np.float32) / 255.0 - mean) / std
        batch.append(x.transpose(2, 0, 1))
    return np.stack(batch, axis=0).astype(np.float32)


def denormalize_to_uint8(
    x: Union[np.ndarray, List[List[List[float]]]],
    mean: Tuple[float, float, float] = (0.485, 0.456, 0.406),
    std: Tuple[float, float, float] = (0.229, 0.224, 0.225),
) -> np.ndarray:
    """Inverse of normalize for a CHW float tensor -> HWC uint8 for visualization."""
    arr = np.asarray(x, dtype=np.float32)
    if arr.ndim != 3 or arr.shape[0] != 3:
        raise ValueError(f"expected CHW with 3 channels, got {arr.shape}")
    arr = arr * np.asarray(std, np.float32)[:, None, None] + np.asarray(mean, np.float32)[:, None, None]
    arr = np.clip(arr * 255.0, 0, 255).round().astype(np.uint8)
    return arr.transpose(1, 2, 0)


# ---------------------------------------------------------------------------
_rng = np.random.default_rng(0)
_IMG_8x8 = _rng.integers(0, 256, size=(8, 8, 3), dtype=np.uint8)
_IMG_5x7 = _rng.integers(0, 256, size=(5, 7, 3), dtype=np.uint8)
_IMG_RGBA = _rng.integers(0, 256, size=(6, 4, 4), dtype=np.uint8)
_IMG_GRAY1 = _rng.integers(0, 256, size=(4, 4, 1), dtype=np.uint8)
_IMG_BIG = _rng.integers(0, 256, size=(48, 64, 3), dtype=np.uint8)
_GRAY_2D = _rng.integers(0, 256, size=(10, 12), dtype=np.uint8)
_ZEROS = np.zeros((4, 4, 3), dtype=np.uint8)
_CHW = _rng.standard_normal((3, 4, 5)).astype(np.float32)

CASES = {
    "resize_nearest": [
        (_IMG_8x8, (4, 4)),
        (_IMG_5x7, (10, 14)),
        (_GRAY_2D, (3, 5)),
        (_IMG_8x8, (1, 1)),
        (_IMG_8x8, (0, 4)),
    ],
    "resize_bilinear": [
        (_IMG_8x8, 4, 4),
        (_IMG_5x7, 9, 11),
        (_IMG_BIG, 24, 32),
        (_ZEROS, 2, 2),
        (_GRAY_2D, 4, 4),
    ],
    "normalize_image": [
        (_IMG_8x8,),
        (_IMG_5x7, (0.5, 0.5, 0.5), (0.5, 0.5, 0.5)),
        (_IMG_GRAY1, (0.0,), (1.0,), 1.0),
        (_IMG_8x8, (0.5, 0.5, 0.5), (0.5, 0.0, 0.5)),
    ],
    "to_chw_batch": [
        (_IMG_8x8,),
        (_IMG_5x7, True),
        (_IMG_GRAY1, False),
        (_GRAY_2D,),
    ],
    "center_crop": [
        (_IMG_8x8, 4, 4),
        (_IMG_5x7, 5, 5),
        (_IMG_5x7, 8, 8),
        (_GRAY_2D, 3, 7),
    ],
    "letterbox": [
        (_IMG_5x7,),
        (_IMG_BIG, (32, 32)),
        (_IMG_BIG, (40, 40), (0, 0, 0), 8),
        (_IMG_RGBA, (8, 8), (114, 114, 114)),
    ],
    "rgb_to_grayscale": [
        (_IMG_8x8,),
        (_IMG_RGBA, True),
        (_IMG_GRAY1,),
        (_ZEROS, True),
        (_GRAY_2D,),
    ],
    "preprocess_batch": [
        ([_IMG_8x8, _IMG_5x7], 16),
        ([], 8),
        ([_GRAY_2D, _IMG_RGBA], 8, np.array([0.5, 0.5, 0.5]), np.array([0.25, 0.25, 0.25])),
        ([_IMG_BIG],),
    ],
    "denormalize_to_uint8": [
        (_CHW,),
        (np.zeros((3, 2, 2), dtype=np.float32),),
        ([[[0.0, 1.0]], [[0.5, -0.5]], [[2.0, -2.0]]], (0.5, 0.5, 0.5), (0.5, 0.5, 0.5)),
        (np.zeros((4, 2, 2), dtype=np.float32),),
    ],
}
