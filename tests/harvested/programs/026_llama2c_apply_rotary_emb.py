# Harvested unchanged from https://github.com/karpathy/llama2.c/blob/350e04fe35433e6d2941dce5a1f53308f87058eb/model.py
# function: apply_rotary_emb
# licence: MIT (the repository's LICENSE at that commit)
# changes: none
# Copyright (c) 2023 Andrej
from typing import Any, Optional, Tuple
import torch


def reshape_for_broadcast(freqs_cis: torch.Tensor, x: torch.Tensor):
    ndim = x.ndim
    assert 0 <= 1 < ndim
    assert freqs_cis.shape == (x.shape[1], x.shape[-1])
    shape = [d if i == 1 or i == ndim - 1 else 1 for i, d in enumerate(x.shape)]
    return freqs_cis.view(shape)

def apply_rotary_emb(
    xq: torch.Tensor,
    xk: torch.Tensor,
    freqs_cos: torch.Tensor,
    freqs_sin: torch.Tensor
) -> Tuple[torch.Tensor, torch.Tensor]:

    # reshape xq and xk to match the complex representation
    xq_r, xq_i = xq.float().reshape(xq.shape[:-1] + (-1, 2)).unbind(-1)
    xk_r, xk_i = xk.float().reshape(xk.shape[:-1] + (-1, 2)).unbind(-1)

    # reshape freqs_cos and freqs_sin for broadcasting
    freqs_cos = reshape_for_broadcast(freqs_cos, xq_r)
    freqs_sin = reshape_for_broadcast(freqs_sin, xq_r)

    # apply rotation using real numbers
    xq_out_r = xq_r * freqs_cos - xq_i * freqs_sin
    xq_out_i = xq_r * freqs_sin + xq_i * freqs_cos
    xk_out_r = xk_r * freqs_cos - xk_i * freqs_sin
    xk_out_i = xk_r * freqs_sin + xk_i * freqs_cos

    # flatten last two dimensions
    xq_out = torch.stack([xq_out_r, xq_out_i], dim=-1).flatten(3)
    xk_out = torch.stack([xk_out_r, xk_out_i], dim=-1).flatten(3)

    return xq_out.type_as(xq), xk_out.type_as(xk)


EXPORT = "apply_rotary_emb"
_g = torch.Generator().manual_seed(0)
_freqs = torch.outer(torch.arange(8).float(), 1.0 / (10000.0 ** (torch.arange(0, 16, 2).float() / 16)))
CASES = [
    (torch.randn(1, 8, 4, 16, generator=_g), torch.randn(1, 8, 4, 16, generator=_g), torch.cos(_freqs), torch.sin(_freqs)),
    (torch.randn(2, 8, 2, 16, generator=_g), torch.randn(2, 8, 1, 16, generator=_g), torch.cos(_freqs), torch.sin(_freqs)),
    (torch.randn(1, 3, 2, 16, generator=_g), torch.randn(1, 3, 2, 16, generator=_g), torch.cos(_freqs[:3]), torch.sin(_freqs[:3])),
]
