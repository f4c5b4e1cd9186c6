"""Counting, grouping and ranking helpers for corpora and model predictions.

Vocabulary building, frequency tables, length bucketing with bisect, majority voting
and run-length encoding of label sequences -- collections/itertools/heapq territory.
"""

import bisect
import heapq
import itertools
import re
from collections import Counter, defaultdict
from typing import Any, Dict, Iterable, Iterator, List, Optional, Sequence, Tuple

_TOKEN_RE = re.compile(r"[^\W_]+(?:'[^\W_]+)?", re.UNICODE)
STOPWORDS = frozenset(
    "a an and are as at be by for from has he in is it its of on that the to was were will with".split()
)


def _tokens(text: str) -> List[str]:
    return _TOKEN_RE.findall(text.lower())


def word_frequencies(
    texts: Iterable[str], top_k: int = 10, drop_stopwords: bool = True
) -> List[Tuple[str, int]]:
    """Most common words across texts; ties broken alphabetically for stable output."""
    counts: Counter = Counter()
    for text in texts:
        toks = _tokens(text)
        if drop_stopwords:
            toks = [t for t in toks if t not in STOPWORDS]
        counts.update(toks)
    return sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:top_k]


def build_vocab(
    texts: Sequence[str],
    min_freq: int = 1,
    max_size: Optional[int] = None,
    specials: Sequence[str] = ("<pad>", "<unk>", "<bos>", "<eos>"),
) -> Dict[str, int]:
    """token -> id mapping: specials first, then tokens by descending frequency."""
    if min_freq < 1:
        raise ValueError("min_freq must be >= 1")
    counts = Counter(itertools.chain.from_iterable(_tokens(t) for t in texts))
    ranked = [tok for tok, c in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])) if c >= min_freq]
    if max_size is not None:
        ranked = ranked[: max(0, max_size - len(specials))]
    vocab: Dict[str, int] = {}
    for tok in itertools.chain(specials, ranked):
        vocab.setdefault(tok, len(vocab))
    return vocab


def group_by_label(predictions: List[Dict[str, Any]], min_score: float = 0.0) -> Dict[str, List[str]]:
    """Group predicted items by label, dropping low-confidence ones; each group sorted by score."""
    groups: Dict[str, List[Tuple[float, str]]] = defaultdict(list)
    for pred in predictions:
        score = float(pred.get("score", 0.0))
        if score < min_score:
            continue
        groups[pred["label"]].append((score, pred["text"]))
    return {
        label: [text for _, text in sorted(items, key=lambda st: (-st[0], st[1]))]
        for label, items in sorted(groups.items())
    }


def top_k_labels(scores: Dict[str, float], k: int = 3) -> List[Tuple[str, float]]:
    """The k highest-scoring labels (heapq.nlargest), ties broken by label name."""
    if k <= 0:
        return []
    return heapq.nlargest(k, scores.items(), key=lambda kv: (kv[1], [-ord(c) for c in kv[0]]))


def length_histogram(lengths: Sequence[int], boundaries: Sequence[int]) -> Dict[str, int]:
    """Count sequence lengths per bucket defined by sorted upper boundaries (bisect)."""
    bounds = sorted(boundaries)
    if len(set(bounds)) != len(bounds):
        raise ValueError("bucket boundaries must be unique")
    labels = []
    lo = 0
    for b in bounds:
        labels.append(f"{lo}-{b}")
        lo = b + 1
    labels.append(f">{bounds[-1]}" if bounds else "all")
    hist = {label: 0 for label in labels}
    for n in lengths:
        hist[labels[bisect.bisect_left(bounds, n)]] += 1
    return hist


def bucket_by_length(texts: List[str], boundaries: List[int], max_batch: int = 4) -> List[List[str]]:
    """Bucket texts by token count and cut each bucket into batches (bucketed batching)."""
    buckets: Dict[int, List[str]] = defaultdict(list)
    for text in texts:
        buckets[bisect.bisect_left(boundaries, len(text.split()))].append(text)
    batches: List[List[str]] = []
    for idx in sorted(buckets):
        it: Iterator[str] = iter(buckets[idx])
        while True:
            batch = list(itertools.islice(it, max_batch))
            if not batch:
                break
            batches.append(batch)
    return batches


def run_length_encode(labels: Sequence[str]) -> List[Tuple[str, int]]:
    """Collapse consecutive identical labels: ['O','O','B','B'] -> [('O',2),('B',2)]."""
    return [(label, sum(1 for _ in group)) for label, group in itertools.groupby(labels)]


def token_offsets(tokens: Sequence[str], sep_len: int = 1) -> List[Tuple[int, int]]:
    """(start, end) char offsets of tokens joined by a separator, via itertools.accumulate."""
    if not tokens:
        return []
    widths = [len(t) + sep_len for t in tokens]
    starts = [0] + list(itertools.accumulate(widths))[:-1]
    return [(s, s + len(t)) for s, t in zip(starts, tokens)]


def cooccurrence_counts(documents: List[List[str]], top_k: int = 5) -> List[Dict[str, Any]]:
    """Pairs of terms appearing in the same document, most frequent first."""
    pairs: Counter = Counter()
    for doc in documents:
        uniq = sorted(set(doc))
        pairs.update(itertools.combinations(uniq, 2))
    ranked = sorted(pairs.items(), key=lambda kv: (-kv[1], kv[0]))[:top_k]
    return [{"pair": f"{a}|{b}", "count": c} for (a, b), c in ranked]


def bigram_counts(text: str, min_count: int = 1) -> Dict[str, int]:
    """Counts of adjacent word pairs, keyed as 'w1 w2'."""
    toks = _tokens(text)
    counts = Counter(f"{a} {b}" for a, b in itertools.pairwise(toks))
    return {bg: c for bg, c in sorted(counts.items()) if c >= min_count}


def majority_vote(predictions: List[List[str]]) -> List[str]:
    """Per-position majority over several annotators/models; ties go to the earliest model."""
    if not predictions:
        return []
    length = len(predictions[0])
    if any(len(p) != length for p in predictions):
        raise ValueError("all prediction sequences must have the same length")
    result = []
    for column in zip(*predictions):
        counts = Counter(column)
        best = max(counts.values())
        result.append(next(lab for lab in column if counts[lab] == best))
    return result


CASES = {
    "word_frequencies": [
        (["The cat sat on the mat.", "The dog sat on the log!", "Cats and dogs."], 5),
        (["It is what it is"], 3, False),
        ([], 10),
        (["Ünïcode wörds wörds", "naïve naïve naïve"], 2),
    ],
    "build_vocab": [
        (["the cat sat", "the cat ran", "a dog ran"],),
        (["the cat sat", "the cat ran", "a dog ran"], 2),
        (["x y z x y x"], 1, 6, ["<pad>", "<unk>"]),
        ([], 1),
        (["a"], 0),
    ],
    "group_by_label": [
        (
            [
                {"text": "Paris", "label": "LOC", "score": 0.98},
                {"text": "Ada", "label": "PER", "score": 0.91},
                {"text": "Berlin", "label": "LOC", "score": 0.99},
                {"text": "ACME", "label": "ORG", "score": 0.42},
            ],
            0.5,
        ),
        ([],),
        ([{"text": "x", "label": "A"}, {"text": "y", "label": "A", "score": 1}],),
    ],
    "top_k_labels": [
        ({"sports": 0.7, "politics": 0.1, "tech": 0.15, "arts": 0.05}, 2),
        ({"a": 0.5, "b": 0.5, "c": 0.5}, 2),
        ({}, 3),
        ({"x": 1.0}, 0),
        ({"neg": -1.5, "pos": -0.2}, 5),
    ],
    "length_histogram": [
        ([3, 17, 64, 128, 512, 1000, 0], [16, 64, 256]),
        ([], [8]),
        ([5, 5, 5], []),
        ([1, 2], [4, 4]),
    ],
    "bucket_by_length": [
        (["a b", "a b c d e f", "x", "one two three", "p q r s t u v w", "k l"], [2, 5], 2),
        ([], [10]),
        (["solo"], [], 4),
    ],
    "run_length_encode": [
        (["O", "O", "B-PER", "I-PER", "I-PER", "O"],),
        ([],),
        (["x"],),
        ("aaabcc",),
    ],
    "token_offsets": [
        (["Hello", "world", "!"],),
        (["a", "bb"], 0),
        ([],),
        (["日本", "語"],),
    ],
    "cooccurrence_counts": [
        ([["nlp", "bert", "token"], ["bert", "token"], ["nlp", "token", "token"]], 3),
        ([],),
        ([["solo"]],),
    ],
    "bigram_counts": [
        ("the cat sat on the mat and the cat slept",),
        ("the cat sat on the mat and the cat slept", 2),
        ("",),
        ("word",),
    ],
    "majority_vote": [
        ([["B", "I", "O"], ["B", "O", "O"], ["O", "I", "O"]],),
        ([["pos"], ["neg"]],),
        ([],),
        ([["a", "b"], ["a"]],),
    ],
}
