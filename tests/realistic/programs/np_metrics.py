"""Evaluation metrics in NumPy: accuracy, confusion matrix, PR/F1, ROC-AUC, regression errors."""
from typing import Dict, List, Optional, Tuple

import numpy as np


def accuracy(y_true: np.ndarray, y_pred: np.ndarray) -> float:
    y_true = np.asarray(y_true)
    y_pred = np.asarray(y_pred)
    if y_true.shape != y_pred.shape:
        raise ValueError(f"shape mismatch: {y_true.shape} vs {y_pred.shape}")
    if y_true.size == 0:
        return 0.0
    return float(np.mean(y_true == y_pred))


def top_k_accuracy(y_true: np.ndarray, scores: np.ndarray, k: int = 5) -> float:
    """Fraction of rows whose true label is among the k highest scores."""
    k = min(k, scores.shape[1])
    topk = np.argpartition(-scores, k - 1, axis=1)[:, :k]
    hits = (topk == y_true[:, None]).any(axis=1)
    return float(hits.mean()) if hits.size else 0.0


def confusion_matrix(y_true: np.ndarray, y_pred: np.ndarray, num_classes: Optional[int] = None) -> np.ndarray:
    """Rows = true class, columns = predicted class (int64)."""
    y_true = np.asarray(y_true, dtype=np.int64)
    y_pred = np.asarray(y_pred, dtype=np.int64)
    if num_classes is None:
        num_classes = int(max(y_true.max(initial=-1), y_pred.max(initial=-1))) + 1
    cm = np.zeros((num_classes, num_classes), dtype=np.int64)
    np.add.at(cm, (y_true, y_pred), 1)
    return cm


def precision_recall_f1(
    y_true: np.ndarray,
    y_pred: np.ndarray,
    average: str = "macro",
    num_classes: Optional[int] = None,
) -> Dict[str, float]:
    """Precision / recall / F1 with 'macro', 'micro' or 'weighted' averaging."""
    cm = confusion_matrix(y_true, y_pred, num_classes)
    tp = np.diag(cm).astype(np.float64)
    fp = cm.sum(axis=0) - tp
    fn = cm.sum(axis=1) - tp
    if average == "micro":
        p = tp.sum() / max(tp.sum() + fp.sum(), 1)
        r = tp.sum() / max(tp.sum() + fn.sum(), 1)
        f = 2 * p * r / (p + r) if (p + r) > 0 else 0.0
        return {"precision": float(p), "recall": float(r), "f1": float(f)}
    with np.errstate(divide="ignore", invalid="ignore"):
        prec = np.where(tp + fp > 0, tp / (tp + fp), 0.0)
        rec = np.where(tp + fn > 0, tp / (tp + fn), 0.0)
        f1 = np.where(prec + rec > 0, 2 * prec * rec / (prec + rec), 0.0)
    if average == "macro":
        w = np.ones_like(tp) / max(len(tp), 1)
    elif average == "weighted":
        support = cm.sum(axis=1).astype(np.float64)
        w = support / max(support.sum(), 1)
    else:
        raise ValueError(f"unsupported average {average!r}")
    return {
        "precision": float((prec * w).sum()),
        "recall": float((rec * w).sum()),
        "f1": float((f1 * w).sum()),
    }


def classification_report(y_true: List[int], y_pred: List[int], target_names: List[str]) -> List[dict]:
    """Per-class rows {'label', 'precision', 'recall', 'f1', 'support'}."""
    cm = confusion_matrix(np.array(y_true), np.array(y_pred), len(target_names))
    rows = []
    for i, name in enumerate(target_names):
        tp = cm[i, i]
        pred_pos = cm[:, i].sum()
        support = cm[i, :].sum()
        p = tp / pred_pos if pred_pos else 0.0
        r = tp / support if support else 0.0
        f = 2 * p * r / (p + r) if p + r else 0.0
        rows.append({
            "label": name,
            "precision": round(float(p), 4),
            "recall": round(float(r), 4),
            "f1": round(float(f), 4),
            "support": int(support),
        })
    return rows


def roc_auc_score(y_true: np.ndarray, y_score: np.ndarray) -> float:
    """Binary ROC-AUC via the rank-sum (Mann-Whitney U) formulation, with tie handling."""
    y_true = np.asarray(y_true).astype(bool)
    y_score = np.asarray(y_score, dtype=np.float64)
    n_pos = int(y_true.sum())
    n_neg = y_true.size - n_pos
    if n_pos == 0 or n_neg == 0:
        raise ValueError("ROC AUC is undefined with only one class present")
    order = np.argsort(y_score, kind="mergesort")
    sorted_scores = y_score[order]
    ranks = np.empty(len(y_score), dtype=np.float64)
    i = 0
    while i < len(sorted_scores):
        j = i
        while j + 1 < len(sorted_scores) and sorted_scores[j + 1] == sorted_scores[i]:
            j += 1
        ranks[order[i:j + 1]] = (i + j) / 2.0 + 1
        i = j + 1
    rank_sum = ranks[y_true].sum()
    return float((rank_sum - n_pos * (n_pos + 1) / 2) / (n_pos * n_neg))


def roc_curve(y_true: np.ndarray, y_score: np.ndarray) -> Tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(fpr, tpr, thresholds) at each distinct score, highest threshold first."""
    y_true = np.asarray(y_true, dtype=np.int64)
    desc = np.argsort(-y_score, kind="mergesort")
    s = y_score[desc]
    t = y_true[desc]
    distinct = np.where(np.diff(s))[0]
    thresh_idx = np.r_[distinct, t.size - 1]
    tps = np.cumsum(t)[thresh_idx]
    fps = 1 + thresh_idx - tps
    tps = np.r_[0, tps]
    fps = np.r_[0, fps]
    thresholds = np.r_[np.inf, s[thresh_idx]]
    fpr = fps / fps[-1] if fps[-1] > 0 else np.full(fps.shape, np.nan)
    tpr = tps / tps[-1] if tps[-1] > 0 else np.full(tps.shape, np.nan)
    return fpr, tpr, thresholds


def average_precision(y_true: np.ndarray, y_score: np.ndarray) -> float:
    """Area under the precision-recall curve (step-wise, as in sklearn)."""
    y_true = np.asarray(y_true, dtype=np.float64)
    order = np.argsort(-np.asarray(y_score), kind="mergesort")
    y = y_true[order]
    n_pos = y.sum()
    if n_pos == 0:
        return 0.0
    tp = np.cumsum(y)
    precision = tp / np.arange(1, len(y) + 1)
    return float((precision * y).sum() / n_pos)


def regression_metrics(y_true: np.ndarray, y_pred: np.ndarray) -> Dict[str, float]:
    """MAE, RMSE, MAPE (ignoring zero targets) and R^2."""
    y_true = np.asarray(y_true, dtype=np.float64)
    y_pred = np.asarray(y_pred, dtype=np.float64)
    err = y_pred - y_true
    mae = np.abs(err).mean()
    rmse = np.sqrt((err ** 2).mean())
    nz = y_true != 0
    mape = float(np.abs(err[nz] / y_true[nz]).mean() * 100) if nz.any() else float("nan")
    ss_tot = ((y_true - y_true.mean()) ** 2).sum()
    r2 = 1 - (err ** 2).sum() / ss_tot if ss_tot > 0 else 0.0
    return {"mae": float(mae), "rmse": float(rmse), "mape": mape, "r2": float(r2)}


# ---------------------------------------------------------------------------
_rng = np.random.default_rng(0)
_YT = _rng.integers(0, 4, size=50).astype(np.int64)
_YP = np.where(_rng.random(50) < 0.7, _YT, _rng.integers(0, 4, size=50)).astype(np.int64)
_SC = _rng.standard_normal((50, 6)).astype(np.float32)
_SC[np.arange(50), _YT] += 1.0
_BT = _rng.integers(0, 2, size=40).astype(np.int64)
_BS = (_BT * 0.6 + _rng.random(40) * 0.7).astype(np.float32)
_TIES = np.array([0.5, 0.5, 0.5, 0.2, 0.9, 0.9])
_TIES_Y = np.array([1, 0, 1, 0, 1, 0])
_REG_T = _rng.normal(10, 3, size=30)
_REG_P = _REG_T + _rng.normal(0, 1, size=30)
_PROBS = np.exp(_SC[:, :4]) / np.exp(_SC[:, :4]).sum(axis=1, keepdims=True)

CASES = {
    "accuracy": [
        (_YT, _YP),
        (np.array([True, False, True]), np.array([True, True, True])),
        (np.array([], dtype=np.int64), np.array([], dtype=np.int64)),
        (_YT, _YP[:10]),
    ],
    "top_k_accuracy": [
        (_YT, _SC),
        (_YT, _SC, 1),
        (_YT[:3], _SC[:3], 10),
        (np.zeros(0, dtype=np.int64), np.zeros((0, 6), dtype=np.float32), 3),
    ],
    "confusion_matrix": [
        (_YT, _YP),
        (_YT, _YP, 6),
        ([0, 1, 1], [1, 1, 0]),
        (np.array([], dtype=np.int64), np.array([], dtype=np.int64)),
    ],
    "precision_recall_f1": [
        (_YT, _YP),
        (_YT, _YP, "micro"),
        (_YT, _YP, "weighted"),
        (np.array([0, 0, 0]), np.array([1, 1, 1]), "macro", 3),
        (_YT, _YP, "samples"),
    ],
    "classification_report": [
        (_YT.tolist(), _YP.tolist(), ["cat", "dog", "bird", "fish"]),
        ([0, 1], [1, 1], ["neg", "pos"]),
        ([], [], ["a"]),
    ],
    "roc_auc_score": [
        (_BT, _BS),
        (_TIES_Y, _TIES),
        (np.array([0, 1]), np.array([0.9, 0.1])),
        (np.array([1, 1, 1]), np.array([0.2, 0.4, 0.6])),
    ],
    "roc_curve": [
        (_BT, _BS),
        (_TIES_Y, _TIES),
        (np.array([1, 1]), np.array([0.3, 0.7])),
    ],
    "average_precision": [
        (_BT, _BS),
        (_TIES_Y, _TIES),
        (np.zeros(4, dtype=np.int64), np.array([0.1, 0.2, 0.3, 0.4])),
        (np.array([1]), np.array([0.5])),
    ],
    "regression_metrics": [
        (_REG_T, _REG_P),
        (np.array([0.0, 1.0, 2.0]), np.array([0.0, 1.0, 2.0])),
        (np.zeros(3), np.ones(3)),
        ([1.5, 2.5], [2.0, 2.0]),
    ],
}
