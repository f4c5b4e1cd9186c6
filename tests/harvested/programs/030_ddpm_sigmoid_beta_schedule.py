# Harvested unchanged from https://github.com/lucidrains/denoising-diffusion-pytorch/blob/faed4db28e724735323fa91c70aa9b28a6e1cbac/denoising_diffusion_pytorch/denoising_diffusion_pytorch.py
# function: sigmoid_beta_schedule
# licence: MIT (the repository's LICENSE at that commit)
# changes: annotations added to the exported signature
# Copyright (c) 2020 Phil Wang
import torch


def sigmoid_beta_schedule(timesteps: int, start: float = -3, end: float = 3, tau: float = 1, clamp_min: float = 1e-5):
    """
    sigmoid schedule
    proposed in https://arxiv.org/abs/2212.11972 - Figure 8
    better for images > 64x64, when used during training
    """
    steps = timesteps + 1
    t = torch.linspace(0, timesteps, steps, dtype = torch.float64) / timesteps
    v_start = torch.tensor(start / tau).sigmoid()
    v_end = torch.tensor(end / tau).sigmoid()
    alphas_cumprod = (-((t * (end - start) + start) / tau).sigmoid() + v_end) / (v_end - v_start)
    alphas_cumprod = alphas_cumprod / alphas_cumprod[0]
    betas = 1 - (alphas_cumprod[1:] / alphas_cumprod[:-1])
    return torch.clip(betas, 0, 0.999)


EXPORT = "sigmoid_beta_schedule"
CASES = [
    (1000,),
    (100, -3, 3, 1.1),
    (50, 0, 3, 0.7, 1e-5),
]
