# Harvested unchanged from https://github.com/facebookresearch/detr/blob/29901c51d7fe8712168b8d0d64351170bc0f83e0/util/box_ops.py
# function: masks_to_boxes
# licence: Apache-2.0 (the repository's LICENSE at that commit)
# changes: annotations added to the exported signature
# Copyright (c) Facebook, Inc. and its affiliates. All Rights Reserved
# Copyright 2020 - present, Facebook, Inc
import torch


def masks_to_boxes(masks: torch.Tensor):
    """Compute the bounding boxes around the provided masks

    The masks should be in format [N, H, W] where N is the number of masks, (H, W) are the spatial dimensions.

    Returns a [N, 4] tensors, with the boxes in xyxy format
    """
    if masks.numel() == 0:
        return torch.zeros((0, 4), device=masks.device)

    h, w = masks.shape[-2:]

    y = torch.arange(0, h, dtype=torch.float)
    x = torch.arange(0, w, dtype=torch.float)
    y, x = torch.meshgrid(y, x)

    x_mask = (masks * x.unsqueeze(0))
    x_max = x_mask.flatten(1).max(-1)[0]
    x_min = x_mask.masked_fill(~(masks.bool()), 1e8).flatten(1).min(-1)[0]

    y_mask = (masks * y.unsqueeze(0))
    y_max = y_mask.flatten(1).max(-1)[0]
    y_min = y_mask.masked_fill(~(masks.bool()), 1e8).flatten(1).min(-1)[0]

    return torch.stack([x_min, y_min, x_max, y_max], 1)


EXPORT = "masks_to_boxes"
_m = torch.zeros(3, 12, 16, dtype=torch.bool)
_m[0, 2:6, 3:9] = True
_m[1, 0:12, 10:16] = True
_m[2, 7, 7] = True
CASES = [
    (_m,),
    (_m[:2].float(),),
    (torch.zeros(0, 8, 8),),
]
