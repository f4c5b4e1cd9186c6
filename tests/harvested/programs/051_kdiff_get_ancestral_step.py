# Harvested unchanged from https://github.com/crowsonkb/k-diffusion/blob/4601bf085320592473f681a62808ed873d17fad5/k_diffusion/sampling.py
# function: get_ancestral_step
# licence: MIT (the repository's LICENSE at that commit)
# changes: annotations added to the exported signature
# Copyright (c) 2022 Katherine Crowson
import torch


def get_ancestral_step(sigma_from, sigma_to, eta: float = 1.):
    """Calculates the noise level (sigma_down) to step down to and the amount
    of noise to add (sigma_up) when doing an ancestral sampling step."""
    if not eta:
        return sigma_to, 0.
    sigma_up = min(sigma_to, eta * (sigma_to ** 2 * (sigma_from ** 2 - sigma_to ** 2) / sigma_from ** 2) ** 0.5)
    sigma_down = (sigma_to ** 2 - sigma_up ** 2) ** 0.5
    return sigma_down, sigma_up


EXPORT = "get_ancestral_step"
CASES = [
    (torch.tensor(14.6146), torch.tensor(10.2)),
    (2.5, 1.0, 0.5),
    (1.0, 0.5, 0.),
]
