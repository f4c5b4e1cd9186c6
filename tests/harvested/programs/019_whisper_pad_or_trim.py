# Harvested unchanged from https://github.com/openai/whisper/blob/c0d2f624c09dc18e709e37c2ad90c039a4eb72a2/whisper/audio.py
# function: pad_or_trim
# licence: MIT (the repository's LICENSE at that commit)
# changes: none
# Copyright (c) 2022 OpenAI
import numpy as np
import torch
import torch.nn.functional as F


# hard-coded audio hyperparameters
SAMPLE_RATE = 16000


CHUNK_LENGTH = 30
N_SAMPLES = CHUNK_LENGTH * SAMPLE_RATE  # 480000 samples in a 30-second chunk


def pad_or_trim(array, length: int = N_SAMPLES, *, axis: int = -1):
    """
    Pad or trim the audio array to N_SAMPLES, as expected by the encoder.
    """
    if torch.is_tensor(array):
        if array.shape[axis] > length:
            array = array.index_select(
                dim=axis, index=torch.arange(length, device=array.device)
            )

        if array.shape[axis] < length:
            pad_widths = [(0, 0)] * array.ndim
            pad_widths[axis] = (0, length - array.shape[axis])
            array = F.pad(array, [pad for sizes in pad_widths[::-1] for pad in sizes])
    else:
        if array.shape[axis] > length:
            array = array.take(indices=range(length), axis=axis)

        if array.shape[axis] < length:
            pad_widths = [(0, 0)] * array.ndim
            pad_widths[axis] = (0, length - array.shape[axis])
            array = np.pad(array, pad_widths)

    return array


EXPORT = "pad_or_trim"
CASES = [
    (np.zeros(1000, dtype=np.float32), 1600),
    (torch.randn(80, 3500, generator=torch.Generator().manual_seed(0)), 3000),
    (np.ones((2, 500), dtype=np.float32), 400),
    (torch.arange(10.0), 16),
]
