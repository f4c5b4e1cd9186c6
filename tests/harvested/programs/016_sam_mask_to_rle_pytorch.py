# Harvested unchanged from https://github.com/facebookresearch/segment-anything/blob/dca509fe793f601edb92606367a655c15ac00fdf/segment_anything/utils/amg.py
# function: mask_to_rle_pytorch
# licence: Apache-2.0 (the repository's LICENSE at that commit)
# changes: none
# Copyright (c) Meta Platforms, Inc. and affiliates.
import torch
from typing import Any, Dict, Generator, ItemsView, List, Tuple


def mask_to_rle_pytorch(tensor: torch.Tensor) -> List[Dict[str, Any]]:
    """
    Encodes masks to an uncompressed RLE, in the format expected by
    pycoco tools.
    """
    # Put in fortran order and flatten h,w
    b, h, w = tensor.shape
    tensor = tensor.permute(0, 2, 1).flatten(1)

    # Compute change indices
    diff = tensor[:, 1:] ^ tensor[:, :-1]
    change_indices = diff.nonzero()

    # Encode run length
    out = []
    for i in range(b):
        cur_idxs = change_indices[change_indices[:, 0] == i, 1]
        cur_idxs = torch.cat(
            [
                torch.tensor([0], dtype=cur_idxs.dtype, device=cur_idxs.device),
                cur_idxs + 1,
                torch.tensor([h * w], dtype=cur_idxs.dtype, device=cur_idxs.device),
            ]
        )
        btw_idxs = cur_idxs[1:] - cur_idxs[:-1]
        counts = [] if tensor[i, 0] == 0 else [0]
        counts.extend(btw_idxs.detach().cpu().tolist())
        out.append({"size": [h, w], "counts": counts})
    return out


EXPORT = "mask_to_rle_pytorch"
_masks = torch.zeros(2, 8, 10, dtype=torch.bool)
_masks[0, 2:5, 1:6] = True
_masks[1, 0, 0] = True
_masks[1, 4:8, 7:10] = True
CASES = [
    (_masks,),
    (torch.ones(1, 4, 4, dtype=torch.bool),),
    (torch.rand(3, 6, 6, generator=torch.Generator().manual_seed(0)) > 0.5,),
]
