"""Sequence utilities for NLP / time-series models: padding, masks, windows, smoothing, RLE."""
from typing import List, Optional, Sequence, Tuple

import numpy as np
import numpy.typing as npt

PAD_ID = 0
CLS_ID = 101
SEP_ID = 102
MAX_LEN = 512


def pad_batch(
    sequences: List[List[int]],
    pad_id: int = PAD_ID,
    max_length: Optional[int] = None,
    padding_side: str = "right",
) -> Tuple[np.ndarray, np.ndarray]:
    """Pad token-id lists into an int64 batch; returns (input_ids, attention_mask)."""
    if padding_side not in ("left", "right"):
        raise ValueError("padding_side must be 'left' or 'right'")
    longest = max((len(s) for s in sequences), default=0)
    length = longest if max_length is None else min(longest, max_length)
    input_ids = np.full((len(sequences), length), pad_id, dtype=np.int64)
    attention_mask = np.zeros((len(sequences), length), dtype=np.int64)
    for i, seq in enumerate(sequences):
        seq = seq[:length]
        n = len(seq)
        if n == 0:
            continue
        if padding_side == "right":
            input_ids[i, :n] = seq
            attention_mask[i, :n] = 1
        else:
            input_ids[i, length - n:] = seq
            attention_mask[i, length - n:] = 1
    return input_ids, attention_mask


def add_special_tokens(token_ids: List[int], pair_ids: Optional[List[int]] = None, max_len: int = MAX_LEN) -> dict:
    """BERT-style [CLS] a [SEP] (b [SEP]) with token_type_ids, truncating the longest first."""
    a = list(token_ids)
    b = list(pair_ids) if pair_ids is not None else []
    n_special = 3 if pair_ids is not None else 2
    while len(a) + len(b) > max_len - n_special:
        if len(a) >= len(b):
            a.pop()
        else:
            b.pop()
    ids = [CLS_ID] + a + [SEP_ID]
    types = [0] * len(ids)
    if pair_ids is not None:
        ids += b + [SEP_ID]
        types += [1] * (len(b) + 1)
    return {
        "input_ids": np.array(ids, dtype=np.int64),
        "token_type_ids": np.array(types, dtype=np.int64),
        "attention_mask": np.ones(len(ids), dtype=np.int64),
    }


def sliding_windows(x: np.ndarray, window: int, stride: int = 1) -> np.ndarray:
    """View-free sliding windows over axis 0: shape (n_windows, window, *rest)."""
    if window <= 0 or stride <= 0:
        raise ValueError("window and stride must be positive")
    n = x.shape[0]
    if n < window:
        return np.zeros((0, window) + x.shape[1:], dtype=x.dtype)
    starts = np.arange(0, n - window + 1, stride)
    return np.stack([x[s:s + window] for s in starts])


def chunk_long_sequence(token_ids: Sequence[int], chunk_size: int = 8, overlap: int = 2) -> List[List[int]]:
    """Split a long id sequence into overlapping chunks (question-answering style doc stride)."""
    if overlap >= chunk_size:
        raise ValueError("overlap must be smaller than chunk_size")
    ids = list(token_ids)
    if not ids:
        return []
    step = chunk_size - overlap
    chunks = []
    for start in range(0, len(ids), step):
        chunks.append(ids[start:start + chunk_size])
        if start + chunk_size >= len(ids):
            break
    return chunks


def moving_average(x: np.ndarray, window: int = 3, mode: str = "valid") -> np.ndarray:
    """Simple moving average via cumsum ('valid') or np.convolve ('same')."""
    x = np.asarray(x, dtype=np.float64)
    if window < 1:
        raise ValueError("window must be >= 1")
    if mode == "valid":
        if x.size < window:
            return np.zeros(0)
        c = np.cumsum(np.insert(x, 0, 0.0))
        return (c[window:] - c[:-window]) / window
    if mode == "same":
        return np.convolve(x, np.ones(window) / window, mode="same")
    raise ValueError(f"unknown mode {mode!r}")


def exponential_moving_average(x: npt.NDArray[np.float64], alpha: float = 0.1) -> npt.NDArray[np.float64]:
    """EMA with adjust=False semantics; NaNs carry the previous value forward."""
    out = np.empty(len(x), dtype=np.float64)
    prev = np.nan
    for i, v in enumerate(x):
        if np.isnan(v):
            out[i] = prev
            continue
        prev = v if np.isnan(prev) else alpha * v + (1 - alpha) * prev
        out[i] = prev
    return out


def run_length_encode(x: np.ndarray) -> Tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Returns (run starts, run lengths, run values) for a 1-D array."""
    x = np.asarray(x)
    n = x.shape[0]
    if n == 0:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64), x[:0]
    change = np.flatnonzero(x[1:] != x[:-1]) + 1
    starts = np.r_[0, change]
    lengths = np.diff(np.r_[starts, n])
    return starts.astype(np.int64), lengths.astype(np.int64), x[starts]


def ctc_greedy_decode(log_probs: np.ndarray, blank: int = 0, alphabet: str = "_abcdefghijklmnopqrstuvwxyz '") -> str:
    """Greedy CTC: argmax per frame, collapse repeats, drop blanks."""
    best = np.argmax(log_probs, axis=-1)
    collapsed = [int(k) for i, k in enumerate(best) if i == 0 or k != best[i - 1]]
    return "".join(alphabet[k] for k in collapsed if k != blank)


def lengths_to_mask(lengths: List[int], max_len: Optional[int] = None) -> np.ndarray:
    """[3, 1] -> bool mask [[T, T, T], [T, F, F]]."""
    lens = np.asarray(lengths, dtype=np.int64)
    if np.any(lens < 0):
        raise ValueError("lengths must be non-negative")
    T = int(lens.max()) if max_len is None and lens.size else (max_len or 0)
    return np.arange(T)[None, :] < lens[:, None]


def lag_features(series: np.ndarray, lags: List[int]) -> np.ndarray:
    """Stack lagged copies of a 1-D series as columns, NaN-padded at the start."""
    series = np.asarray(series, dtype=np.float64)
    cols = []
    for lag in lags:
        if lag < 0:
            raise ValueError("lags must be non-negative")
        shifted = np.full_like(series, np.nan)
        if lag == 0:
            shifted[:] = series
        elif lag < len(series):
            shifted[lag:] = series[:-lag]
        cols.append(shifted)
    if not cols:
        return np.zeros((len(series), 0))
    return np.column_stack(cols)


# ---------------------------------------------------------------------------
_rng = np.random.default_rng(0)
_SEQS = [[101, 7592, 2088, 102], [101, 2023, 102], [101, 1045, 2293, 17953, 2361, 999, 102]]
_TS = np.cumsum(_rng.standard_normal(40))
_TS_NAN = _TS.copy()
_TS_NAN[[0, 5, 6, 20]] = np.nan
_LP = np.log(np.clip(_rng.dirichlet(np.ones(29), size=20), 1e-9, 1)).astype(np.float32)
_FEATS = _rng.standard_normal((10, 3)).astype(np.float32)

CASES = {
    "pad_batch": [
        (_SEQS,),
        (_SEQS, 0, 5),
        (_SEQS, 1, None, "left"),
        ([],),
        ([[], [5]],),
        (_SEQS, 0, None, "center"),
    ],
    "add_special_tokens": [
        ([7592, 2088],),
        ([1, 2, 3, 4, 5], [6, 7, 8], 8),
        ([], None),
        (list(range(1000, 1020)), list(range(2000, 2003)), 10),
    ],
    "sliding_windows": [
        (np.arange(10), 3),
        (_FEATS, 4, 2),
        (np.arange(2), 5),
        (np.arange(10), 0),
    ],
    "chunk_long_sequence": [
        (list(range(20)),),
        (list(range(5)), 8, 2),
        ([], 4, 1),
        (list(range(10)), 4, 0),
        (list(range(10)), 3, 3),
    ],
    "moving_average": [
        (_TS,),
        (_TS, 5, "same"),
        ([1, 2], 3),
        (_TS, 0),
        (_TS, 3, "causal"),
    ],
    "exponential_moving_average": [
        (_TS,),
        (_TS_NAN, 0.3),
        (np.array([], dtype=np.float64),),
        (np.array([np.nan, np.nan, 1.0]), 0.5),
    ],
    "run_length_encode": [
        (np.array([1, 1, 2, 2, 2, 0, 1], dtype=np.int64),),
        (np.array([], dtype=np.int64),),
        (np.array([True, True, False]),),
        (np.array(list("aabccc")),),
    ],
    "ctc_greedy_decode": [
        (_LP,),
        (np.eye(29)[[8, 8, 0, 5, 12, 12, 0, 12, 15]],),
        (np.zeros((0, 29)),),
        (_LP[:, :4], 3, "abc_"),
    ],
    "lengths_to_mask": [
        ([3, 1, 0],),
        ([2, 2], 4),
        ([],),
        ([1, -1],),
    ],
    "lag_features": [
        (_TS[:10], [1, 2, 3]),
        (_TS[:5], [0, 7]),
        (np.arange(4), []),
        (_TS[:5], [-1]),
    ],
}
