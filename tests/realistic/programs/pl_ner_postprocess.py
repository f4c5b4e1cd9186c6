"""Token-classification (NER) pipeline: offset-tracking tokenizer, a feature-based
token tagger in NumPy producing BIO logits, and the Hugging Face-style post-processing
that turns logits into entity spans with character offsets."""

import re
import unicodedata
from typing import Any, Dict, List, Optional, Sequence, Tuple

import numpy as np
import numpy.typing as npt

LABELS: List[str] = ["O", "B-PER", "I-PER", "B-ORG", "I-ORG", "B-LOC", "I-LOC", "B-MISC", "I-MISC"]
LABEL2ID: Dict[str, int] = {l: i for i, l in enumerate(LABELS)}
ENTITY_TYPES = ["PER", "ORG", "LOC", "MISC"]

GAZETTEER: Dict[str, set] = {
    "PER": {"alice", "bob", "marie", "curie", "ada", "lovelace", "john", "smith", "zoë", "josé", "garcía"},
    "ORG": {"google", "acme", "corp", "inc", "united", "nations", "openai", "siemens", "ag", "university"},
    "LOC": {"paris", "london", "berlin", "france", "germany", "new", "york", "tokyo", "münchen", "river"},
    "MISC": {"french", "german", "olympics", "python", "euro", "christmas"},
}
ORG_SUFFIXES = {"inc", "corp", "ag", "ltd", "gmbh", "llc"}
PERSON_TITLES = {"mr", "mrs", "ms", "dr", "prof"}

_TOKEN_RE = re.compile(r"\w+(?:[-']\w+)*|[^\w\s]", re.UNICODE)

# feature layout
FEATURES = [
    "bias", "is_title", "is_upper", "is_lower", "is_digit", "is_punct",
    "gaz_per", "gaz_org", "gaz_loc", "gaz_misc",
    "prev_title_word", "prev_is_cap", "next_is_cap", "next_org_suffix", "is_sentence_start",
]
F = {n: i for i, n in enumerate(FEATURES)}


def _build_weights() -> np.ndarray:
    rng = np.random.default_rng(0)
    W = rng.normal(0.0, 0.05, size=(len(FEATURES), len(LABELS))).astype(np.float32)

    def setw(feat: str, label: str, w: float) -> None:
        W[F[feat], LABEL2ID[label]] = w

    setw("bias", "O", 2.0)
    setw("is_lower", "O", 1.5)
    setw("is_punct", "O", 3.0)
    setw("is_digit", "O", 1.0)
    for t, g in (("PER", "gaz_per"), ("ORG", "gaz_org"), ("LOC", "gaz_loc"), ("MISC", "gaz_misc")):
        setw(g, f"B-{t}", 2.2)
        setw(g, f"I-{t}", 1.6)
    setw("is_title", "B-MISC", 0.9)
    setw("is_title", "B-PER", 0.6)
    setw("is_title", "B-ORG", 0.5)
    setw("is_upper", "B-ORG", 1.4)
    setw("prev_is_cap", "I-PER", 1.3)
    setw("prev_is_cap", "I-ORG", 1.1)
    setw("prev_is_cap", "I-LOC", 1.0)
    setw("prev_is_cap", "B-PER", -0.8)
    setw("prev_is_cap", "B-LOC", -0.8)
    setw("prev_is_cap", "B-ORG", -0.6)
    setw("prev_title_word", "B-PER", 2.5)
    setw("next_org_suffix", "B-ORG", 2.0)
    setw("next_is_cap", "B-PER", 0.3)
    setw("is_sentence_start", "O", 0.8)
    return W


WEIGHTS: npt.NDArray[np.float32] = _build_weights()


def _is_cap(tok: str) -> bool:
    return bool(tok) and tok[0].isupper()


def _features(tokens: Sequence[str]) -> np.ndarray:
    X = np.zeros((len(tokens), len(FEATURES)), dtype=np.float32)
    lowered = [unicodedata.normalize("NFC", t).lower() for t in tokens]
    for i, (tok, low) in enumerate(zip(tokens, lowered)):
        X[i, F["bias"]] = 1.0
        X[i, F["is_title"]] = float(tok.istitle())
        X[i, F["is_upper"]] = float(tok.isupper() and len(tok) > 1)
        X[i, F["is_lower"]] = float(tok.islower())
        X[i, F["is_digit"]] = float(tok.isdigit())
        X[i, F["is_punct"]] = float(all(unicodedata.category(c).startswith("P") or unicodedata.category(c).startswith("S") for c in tok))
        X[i, F["gaz_per"]] = float(low in GAZETTEER["PER"])
        X[i, F["gaz_org"]] = float(low in GAZETTEER["ORG"])
        X[i, F["gaz_loc"]] = float(low in GAZETTEER["LOC"])
        X[i, F["gaz_misc"]] = float(low in GAZETTEER["MISC"])
        if i > 0:
            X[i, F["prev_title_word"]] = float(lowered[i - 1].rstrip(".") in PERSON_TITLES)
            X[i, F["prev_is_cap"]] = float(_is_cap(tokens[i - 1]) and tokens[i - 1] not in ".")
        if i + 1 < len(tokens):
            X[i, F["next_is_cap"]] = float(_is_cap(tokens[i + 1]))
            X[i, F["next_org_suffix"]] = float(lowered[i + 1] in ORG_SUFFIXES)
        X[i, F["is_sentence_start"]] = float(i == 0 or tokens[i - 1] in {".", "!", "?"})
    return X


def _softmax(x: np.ndarray, axis: int = -1) -> np.ndarray:
    z = x - np.max(x, axis=axis, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=axis, keepdims=True)


# --------------------------------------------------------------------------- #
# Entry points
# --------------------------------------------------------------------------- #

def tokenize_with_offsets(text: str) -> List[Tuple[str, int, int]]:
    """Word/punctuation tokens with (start, end) character offsets into `text`."""
    return [(m.group(), m.start(), m.end()) for m in _TOKEN_RE.finditer(text)]


def token_logits(tokens: List[str]) -> npt.NDArray[np.float32]:
    """Tagger forward pass: tokens -> [T, num_labels] float32 logits."""
    if not tokens:
        return np.zeros((0, len(LABELS)), dtype=np.float32)
    return (_features(tokens) @ WEIGHTS).astype(np.float32)


def decode_bio(logits: np.ndarray, repair: bool = True) -> Tuple[List[str], List[float]]:
    """Argmax BIO labels + their softmax probabilities. With repair, a dangling
    I-X (after O or a different type) is turned into B-X, as seqeval's lenient mode does."""
    if logits.ndim != 2 or logits.shape[1] != len(LABELS):
        raise ValueError(f"logits must be [seq_len, {len(LABELS)}], got {logits.shape}")
    probs = _softmax(logits.astype(np.float64))
    ids = probs.argmax(axis=-1)
    labels = [LABELS[i] for i in ids.tolist()]
    scores = [float(probs[t, i]) for t, i in enumerate(ids.tolist())]
    if repair:
        prev = "O"
        for t, lab in enumerate(labels):
            if lab.startswith("I-") and (prev == "O" or prev[2:] != lab[2:]):
                labels[t] = "B-" + lab[2:]
            prev = labels[t]
    return labels, scores


def merge_spans(
    text: str,
    offsets: List[Tuple[int, int]],
    labels: List[str],
    scores: List[float],
    aggregation: str = "average",
) -> List[Dict[str, Any]]:
    """Group consecutive B-/I- tokens of the same type into entity dicts
    {'entity', 'start', 'end', 'score', 'word'}."""
    if not (len(offsets) == len(labels) == len(scores)):
        raise ValueError("offsets, labels and scores must have the same length")
    if aggregation not in ("average", "max", "first", "min"):
        raise ValueError(f"unknown aggregation strategy {aggregation!r}")

    entities: List[Dict[str, Any]] = []
    current: Optional[Dict[str, Any]] = None
    cur_scores: List[float] = []

    def flush() -> None:
        if current is None:
            return
        if aggregation == "average":
            s = sum(cur_scores) / len(cur_scores)
        elif aggregation == "max":
            s = max(cur_scores)
        elif aggregation == "min":
            s = min(cur_scores)
        else:
            s = cur_scores[0]
        current["score"] = round(float(s), 4)
        current["word"] = text[current["start"]:current["end"]]
        entities.append(current)

    for (start, end), lab, sc in zip(offsets, labels, scores):
        if lab == "O":
            flush()
            current, cur_scores = None, []
            continue
        prefix, _, etype = lab.partition("-")
        if prefix == "B" or current is None or current["entity"] != etype:
            flush()
            current = {"entity": etype, "start": start, "end": end}
            cur_scores = [sc]
        else:
            current["end"] = end
            cur_scores.append(sc)
    flush()
    return entities


def extract_entities(text: str, min_score: float = 0.0, aggregation: str = "average") -> List[Dict[str, Any]]:
    """Full pipeline: raw text -> [{'entity', 'start', 'end', 'score', 'word'}]."""
    text = unicodedata.normalize("NFC", text)
    toks = tokenize_with_offsets(text)
    if not toks:
        return []
    words = [t for t, _, _ in toks]
    offsets = [(s, e) for _, s, e in toks]
    labels, scores = decode_bio(token_logits(words))
    ents = merge_spans(text, offsets, labels, scores, aggregation=aggregation)
    return [e for e in ents if e["score"] >= min_score]


def redact(text: str, entities: List[Dict[str, Any]], types: Optional[List[str]] = None) -> str:
    """Replace entity spans with [TYPE] placeholders (right-to-left so offsets stay valid)."""
    keep = set(types) if types is not None else set(ENTITY_TYPES)
    out = text
    last_start = len(text) + 1
    for ent in sorted(entities, key=lambda e: e["start"], reverse=True):
        if ent["entity"] not in keep:
            continue
        s, e = int(ent["start"]), int(ent["end"])
        if not 0 <= s <= e <= len(text):
            raise ValueError(f"entity offsets out of range: {s}-{e}")
        if e > last_start:  # overlapping span, skip
            continue
        out = out[:s] + f"[{ent['entity']}]" + out[e:]
        last_start = s
    return out


def entity_counts(texts: List[str]) -> Dict[str, int]:
    """Count entities per type across a batch of texts."""
    counts = {t: 0 for t in ENTITY_TYPES}
    for t in texts:
        for ent in extract_entities(t):
            counts[ent["entity"]] = counts.get(ent["entity"], 0) + 1
    return counts


# --------------------------------------------------------------------------- #
# Cases
# --------------------------------------------------------------------------- #

_S1 = "Dr. Marie Curie moved from Warsaw to Paris and joined Acme Corp in 1891."
_S2 = "Zoë met José García at Siemens AG in München during the Olympics."
_S3 = "nothing to see here, all lowercase."
_toks1 = tokenize_with_offsets(_S1)
_rng = np.random.default_rng(3)
_rand_logits = _rng.normal(0, 2.0, size=(6, len(LABELS))).astype(np.float32)
_dangling = np.full((4, len(LABELS)), -5.0, dtype=np.float32)
_dangling[0, LABEL2ID["O"]] = 5.0
_dangling[1, LABEL2ID["I-PER"]] = 5.0
_dangling[2, LABEL2ID["I-PER"]] = 5.0
_dangling[3, LABEL2ID["I-LOC"]] = 5.0

CASES = {
    "tokenize_with_offsets": [
        (_S1,),
        ("",),
        ("Zoë's well-known café — open 24/7!",),
        ("   \n\t ",),
    ],
    "token_logits": [
        ([t for t, _, _ in _toks1],),
        ([],),
        (["NASA", "and", "Google", "Inc", "."],),
        (["Mr", ".", "Bob"],),
    ],
    "decode_bio": [
        (token_logits([t for t, _, _ in _toks1]),),
        (_dangling,),
        (_dangling, False),
        (_rand_logits,),
        (np.zeros((0, len(LABELS)), dtype=np.float32),),
        (np.zeros((3, 4), dtype=np.float32),),
    ],
    "merge_spans": [
        ("Marie Curie in Paris", [(0, 5), (6, 11), (12, 14), (15, 20)],
         ["B-PER", "I-PER", "O", "B-LOC"], [0.9, 0.8, 0.99, 0.7]),
        ("New York New York", [(0, 3), (4, 8), (9, 12), (13, 17)],
         ["B-LOC", "I-LOC", "B-LOC", "I-LOC"], [0.6, 0.9, 0.5, 0.4], "max"),
        ("", [], [], []),
        ("Acme Corp", [(0, 4), (5, 9)], ["I-ORG", "I-PER"], [0.5, 0.6], "first"),
        ("ab", [(0, 1)], ["O", "O"], [0.1, 0.2]),
        ("ab", [(0, 1)], ["O"], [0.1], "median"),
    ],
    "extract_entities": [
        (_S1,),
        (_S2, 0.3),
        (_S3,),
        ("",),
        ("Ada Lovelace worked in London.", 0.0, "min"),
    ],
    "redact": [
        (_S1, extract_entities(_S1)),
        (_S2, extract_entities(_S2), ["PER"]),
        ("no entities", []),
        ("short", [{"entity": "PER", "start": 0, "end": 50, "score": 0.9}]),
    ],
    "entity_counts": [
        ([_S1, _S2, _S3],),
        ([],),
        (["Bob Smith visited Tokyo and Berlin."],),
    ],
}
