# Harvested unchanged from https://github.com/lucidrains/x-transformers/blob/9252ed7838021ee61e6c5be0930b3a9a88efdf06/x_transformers/autoregressive_wrapper.py
# function: top_p
# licence: MIT (the repository's LICENSE at that commit)
# changes: annotations added to the exported signature
# Copyright (c) 2020 Phil Wang
import torch
import torch.nn.functional as F


def top_p(logits: torch.Tensor, thres: float = 0.9):
    sorted_logits, sorted_indices = torch.sort(logits, descending = True)
    cum_probs = torch.cumsum(F.softmax(sorted_logits, dim = -1), dim = -1)

    sorted_indices_to_remove = cum_probs > thres
    sorted_indices_to_remove = F.pad(sorted_indices_to_remove, (1, -1), value = False)

    sorted_logits[sorted_indices_to_remove] = float('-inf')
    return sorted_logits.scatter(1, sorted_indices, sorted_logits)


EXPORT = "top_p"
_g = torch.Generator().manual_seed(0)
CASES = [
    (torch.randn(2, 50, generator=_g),),
    (torch.randn(1, 20, generator=_g) * 3.0, 0.5),
    (torch.randn(4, 8, generator=_g), 0.99),
]
