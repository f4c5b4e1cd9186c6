"""Tabular feature engineering with NumPy: scaling, imputation, encoding, binning, outliers.

Used to turn raw feature matrices into the float32 inputs a small MLP / GBDT wrapper expects.
"""
from dataclasses import dataclass
from typing import Dict, List, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

FloatArray = npt.NDArray[np.float64]

# Fitted statistics for a 4-feature model (age, income, tenure_months, num_products)
FEATURE_NAMES = ["age", "income", "tenure_months", "num_products"]
FEATURE_MEAN = np.array([41.2, 58300.0, 27.5, 1.8], dtype=np.float64)
FEATURE_STD = np.array([12.9, 21750.0, 18.1, 0.9], dtype=np.float64)
FEATURE_MEDIAN = np.array([39.0, 52000.0, 24.0, 2.0], dtype=np.float64)


@dataclass(frozen=True)
class MinMaxParams:
    data_min: np.ndarray
    data_max: np.ndarray


def standardize(
    X: np.ndarray,
    mean: Optional[np.ndarray] = None,
    std: Optional[np.ndarray] = None,
    eps: float = 1e-8,
) -> np.ndarray:
    """Z-score features column-wise; uses the batch statistics if none are given."""
    X = np.asarray(X, dtype=np.float64)
    mu = X.mean(axis=0) if mean is None else mean
    sigma = X.std(axis=0) if std is None else std
    sigma = np.where(sigma < eps, 1.0, sigma)
    return (X - mu) / sigma


def min_max_scale(
    X: np.ndarray,
    feature_range: Tuple[float, float] = (0.0, 1.0),
    clip: bool = False,
) -> Tuple[np.ndarray, MinMaxParams]:
    """Scale each column into feature_range. Returns scaled data and fitted params."""
    lo, hi = feature_range
    if lo >= hi:
        raise ValueError(f"invalid feature_range {feature_range}")
    X = np.asarray(X, dtype=np.float64)
    dmin = np.nanmin(X, axis=0)
    dmax = np.nanmax(X, axis=0)
    span = dmax - dmin
    span[span == 0] = 1.0
    scaled = (X - dmin) / span * (hi - lo) + lo
    if clip:
        scaled = np.clip(scaled, lo, hi)
    return scaled, MinMaxParams(dmin, dmax)


def impute_nan(X: np.ndarray, strategy: str = "mean", fill_value: float = 0.0) -> np.ndarray:
    """Replace NaNs column-wise with mean / median / most_frequent / constant."""
    X = np.array(X, dtype=np.float64, copy=True)
    if X.ndim == 1:
        X = X[:, None]
    nan_mask = np.isnan(X)
    if not nan_mask.any():
        return X
    if strategy == "mean":
        with np.errstate(invalid="ignore"):
            col_sum = np.where(nan_mask, 0.0, X).sum(axis=0)
            col_cnt = (~nan_mask).sum(axis=0)
            stats = np.where(col_cnt > 0, col_sum / np.maximum(col_cnt, 1), fill_value)
    elif strategy == "median":
        stats = np.array([
            np.median(col[~np.isnan(col)]) if (~np.isnan(col)).any() else fill_value
            for col in X.T
        ])
    elif strategy == "most_frequent":
        stats = []
        for col in X.T:
            vals = col[~np.isnan(col)]
            if vals.size == 0:
                stats.append(fill_value)
                continue
            uniq, counts = np.unique(vals, return_counts=True)
            stats.append(uniq[np.argmax(counts)])
        stats = np.array(stats)
    elif strategy == "constant":
        stats = np.full(X.shape[1], fill_value)
    else:
        raise ValueError(f"unknown strategy: {strategy!r}")
    rows, cols = np.nonzero(nan_mask)
    X[rows, cols] = stats[cols]
    return X


def one_hot(labels: np.ndarray, num_classes: Optional[int] = None, dtype: type = np.float32) -> np.ndarray:
    """Integer category ids -> one-hot matrix. Negative ids raise."""
    labels = np.asarray(labels, dtype=np.int64).ravel()
    if labels.size and labels.min() < 0:
        raise ValueError("category ids must be non-negative")
    n = num_classes if num_classes is not None else (int(labels.max()) + 1 if labels.size else 0)
    if labels.size and labels.max() >= n:
        raise ValueError(f"id {int(labels.max())} out of range for {n} classes")
    out = np.zeros((labels.size, n), dtype=dtype)
    out[np.arange(labels.size), labels] = 1
    return out


def encode_categories(values: List[str], vocabulary: Optional[List[str]] = None) -> Tuple[np.ndarray, List[str]]:
    """Map strings to int64 codes; unknowns get code 0 which is reserved for '<unk>'."""
    if vocabulary is None:
        vocabulary = ["<unk>"] + sorted(set(values))
    index = {v: i for i, v in enumerate(vocabulary)}
    codes = np.fromiter((index.get(v, 0) for v in values), dtype=np.int64, count=len(values))
    return codes, vocabulary


def quantile_bins(x: np.ndarray, n_bins: int = 4) -> Tuple[np.ndarray, np.ndarray]:
    """Equal-frequency binning. Returns (bin ids int64, bin edges)."""
    if n_bins < 1:
        raise ValueError("n_bins must be >= 1")
    x = np.asarray(x, dtype=np.float64)
    edges = np.quantile(x, np.linspace(0, 1, n_bins + 1))
    edges = np.unique(edges)
    ids = np.digitize(x, edges[1:-1], right=False).astype(np.int64)
    return ids, edges


def fixed_bins(values: Sequence[float], edges: Sequence[float], labels: Optional[Sequence[str]] = None) -> List[str]:
    """Bucket values with explicit edges, returning string labels like '18-30'."""
    e = np.asarray(edges, dtype=np.float64)
    if np.any(np.diff(e) <= 0):
        raise ValueError("edges must be strictly increasing")
    if labels is None:
        labels = [f"{e[i]:g}-{e[i + 1]:g}" for i in range(len(e) - 1)]
    idx = np.searchsorted(e, np.asarray(values, dtype=np.float64), side="right") - 1
    out = []
    for i in idx:
        if i < 0:
            out.append(f"<{e[0]:g}")
        elif i >= len(labels):
            out.append(f">={e[-1]:g}")
        else:
            out.append(labels[i])
    return out


def clip_outliers_iqr(x: np.ndarray, k: float = 1.5) -> np.ndarray:
    """Winsorize values outside [Q1 - k*IQR, Q3 + k*IQR] per column."""
    x = np.asarray(x, dtype=np.float64)
    q1, q3 = np.nanpercentile(x, [25, 75], axis=0)
    iqr = q3 - q1
    return np.clip(x, q1 - k * iqr, q3 + k * iqr)


def prepare_model_input(rows: List[Dict[str, Union[float, int, None]]]) -> npt.NDArray[np.float32]:
    """Dict rows -> standardized float32 matrix using fitted stats; missing -> median."""
    X = np.empty((len(rows), len(FEATURE_NAMES)), dtype=np.float64)
    for i, row in enumerate(rows):
        for j, name in enumerate(FEATURE_NAMES):
            v = row.get(name)
            X[i, j] = np.nan if v is None else float(v)
    X = np.where(np.isnan(X), FEATURE_MEDIAN, X)
    return ((X - FEATURE_MEAN) / FEATURE_STD).astype(np.float32)


# ---------------------------------------------------------------------------
_rng = np.random.default_rng(0)
_X = _rng.normal(loc=[40, 55000, 24, 2], scale=[12, 20000, 18, 1], size=(25, 4))
_XN = _X.copy()
_XN[_rng.random(_XN.shape) < 0.15] = np.nan
_XN[:, 3] = np.nan
_CONST = np.ones((5, 3))
_OUT = np.concatenate([_rng.normal(0, 1, size=(30, 2)), [[15.0, -12.0], [0.0, 40.0]]])
_CATS = _rng.integers(0, 5, size=12).astype(np.int64)

CASES = {
    "standardize": [
        (_X,),
        (_X, FEATURE_MEAN, FEATURE_STD),
        (_CONST,),
        (np.array([[1.0, 2.0]]),),
    ],
    "min_max_scale": [
        (_X,),
        (_X, (-1.0, 1.0), True),
        (_CONST,),
        (_XN[:, :3],),
        (_X, (1.0, 0.0)),
    ],
    "impute_nan": [
        (_XN,),
        (_XN, "median"),
        (_XN, "most_frequent"),
        (_XN, "constant", -1.0),
        (_X,),
        (np.array([1.0, np.nan, 3.0]),),
        (_XN, "mode"),
    ],
    "one_hot": [
        (_CATS,),
        (_CATS, 8),
        (np.array([], dtype=np.int64), 3),
        (np.array([0, 2, 1], dtype=np.int32), None, np.int64),
        (np.array([0, -1]),),
        (np.array([0, 5]), 3),
    ],
    "encode_categories": [
        (["red", "green", "blue", "green"],),
        (["a", "b", "zz"], ["<unk>", "a", "b"]),
        ([],),
        (["café", "naïve", "café"],),
    ],
    "quantile_bins": [
        (_X[:, 0],),
        (_X[:, 1], 10),
        (np.ones(6),),
        (np.arange(7, dtype=np.int64), 3),
        (_X[:, 0], 0),
    ],
    "fixed_bins": [
        ([5, 18, 25, 40, 70, 99], [18, 30, 50, 65]),
        ([0.1, 0.5, 0.9], [0.0, 0.33, 0.66, 1.0], ["low", "mid", "high"]),
        ([], [0, 1]),
        ([1.0], [3, 2, 1]),
    ],
    "clip_outliers_iqr": [
        (_OUT,),
        (_OUT, 3.0),
        (_XN,),
        (np.array([1.0, 2.0, 3.0, 100.0]),),
    ],
    "prepare_model_input": [
        ([{"age": 35, "income": 61000.0, "tenure_months": 12, "num_products": 2}],),
        ([{"age": None, "income": 30000}, {"tenure_months": 3.5, "num_products": 1}],),
        ([],),
        ([{"age": -1, "income": 0, "tenure_months": 0, "num_products": 0, "extra": 5}],),
    ],
}
