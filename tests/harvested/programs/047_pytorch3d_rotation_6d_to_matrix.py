# Harvested unchanged from https://github.com/facebookresearch/pytorch3d/blob/9381c4016376345bb795b97c45a6c2de66db354a/pytorch3d/transforms/rotation_conversions.py
# function: rotation_6d_to_matrix
# licence: BSD-3-Clause (the repository's LICENSE at that commit)
# changes: none
# Copyright (c) Meta Platforms, Inc. and affiliates. All rights reserved.
import torch
import torch.nn.functional as F


def rotation_6d_to_matrix(d6: torch.Tensor) -> torch.Tensor:
    """
    Converts 6D rotation representation by Zhou et al. [1] to rotation matrix
    using Gram--Schmidt orthogonalization per Section B of [1].
    Args:
        d6: 6D rotation representation, of size (*, 6)

    Returns:
        batch of rotation matrices of size (*, 3, 3)

    [1] Zhou, Y., Barnes, C., Lu, J., Yang, J., & Li, H.
    On the Continuity of Rotation Representations in Neural Networks.
    IEEE Conference on Computer Vision and Pattern Recognition, 2019.
    Retrieved from http://arxiv.org/abs/1812.07035
    """

    a1, a2 = d6[..., :3], d6[..., 3:]
    b1 = F.normalize(a1, dim=-1)
    b2 = a2 - (b1 * a2).sum(-1, keepdim=True) * b1
    b2 = F.normalize(b2, dim=-1)
    b3 = torch.cross(b1, b2, dim=-1)
    return torch.stack((b1, b2, b3), dim=-2)


EXPORT = "rotation_6d_to_matrix"
_g = torch.Generator().manual_seed(0)
CASES = [
    (torch.randn(4, 6, generator=_g),),
    (torch.tensor([1.0, 0.0, 0.0, 0.0, 1.0, 0.0]),),
    (torch.randn(2, 3, 6, generator=_g),),
]
