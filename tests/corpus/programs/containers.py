"""Dicts, sets and tuples as used for label maps, vocabularies, configs and counts: dict
methods, insertion order, set algebra, Counter's multiset operators, tuple packing and nested unpacking."""
from collections import Counter, defaultdict
from typing import Any, Dict, List, Set



def map_labels(ids: list[int], id2label: dict[int, str]) -> list[str]:
    return [id2label.get(i, "unknown") for i in ids]


def lookup(config: dict[str, int], key: str) -> int:
    return config[key]


def count_words(words: list[str]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for w in words:
        counts[w] = counts.get(w, 0) + 1
    return counts


def group_by_initial(words: list[str]) -> dict[str, list[str]]:
    groups: dict[str, list[str]] = {}
    for w in words:
        groups.setdefault(w[:1], []).append(w)
    return groups


def merge_config(base: dict[str, float], override: dict[str, float]) -> tuple[dict[str, float], float]:
    out: dict[str, float] = {}
    out.update(base)
    out.update(override)
    dropped = out.pop("debug", -1.0)
    return out, dropped


def pop_key(counts: dict[str, int], key: str) -> tuple[int, list[str]]:
    d = {k: v for k, v in counts.items()}
    value = d.pop(key)
    return value, [k for k in d]


def views(d: dict[str, int]) -> tuple[list[str], list[int], list[tuple[str, int]], int, bool]:
    return [k for k in d.keys()], [v for v in d.values()], [kv for kv in d.items()], len(d), "a" in d


def reassign_keeps_order(keys: list[str]) -> dict[str, int]:
    d: dict[str, int] = {}
    for i, k in enumerate(keys):
        d[k] = i
    d["first"] = -1
    return d


def vocab_stats(a: list[str], b: list[str]) -> tuple[int, int, list[str], list[str], bool]:
    sa = set(a)
    sb = set(b)
    sa.add("<unk>")
    return len(sa), len(sa.union(sb)), sorted(sa.intersection(sb)), sorted(sa | sb), "<unk>" in sa


def unique_count(labels: list[str]) -> int:
    seen: set[str] = set()
    for label in labels:
        seen.add(label.lower())
    return len(seen)


def reorder_record(record: tuple[int, str, float]) -> tuple[str, int, float, int]:
    idx, name, score = record
    return name, idx, score, len(record)


def span_lengths(spans: list[tuple[str, tuple[int, int]]]) -> dict[str, int]:
    lengths: dict[str, int] = {}
    for span in spans:
        name, (start, end) = span
        lengths[name] = end - start
    return lengths


def make_entry(text: str, score: float, rank: int) -> dict[str, str]:
    entry = {"text": text, "score": f"{score:.2f}", "rank": str(rank)}
    entry["label"] = "high" if score > 0.5 else "low"
    return entry


def known_pairs(pairs: set[tuple[str, str]], ranks: dict[tuple[str, str], int]) -> tuple[str, str]:
    """BPE's step: the pair of lowest rank (sets and dicts keyed by tuples)."""
    return min(pairs, key=lambda p: ranks.get(p, 1 << 40))


def merge_tags(a: set[str], b: frozenset[str]) -> set[str]:
    return (a | set(b)) - {"O"}


def longest(seqs: list[list[int]], fallback: float) -> float:
    return max((len(s) for s in seqs), default=fallback) + min({len(s) for s in seqs}, default=0)


def best_merge(pairs: list[tuple[str, str]], ranks: dict[tuple[str, str], int]) -> tuple[tuple[str, str], float]:
    """BPE's lowest-ranked pair: an int rank, or a float default for a pair without one."""
    best = min(pairs, key=lambda p: ranks.get(p, float("inf")))
    return best, ranks.get(best, float("inf")) + 0.5


def _halve(token: str):
    """A variable-length tuple rebuilt in a loop: the helper's inferred return stays a tuple."""
    word = tuple(token)
    if len(word) < 2:
        return word
    while True:
        word = tuple(word[i] + word[i + 1] if i + 1 < len(word) else word[i] for i in range(0, len(word), 2))
        if len(word) <= 2:
            break
    return word


def halved(token: str) -> list[str]:
    return list(_halve(token))


def rank_or_half(ranks: dict[str, int], key: str):
    return ranks.get(key, 0.5)



def overlap_counts(pred: list[str], gold: list[str]) -> tuple[dict[str, int], dict[str, int], int]:
    common = Counter(pred) & Counter(gold)
    either = Counter(pred) | Counter(gold)
    return dict(common), dict(either), sum(common.values())


def group_rows(rows: List[Dict[str, Any]]) -> Dict[str, List[int]]:
    """defaultdict bound to a plain Dict annotation (still a defaultdict), keyed by Any values."""
    groups: Dict[str, List[int]] = defaultdict(list)
    counts = defaultdict(int)
    seen: Dict[str, Set[int]] = defaultdict(set)
    for i, row in enumerate(rows):
        groups[row["label"]].append(i)
        counts[row["label"]] += 1
        seen[row["label"]].add(i % 2)
    return {k: v + [counts[k], len(seen[k])] for k, v in sorted(groups.items())}


def tuple_concat(shape: tuple[int, int], extra: tuple[str, float]) -> tuple:
    """Tuples concatenate as Python's: items of any types, the result a plain tuple."""
    head = shape + (1,)
    return head + extra + (), (shape + shape)[1:3], len(shape + extra)


def walk_while_changing(d: dict[str, int], grow: bool) -> list[str]:
    seen = []
    for k in d:
        seen.append(f"{k}={d[k]}")
        d["b"] = 100  # a later key's new value is seen (the dict is walked, not a copy)
        if grow and len(seen) == len(d):
            d["last"] = 0  # a new key after the last item: RuntimeError at the next step
    return seen


def expand_ids(ids: set[int]) -> list[int]:
    seen = []
    for i in ids:
        seen.append(i)
        if i > 1:
            ids.add(i * 10)  # RuntimeError at the next step, as CPython's set iterator
    return sorted(seen)


def metrics_dict(xs: list[int]) -> dict:
    """An empty dict whose values are a float, then an int, then a bool: each kept as the type it
    is, as in Python (the int is not made a float)."""
    scores = {}
    scores["mean"] = sum(xs) / max(len(xs), 1)
    scores["n"] = len(xs)
    scores["any"] = bool(xs)
    return scores


CASES = {
    "metrics_dict": [([1, 2, 4],), ([],)],
    "expand_ids": [({1, 2},), ({0, 1},), (set(),)],
    "walk_while_changing": [({"a": 1, "b": 2}, False), ({"a": 1, "b": 2}, True), ({}, True)],
    "tuple_concat": [((2, 3), ("a", 1.5)), ((0, -1), ("", -0.0))],
    "group_rows": [([{"label": "b"}, {"label": "a"}, {"label": "b"}],), ([],)],
    "best_merge": [([("a", "b"), ("x", "y"), ("b", "c")], {("b", "c"): 1, ("a", "b"): 4}),
                   ([("x", "y"), ("q", "r")], {("a", "b"): 0}), ([("l", "o")], {("l", "o"): -2})],
    "halved": [("abcdefg",), ("a",), ("",), ("abcd",)],
    "rank_or_half": [({"a": 3}, "a"), ({"a": 3}, "b"), ({}, "")],
    "map_labels": [([0, 1, 5], {0: "neg", 1: "pos"}), ([], {}), ([-1], {-1: "pad"})],
    "lookup": [({"a": 1, "b": 2}, "b"), ({"a": 1}, "z"), ({}, ""), ({"é": 3}, "é")],
    "count_words": [(["a", "b", "a"],), ([],), (["x", "X", "x"],)],
    "group_by_initial": [(["apple", "avocado", "banana", ""],), ([],), (["éa", "eb", "éc"],)],
    "merge_config": [({"lr": 0.1, "debug": 1.0}, {"lr": 0.2, "wd": 0.01}), ({}, {}), ({"a": 1.0}, {"debug": 2.0})],
    "pop_key": [({"a": 1, "b": 2, "c": 3}, "b"), ({"a": 1}, "z")],
    "views": [({"a": 1, "b": 2},), ({},), ({"z": 0, "a": -1},)],
    "reassign_keeps_order": [(["x", "y", "x", "first", "z"],), ([],), (["first"],)],
    "vocab_stats": [(["a", "b", "c"], ["b", "c", "d"]), ([], []), (["x", "x"], ["<unk>"])],
    "unique_count": [(["Cat", "cat", "DOG"],), ([],), (["ß", "SS", "ss"],)],
    "reorder_record": [((3, "cat", 0.5),), ((-1, "", -0.0),)],
    "span_lengths": [([("ent", (3, 8)), ("per", (0, 2)), ("ent", (1, 2))],), ([],)],
    "make_entry": [("hello", 0.875, 1), ("", 0.5, 0), ("日本", -1.0, -3)],
    "known_pairs": [({("a", "b"), ("b", "c")}, {("b", "c"): 3, ("a", "b"): 7}), ({("x", "y")}, {})],
    "merge_tags": [({"B-PER", "O"}, frozenset({"I-PER"})), (set(), frozenset())],
    "longest": [([[1, 2], [3]], 0.5), ([], 0.5), ([[]], -1.0)],
    "overlap_counts": [(["the", "cat", "the", "sat"], ["the", "the", "the", "cat", "mat"]), ([], ["a"]), (["x"], [])],
}
