"""Parameters without annotations, as published code leaves them: numeric options with
defaults that callers pass as ints or floats (`tau=1`, `top_k=0.`), `None` defaults filled in
the body (`highfreq=None`), a tuple default, and arrays or numbers taken alike (`def
sigmoid(x)`)."""
import math

import numpy as np


def sigmoid(x):
    return 1.0 / (1.0 + np.exp(-x))


def mel_points(n_filters, sample_rate=16000, low_hz=0, high_hz=None):
    high_hz = high_hz or sample_rate / 2
    assert high_hz <= sample_rate / 2, "high_hz is greater than the Nyquist frequency"
    low_mel = 2595 * math.log10(1 + low_hz / 700.0)
    high_mel = 2595 * math.log10(1 + high_hz / 700.0)
    mels = np.linspace(low_mel, high_mel, n_filters + 2)
    return 700 * (10 ** (mels / 2595.0) - 1)


def clamp_top_k(scores: np.ndarray, top_k=0., floor=None):
    top_k = min(top_k, scores.shape[-1])
    out = scores.copy()
    if top_k > 0:
        kth = np.sort(scores)[-top_k]
        out[out < kth] = -np.inf
    if floor is not None:
        out = np.maximum(out, floor)
    return out


def schedule(steps, start=-3, end=3, tau=1):
    t = np.linspace(0, 1, steps)
    v_start = 1 / (1 + math.exp(-start / tau))
    v_end = 1 / (1 + math.exp(-end / tau))
    return (v_end - 1 / (1 + np.exp(-((t * (end - start) + start) / tau)))) / (v_end - v_start)


def shifted_box(box: list[float], offset=(0, 0), scale=1):
    x0, y0 = offset
    return [(box[0] + x0) * scale, (box[1] + y0) * scale, (box[2] + x0) * scale, (box[3] + y0) * scale]


def edit_distance(a, b):
    """Two parameters without annotations, called with two strs or two lists of words: the
    bodies giving both one kind are compiled first."""
    n, m = len(a), len(b)
    current = list(range(n + 1))
    for i in range(1, m + 1):
        previous, current = current, [i] + [0] * n
        for j in range(1, n + 1):
            change = previous[j - 1] + (a[j - 1] != b[i - 1])
            current[j] = min(previous[j] + 1, current[j - 1] + 1, change)
    return current[n]


def scale_scores(img, scores: list[float], factor: float):
    """A parameter the body never reads (kept for the callers' sake): any value, None too."""
    return [s * factor for s in scores]


CASES = {
    "edit_distance": [("kitten", "sitting"), ("the cat sat".split(), "a cat sat down".split()), ("", "ab"),
                      ([], [])],
    "sigmoid": [(0.5,), (2,), (np.array([-1.0, 0.0, 3.0]),), (np.array([1, 2], dtype=np.int32),)],
    "mel_points": [(4,), (3, 22050, 20, 8000), (2, 8000, 0.0, 3000.5), (2, 8000, 0, 5000)],
    "clamp_top_k": [(np.array([0.1, 0.9, 0.4, 0.7]),), (np.array([0.1, 0.9, 0.4, 0.7]), 2),
                    (np.array([0.1, 0.9, 0.4, 0.7]), 2, 0.3), (np.array([0.5, 0.2]), 5, 0)],
    "schedule": [(4,), (5, -2, 2.5, 0.7), (3, 0, 3, 1.1)],
    "shifted_box": [([1.0, 2.0, 3.0, 4.0],), ([1.0, 2.0, 3.0, 4.0], (1, -1), 2), ([0.0] * 4, (0.5, 0.5), 1.5)],
    "scale_scores": [(None, [0.5, 2.0], 3.0), ("image.png", [], 1.0), ([1, 2], [1.5], -1.0)],
}
