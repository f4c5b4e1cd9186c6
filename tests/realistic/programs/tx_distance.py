"""String similarity and generation-evaluation metrics.

Edit distances (Levenshtein, WER/CER), set overlap (Jaccard over n-grams), LCS-based
ROUGE-L, sentence BLEU and SQuAD-style exact match / token F1.
"""

import math
import re
import string
from collections import Counter
from typing import List, Optional, Sequence, Tuple, TypeVar

T = TypeVar("T")

_ARTICLES_RE = re.compile(r"\b(a|an|the)\b", re.UNICODE)
_PUNCT = set(string.punctuation)


def _edit_distance(a: Sequence[T], b: Sequence[T]) -> int:
    if len(a) < len(b):
        a, b = b, a
    prev = list(range(len(b) + 1))
    for i, x in enumerate(a, start=1):
        cur = [i] + [0] * len(b)
        for j, y in enumerate(b, start=1):
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (x != y))
        prev = cur
    return prev[-1]


def levenshtein(a: str, b: str) -> int:
    """Character-level Levenshtein distance (insert/delete/substitute cost 1)."""
    return _edit_distance(a, b)


def edit_similarity(a: str, b: str, case_sensitive: bool = True) -> float:
    """1 - distance / max_len, in [0, 1]; two empty strings are identical."""
    if not case_sensitive:
        a, b = a.casefold(), b.casefold()
    longest = max(len(a), len(b))
    if longest == 0:
        return 1.0
    return 1.0 - _edit_distance(a, b) / longest


def jaccard_similarity(a: str, b: str, n: int = 3) -> float:
    """Jaccard overlap of character n-gram sets (whole string if shorter than n)."""
    if n < 1:
        raise ValueError("n must be >= 1")

    def grams(s: str) -> set:
        s = s.lower()
        if len(s) < n:
            return {s} if s else set()
        return {s[i : i + n] for i in range(len(s) - n + 1)}

    ga, gb = grams(a), grams(b)
    if not ga and not gb:
        return 1.0
    return len(ga & gb) / len(ga | gb)


def word_error_rate(reference: str, hypothesis: str) -> float:
    """WER = word-level edit distance / number of reference words."""
    ref = reference.lower().split()
    hyp = hypothesis.lower().split()
    if not ref:
        raise ValueError("reference must contain at least one word")
    return _edit_distance(ref, hyp) / len(ref)


def character_error_rate(reference: str, hypothesis: str, ignore_spaces: bool = False) -> float:
    """CER = character edit distance / reference length."""
    if ignore_spaces:
        reference = "".join(reference.split())
        hypothesis = "".join(hypothesis.split())
    if not reference:
        raise ValueError("reference must be non-empty")
    return _edit_distance(reference, hypothesis) / len(reference)


def _lcs_length(a: Sequence[str], b: Sequence[str]) -> int:
    if not a or not b:
        return 0
    prev = [0] * (len(b) + 1)
    for x in a:
        cur = [0]
        for j, y in enumerate(b, start=1):
            cur.append(prev[j - 1] + 1 if x == y else max(prev[j], cur[j - 1]))
        prev = cur
    return prev[-1]


def rouge_l(reference: str, candidate: str, beta: float = 1.2) -> Tuple[float, float, float]:
    """ROUGE-L (precision, recall, F-beta) from the longest common subsequence of tokens."""
    ref = reference.lower().split()
    cand = candidate.lower().split()
    lcs = _lcs_length(ref, cand)
    if lcs == 0:
        return 0.0, 0.0, 0.0
    p = lcs / len(cand)
    r = lcs / len(ref)
    f = (1 + beta**2) * p * r / (r + beta**2 * p)
    return p, r, f


def sentence_bleu(reference: str, hypothesis: str, max_n: int = 4, smooth: bool = True) -> float:
    """Sentence-level BLEU with brevity penalty and add-one smoothing for n > 1."""
    ref = reference.split()
    hyp = hypothesis.split()
    if not hyp:
        return 0.0
    log_precisions = []
    for n in range(1, max_n + 1):
        hyp_ngrams = Counter(tuple(hyp[i : i + n]) for i in range(len(hyp) - n + 1))
        ref_ngrams = Counter(tuple(ref[i : i + n]) for i in range(len(ref) - n + 1))
        overlap = sum(min(c, ref_ngrams[g]) for g, c in hyp_ngrams.items())
        total = max(len(hyp) - n + 1, 0)
        if smooth and n > 1:
            overlap, total = overlap + 1, total + 1
        if overlap == 0 or total == 0:
            return 0.0
        log_precisions.append(math.log(overlap / total))
    bp = 1.0 if len(hyp) > len(ref) else math.exp(1 - len(ref) / len(hyp))
    return bp * math.exp(sum(log_precisions) / max_n)


def normalize_answer(s: str) -> str:
    """SQuAD answer normalization: lower, drop punctuation and articles, fix spaces."""
    s = s.lower()
    s = "".join(ch for ch in s if ch not in _PUNCT)
    s = _ARTICLES_RE.sub(" ", s)
    return " ".join(s.split())


def squad_scores(prediction: str, ground_truths: List[str]) -> dict:
    """Max exact-match and token-F1 of a prediction over several gold answers."""
    if not ground_truths:
        raise ValueError("need at least one ground-truth answer")
    pred_toks = normalize_answer(prediction).split()
    best_em, best_f1 = 0.0, 0.0
    for gt in ground_truths:
        gt_toks = normalize_answer(gt).split()
        em = float(pred_toks == gt_toks)
        common = Counter(pred_toks) & Counter(gt_toks)
        same = sum(common.values())
        if not pred_toks or not gt_toks:
            f1 = float(pred_toks == gt_toks)
        elif same == 0:
            f1 = 0.0
        else:
            precision = same / len(pred_toks)
            recall = same / len(gt_toks)
            f1 = 2 * precision * recall / (precision + recall)
        best_em, best_f1 = max(best_em, em), max(best_f1, f1)
    return {"exact_match": best_em, "f1": best_f1}


def closest_match(word: str, candidates: Sequence[str], max_distance: Optional[int] = 2) -> Optional[str]:
    """Spelling-correction style lookup: nearest candidate by edit distance (ties: first)."""
    best: Optional[str] = None
    best_d = math.inf
    for cand in candidates:
        d = _edit_distance(word.lower(), cand.lower())
        if d < best_d:
            best, best_d = cand, d
    if best is None or (max_distance is not None and best_d > max_distance):
        return None
    return best


def dedupe_near_duplicates(texts: List[str], threshold: float = 0.8, n: int = 3) -> List[str]:
    """Keep the first of each group of texts whose n-gram Jaccard >= threshold."""
    if not 0.0 < threshold <= 1.0:
        raise ValueError("threshold must be in (0, 1]")
    kept: List[str] = []
    for t in texts:
        if all(jaccard_similarity(t, k, n) < threshold for k in kept):
            kept.append(t)
    return kept


CASES = {
    "levenshtein": [
        ("kitten", "sitting"),
        ("", "abc"),
        ("same", "same"),
        ("café", "cafe"),
        ("", ""),
    ],
    "edit_similarity": [
        ("kitten", "sitting"),
        ("Hello", "hello", False),
        ("", ""),
        ("abc", "xyz"),
    ],
    "jaccard_similarity": [
        ("night", "nacht", 2),
        ("transformer", "transformers"),
        ("", ""),
        ("ab", "ab", 3),
        ("abc", "abd", 0),
    ],
    "word_error_rate": [
        ("the cat sat on the mat", "the cat sit on mat"),
        ("hello world", "hello world"),
        ("one", "two three four"),
        ("", "anything"),
    ],
    "character_error_rate": [
        ("recognize speech", "wreck a nice beach"),
        ("a b c", "abc", True),
        ("日本語", "日本"),
        ("", "x"),
    ],
    "rouge_l": [
        ("the cat was found under the bed", "the cat was under the bed"),
        ("police killed the gunman", "the gunman police killed", 1.0),
        ("", "something"),
        ("abc", "xyz"),
    ],
    "sentence_bleu": [
        ("the cat is on the mat", "the cat is on the mat"),
        ("the cat is on the mat", "the the the the the the the", 4, True),
        ("the quick brown fox", "the fast brown fox", 2),
        ("reference here", ""),
        ("a b c d", "x y z w", 4, False),
    ],
    "normalize_answer": [
        ("The Eiffel Tower!",),
        ("  an  apple, a day ",),
        ("",),
    ],
    "squad_scores": [
        ("Denver Broncos", ["Denver Broncos", "The Broncos"]),
        ("the broncos team", ["Denver Broncos"]),
        ("", [""]),
        ("anything", []),
    ],
    "closest_match": [
        ("transfomer", ["transformer", "tokenizer", "trainer"]),
        ("xyz", ["alpha", "beta"]),
        ("Bert", ["bert", "gpt"], None),
        ("a", []),
    ],
    "dedupe_near_duplicates": [
        (["The model is great!", "The model is great!!", "Totally different text"],),
        ([], 0.5),
        (["abc", "abd", "abe"], 0.2, 2),
        (["x"], 0.0),
    ],
}
