# Harvested unchanged from https://github.com/JaidedAI/EasyOCR/blob/c4f3cd7225efd4f85451bd8b4a7646ae9a092420/easyocr/imgproc.py
# function: normalizeMeanVariance
# licence: Apache-2.0 (the repository's LICENSE at that commit)
# changes: annotations added to the exported signature
# Copyright (c) 2019-present NAVER Corp.
# MIT License
import numpy as np


def normalizeMeanVariance(in_img: np.ndarray, mean: tuple[float, float, float] = (0.485, 0.456, 0.406), variance: tuple[float, float, float] = (0.229, 0.224, 0.225)):
    # should be RGB order
    img = in_img.copy().astype(np.float32)

    img -= np.array([mean[0] * 255.0, mean[1] * 255.0, mean[2] * 255.0], dtype=np.float32)
    img /= np.array([variance[0] * 255.0, variance[1] * 255.0, variance[2] * 255.0], dtype=np.float32)
    return img


EXPORT = "normalizeMeanVariance"
_rng = np.random.default_rng(0)
CASES = [
    (_rng.integers(0, 256, (8, 10, 3), dtype=np.uint8),),
    (_rng.random((6, 6, 3), dtype=np.float32) * 255.0,),
    (_rng.integers(0, 256, (4, 5, 3), dtype=np.uint8), (0.5, 0.5, 0.5), (0.5, 0.5, 0.5)),
]
