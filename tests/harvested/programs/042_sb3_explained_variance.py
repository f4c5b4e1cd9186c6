# Harvested unchanged from https://github.com/DLR-RM/stable-baselines3/blob/e05d2dbe6eda0acd0ef2e316e3e4065677add3eb/stable_baselines3/common/utils.py
# function: explained_variance
# licence: MIT (the repository's LICENSE at that commit)
# changes: none
# Copyright (c) 2019 Antonin Raffin
import numpy as np


# From stable baselines
def explained_variance(y_pred: np.ndarray, y_true: np.ndarray) -> float:
    """
    Computes fraction of variance that ypred explains about y.
    Returns 1 - Var[y-ypred] / Var[y]

    interpretation:
        ev=0  =>  might as well have predicted zero
        ev=1  =>  perfect prediction
        ev<0  =>  worse than just predicting zero

    :param y_pred: the prediction
    :param y_true: the expected value
    :return: explained variance of ypred and y
    """
    assert y_true.ndim == 1 and y_pred.ndim == 1
    var_y = np.var(y_true)
    return np.nan if var_y == 0 else float(1 - np.var(y_true - y_pred) / var_y)


EXPORT = "explained_variance"
_rng = np.random.default_rng(5)
_returns = _rng.normal(size=64).astype(np.float32)
CASES = [
    (_returns + _rng.normal(scale=0.3, size=64).astype(np.float32), _returns),
    (np.zeros(16, dtype=np.float32), _returns[:16]),
    (_returns[:8], np.full(8, 2.0, dtype=np.float32)),
]
