# Harvested unchanged from https://github.com/erikbern/ann-benchmarks/blob/f402b2cc17b980d7cd45241ab5a7a4cc0f965e55/ann_benchmarks/plotting/metrics.py
# function: get_recall_values
# licence: MIT (the repository's LICENSE at that commit)
# changes: annotations added to the exported signature
# Copyright (c) 2018 Erik Bernhardsson
import numpy as np


def knn_threshold(data, count, epsilon):
    return data[count - 1] + epsilon


def epsilon_threshold(data, count, epsilon):
    return data[count - 1] * (1 + epsilon)


def get_recall_values(dataset_distances: np.ndarray, run_distances: np.ndarray, count: int, threshold, epsilon: float = 1e-3):
    recalls = np.zeros(len(run_distances))
    for i in range(len(run_distances)):
        t = threshold(dataset_distances[i], count, epsilon)
        actual = 0
        for d in run_distances[i][:count]:
            if d <= t:
                actual += 1
        recalls[i] = actual
    return (np.mean(recalls) / float(count), np.std(recalls) / float(count), recalls)


EXPORT = "get_recall_values"
_rng = np.random.default_rng(0)
_true = np.sort(_rng.uniform(0.1, 2.0, (5, 100)), axis=1).astype(np.float32)
_run = np.sort(_true[:, :15] + _rng.choice([0.0, 0.0, 0.3], (5, 15)), axis=1)[:, :10].astype(np.float32)
CASES = [
    (_true, _run, 10, knn_threshold),
    (_true, _run, 10, epsilon_threshold, 0.01),
    (_true[:2], _true[:2, :5], 5, knn_threshold),
]
