"""Hugging Face's NormalizedString.split: matches of a pattern turned into pieces by a behavior.

Patterns here are lists of (start, end, is_match) spans covering the whole string, exactly
like tokenizers' Pattern::find_matches.
"""
from typing import Callable, List, Tuple

Span = Tuple[int, int, bool]

REMOVED, ISOLATED, MERGED_WITH_PREVIOUS, MERGED_WITH_NEXT, CONTIGUOUS = range(5)
BEHAVIORS = {
    "Removed": REMOVED,
    "Isolated": ISOLATED,
    "MergedWithPrevious": MERGED_WITH_PREVIOUS,
    "MergedWithNext": MERGED_WITH_NEXT,
    "Contiguous": CONTIGUOUS,
}


def char_matches(s: str, pred: Callable[[str], bool]) -> List[Span]:
    """Every char satisfying pred is its own match (consecutive ones are not fused)."""
    spans: List[Span] = []
    last = 0
    for i, c in enumerate(s):
        if pred(c):
            if last < i:
                spans.append((last, i, False))
            spans.append((i, i + 1, True))
            last = i + 1
    if last < len(s):
        spans.append((last, len(s), False))
    return spans


def string_matches(s: str, pattern: str) -> List[Span]:
    """Non-overlapping leftmost occurrences of a literal; an empty pattern matches nothing."""
    if not pattern:
        return [(0, len(s), False)]
    spans: List[Span] = []
    last = 0
    i = s.find(pattern)
    while i >= 0:
        if last < i:
            spans.append((last, i, False))
        spans.append((i, i + len(pattern), True))
        last = i + len(pattern)
        i = s.find(pattern, last)
    if last < len(s):
        spans.append((last, len(s), False))
    return spans


def split_spans(spans: List[Span], behavior: int) -> List[Tuple[int, int]]:
    """Applies a SplitDelimiterBehavior; returns the kept (start, end) ranges in order."""
    if behavior == ISOLATED:
        return [(a, b) for a, b, _ in spans]
    if behavior == REMOVED:
        return [(a, b) for a, b, m in spans if not m]
    out: List[List[int]] = []
    prev = False
    if behavior == CONTIGUOUS:
        for a, b, m in spans:
            if m == prev and out:
                out[-1][1] = b
            else:
                out.append([a, b])
            prev = m
    elif behavior == MERGED_WITH_PREVIOUS:
        for a, b, m in spans:
            if m and not prev and out:
                out[-1][1] = b
            else:
                out.append([a, b])
            prev = m
    elif behavior == MERGED_WITH_NEXT:
        for a, b, m in reversed(spans):
            if m and not prev and out:
                out[-1][0] = a
            else:
                out.append([a, b])
            prev = m
        out.reverse()
    else:
        raise ValueError(f"unknown split behavior {behavior}")
    return [(a, b) for a, b in out]
