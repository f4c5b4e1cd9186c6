# Harvested unchanged from https://github.com/huggingface/diffusers/blob/58eb52c0803ea9af3abec60841c2a093bdf1f951/src/diffusers/schedulers/scheduling_vq_diffusion.py
# function: alpha_schedules
# licence: Apache-2.0 (the repository's LICENSE at that commit)
# changes: none
# Copyright 2025 Microsoft and The HuggingFace Team. All rights reserved.
import numpy as np


def alpha_schedules(
    num_diffusion_timesteps: int, alpha_cum_start: float = 0.99999, alpha_cum_end: float = 0.000009
) -> tuple[np.ndarray, np.ndarray]:
    """
    Create cumulative and non-cumulative alpha schedules for the diffusion process.

    The schedules follow the formulation in section 4.1 of the VQ-Diffusion paper.

    Args:
        num_diffusion_timesteps (`int`):
            The number of diffusion timesteps.
        alpha_cum_start (`float`, defaults to `0.99999`):
            The starting cumulative alpha value.
        alpha_cum_end (`float`, defaults to `0.000009`):
            The ending cumulative alpha value.

    Returns:
        `tuple[np.ndarray, np.ndarray]`:
            A tuple containing the non-cumulative and cumulative alpha schedules, respectively.
    """
    att = (
        np.arange(0, num_diffusion_timesteps) / (num_diffusion_timesteps - 1) * (alpha_cum_end - alpha_cum_start)
        + alpha_cum_start
    )
    att = np.concatenate(([1], att))
    at = att[1:] / att[:-1]
    att = np.concatenate((att[1:], [1]))
    return at, att


EXPORT = "alpha_schedules"
CASES = [
    (100,),
    (10, 0.9999, 0.00001),
    (1000,),
]
