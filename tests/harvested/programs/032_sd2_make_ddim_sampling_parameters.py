# Harvested unchanged from https://github.com/Stability-AI/stablediffusion/blob/cf1d67a6fd5ea1aa600c4df58e5b47da45f6bdbf/ldm/modules/diffusionmodules/util.py
# function: make_ddim_sampling_parameters
# licence: MIT (the repository's LICENSE at that commit)
# changes: annotations added to the exported signature
# Copyright (c) 2022 Stability AI
import numpy as np
import torch


def make_ddim_sampling_parameters(alphacums: torch.Tensor, ddim_timesteps: np.ndarray, eta: float, verbose: bool = True):
    # select alphas for computing the variance schedule
    alphas = alphacums[ddim_timesteps]
    alphas_prev = np.asarray([alphacums[0]] + alphacums[ddim_timesteps[:-1]].tolist())

    # according the the formula provided in https://arxiv.org/abs/2010.02502
    sigmas = eta * np.sqrt((1 - alphas_prev) / (1 - alphas) * (1 - alphas / alphas_prev))
    if verbose:
        print(f'Selected alphas for ddim sampler: a_t: {alphas}; a_(t-1): {alphas_prev}')
        print(f'For the chosen value of eta, which is {eta}, '
              f'this results in the following sigma_t schedule for ddim sampler {sigmas}')
    return sigmas, alphas, alphas_prev


EXPORT = "make_ddim_sampling_parameters"
_alphacums = torch.cumprod(1.0 - torch.linspace(0.00085 ** 0.5, 0.012 ** 0.5, 1000, dtype=torch.float64) ** 2, dim=0)
CASES = [
    (_alphacums, np.asarray(list(range(0, 1000, 20))) + 1, 0.0, False),
    (_alphacums, np.asarray(list(range(0, 1000, 100))) + 1, 1.0),
    (_alphacums[:100], np.asarray([1, 26, 51, 76]), 0.5, False),
]
