# Harvested unchanged from https://github.com/Megvii-BaseDetection/YOLOX/blob/6ddff4824372906469a7fae2dc3206c7aa4bbaee/yolox/utils/demo_utils.py
# function: demo_postprocess
# licence: Apache-2.0 (the repository's LICENSE at that commit)
# changes: annotations added to the exported signature
# Copyright (c) Megvii Inc. All rights reserved.
# Copyright (c) 2021-2022 Megvii Inc. All rights reserved.
import numpy as np


def demo_postprocess(outputs: np.ndarray, img_size: tuple[int, int], p6: bool = False):
    grids = []
    expanded_strides = []
    strides = [8, 16, 32] if not p6 else [8, 16, 32, 64]

    hsizes = [img_size[0] // stride for stride in strides]
    wsizes = [img_size[1] // stride for stride in strides]

    for hsize, wsize, stride in zip(hsizes, wsizes, strides):
        xv, yv = np.meshgrid(np.arange(wsize), np.arange(hsize))
        grid = np.stack((xv, yv), 2).reshape(1, -1, 2)
        grids.append(grid)
        shape = grid.shape[:2]
        expanded_strides.append(np.full((*shape, 1), stride))

    grids = np.concatenate(grids, 1)
    expanded_strides = np.concatenate(expanded_strides, 1)
    outputs[..., :2] = (outputs[..., :2] + grids) * expanded_strides
    outputs[..., 2:4] = np.exp(outputs[..., 2:4]) * expanded_strides

    return outputs


EXPORT = "demo_postprocess"
_rng = np.random.default_rng(1)
CASES = [
    (_rng.standard_normal((1, 84, 6)).astype(np.float32), (64, 64)),
    (_rng.standard_normal((1, 126, 7)).astype(np.float32), (64, 96)),
    (_rng.standard_normal((1, 85, 6)).astype(np.float32), (64, 64), True),
]
