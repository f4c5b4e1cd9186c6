"""List, dict and set comprehensions as used to post-process predictions: filters, nesting,
unpacking, conditional values, comprehensions over strings, zip, enumerate and dict items."""


def confident_labels(labels: list[str], scores: list[float], threshold: float) -> list[str]:
    return [label for label, score in zip(labels, scores) if score >= threshold]


def flatten(batches: list[list[int]]) -> list[int]:
    return [tok for batch in batches for tok in batch if tok != 0]


def pairs(n: int) -> list[tuple[int, int]]:
    return [(i, j) for i in range(n) for j in range(i + 1, n)]


def transpose(matrix: list[list[float]]) -> list[list[float]]:
    return [[row[j] for row in matrix] for j in range(len(matrix[0]))]


def invert_vocab(vocab: dict[str, int]) -> dict[int, str]:
    return {i: tok for tok, i in vocab.items()}


def index_tokens(tokens: list[str]) -> dict[str, int]:
    return {tok: i for i, tok in enumerate(tokens) if tok.isalpha()}


def char_set(text: str) -> tuple[int, list[str]]:
    chars = {c.lower() for c in text if not c.isspace()}
    return len(chars), sorted(chars)


def binarize(scores: list[float], threshold: float) -> list[int]:
    return [1 if s > threshold else 0 for s in scores]


def normalize_scores(scores: dict[str, float]) -> dict[str, float]:
    total = sum([v for v in scores.values()])
    return {k: v / total for k, v in scores.items() if v > 0}


def squares_of_evens(n: int) -> list[int]:
    return [i * i for i in range(n) if i % 2 == 0 if i % 3 != 0]


CASES = {
    "confident_labels": [(["a", "b", "c"], [0.9, 0.2, 0.5], 0.5), ([], [], 0.0), (["a"], [0.1, 0.2], 0.0)],
    "flatten": [([[1, 2, 0], [], [3]],), ([],), ([[0, 0]],)],
    "pairs": [(4,), (0,), (1,), (-2,)],
    "transpose": [([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]],), ([[1.5]],), ([[]],), ([],)],
    "invert_vocab": [({"a": 0, "b": 1},), ({},), ({"x": 1, "y": 1},)],
    "index_tokens": [(["hi", "3", "there", "hi"],), ([],), (["日本", "a1"],)],
    "char_set": [("Hello World",), ("",), ("ÄäA a",)],
    "binarize": [([0.1, 0.5, 0.9], 0.5), ([], 0.0), ([float("nan")], 0.0)],
    "normalize_scores": [({"a": 1.0, "b": 3.0, "c": 0.0},), ({"a": -1.0, "b": 2.0},), ({"z": 0.0},)],
    "squares_of_evens": [(20,), (0,), (-5,), (3,)],
}
