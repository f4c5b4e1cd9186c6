# Harvested unchanged from https://github.com/JaidedAI/EasyOCR/blob/c4f3cd7225efd4f85451bd8b4a7646ae9a092420/easyocr/recognition.py
# function: adjust_contrast_grey
# licence: Apache-2.0 (the repository's LICENSE at that commit)
# changes: annotations added to the exported signature
import numpy as np


def contrast_grey(img):
    high = np.percentile(img, 90)
    low  = np.percentile(img, 10)
    return (high-low)/np.maximum(10, high+low), high, low

def adjust_contrast_grey(img: np.ndarray, target: float = 0.4):
    contrast, high, low = contrast_grey(img)
    if contrast < target:
        img = img.astype(int)
        ratio = 200./np.maximum(10, high-low)
        img = (img - low + 25)*ratio
        img = np.maximum(np.full(img.shape, 0) ,np.minimum(np.full(img.shape, 255), img)).astype(np.uint8)
    return img


EXPORT = "adjust_contrast_grey"
_rng = np.random.default_rng(1)
CASES = [
    (_rng.integers(100, 121, (16, 32), dtype=np.uint8),),
    (_rng.integers(0, 256, (16, 32), dtype=np.uint8),),
    (_rng.integers(60, 200, (8, 24), dtype=np.uint8), 0.9),
]
