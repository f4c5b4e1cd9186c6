# Harvested unchanged from https://github.com/karpathy/llama2.c/blob/350e04fe35433e6d2941dce5a1f53308f87058eb/model.py
# function: precompute_freqs_cis
# licence: MIT (the repository's LICENSE at that commit)
# changes: none
# Copyright (c) 2023 Andrej
import torch


def precompute_freqs_cis(dim: int, end: int, theta: float = 10000.0):
    freqs = 1.0 / (theta ** (torch.arange(0, dim, 2)[: (dim // 2)].float() / dim))
    t = torch.arange(end, device=freqs.device)  # type: ignore
    freqs = torch.outer(t, freqs).float()  # type: ignore
    freqs_cos = torch.cos(freqs)  # real part
    freqs_sin = torch.sin(freqs)  # imaginary part
    return freqs_cos, freqs_sin


EXPORT = "precompute_freqs_cis"
CASES = [
    (16, 8),
    (64, 32, 500000.0),
    (128, 4),
]
