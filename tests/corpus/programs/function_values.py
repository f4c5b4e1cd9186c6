"""Functions as values, as inference code passes them around: a module-level table of pooling
functions chosen by a mode string, activations written as lambdas, `fn = fn or default`,
metrics kept as (name, function) pairs, a transform defined inside the function and handed to
a helper, a loss picked by a helper, a reducer rebound in a loop, inner helpers that advance a
shared position (`nonlocal`), closures made by factories (`make_scaler(mean, std)`,
`compose(f, g)`), bound methods held by a name (`emit = out.append`)."""
import math

import numpy as np

POOLING = {"max": np.max, "mean": np.mean, "min": np.min}
ACTIVATIONS = {"relu": lambda x: np.maximum(x, 0.0), "tanh": np.tanh, "identity": lambda x: x,
               "leaky": lambda x: np.where(x > 0, x, 0.01 * x)}
METRICS = [("largest", max), ("smallest", min), ("total", sum)]


def _l1(a: float, b: float) -> float:
    return abs(a - b)


def _l2(a: float, b: float) -> float:
    return (a - b) ** 2


def _pick_loss(kind: str):
    if kind == "l1":
        return _l1
    return _l2


def _normalize(xs, fn=None):
    fn = fn or (lambda v: v / 10.0)
    return [fn(v) for v in xs]


def _apply_all(values, transform):
    offset = 1000.0  # the helper's own name: the transform must read its definer's `offset`
    return [transform(v) for v in values if v < offset]


def pool_features(features: np.ndarray, mode: str) -> np.ndarray:
    pool = POOLING[mode]
    return pool(features, axis=0)


def activate(x: np.ndarray, name: str) -> np.ndarray:
    return ACTIVATIONS[name](x)


def aggregate(scores: list[float], largest: bool) -> float:
    agg = max if largest else min
    return agg(scores)


def report(values: list[int]) -> list[str]:
    return [f"{name}={fn(values)}" for name, fn in METRICS]


def scaled(xs: list[float], scale: float) -> list[float]:
    times = lambda v: v * scale
    return [times(v) for v in xs]


def shifted(values: list[float], offset: float) -> list[float]:
    def shift(v):
        return v + offset
    return _apply_all(values, shift)


def normalized(xs: list[float], halve: bool) -> list[float]:
    if halve:
        return _normalize(xs, lambda v: v / 2.0)
    return _normalize(xs)


def losses(pairs: list[tuple[float, float]], kind: str) -> float:
    loss = _pick_loss(kind)
    return sum(loss(a, b) for a, b in pairs)


def by_length(words: list[str]) -> list[str]:
    key = lambda w: len(w)
    return sorted(words, key=key)


def incremented(x: int) -> int:
    return (lambda y: y + 1)(x)


def alternating(xs: list[float]) -> float:
    step = abs
    total = 0.0
    for x in xs:
        total += step(x)
        step = math.floor if step is abs else abs
    return total


def describe(v: int, as_text: bool):
    convert = str if as_text else float
    return convert(v)


def uses_numpy_reduction(x: np.ndarray, mode: str) -> bool:
    return POOLING[mode] is np.max


def split_words(text: str) -> list[str]:
    pos = 0
    out = []

    def skip_spaces():
        nonlocal pos
        while pos < len(text) and text[pos] == " ":
            pos += 1

    def take_word() -> str:
        nonlocal pos
        start = pos
        while pos < len(text) and text[pos] != " ":
            pos += 1
        return text[start:pos]

    skip_spaces()
    while pos < len(text):
        out.append(take_word())
        skip_spaces()
    return out


def accepted(xs: list[int]) -> tuple[int, int, int]:
    total = 0
    calls = 0

    def add(v):
        nonlocal total, calls
        calls += 1
        if v < 0:
            return False
        total += v
        return True
    ok = 0
    for x in xs:
        if add(x):
            ok += 1
    return total, calls, ok


def _make_scaler(mean, std):
    def scale(x):
        return (x - mean) / std
    return scale


def _compose(f, g):
    return lambda v: f(g(v))


def _make_threshold(cut, label="pos"):
    def decide(score):
        return label if score >= cut else "neg"
    return decide


def standardized(x: np.ndarray, mean: float, std: float) -> np.ndarray:
    scaler = _make_scaler(mean, std)
    centered = [_make_scaler(float(i), 1.0) for i in range(3)]
    out = scaler(x)
    for c in centered:
        out = out + c(x)
    return _make_scaler(np.float32(1.0), 4.0)(out)


def clipped_magnitudes(xs: list[int], offset: int) -> list[int]:
    h = _compose(abs, lambda v: v - offset)
    return [h(v) for v in xs]


def labels(scores: list[float], cut: float) -> list[str]:
    strict, loose = _make_threshold(cut), _make_threshold(cut / 2, "weak")
    return [strict(s) + "/" + loose(s) for s in scores]


def tokens_upper(text: str) -> tuple[list[str], dict[str, int]]:
    out, counts = [], {}
    emit, get = out.append, counts.get
    for word in text.split():
        emit(word.upper())
        counts[word] = get(word, 0) + 1
    return out, counts


CASES = {
    "standardized": [(np.array([0.0, 1.0, 2.5], dtype=np.float32), 0.5, 2.0), (np.arange(4.0), -1.0, 0.5)],
    "clipped_magnitudes": [([1, 5, -2], 3), ([], 0)],
    "labels": [([0.1, 0.4, 0.9], 0.5), ([], 1.0)],
    "tokens_upper": [("the cat the hat",), ("",)],
    "split_words": [("  ab cd  e ",), ("",), ("one",)],
    "accepted": [([1, -2, 3],), ([],)],
    "pool_features": [(np.array([[1.0, 5.0], [3.0, 2.0]], dtype=np.float32), "max"),
                      (np.array([[1.0, 5.0], [3.0, 2.0]]), "mean"), (np.array([[1, 5], [3, 2]]), "min"),
                      (np.array([[1.0]]), "median")],
    "activate": [(np.array([-2.0, 0.5]), "relu"), (np.array([-2.0, 0.5], dtype=np.float32), "tanh"),
                 (np.array([-2.0, 0.5]), "identity"), (np.array([-2.0, 0.5]), "leaky"), (np.array([1.0]), "gelu")],
    "aggregate": [([0.5, 2.5, -1.0], True), ([0.5, 2.5, -1.0], False), ([], True)],
    "report": [([3, 1, 2],), ([7],)],
    "scaled": [([1.0, -2.5], 2.0), ([], 3.0)],
    "shifted": [([1.0, 2000.0, 3.0], 0.5), ([], 1.0)],
    "normalized": [([1.0, 3.0], True), ([1.0, 3.0], False)],
    "losses": [([(1.0, 3.0), (2.0, 1.5)], "l1"), ([(1.0, 3.0), (2.0, 1.5)], "l2"), ([(0.5, 0.5)], "l1")],
    "by_length": [(["ccc", "a", "bb", "dd"],), ([],)],
    "incremented": [(41,), (-1,)],
    "alternating": [([-1.5, 2.7, -3.2, 4.9],), ([],)],
    "describe": [(3, True), (3, False)],
    "uses_numpy_reduction": [(np.array([1.0]), "max"), (np.array([1.0]), "mean")],
}
