# Harvested unchanged from https://github.com/facebookresearch/detr/blob/29901c51d7fe8712168b8d0d64351170bc0f83e0/models/segmentation.py
# function: dice_loss
# licence: Apache-2.0 (the repository's LICENSE at that commit)
# changes: annotations added to the exported signature
# Copyright (c) Facebook, Inc. and its affiliates. All Rights Reserved
# Copyright 2020 - present, Facebook, Inc
import torch


def dice_loss(inputs: torch.Tensor, targets: torch.Tensor, num_boxes: float):
    """
    Compute the DICE loss, similar to generalized IOU for masks
    Args:
        inputs: A float tensor of arbitrary shape.
                The predictions for each example.
        targets: A float tensor with the same shape as inputs. Stores the binary
                 classification label for each element in inputs
                (0 for the negative class and 1 for the positive class).
    """
    inputs = inputs.sigmoid()
    inputs = inputs.flatten(1)
    numerator = 2 * (inputs * targets).sum(1)
    denominator = inputs.sum(-1) + targets.sum(-1)
    loss = 1 - (numerator + 1) / (denominator + 1)
    return loss.sum() / num_boxes


EXPORT = "dice_loss"
_g = torch.Generator().manual_seed(0)
CASES = [
    (torch.randn(4, 64, generator=_g), (torch.rand(4, 64, generator=_g) > 0.5).float(), 4.0),
    (torch.randn(3, 8, 8, generator=_g), (torch.rand(3, 64, generator=_g) > 0.7).float(), 2.5),
    (torch.zeros(1, 16), torch.zeros(1, 16), 1.0),
]
