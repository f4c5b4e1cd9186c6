"""Module-level constants read by the function: scalars, strings, tuples, lists, dicts, sets
and numpy arrays of weights, as a model wrapper keeps its vocabulary and thresholds."""
import numpy as np

MAX_LEN = 8
TEMPERATURE = 0.7
BOS = "<s>"
DEBUG = False
SPECIAL_TOKENS = ("<pad>", "<s>", "</s>", "<unk>")
LABELS = ["negative", "neutral", "positive"]
LABEL_IDS = {"negative": 0, "neutral": 1, "positive": 2}
ID2LABEL = {0: "negative", 1: "neutral", 2: "positive"}
STOPWORDS = {"a", "an", "the", "of", "and"}
THRESHOLDS = [0.25, 0.5, 0.75]
RESIZE = {"shorter": 40, "crop": (32, 24), "mode": "bilinear", "ratios": [0.5, 2.0], "nested": {"h": 3}}
SCALE = np.array([0.5, 2.0, -1.0, 4.0], dtype=np.float32)
OFFSET = np.array([[1.0], [2.0]], dtype=np.float32)
TABLE = np.array([0.1, 0.2, 0.30000000000000004], dtype=np.float64)
NOTHING = np.array([[], []], dtype=np.float64)  # no bytes: the library then has no weights at all


def truncate_ids(ids: list[int]) -> list[int]:
    if len(ids) > MAX_LEN:
        return ids[:MAX_LEN]
    return ids


def apply_temperature(logits: list[float]) -> list[float]:
    return [x / TEMPERATURE for x in logits]


def add_bos(text: str) -> str:
    prefix = BOS + " " if not DEBUG else "[debug] "
    return prefix + text


def drop_special(tokens: list[str]) -> list[str]:
    return [t for t in tokens if t not in SPECIAL_TOKENS]


def label_of(index: int) -> str:
    return LABELS[index]


def label_ids(labels: list[str]) -> list[int]:
    return [LABEL_IDS.get(label, -1) for label in labels] + [LABEL_IDS[labels[0]]]


def decode_labels(ids: list[int]) -> list[str]:
    return [ID2LABEL[i] for i in ids]


def remove_stopwords(text: str) -> list[str]:
    return [w for w in text.lower().split() if w not in STOPWORDS]


def bucket(score: float) -> int:
    for i, t in enumerate(THRESHOLDS):
        if score < t:
            return i
    return len(THRESHOLDS)


def rescale(x: np.ndarray) -> np.ndarray:
    return x * SCALE + OFFSET


def table_sum(i: int) -> float:
    return float(TABLE[i]) + float(TABLE.sum())


def empty_constant(x: float) -> tuple:
    """An empty constant array, the only one: its shape and reductions."""
    return NOTHING.shape, float(NOTHING.sum()) + x, NOTHING.copy().T.shape


def crop_box(width: int, height: int) -> tuple:
    """Items of a module-level dict of mixed values at keys known now are the values themselves
    (ints, a tuple, a str, an item of a nested dict): what follows them stays plain arithmetic."""
    scale = RESIZE["shorter"] / min(width, height)
    ch, cw = RESIZE["crop"]
    w, h = round(width * scale), round(height * scale)
    left = (w - cw) // 2 + RESIZE["nested"]["h"] - RESIZE["ratios"][-1]
    return RESIZE["mode"].upper(), left, (h - ch) // 2, scale


CASES = {
    "crop_box": [(100, 50), (64, 64), (7, 300)],
    "empty_constant": [(1.5,), (-0.0,)],
    "truncate_ids": [([1, 2, 3],), (list(range(20)),), ([],)],
    "apply_temperature": [([1.0, -2.0, 0.0],), ([],)],
    "add_bos": [("hello",), ("",)],
    "drop_special": [(["<s>", "hi", "</s>", "<pad>"],), ([],), (["<S>"],)],
    "label_of": [(0,), (2,), (-1,), (3,)],
    "label_ids": [(["positive", "other"],), (["neutral"],), (["unknown"],)],
    "decode_labels": [([0, 2, 1],), ([],), ([5],)],
    "remove_stopwords": [("The cat and the hat",), ("",), ("of",)],
    "bucket": [(0.1,), (0.25,), (0.6,), (0.9,), (float("nan"),)],
    "rescale": [(np.arange(8, dtype=np.float32).reshape(2, 4),), (np.ones((2, 4), dtype=np.float32) * -0.5,)],
    "table_sum": [(0,), (2,), (-1,), (3,)],
}
