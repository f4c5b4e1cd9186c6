# Harvested unchanged from https://github.com/facebookresearch/segment-anything/blob/dca509fe793f601edb92606367a655c15ac00fdf/segment_anything/modeling/image_encoder.py
# function: window_partition
# licence: Apache-2.0 (the repository's LICENSE at that commit)
# changes: none
# Copyright (c) Meta Platforms, Inc. and affiliates.
import torch
import torch.nn.functional as F
from typing import Optional, Tuple, Type


def window_partition(x: torch.Tensor, window_size: int) -> Tuple[torch.Tensor, Tuple[int, int]]:
    """
    Partition into non-overlapping windows with padding if needed.
    Args:
        x (tensor): input tokens with [B, H, W, C].
        window_size (int): window size.

    Returns:
        windows: windows after partition with [B * num_windows, window_size, window_size, C].
        (Hp, Wp): padded height and width before partition
    """
    B, H, W, C = x.shape

    pad_h = (window_size - H % window_size) % window_size
    pad_w = (window_size - W % window_size) % window_size
    if pad_h > 0 or pad_w > 0:
        x = F.pad(x, (0, 0, 0, pad_w, 0, pad_h))
    Hp, Wp = H + pad_h, W + pad_w

    x = x.view(B, Hp // window_size, window_size, Wp // window_size, window_size, C)
    windows = x.permute(0, 1, 3, 2, 4, 5).contiguous().view(-1, window_size, window_size, C)
    return windows, (Hp, Wp)


EXPORT = "window_partition"
_g = torch.Generator().manual_seed(0)
CASES = [
    (torch.randn(1, 14, 14, 8, generator=_g), 7),
    (torch.randn(2, 10, 12, 4, generator=_g), 7),
    (torch.randn(1, 4, 4, 16, generator=_g), 4),
]
