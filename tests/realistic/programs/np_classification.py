"""Classification post-processing: softmax, top-k with labels, temperature scaling, ensembling."""
from typing import Dict, List, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

IMAGENET_LIKE_LABELS = [
    "tench", "goldfish", "great white shark", "tiger shark", "hammerhead",
    "electric ray", "stingray", "cock", "hen", "ostrich",
]

SENTIMENT_LABELS = ("negative", "neutral", "positive")


def softmax(logits: np.ndarray, axis: int = -1) -> np.ndarray:
    """Numerically stable softmax."""
    shifted = logits - np.max(logits, axis=axis, keepdims=True)
    exp = np.exp(shifted)
    return exp / np.sum(exp, axis=axis, keepdims=True)


def sigmoid(x: np.ndarray) -> np.ndarray:
    """Sigmoid that does not overflow for large negative inputs."""
    out = np.empty_like(x, dtype=np.float64)
    pos = x >= 0
    out[pos] = 1.0 / (1.0 + np.exp(-x[pos]))
    ex = np.exp(x[~pos])
    out[~pos] = ex / (1.0 + ex)
    return out


def top_k_predictions(
    logits: np.ndarray,
    k: int = 5,
    labels: Optional[List[str]] = None,
) -> List[Dict[str, Union[str, float]]]:
    """Top-k labels with probabilities for a single logit vector."""
    if logits.ndim != 1:
        raise ValueError("expected a 1-D logit vector")
    names = labels if labels is not None else IMAGENET_LIKE_LABELS
    if len(names) != logits.shape[0]:
        raise ValueError(f"got {logits.shape[0]} logits but {len(names)} labels")
    probs = softmax(logits.astype(np.float64))
    k = min(k, probs.shape[0])
    idx = np.argsort(-probs, kind="stable")[:k]
    return [{"label": names[i], "score": float(probs[i])} for i in idx]


def batch_argmax(logits: np.ndarray) -> Tuple[np.ndarray, np.ndarray]:
    """For (N, C) logits return (predicted class ids int64, their probabilities float32)."""
    probs = softmax(logits.astype(np.float32), axis=1)
    preds = probs.argmax(axis=1).astype(np.int64)
    confs = probs[np.arange(probs.shape[0]), preds]
    return preds, confs.astype(np.float32)


def temperature_scale(logits: np.ndarray, temperature: float = 1.5) -> np.ndarray:
    """Calibrated probabilities via temperature scaling."""
    if temperature <= 0:
        raise ValueError("temperature must be positive")
    return softmax(logits / temperature, axis=-1)


def multilabel_predict(
    logits: np.ndarray,
    labels: Sequence[str],
    threshold: float = 0.5,
) -> List[List[str]]:
    """Multi-label classification: sigmoid + threshold, returns label names per sample."""
    probs = sigmoid(np.atleast_2d(logits))
    out: List[List[str]] = []
    for row in probs:
        out.append([labels[j] for j in np.flatnonzero(row >= threshold)])
    return out


def ensemble_average(prob_list: List[np.ndarray], weights: Optional[List[float]] = None) -> np.ndarray:
    """Weighted average of probability arrays from several models."""
    if not prob_list:
        raise ValueError("need at least one model output")
    stacked = np.stack(prob_list, axis=0)
    if weights is None:
        return stacked.mean(axis=0)
    w = np.asarray(weights, dtype=np.float64)
    w = w / w.sum()
    return np.tensordot(w, stacked, axes=1)


def expected_calibration_error(
    probs: np.ndarray,
    labels: np.ndarray,
    n_bins: int = 10,
) -> float:
    """ECE with equal-width confidence bins."""
    confidences = probs.max(axis=1)
    predictions = probs.argmax(axis=1)
    accuracies = (predictions == labels).astype(np.float64)
    edges = np.linspace(0.0, 1.0, n_bins + 1)
    ece = 0.0
    n = len(labels)
    if n == 0:
        return 0.0
    for lo, hi in zip(edges[:-1], edges[1:]):
        in_bin = (confidences > lo) & (confidences <= hi)
        count = int(in_bin.sum())
        if count == 0:
            continue
        gap = abs(accuracies[in_bin].mean() - confidences[in_bin].mean())
        ece += gap * count / n
    return float(ece)


def sentiment_from_logits(logits: List[float]) -> Dict[str, object]:
    """Return {'label': ..., 'score': ..., 'scores': {...}} for a 3-way sentiment head."""
    arr = np.array(logits, dtype=np.float32)
    if arr.shape != (len(SENTIMENT_LABELS),):
        raise ValueError(f"expected {len(SENTIMENT_LABELS)} logits")
    p = softmax(arr)
    best = int(np.argmax(p))
    return {
        "label": SENTIMENT_LABELS[best],
        "score": float(p[best]),
        "scores": {name: round(float(v), 6) for name, v in zip(SENTIMENT_LABELS, p)},
    }


def entropy_uncertainty(probs: np.ndarray, eps: float = 1e-12) -> np.ndarray:
    """Predictive entropy per row, normalised by log(C) to lie in [0, 1]."""
    c = probs.shape[-1]
    if c < 2:
        return np.zeros(probs.shape[:-1])
    ent = -np.sum(probs * np.log(probs + eps), axis=-1)
    return ent / np.log(c)


# ---------------------------------------------------------------------------
_rng = np.random.default_rng(0)
_L10 = _rng.standard_normal(10).astype(np.float32)
_LB = _rng.standard_normal((6, 10)).astype(np.float32)
_LB3 = (_rng.standard_normal((20, 3)) * 3).astype(np.float32)
_Y20 = _rng.integers(0, 3, size=20).astype(np.int64)
_P20 = softmax(_LB3.astype(np.float64), axis=1)

CASES = {
    "softmax": [
        (_L10,),
        (_LB, 1),
        (np.array([1000.0, 1000.0, -1000.0]),),
        (np.zeros((2, 3), dtype=np.float32), 0),
    ],
    "top_k_predictions": [
        (_L10,),
        (_L10, 3),
        (np.array([0.1, 2.0, -1.0]), 5, ["cat", "dog", "bird"]),
        (np.zeros(10, dtype=np.float32), 2),
        (_LB,),
        (_L10[:4], 2),
    ],
    "batch_argmax": [
        (_LB,),
        (_LB3,),
        (np.zeros((1, 4), dtype=np.float32),),
        (np.zeros((0, 4), dtype=np.float32),),
    ],
    "temperature_scale": [
        (_LB,),
        (_L10, 0.5),
        (_LB3, 10.0),
        (_L10, 0.0),
    ],
    "multilabel_predict": [
        (_LB[:, :5], ["a", "b", "c", "d", "e"]),
        (np.array([2.0, -2.0, 0.0]), ["toxic", "obscene", "insult"]),
        (np.array([2.0, -2.0, 0.1]), ["toxic", "obscene", "insult"], 0.9),
        (np.zeros((0, 3)), ["x", "y", "z"]),
    ],
    "ensemble_average": [
        ([_P20, _P20[::-1]],),
        ([_P20, softmax(_LB3 * 2.0, axis=1), _P20], [0.5, 0.25, 0.25]),
        ([_P20],),
        ([],),
    ],
    "expected_calibration_error": [
        (_P20, _Y20),
        (_P20, _Y20, 5),
        (np.eye(3)[[0, 1, 2]], np.array([0, 1, 2])),
        (np.zeros((0, 3)), np.zeros((0,), dtype=np.int64)),
    ],
    "sentiment_from_logits": [
        ([0.1, 0.2, 3.0],),
        ([-1.0, -1.0, -1.0],),
        ([5.0, 0.0, -5.0],),
        ([1.0, 2.0],),
    ],
    "entropy_uncertainty": [
        (_P20,),
        (np.array([1.0, 0.0, 0.0]),),
        (np.full((2, 4), 0.25),),
        (np.ones((3, 1)),),
    ],
}
