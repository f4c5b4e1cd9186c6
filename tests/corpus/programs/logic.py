"""Comparisons and boolean logic used to gate and label predictions: chained comparisons,
and/or returning operand values, short-circuiting, conditional expressions, membership and
`is None`."""
from typing import Optional


def in_window(x: float, lo: float, hi: float) -> bool:
    return lo <= x < hi


def is_monotonic(a: int, b: int, c: int) -> bool:
    return a < b < c or a > b > c


def first_nonempty(a: str, b: str, fallback: str) -> str:
    return a or b or fallback


def guarded_ratio(a: float, b: float) -> float:
    return b and a / b


def positive_at(scores: list[int], i: int) -> bool:
    """Short-circuit keeps the index in range."""
    return 0 <= i < len(scores) and scores[i] > 0


def sentiment(score: float, threshold: float) -> str:
    return "positive" if score >= threshold else "negative" if score <= -threshold else "neutral"


def token_flags(token: str, vocab: list[str], banned: tuple[str, str]) -> tuple[bool, bool, bool]:
    return token in vocab, token not in banned, "#" in token


def describe_value(x: Optional[int]) -> str:
    if x is None:
        return "missing"
    if x is not None and x == 0:
        return "zero"
    return "set"


def compare_versions(a: tuple[int, int, int], b: tuple[int, int, int]) -> int:
    return (a > b) - (a < b)


def bool_table(a: bool, b: bool) -> tuple[bool, bool, bool, bool, int]:
    return not a, a and not b, not (a or b), a != b, a + b


def order_strings(a: str, b: str) -> tuple[bool, bool, bool, bool]:
    return a < b, a == b, a >= b, a != b


def any_all(scores: list[float], threshold: float) -> tuple[bool, bool]:
    return any([s > threshold for s in scores]), all([s > threshold for s in scores])


CASES = {
    "in_window": [(0.5, 0.0, 1.0), (1.0, 0.0, 1.0), (-0.1, 0.0, 1.0), (0.0, 0.0, 0.0), (float("nan"), 0.0, 1.0)],
    "is_monotonic": [(1, 2, 3), (3, 2, 1), (1, 3, 2), (2, 2, 2), (-5, 0, 5)],
    "first_nonempty": [("a", "b", "c"), ("", "b", "c"), ("", "", "c"), ("", "", ""), ("é", "", "x")],
    "guarded_ratio": [(1.0, 2.0), (1.0, 0.0), (1.0, -0.0), (-3.0, 4.0)],
    "positive_at": [([1, -2, 3], 0), ([1, -2, 3], 1), ([1, -2, 3], 3), ([1, -2, 3], -1), ([], 0)],
    "sentiment": [(0.9, 0.5), (-0.9, 0.5), (0.1, 0.5), (0.5, 0.5), (-0.5, 0.5)],
    "token_flags": [("cat", ["cat", "dog"], ("bad", "worse")), ("bad", [], ("bad", "worse")),
                    ("##ing", ["##ing"], ("", "#")), ("", [""], ("", ""))],
    "describe_value": [(None,), (0,), (5,), (-1,)],
    "compare_versions": [((1, 2, 3), (1, 2, 3)), ((1, 10, 0), (1, 9, 9)), ((0, 0, 1), (0, 1, 0))],
    "bool_table": [(True, True), (True, False), (False, True), (False, False)],
    "order_strings": [("apple", "banana"), ("b", "a"), ("", ""), ("Zebra", "apple"), ("é", "z"), ("ab", "a")],
    "any_all": [([0.1, 0.9], 0.5), ([], 0.5), ([0.6, 0.7], 0.5), ([0.1], 0.5)],
}
