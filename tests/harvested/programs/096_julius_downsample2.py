# Harvested unchanged from https://github.com/adefossez/julius/blob/126d7eea519875e43c4bd61435b9185ace5df24c/julius/resample.py
# function: _downsample2
# licence: MIT (the repository's LICENSE at that commit)
# changes: annotations added to the exported signature; the helper sinc, which this file imports from julius/core.py, is copied unchanged from that file instead of imported
# Copyright 2020 Alexandre Défossez
import math

import torch
from torch.nn import functional as F


def sinc(x: torch.Tensor):
    """
    Implementation of sinc, i.e. sin(x) / x

    __Warning__: the input is not multiplied by `pi`!
    """
    return torch.where(x == 0, torch.tensor(1., device=x.device, dtype=x.dtype), torch.sin(x) / x)


def _kernel_upsample2_downsample2(zeros):
    # Kernel for upsampling and downsampling by a factor of 2. Interestingly,
    # it is the same kernel used for both.
    win = torch.hann_window(4 * zeros + 1, periodic=False)
    winodd = win[1::2]
    t = torch.linspace(-zeros + 0.5, zeros - 0.5, 2 * zeros)
    t *= math.pi
    kernel = (sinc(t) * winodd).view(1, 1, -1)
    return kernel


def _downsample2(x: torch.Tensor, zeros: int = 24):
    """
    Downsample x by a factor of two. The output length is half of the input, ceiled.
    Args:
        x (Tensor): signal to downsample, time should be the last dimension
        zeros (int): number of zero crossing to keep in the sinc filter.

    This function is kept only for reference, you should use the more generic `resample_frac`
    one. This function does not perform anti-aliasing filtering.
    """
    if x.shape[-1] % 2 != 0:
        x = F.pad(x, (0, 1))
    xeven = x[..., ::2]
    xodd = x[..., 1::2]
    *other, time = xodd.shape
    kernel = _kernel_upsample2_downsample2(zeros).to(x)
    out = xeven + F.conv1d(xodd.view(-1, 1, time), kernel, padding=zeros)[..., :-1].view(
        *other, time)
    return out.view(*other, -1).mul(0.5)


EXPORT = "_downsample2"
_g = torch.Generator().manual_seed(0)
CASES = [
    (torch.randn(2, 101, generator=_g),),
    (torch.sin(torch.arange(256.0) * 0.05).view(1, 1, 256), 24),
    (torch.randn(64, generator=_g), 8),
]
