# Harvested unchanged from https://github.com/lucidrains/x-transformers/blob/9252ed7838021ee61e6c5be0930b3a9a88efdf06/x_transformers/autoregressive_wrapper.py
# function: top_k
# licence: MIT (the repository's LICENSE at that commit)
# changes: annotations added to the exported signature
# Copyright (c) 2020 Phil Wang
from math import ceil, log
import torch


def exists(val):
    return val is not None

def default(val, d):
    return val if exists(val) else d


def top_k(logits: torch.Tensor, frac_num_tokens: float = 0.1, k = None):
    num_tokens = logits.shape[-1]

    k = default(k, ceil(frac_num_tokens * num_tokens))
    k = min(k, num_tokens)

    val, ind = torch.topk(logits, k)
    probs = torch.full_like(logits, float('-inf'))
    probs.scatter_(1, ind, val)
    return probs


EXPORT = "top_k"
_g = torch.Generator().manual_seed(1)
CASES = [
    (torch.randn(2, 50, generator=_g),),
    (torch.randn(1, 20, generator=_g), 0.1, 5),
    (torch.randn(3, 10, generator=_g), 0.5),
]
