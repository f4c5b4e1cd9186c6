# Harvested unchanged from https://github.com/zju3dv/LoFTR/blob/df7ca80f917334b94cfbe32cc2901e09a80e70a8/src/utils/dataset.py
# function: pad_bottom_right
# licence: Apache-2.0 (the repository's LICENSE at that commit)
# changes: annotations added to the exported signature
import numpy as np


def pad_bottom_right(inp: np.ndarray, pad_size: int, ret_mask: bool = False):
    assert isinstance(pad_size, int) and pad_size >= max(inp.shape[-2:]), f"{pad_size} < {max(inp.shape[-2:])}"
    mask = None
    if inp.ndim == 2:
        padded = np.zeros((pad_size, pad_size), dtype=inp.dtype)
        padded[:inp.shape[0], :inp.shape[1]] = inp
        if ret_mask:
            mask = np.zeros((pad_size, pad_size), dtype=bool)
            mask[:inp.shape[0], :inp.shape[1]] = True
    elif inp.ndim == 3:
        padded = np.zeros((inp.shape[0], pad_size, pad_size), dtype=inp.dtype)
        padded[:, :inp.shape[1], :inp.shape[2]] = inp
        if ret_mask:
            mask = np.zeros((inp.shape[0], pad_size, pad_size), dtype=bool)
            mask[:, :inp.shape[1], :inp.shape[2]] = True
    else:
        raise NotImplementedError()
    return padded, mask


EXPORT = "pad_bottom_right"
_rng = np.random.default_rng(0)
CASES = [
    (_rng.random((60, 80), dtype=np.float32), 96),
    (_rng.random((1, 40, 30), dtype=np.float32), 40, True),
    (_rng.integers(0, 256, (3, 20, 25), dtype=np.uint8), 32, True),
]
