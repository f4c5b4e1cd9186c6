"""Post-processing of token-classification / NER model outputs into typed records.

BIO decoding, span alignment to character offsets, overlap resolution, span-level F1
and multi-label decoding, using dataclasses, NamedTuples and Enums as small records.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from dataclasses import asdict, dataclass, field
from enum import Enum
from typing import Any, NamedTuple, Optional, Sequence


class EntityType(Enum):
    PER = "person"
    LOC = "location"
    ORG = "organization"
    MISC = "miscellaneous"


class Span(NamedTuple):
    start: int
    end: int  # exclusive
    label: str


@dataclass(order=True)
class Entity:
    start: int
    end: int
    label: str
    text: str = field(compare=False)
    score: float = field(default=1.0, compare=False)

    @property
    def length(self) -> int:
        return self.end - self.start


class WordPrediction(NamedTuple):
    word: str
    label: str
    score: float


TAG_NAMES = ["O", "B-PER", "I-PER", "B-LOC", "I-LOC", "B-ORG", "I-ORG", "B-MISC", "I-MISC"]
TOPIC_LABELS = ["politics", "sports", "technology", "science", "business", "entertainment"]


def _split_tag(tag: str) -> tuple[str, Optional[str]]:
    if tag == "O" or not tag:
        return "O", None
    prefix, _, label = tag.partition("-")
    if prefix not in ("B", "I", "E", "S") or not label:
        raise ValueError(f"malformed tag {tag!r}")
    return prefix, label


def bio_to_spans(tokens: list[str], tags: list[str]) -> list[dict[str, Any]]:
    """Decode BIO(ES) tags into entity dicts; a stray I- starts a new entity (lenient)."""
    if len(tokens) != len(tags):
        raise ValueError(f"{len(tokens)} tokens but {len(tags)} tags")
    entities: list[Entity] = []
    cur_start: Optional[int] = None
    cur_label: Optional[str] = None

    def close(end: int) -> None:
        nonlocal cur_start, cur_label
        if cur_start is not None and cur_label is not None:
            entities.append(Entity(cur_start, end, cur_label, " ".join(tokens[cur_start:end])))
        cur_start, cur_label = None, None

    for i, tag in enumerate(tags):
        prefix, label = _split_tag(tag)
        if prefix == "O":
            close(i)
        elif prefix in ("B", "S") or label != cur_label:
            close(i)
            cur_start, cur_label = i, label
            if prefix == "S":
                close(i + 1)
        elif prefix == "E":
            close(i + 1)
    close(len(tags))
    return [asdict(e) for e in entities]


def spans_to_bio(num_tokens: int, spans: Sequence[tuple[int, int, str]]) -> list[str]:
    """Inverse of bio_to_spans for non-overlapping token spans; overlaps raise ValueError."""
    tags = ["O"] * num_tokens
    for start, end, label in sorted(spans):
        if not 0 <= start < end <= num_tokens:
            raise ValueError(f"span ({start}, {end}) out of range for {num_tokens} tokens")
        if any(t != "O" for t in tags[start:end]):
            raise ValueError(f"span ({start}, {end}, {label}) overlaps another span")
        tags[start] = f"B-{label}"
        for i in range(start + 1, end):
            tags[i] = f"I-{label}"
    return tags


def align_tokens_to_text(text: str, tokens: list[str]) -> list[tuple[int, int]]:
    """Character (start, end) of each token, found left-to-right; raises if one is missing."""
    offsets: list[tuple[int, int]] = []
    cursor = 0
    for tok in tokens:
        idx = text.find(tok, cursor)
        if idx < 0:
            raise ValueError(f"token {tok!r} not found after position {cursor}")
        offsets.append((idx, idx + len(tok)))
        cursor = idx + len(tok)
    return offsets


def resolve_overlaps(entities: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Greedy overlap resolution: higher score wins, then longer span, then earlier start."""
    cands = [
        Entity(e["start"], e["end"], e["label"], e.get("text", ""), float(e.get("score", 1.0)))
        for e in entities
    ]
    cands.sort(key=lambda e: (-e.score, -e.length, e.start))
    chosen: list[Entity] = []
    for ent in cands:
        if all(ent.end <= c.start or ent.start >= c.end for c in chosen):
            chosen.append(ent)
    return [asdict(e) for e in sorted(chosen)]


def span_f1(gold: Sequence[tuple[int, int, str]], pred: Sequence[tuple[int, int, str]]) -> dict[str, float]:
    """Exact-match span precision / recall / F1 (micro averaged)."""
    g = Counter(Span(*s) for s in gold)
    p = Counter(Span(*s) for s in pred)
    tp = sum((g & p).values())
    n_pred, n_gold = sum(p.values()), sum(g.values())
    precision = tp / n_pred if n_pred else 0.0
    recall = tp / n_gold if n_gold else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return {"precision": precision, "recall": recall, "f1": f1, "support": float(n_gold)}


def per_label_f1(gold: list[tuple[int, int, str]], pred: list[tuple[int, int, str]]) -> dict[str, dict[str, float]]:
    """span_f1 broken down by entity label, labels sorted alphabetically."""
    by_label_gold: dict[str, list[tuple[int, int, str]]] = defaultdict(list)
    by_label_pred: dict[str, list[tuple[int, int, str]]] = defaultdict(list)
    for s in gold:
        by_label_gold[s[2]].append(s)
    for s in pred:
        by_label_pred[s[2]].append(s)
    labels = sorted(set(by_label_gold) | set(by_label_pred))
    return {lab: span_f1(by_label_gold[lab], by_label_pred[lab]) for lab in labels}


def decode_multilabel(logits: list[float], threshold: float = 0.5, top_k: Optional[int] = None) -> list[dict[str, Any]]:
    """Sigmoid each topic logit, keep those above threshold, sorted by probability."""
    if len(logits) != len(TOPIC_LABELS):
        raise ValueError(f"expected {len(TOPIC_LABELS)} logits, got {len(logits)}")
    probs = [1.0 / (1.0 + math.exp(-x)) if x >= 0 else math.exp(x) / (1.0 + math.exp(x)) for x in logits]
    results = [
        {"label": lab, "score": round(p, 6)}
        for lab, p in zip(TOPIC_LABELS, probs)
        if p >= threshold
    ]
    results.sort(key=lambda r: r["score"], reverse=True)
    return results[:top_k] if top_k is not None else results


def aggregate_word_predictions(
    words: list[str], word_ids: list[Optional[int]], tag_ids: list[int], scores: list[float]
) -> list[WordPrediction]:
    """Map subword-level predictions back to words using the first subword of each word."""
    if not (len(word_ids) == len(tag_ids) == len(scores)):
        raise ValueError("word_ids, tag_ids and scores must be aligned")
    out: list[WordPrediction] = []
    seen: set[int] = set()
    for wid, tid, sc in zip(word_ids, tag_ids, scores):
        if wid is None or wid in seen:
            continue
        seen.add(wid)
        out.append(WordPrediction(words[wid], TAG_NAMES[tid], float(sc)))
    return out


def highlight_entities(text: str, entities: list[dict[str, Any]], use_long_names: bool = False) -> str:
    """Inline-annotate entities: 'Ada lives in Paris' -> '[Ada](PER) lives in [Paris](LOC)'."""
    pieces: list[str] = []
    cursor = 0
    for ent in sorted(entities, key=lambda e: e["start"]):
        start, end, label = int(ent["start"]), int(ent["end"]), str(ent["label"])
        if start < cursor:
            continue  # skip overlapping entity
        if use_long_names:
            try:
                label = EntityType[label].value
            except KeyError:
                raise ValueError(f"unknown entity type {label!r}") from None
        pieces.append(text[cursor:start])
        pieces.append(f"[{text[start:end]}]({label})")
        cursor = end
    pieces.append(text[cursor:])
    return "".join(pieces)


CASES = {
    "bio_to_spans": [
        (
            ["Ada", "Lovelace", "visited", "New", "York", "City", "."],
            ["B-PER", "I-PER", "O", "B-LOC", "I-LOC", "I-LOC", "O"],
        ),
        (["Apple", "Inc", "hired", "Tim"], ["I-ORG", "I-ORG", "O", "S-PER"]),
        ([], []),
        (["a", "b"], ["O"]),
        (["x"], ["Q-PER"]),
    ],
    "spans_to_bio": [
        (7, [(0, 2, "PER"), (3, 6, "LOC")]),
        (3, []),
        (2, [(0, 1, "ORG"), (0, 2, "MISC")]),
        (2, [(1, 5, "LOC")]),
    ],
    "align_tokens_to_text": [
        ("Ada Lovelace visited New York.", ["Ada", "Lovelace", "visited", "New", "York", "."]),
        ("naïve café", ["naïve", "café"]),
        ("", []),
        ("hello world", ["hello", "mars"]),
    ],
    "resolve_overlaps": [
        (
            [
                {"start": 0, "end": 12, "label": "ORG", "text": "Bank of Engl", "score": 0.7},
                {"start": 8, "end": 15, "label": "LOC", "text": "England", "score": 0.95},
                {"start": 20, "end": 25, "label": "PER", "text": "Smith", "score": 0.8},
            ],
        ),
        ([],),
        ([{"start": 0, "end": 3, "label": "A"}, {"start": 0, "end": 5, "label": "B"}],),
    ],
    "span_f1": [
        ([(0, 2, "PER"), (3, 6, "LOC")], [(0, 2, "PER"), (3, 5, "LOC")]),
        ([], []),
        ([(0, 1, "ORG")], []),
        ([(1, 2, "X")], [(1, 2, "X"), (1, 2, "X")]),
    ],
    "per_label_f1": [
        ([(0, 2, "PER"), (3, 6, "LOC"), (7, 8, "LOC")], [(0, 2, "PER"), (3, 6, "LOC"), (9, 10, "ORG")]),
        ([], []),
        ([(0, 1, "MISC")], [(0, 1, "MISC")]),
    ],
    "decode_multilabel": [
        ([2.1, -0.3, 0.8, -4.0, 0.0, -800.0],),
        ([5.0, 4.0, 3.0, 2.0, 1.0, 0.5], 0.5, 2),
        ([-1.0] * 6, 0.9),
        ([1.0, 2.0],),
    ],
    "aggregate_word_predictions": [
        (
            ["Ada", "Lovelace", "wrote"],
            [None, 0, 1, 1, 2, None],
            [0, 1, 2, 2, 0, 0],
            [0.99, 0.97, 0.95, 0.60, 0.99, 0.99],
        ),
        ([], [None, None], [0, 0], [1.0, 1.0]),
        (["x"], [0], [3], [0.5]),
        (["x"], [0, 0], [1], [0.5]),
    ],
    "highlight_entities": [
        ("Ada lives in Paris.", [{"start": 13, "end": 18, "label": "LOC"}, {"start": 0, "end": 3, "label": "PER"}]),
        ("Ada lives in Paris.", [{"start": 0, "end": 3, "label": "PER"}], True),
        ("no entities", []),
        ("Bad label", [{"start": 0, "end": 3, "label": "FOO"}], True),
    ],
}
