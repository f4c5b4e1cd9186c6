"""Embedding utilities: pooling, normalization, similarity search over a small in-memory index."""
from typing import Dict, List, Optional, Tuple, Union

import numpy as np
import numpy.typing as npt

_rng = np.random.default_rng(0)

EMBED_DIM = 32
DOC_IDS = [f"doc-{i:03d}" for i in range(64)]
# Pretend these came from a sentence encoder, stored L2-normalised as float32.
_raw_index = _rng.standard_normal((len(DOC_IDS), EMBED_DIM)).astype(np.float32)
DOC_EMBEDDINGS = _raw_index / np.linalg.norm(_raw_index, axis=1, keepdims=True)


def l2_normalize(x: np.ndarray, axis: int = -1, eps: float = 1e-12) -> np.ndarray:
    norm = np.linalg.norm(x, axis=axis, keepdims=True)
    return x / np.maximum(norm, eps)


def mean_pooling(token_embeddings: np.ndarray, attention_mask: np.ndarray) -> np.ndarray:
    """Sentence-transformers mean pooling over (B, T, D) with an int64 (B, T) mask."""
    mask = attention_mask[..., None].astype(token_embeddings.dtype)
    summed = (token_embeddings * mask).sum(axis=1)
    counts = np.clip(mask.sum(axis=1), 1e-9, None)
    return summed / counts


def cosine_similarity(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Pairwise cosine similarity between rows of a (N, D) and b (M, D)."""
    a = np.atleast_2d(a).astype(np.float32)
    b = np.atleast_2d(b).astype(np.float32)
    if a.shape[1] != b.shape[1]:
        raise ValueError(f"dim mismatch {a.shape[1]} != {b.shape[1]}")
    return l2_normalize(a) @ l2_normalize(b).T


def pairwise_euclidean(a: np.ndarray, b: Optional[np.ndarray] = None, squared: bool = False) -> np.ndarray:
    """||a_i - b_j|| using the expanded-norm trick, clamped at 0 for numerical safety."""
    b = a if b is None else b
    aa = np.sum(a * a, axis=1)[:, None]
    bb = np.sum(b * b, axis=1)[None, :]
    d2 = np.maximum(aa + bb - 2.0 * a @ b.T, 0.0)
    return d2 if squared else np.sqrt(d2)


def search(
    query: np.ndarray,
    top_k: int = 5,
    min_score: Optional[float] = None,
) -> List[Dict[str, Union[str, float]]]:
    """Cosine search of one query vector against DOC_EMBEDDINGS."""
    q = l2_normalize(np.asarray(query, dtype=np.float32).reshape(-1))
    if q.shape[0] != EMBED_DIM:
        raise ValueError(f"query must have dimension {EMBED_DIM}")
    scores = DOC_EMBEDDINGS @ q
    k = min(top_k, len(scores))
    if k <= 0:
        return []
    idx = np.argpartition(-scores, k - 1)[:k]
    idx = idx[np.argsort(-scores[idx], kind="stable")]
    hits = [{"id": DOC_IDS[i], "score": float(scores[i])} for i in idx]
    if min_score is not None:
        hits = [h for h in hits if h["score"] >= min_score]
    return hits


def batch_search(queries: np.ndarray, corpus: np.ndarray, k: int = 3) -> Tuple[np.ndarray, np.ndarray]:
    """FAISS-like inner-product search: returns (scores float32 (Q, k), indices int64 (Q, k))."""
    sims = queries.astype(np.float32) @ corpus.astype(np.float32).T
    k = min(k, corpus.shape[0])
    idx = np.argsort(-sims, axis=1, kind="stable")[:, :k]
    scores = np.take_along_axis(sims, idx, axis=1)
    return scores, idx.astype(np.int64)


def knn_classify(
    query: np.ndarray,
    train_x: np.ndarray,
    train_y: np.ndarray,
    k: int = 3,
    labels: Optional[List[str]] = None,
) -> List[str]:
    """k-nearest-neighbour majority vote (Euclidean), ties broken by the nearest neighbour."""
    dists = pairwise_euclidean(np.atleast_2d(query).astype(np.float64), train_x.astype(np.float64))
    k = min(k, train_x.shape[0])
    nn = np.argsort(dists, axis=1, kind="stable")[:, :k]
    out = []
    for row in nn:
        votes = train_y[row]
        counts = np.bincount(votes)
        best = np.flatnonzero(counts == counts.max())
        if len(best) > 1:
            winner = next(v for v in votes if v in best)
        else:
            winner = best[0]
        out.append(labels[winner] if labels is not None else str(int(winner)))
    return out


def quantize_int8(emb: np.ndarray) -> Tuple[np.ndarray, np.ndarray]:
    """Symmetric per-vector int8 quantization. Returns (int8 codes, float32 scales)."""
    scale = np.abs(emb).max(axis=-1, keepdims=True) / 127.0
    scale = np.where(scale == 0, 1.0, scale).astype(np.float32)
    codes = np.clip(np.rint(emb / scale), -127, 127).astype(np.int8)
    return codes, scale.squeeze(-1)


def deduplicate(embeddings: np.ndarray, threshold: float = 0.95) -> List[int]:
    """Greedy near-duplicate removal: keep index i unless it is too similar to an already kept one."""
    if len(embeddings) == 0:
        return []
    e = l2_normalize(embeddings.astype(np.float32))
    kept: List[int] = []
    for i in range(len(e)):
        if kept and float(np.max(e[kept] @ e[i])) >= threshold:
            continue
        kept.append(i)
    return kept


def mmr_rerank(
    query: np.ndarray,
    candidates: np.ndarray,
    k: int = 3,
    lambda_mult: float = 0.5,
) -> List[int]:
    """Maximal marginal relevance selection of k candidate indices."""
    if candidates.shape[0] == 0:
        return []
    q = l2_normalize(query.reshape(1, -1))
    c = l2_normalize(candidates)
    rel = (c @ q.T).ravel()
    sim = c @ c.T
    selected = [int(np.argmax(rel))]
    while len(selected) < min(k, len(c)):
        remaining = [i for i in range(len(c)) if i not in selected]
        scores = [lambda_mult * rel[i] - (1 - lambda_mult) * sim[i, selected].max() for i in remaining]
        selected.append(remaining[int(np.argmax(scores))])
    return selected


# ---------------------------------------------------------------------------
_TOK = _rng.standard_normal((3, 6, 8)).astype(np.float32)
_MASK = np.array([[1, 1, 1, 1, 0, 0], [1, 1, 1, 1, 1, 1], [1, 0, 0, 0, 0, 0]], dtype=np.int64)
_Q = _rng.standard_normal(EMBED_DIM).astype(np.float32)
_QS = _rng.standard_normal((4, EMBED_DIM)).astype(np.float32)
_TRX = np.concatenate([_rng.normal(0, 1, (10, 2)), _rng.normal(4, 1, (10, 2))])
_TRY = np.array([0] * 10 + [1] * 10, dtype=np.int64)
_DUPS = np.concatenate([DOC_EMBEDDINGS[:5], DOC_EMBEDDINGS[:3] + 0.01, DOC_EMBEDDINGS[5:7]])

CASES = {
    "l2_normalize": [
        (_QS,),
        (_TOK, 1),
        (np.zeros((2, 4), dtype=np.float32),),
        (np.array([3.0, 4.0]),),
    ],
    "mean_pooling": [
        (_TOK, _MASK),
        (_TOK, np.ones((3, 6), dtype=np.int64)),
        (_TOK, np.zeros((3, 6), dtype=np.int64)),
        (_TOK[:1], _MASK[:1].astype(bool)),
    ],
    "cosine_similarity": [
        (_QS, DOC_EMBEDDINGS[:5]),
        (_Q, _Q),
        (np.zeros((1, 8)), _TOK[0]),
        (_QS, _TOK[0]),
    ],
    "pairwise_euclidean": [
        (_TRX[:5],),
        (_TRX[:4], _TRX[10:13], True),
        (np.zeros((0, 2)), _TRX),
        (_QS.astype(np.float64), DOC_EMBEDDINGS[:3].astype(np.float64)),
    ],
    "search": [
        (_Q,),
        (DOC_EMBEDDINGS[7], 3),
        (_Q, 100, 0.2),
        (_Q, 0),
        (np.ones(EMBED_DIM).tolist(), 2),
        (np.ones(8, dtype=np.float32),),
    ],
    "batch_search": [
        (_QS, DOC_EMBEDDINGS),
        (_QS, DOC_EMBEDDINGS[:2], 5),
        (_QS[:1].astype(np.float64), DOC_EMBEDDINGS, 1),
    ],
    "knn_classify": [
        (np.array([0.0, 0.0]), _TRX, _TRY),
        (np.array([[4.0, 4.0], [2.0, 2.0]]), _TRX, _TRY, 5, ["neg", "pos"]),
        (np.array([[10.0, 10.0]]), _TRX, _TRY, 100),
        (np.array([1.0, 1.0]), _TRX[:2], np.array([0, 1]), 2),
    ],
    "quantize_int8": [
        (DOC_EMBEDDINGS[:4],),
        (np.zeros((2, 8), dtype=np.float32),),
        (_Q,),
    ],
    "deduplicate": [
        (_DUPS,),
        (_DUPS, 0.5),
        (np.zeros((0, EMBED_DIM), dtype=np.float32),),
        (np.ones((3, 4)),),
    ],
    "mmr_rerank": [
        (_Q, DOC_EMBEDDINGS[:10]),
        (_Q, _DUPS, 5, 0.7),
        (_Q, DOC_EMBEDDINGS[:2], 5),
        (_Q, np.zeros((0, EMBED_DIM), dtype=np.float32)),
    ],
}
