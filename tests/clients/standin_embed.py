"""A stand-in embedding model with the contract of a compiled embedding library, for testing
the Node client and `muna serve` without the real model: deterministic character-hashing
features, L2-normalised, Matryoshka dimensions. It runs as-is in Python (the oracle) and
compiles with `./muna compile tests/clients/standin_embed.py:embed,count_tokens`. The rows
become a matrix through torch.tensor and leave as .numpy(), as the real model's embed() does
(the compiler has no NumPy array constructor yet, and some constructor is unavoidable: the row
count is the input's).
"""
from typing import Literal

import numpy as np
import torch

FULL = 768
DIMENSIONS = [768, 512, 256, 128]


def features(text: str) -> list[float]:
    """FULL hashed features of `text`: each character adds ±1 to a bucket chosen by its code
    point and position, over a small position-dependent base so no row is ever zero."""
    row = [1.0 / (k + 1) for k in range(FULL)]
    i = 0
    for ch in text:
        c = ord(ch)
        bucket = (c * 7919 + i * 104729) % FULL
        sign = 1.0 if (c + i) % 3 != 0 else -1.0
        row[bucket] = row[bucket] + sign
        i += 1
    return row


def embed(texts: list[str],
          task: Literal["query", "document", "classification", "clustering"] = "document",
          dimensions: int = 768) -> np.ndarray:
    """float32 [len(texts), dimensions]; each row has unit L2 norm. A prefix of the full row,
    re-normalised (Matryoshka), as the real model does; the task changes the features."""
    if dimensions not in DIMENSIONS:
        raise ValueError(f"dimensions must be one of 768, 512, 256, 128, not {dimensions}")
    if len(texts) == 0:
        raise ValueError("texts must not be empty")
    rows = [features(task + ": " + text)[:dimensions] for text in texts]
    x = torch.tensor(rows, dtype=torch.float32)
    return (x / torch.sqrt((x * x).sum(dim=1, keepdim=True))).numpy()


def count_tokens(texts: list[str]) -> list[int]:
    """Tokens per text as the stand-in 'sees' them: whitespace-separated words plus the two
    special tokens a real tokenizer adds (<bos>, <eos>)."""
    return [len(text.split()) + 2 for text in texts]
