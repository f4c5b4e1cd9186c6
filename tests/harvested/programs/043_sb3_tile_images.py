# Harvested unchanged from https://github.com/DLR-RM/stable-baselines3/blob/e05d2dbe6eda0acd0ef2e316e3e4065677add3eb/stable_baselines3/common/vec_env/base_vec_env.py
# function: tile_images
# licence: MIT (the repository's LICENSE at that commit)
# changes: none
# Copyright (c) 2019 Antonin Raffin
from collections.abc import Iterable, Sequence
import numpy as np


def tile_images(images_nhwc: Sequence[np.ndarray]) -> np.ndarray:  # pragma: no cover
    """
    Tile N images into one big PxQ image
    (P,Q) are chosen to be as close as possible, and if N
    is square, then P=Q.

    :param images_nhwc: list or array of images, ndim=4 once turned into array.
        n = batch index, h = height, w = width, c = channel
    :return: img_HWc, ndim=3
    """
    img_nhwc = np.asarray(images_nhwc)
    n_images, height, width, n_channels = img_nhwc.shape
    # new_height was named H before
    new_height = int(np.ceil(np.sqrt(n_images)))
    # new_width was named W before
    new_width = int(np.ceil(float(n_images) / new_height))
    img_nhwc = np.array(list(img_nhwc) + [img_nhwc[0] * 0 for _ in range(n_images, new_height * new_width)])
    # img_HWhwc
    out_image = img_nhwc.reshape((new_height, new_width, height, width, n_channels))
    # img_HhWwc
    out_image = out_image.transpose(0, 2, 1, 3, 4)
    # img_Hh_Ww_c
    out_image = out_image.reshape((new_height * height, new_width * width, n_channels))  # type: ignore[assignment]
    return out_image


EXPORT = "tile_images"
_rng = np.random.default_rng(6)
CASES = [
    (_rng.integers(0, 256, (5, 8, 8, 3), dtype=np.uint8),),
    ([_rng.random((6, 6, 1)).astype(np.float32) for _ in range(4)],),
    (np.zeros((1, 4, 4, 3), dtype=np.uint8),),
]
