# Harvested unchanged from https://github.com/openai/baselines/blob/ea25b9e8b234e6ee1bca43083f8f3cf974143998/baselines/common/math_util.py
# function: discount_with_boundaries
# licence: MIT (the repository's LICENSE at that commit)
# changes: annotations added to the exported signature
# Copyright (c) 2017 OpenAI (http://openai.com)
import numpy as np


def discount_with_boundaries(X: np.ndarray, New: np.ndarray, gamma: float):
    """
    X: 2d array of floats, time x features
    New: 2d array of bools, indicating when a new episode has started
    """
    Y = np.zeros_like(X)
    T = X.shape[0]
    Y[T-1] = X[T-1]
    for t in range(T-2, -1, -1):
        Y[t] = X[t] + gamma * Y[t+1] * (1 - New[t+1])
    return Y


EXPORT = "discount_with_boundaries"
CASES = [
    (np.array([1.0, 0.0, 0.0, 1.0, 0.0, 2.0, 0.0, 1.0]), np.array([0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 1.0, 0.0]), 0.99),
    (np.arange(12, dtype=np.float32).reshape(6, 2), np.array([[0, 0], [0, 1], [0, 0], [1, 0], [0, 0], [0, 1]], dtype=np.float32), 0.9),
    (np.array([0.5, 0.5, 0.5]), np.array([0.0, 0.0, 0.0]), 0.5),
]
