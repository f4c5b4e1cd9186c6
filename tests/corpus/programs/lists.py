"""List handling around model outputs: top-k, padding and batching token ids, deduplication,
in-place edits, slicing with negative steps and slice assignment."""
import random
from typing import List, Optional, Union


def top_k(scores: list[float], k: int) -> list[float]:
    return sorted(scores, reverse=True)[:k]


def top_k_indices(scores: list[float], k: int) -> list[int]:
    order = sorted(range(len(scores)), key=lambda i: scores[i], reverse=True)
    return order[:k]


def dedupe(tokens: list[str]) -> list[str]:
    seen: list[str] = []
    for t in tokens:
        if t not in seen:
            seen.append(t)
    return seen


def pad_ids(ids: list[int], length: int, pad_id: int) -> list[int]:
    return ids[:length] + [pad_id] * (length - len(ids))


def batches(items: list[int], size: int) -> list[list[int]]:
    out = []
    for start in range(0, len(items), size):
        out.append(items[start:start + size])
    return out


def edit_sequence(ids: list[int], token: int) -> tuple[list[int], int, int]:
    seq = ids[:]
    seq.append(token)
    seq.insert(0, token)
    seq.insert(-1, 99)
    seq.extend([token, 7])
    last = seq.pop()
    first = seq.pop(0)
    seq.remove(token)
    return seq, last, first


def take(tokens: list[str], i: int) -> tuple[str, list[str]]:
    rest = tokens[:]
    item = rest.pop(i)
    return item, rest


def position(tokens: list[str], token: str) -> tuple[int, int]:
    return tokens.count(token), tokens.index(token)


def sort_copies(values: list[int], descending: bool) -> tuple[list[int], list[int]]:
    a = values[:]
    a.sort(reverse=descending)
    b = values[:]
    b.reverse()
    return a, b


def sort_words(words: list[str]) -> tuple[list[str], list[str]]:
    by_len = words[:]
    by_len.sort(key=len)
    return by_len, sorted(words, key=lambda w: (-len(w), w))


def windows(xs: list[int]) -> tuple[list[int], list[int], list[int], list[int], list[int], list[int]]:
    return xs[::-1], xs[::2], xs[-2:], xs[5:1:-2], xs[1:-1], xs[-1:-4:-1]


def splice(xs: list[int], start: int, stop: int, fill: list[int]) -> list[int]:
    ys = xs[:]
    ys[start:stop] = fill
    return ys


def concat_repeat(a: list[str], b: list[str], n: int) -> tuple[list[str], int, bool]:
    c = (a + b) * n
    return c, len(c), "x" in c


def update_scores(scores: list[float], i: int, value: float) -> list[float]:
    out = scores[:]
    out[i] = value
    out[-1] += 1.0
    return out


def column_totals(grid: list[list[int]]) -> list[int]:
    sums = [0] * len(grid[0])
    for row in grid:
        for j in range(len(row)):
            sums[j] += row[j]
    return sums


# Empty containers whose item type another branch or return decides.
def char_grams(s: str, n: int) -> set:
    if len(s) < n:
        return {s} if s else set()
    return {s[i : i + n] for i in range(len(s) - n + 1)}
def _split_words(text: str) -> List[str]:
    text = text.strip()
    if not text:
        return []
    return text.split()
def upper_words(text: str) -> List[str]:
    out: List[str] = []
    for w in _split_words(text):
        out.append(w.upper())
    return out
def joined_ids(a: List[int], b: Optional[List[int]] = None) -> list:
    c = list(b) if b is not None else []
    return a + c
def split_on_spaces(chunk: str) -> str:
    words = []
    chars = []
    for ch in chunk:
        if ch == " ":
            if chars:
                words.append("".join(chars))
                chars = []
        else:
            chars.append(ch)
    return "|".join(words)


def column_sums(m: list[list[int]]) -> list[int]:
    """zip(*rows): the columns, as many as the shortest row."""
    return [sum(c) for c in zip(*m)]


def column_votes(predictions: list[list[str]]) -> list[tuple[str, ...]]:
    return [tuple(sorted(c)) for c in zip(*predictions)]


def flag_edits(flags: list[bool]) -> str:
    """list[bool]: indexing, item assignment, iteration, repr and sort."""
    first = flags[0]
    flags[0] = not flags[0]
    flags.append(first)
    kept = [f for f in flags if f]
    flags.sort()
    return f"{flags} {first!r} {len(kept)} {any(flags)} {flags[-1]}"


def sort_with_nan(xs: list[float]) -> list[list[float]]:
    """Sorting where < is no total order (NaN is neither less nor greater): CPython's algorithm
    decides the result, every comparison in its order; ascending, reversed, by key, in place."""
    ys = list(xs)
    ys.sort(reverse=True)
    return [sorted(xs), sorted(xs, reverse=True), sorted(xs, key=lambda v: -v), ys]


def _nan_lists(seed: int, count: int) -> list:
    """Lists of floats with NaNs and signed zeros, short (binary insertion) to long (merges with
    galloping), some presorted."""
    rng, out = random.Random(seed), []
    for i in range(count):
        n = (5, 40, 300, 2500)[i % 4]
        xs = [rng.choice([float("nan"), 0.0, -0.0, 1.5]) if rng.random() < 0.4 else rng.randint(-40, 40) / 4
              for _ in range(n)]
        if i % 3 == 0:
            xs.sort()
        out.append((xs,))
    return out


def mean_or_total(scores: list[float], mean: bool) -> float:
    total = sum(scores)  # sum([]) is the int 0, as the start
    return total / len(scores) if mean and scores else total


def pads_for(shape: tuple[int, int], target: Union[int, float], extra_axes: int) -> list:
    pads = []
    for n in shape:
        d = max(0, target - n)  # an int, or a float where the target is one
        pads.append((d // 2, d - d // 2))
    pads += [(0, 0)] * extra_axes
    pads.extend([(1, 1)])
    return pads


def flushed_groups(words: list[str]) -> list[list[str]]:
    groups = []
    current: list[str] = []

    def flush():
        if current:
            groups.append(list(current))

    for w in words:
        if w == "|":
            flush()
            current = []
        else:
            current.append(w)
    flush()
    return groups


def index_between(xs: list[int], names: tuple[str, str, str], k: str) -> tuple:
    """list.index with start and stop (clamped as a slice), tuple.index and tuple.count, and
    the ValueErrors of each."""
    a = xs.index(2, 1) if 2 in xs[1:] else -1
    b = names.index(k) if k in names else -1
    c = names.count("x")
    try:
        d = xs.index(5, -2, 10)
    except ValueError as e:
        d = str(e)
    try:
        g = names.index("zz")
    except ValueError as e:
        g = str(e)
    return a, b, c, d, g


def range_lengths(n: int, a: int, s: int) -> tuple:
    """len(range(...)): its length as CPython computes it, its OverflowError past int64 and its
    ValueError for a zero step."""
    out = [len(range(n)), len(range(a, n)), len(range(a, n, 3)), len(range(n, a, -2))]
    err = ""
    try:
        out.append(len(range(0, n, s)))
        out.append(len(range(-n, 9223372036854775807, 1 + a * a)))
    except (ValueError, OverflowError) as e:
        err = str(e)
    return tuple(out), err


CASES = {
    "range_lengths": [(10, 2, 1), (-3, 5, 0), (0, 0, 2), (7, -9, -1), (5, 1, 2)],
    "index_between": [([2, 1, 2, 5], ("x", "y", "x"), "y"), ([], ("a", "b", "c"), "q")],
    "mean_or_total": [([], False), ([], True), ([1.5, 2.0], True), ([-0.0], False), ([0.5, 0.25], False)],
    "pads_for": [((3, 5), 4, 1), ((3, 5), 4.0, 0), ((6, 6), 2, 2)],
    "flushed_groups": [(["a", "b", "|", "c", "|", "|", "d"],), ([],), (["|"],)],
    "sort_with_nan": _nan_lists(7, 12),
    "flag_edits": [([True, False],), ([False],), ([True, True, False],)],
    "column_totals": [([[1, 2, 3], [4, 5]],), ([],), ([[]],)],
    "column_votes": [([["b", "a"], ["a", "c"], ["c", "c"]],), ([],)],
    "char_grams": [("abcd", 2), ("", 2), ("a", 2)],
    "upper_words": [("  a b ",), ("",)],
    "joined_ids": [([1], [2]), ([1],)],
    "split_on_spaces": [("ab cd e ",), ("",), ("x",)],
    "top_k": [([0.1, 0.9, 0.5, 0.7], 2), ([], 3), ([1.0, 1.0, -1.0], 5), ([0.3], 0), ([0.2, 0.4], -1)],
    "top_k_indices": [([0.1, 0.9, 0.5, 0.7], 3), ([0.5, 0.5, 0.5], 2), ([], 1), ([-1.0, -2.0], 1)],
    "dedupe": [(["a", "b", "a", "c", "b"],), ([],), (["x"],), (["é", "e", "é"],)],
    "pad_ids": [([1, 2, 3], 5, 0), ([1, 2, 3, 4, 5, 6], 4, 0), ([], 2, -1), ([7], 0, 0)],
    "batches": [([1, 2, 3, 4, 5], 2), ([], 3), ([1, 2], 5), ([1, 2, 3], 0)],
    "edit_sequence": [([1, 2, 3], 5), ([], 0), ([5, 5], 5)],
    "take": [(["a", "b", "c"], 1), (["a", "b", "c"], -1), (["a"], 0), (["a", "b"], 2), ([], 0)],
    "position": [(["a", "b", "a"], "a"), (["a", "b"], "b"), (["x"], "y"), ([], "")],
    "sort_copies": [([3, 1, 2], False), ([3, 1, 2], True), ([], True), ([-1, -1, 0], False)],
    "sort_words": [(["pear", "fig", "banana", "kiwi"],), ([],), (["bb", "a", "cc", "aa"],), (["é", "e", "ab"],)],
    "windows": [([1, 2, 3, 4, 5, 6, 7],), ([],), ([1],), ([1, 2, 3],)],
    "splice": [([1, 2, 3, 4], 1, 3, [9]), ([1, 2, 3], 0, 0, [7, 8]), ([1, 2], -1, 5, []), ([], 0, 1, [1, 2, 3]),
               ([1, 2, 3], 2, 1, [5])],
    "concat_repeat": [(["a"], ["x"], 2), ([], [], 3), (["a", "b"], ["c"], 0), (["x"], [], -1)],
    "update_scores": [([0.1, 0.2, 0.3], 0, 9.5), ([0.1, 0.2], -2, 1.0), ([0.5], 0, 0.25), ([0.1], 3, 1.0)],
    "column_sums": [([[1, 2], [3, 4], [5, 6]],), ([[1, 2, 3]],), ([[]],), ([],)],
}
