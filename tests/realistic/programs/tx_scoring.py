"""Scoring utilities written with `math`: softmax/log-sum-exp, entropy, perplexity,
TF-IDF and BM25 retrieval, plus summary statistics over model scores."""

import math
import re
import statistics
from collections import Counter
from typing import Any, Dict, List, Optional, Sequence

_WORD_RE = re.compile(r"\w+", re.UNICODE)


def _tokenize(text: str) -> List[str]:
    return _WORD_RE.findall(text.lower())


def log_sum_exp(values: Sequence[float]) -> float:
    """Numerically stable log(sum(exp(values))); -inf for an empty sequence."""
    if not values:
        return float("-inf")
    m = max(values)
    if math.isinf(m):
        return m
    return m + math.log(math.fsum(math.exp(v - m) for v in values))


def softmax(logits: Sequence[float], temperature: float = 1.0) -> List[float]:
    """Temperature-scaled softmax over a list of logits."""
    if temperature <= 0:
        raise ValueError(f"temperature must be > 0, got {temperature}")
    scaled = [x / temperature for x in logits]
    lse = log_sum_exp(scaled)
    return [math.exp(x - lse) for x in scaled]


def entropy(probs: Sequence[float], base: float = 2.0, normalize: bool = True) -> float:
    """Shannon entropy of a distribution (renormalized when ``normalize``)."""
    total = math.fsum(probs)
    if total <= 0:
        raise ValueError("probabilities must sum to a positive value")
    if any(p < 0 for p in probs):
        raise ValueError("probabilities must be non-negative")
    ps = [p / total for p in probs] if normalize else list(probs)
    h = -math.fsum(p * math.log(p) for p in ps if p > 0)
    # h is >= 0 mathematically; abs() folds the -0.0 from a one-hot distribution.
    return abs(h) / math.log(base)


def perplexity(token_logprobs: Sequence[float]) -> float:
    """exp of the mean negative log-likelihood (natural-log token log-probs)."""
    if len(token_logprobs) == 0:
        raise ValueError("perplexity of an empty sequence is undefined")
    nll = -math.fsum(token_logprobs) / len(token_logprobs)
    return math.exp(nll)


def length_normalized_score(token_logprobs: Sequence[float], alpha: float = 0.6) -> float:
    """Beam-search score with the GNMT length penalty ((5 + |Y|) / 6) ** alpha."""
    if not token_logprobs:
        return 0.0
    lp = ((5.0 + len(token_logprobs)) / 6.0) ** alpha
    return math.fsum(token_logprobs) / lp


def kl_divergence(p: Sequence[float], q: Sequence[float], eps: float = 1e-12) -> float:
    """KL(p || q) in nats; q is floored at eps to avoid log(0)."""
    if len(p) != len(q):
        raise ValueError(f"length mismatch: {len(p)} vs {len(q)}")
    return math.fsum(pi * (math.log(pi) - math.log(max(qi, eps))) for pi, qi in zip(p, q) if pi > 0)


def tfidf_vectors(documents: List[str], sublinear_tf: bool = False) -> List[Dict[str, float]]:
    """Sparse L2-normalized TF-IDF vectors with smoothed idf (sklearn's formula)."""
    tokenized = [_tokenize(d) for d in documents]
    n_docs = len(tokenized)
    df: Counter = Counter()
    for toks in tokenized:
        df.update(set(toks))
    idf = {term: math.log((1 + n_docs) / (1 + d)) + 1.0 for term, d in df.items()}
    vectors: List[Dict[str, float]] = []
    for toks in tokenized:
        tf = Counter(toks)
        vec = {}
        for term, count in tf.items():
            weight = (1.0 + math.log(count)) if sublinear_tf else float(count)
            vec[term] = weight * idf[term]
        norm = math.sqrt(math.fsum(v * v for v in vec.values()))
        if norm > 0:
            vec = {t: v / norm for t, v in sorted(vec.items())}
        vectors.append(vec)
    return vectors


def cosine_similarity_sparse(a: Dict[str, float], b: Dict[str, float]) -> float:
    """Cosine similarity of two sparse term -> weight dicts (0.0 if either is empty)."""
    if len(a) > len(b):
        a, b = b, a
    dot = math.fsum(w * b[t] for t, w in a.items() if t in b)
    na = math.sqrt(math.fsum(w * w for w in a.values()))
    nb = math.sqrt(math.fsum(w * w for w in b.values()))
    if na == 0 or nb == 0:
        return 0.0
    return dot / (na * nb)


def bm25_scores(query: str, documents: List[str], k1: float = 1.5, b: float = 0.75) -> List[float]:
    """Okapi BM25 score of every document for the query."""
    docs = [_tokenize(d) for d in documents]
    if not docs:
        return []
    n = len(docs)
    avgdl = statistics.fmean(len(d) for d in docs) or 1.0
    df: Counter = Counter()
    for d in docs:
        df.update(set(d))
    q_terms = _tokenize(query)
    scores = []
    for d in docs:
        tf = Counter(d)
        dl = len(d)
        s = 0.0
        for term in q_terms:
            if term not in tf:
                continue
            idf = math.log(1 + (n - df[term] + 0.5) / (df[term] + 0.5))
            freq = tf[term]
            s += idf * freq * (k1 + 1) / (freq + k1 * (1 - b + b * dl / avgdl))
        scores.append(s)
    return scores


def rank_documents(query: str, documents: List[str], top_k: int = 3, min_score: float = 0.0) -> List[Dict[str, Any]]:
    """BM25-rank documents; returns [{'index', 'score', 'text'}] best first."""
    scores = bm25_scores(query, documents)
    order = sorted(range(len(scores)), key=lambda i: (-scores[i], i))
    results = []
    for i in order[:top_k]:
        if scores[i] <= min_score:
            continue
        results.append({"index": i, "score": round(scores[i], 6), "text": documents[i]})
    return results


def summarize_scores(scores: Sequence[float], ndigits: Optional[int] = 4) -> Dict[str, float]:
    """mean / median / stdev / min / max of a list of scores, ignoring NaNs."""
    clean = [float(s) for s in scores if not math.isnan(s)]
    if not clean:
        raise ValueError("no finite scores to summarize")
    summary = {
        "count": float(len(clean)),
        "mean": statistics.mean(clean),
        "median": statistics.median(clean),
        "stdev": statistics.stdev(clean) if len(clean) > 1 else 0.0,
        "min": min(clean),
        "max": max(clean),
    }
    if ndigits is not None:
        summary = {k: round(v, ndigits) for k, v in summary.items()}
    return summary


CASES = {
    "log_sum_exp": [
        ([1.0, 2.0, 3.0],),
        ([1000.0, 1000.0],),
        ([],),
        ([float("-inf"), float("-inf")],),
        ([-1e4, 0.0],),
    ],
    "softmax": [
        ([2.0, 1.0, 0.1],),
        ([2.0, 1.0, 0.1], 0.5),
        ([0.0],),
        ([],),
        ([1.0, 2.0], 0.0),
    ],
    "entropy": [
        ([0.5, 0.5],),
        ([0.7, 0.2, 0.1], math.e),
        ([1.0, 0.0, 0.0],),
        ([3, 1], 2.0, True),
        ([0.0, 0.0],),
        ([0.5, -0.1, 0.6],),
    ],
    "perplexity": [
        ([-0.1, -2.3, -0.7, -1.2],),
        ([0.0, 0.0],),
        ([-5.0],),
        ([],),
    ],
    "length_normalized_score": [
        ([-0.5, -0.2, -1.1],),
        ([-0.5, -0.2, -1.1], 0.0),
        ([],),
        ([-2.0] * 20, 1.0),
    ],
    "kl_divergence": [
        ([0.5, 0.5], [0.9, 0.1]),
        ([0.2, 0.3, 0.5], [0.2, 0.3, 0.5]),
        ([1.0, 0.0], [0.0, 1.0]),
        ([0.5, 0.5], [1.0]),
    ],
    "tfidf_vectors": [
        (["the cat sat on the mat", "the dog sat", "cats and dogs"],),
        (["repeat repeat repeat word"], True),
        ([],),
        (["", "non empty"],),
    ],
    "cosine_similarity_sparse": [
        ({"cat": 0.6, "sat": 0.8}, {"cat": 1.0}),
        ({"a": 1.0}, {"b": 1.0}),
        ({}, {"a": 1.0}),
        ({"x": -1.0, "y": 2.0}, {"x": 1.0, "y": -2.0, "z": 0.5}),
    ],
    "bm25_scores": [
        ("sat mat", ["the cat sat on the mat", "the dog sat", "cats and dogs"]),
        ("missing", ["a b c", "d e f"]),
        ("anything", []),
        ("cat", ["cat cat cat", "cat"], 1.2, 0.0),
        ("x", ["", ""]),
    ],
    "rank_documents": [
        (
            "transformer attention",
            [
                "Attention is all you need introduced the transformer.",
                "Recurrent networks process tokens sequentially.",
                "Self-attention layers stack inside every transformer block.",
                "Convolutions are local.",
            ],
            2,
        ),
        ("zebra", ["no match here"]),
        ("q", []),
    ],
    "summarize_scores": [
        ([0.91, 0.85, 0.77, 0.99, 0.62],),
        ([0.5],),
        ([1.0, float("nan"), 3.0], None),
        ([float("nan")],),
        ([],),
    ],
}
