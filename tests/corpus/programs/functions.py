"""Helper functions and lambdas: defaults and keyword arguments, recursion, one helper
specialised for two argument types, lambdas as keys of sorted/min/max and in map/filter."""


def clip(x: float, lo: float, hi: float) -> float:
    return lo if x < lo else hi if x > hi else x


def clip_scores(scores: list[float], lo: float = 0.0, hi: float = 1.0) -> list[float]:
    return [clip(s, lo, hi) for s in scores]


def clip_counts(counts: list[int], hi: int) -> list[int]:
    return [clip(c, 0, hi) for c in counts]


def join_tokens(tokens: list[str], sep: str = " ", lower: bool = False) -> str:
    text = sep.join(tokens)
    return text.lower() if lower else text


def render(question: str, context: str = "", prefix: str = "Q") -> str:
    if context:
        return prefix + ": " + question + "\nContext: " + context
    return prefix + ": " + question


def make_prompts(question: str, context: str) -> list[str]:
    return [render(question), render(question, context), render(question, prefix="Query"),
            render(prefix="X", question=question, context=context),
            join_tokens(["A", "B"], lower=True), join_tokens(sep="-", tokens=["a", "b"])]


def fib(n: int) -> int:
    if n < 0:
        raise ValueError("fib of a negative number")
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


def gcd(a: int, b: int) -> int:
    if b == 0:
        return abs(a)
    return gcd(b, a % b)


def rank_by_score(pairs: list[tuple[str, float]]) -> list[str]:
    ranked = sorted(pairs, key=lambda p: p[1], reverse=True)
    return [name for name, _ in ranked]


def best_label(scores: dict[str, float]) -> str:
    return max(scores, key=lambda k: scores[k])


def extremes(words: list[str], values: list[int]) -> tuple[str, str, int, int]:
    return min(words, key=len), max(words, key=lambda w: (len(w), w)), min(values, key=abs), max(values, key=lambda v: v % 7)


def scale_all(values: list[float], factor: float) -> list[float]:
    return list(map(lambda x: x * factor, values))


def keep_confident(preds: list[tuple[str, float]], threshold: float) -> list[str]:
    kept = list(filter(lambda p: p[1] >= threshold, preds))
    return [p[0] for p in kept]


def word_lengths(words: list[str]) -> tuple[list[int], list[str]]:
    return list(map(len, words)), list(filter(lambda w: w.isalpha(), words))


CASES = {
    "clip": [(0.5, 0.0, 1.0), (-2.0, 0.0, 1.0), (3.0, 0.0, 1.0), (-0.0, 0.0, 1.0)],
    "clip_scores": [([-0.5, 0.5, 1.5],), ([0.1, 0.9], 0.2, 0.8), ([], 0.0), ([2.0], -1.0, 1.5)],
    "clip_counts": [([-1, 5, 20], 10), ([], 3), ([3], 0)],
    "join_tokens": [(["Hello", "World"],), (["A", "B"], "-"), (["A", "B"], "", True), ([],)],
    "render": [("why?",), ("why?", "ctx"), ("why?", "", "A")],
    "make_prompts": [("What?", "Some text"), ("", "")],
    "fib": [(0,), (1,), (10,), (20,), (-1,)],
    "gcd": [(12, 18), (0, 5), (-12, 8), (7, 0), (0, 0)],
    "rank_by_score": [([("a", 0.1), ("b", 0.9), ("c", 0.5)],), ([],), ([("x", 1.0), ("y", 1.0)],)],
    "best_label": [({"cat": 0.2, "dog": 0.7},), ({"a": 1.0, "b": 1.0},), ({},)],
    "extremes": [(["ccc", "a", "bb", "dd"], [-3, 2, 13, 6]), (["x"], [0]), ([], [1])],
    "scale_all": [([1.0, 2.5], 2.0), ([], 3.0), ([0.1], -0.0)],
    "keep_confident": [([("a", 0.9), ("b", 0.1)], 0.5), ([], 0.5)],
    "word_lengths": [(["hi", "日本", "a1", ""],), ([],)],
}
