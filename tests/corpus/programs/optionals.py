"""Options and missing values: Literal[...] parameters choosing a mode, Optional parameters
and returns, functions returning None, an Optional used where its value is needed (None
there is Python's TypeError, or AttributeError for a method)."""
import re
from typing import Any, Literal, Optional


def pool(values: list[float], mode: Literal["mean", "max", "sum"]) -> float:
    if mode == "mean":
        return sum(values) / len(values)
    if mode == "max":
        return max(values)
    return sum(values)


def device_name(device: Literal["cpu", "cuda"] = "cpu", index: int = 0) -> str:
    return device if device == "cpu" else f"{device}:{index}"


def quantize(x: float, bits: Literal[4, 8]) -> int:
    levels = 2 ** bits - 1
    return round(min(max(x, 0.0), 1.0) * levels)


def find_token(tokens: list[str], target: str) -> Optional[int]:
    for i, t in enumerate(tokens):
        if t == target:
            return i
    return None


def parse_optional_int(text: str) -> Optional[int]:
    text = text.strip()
    if text.isdigit():
        return int(text)
    return None


def value_or(x: Optional[float], default: float) -> float:
    return x if x is not None else default


def label_or_none(i: int, labels: list[str]) -> Optional[str]:
    if 0 <= i < len(labels):
        return labels[i]
    return None


def log_nothing(message: str) -> None:
    if message:
        pass
    return None


def threshold_text(threshold: Optional[float] = None) -> str:
    if threshold is None:
        return "no threshold"
    return f"threshold {threshold:.2f}"


def count_missing(values: list[Optional[int]]) -> tuple[int, int]:
    missing = 0
    total = 0
    for v in values:
        if v is None:
            missing += 1
        else:
            total += v
    return missing, total


def _encode(words: list[str], max_length: Optional[int] = None, pad: str = "<pad>") -> list[str]:
    """A helper whose omitted defaults the body replaces: the defaults are known when it is
    compiled for a call that leaves them out, and the assignments must still win."""
    if max_length is None:
        max_length = len(words) + 1
    if max_length < 2:
        raise ValueError(f"max_length must be at least 2, got {max_length}")
    pad = pad.upper()
    return (words + [pad] * max_length)[:max_length]


def encode_default(words: list[str]) -> list[str]:
    return _encode(words)


def encode_given(words: list[str], n: int) -> list[str]:
    return _encode(words, n, "-")


def role_count(messages: list[dict[str, str]], role: str) -> int:
    return len([m for m in messages if m.get("role") == role])


def positions_of(word_ids: list[Optional[int]], w: int) -> list[int]:
    return [i for i, wid in enumerate(word_ids) if wid == w]


def changed(before: Optional[float], after: Optional[int]) -> tuple[bool, bool, bool]:
    return before != after, before == None, after == before  # noqa: E711


def unit_is_chars(unit: Optional[str] = None) -> bool:
    return unit == "chars" or unit is not None and unit == unit.upper()


def as_float(v: Optional[float]) -> float:
    return float(v)


def parse_cell(v: Any) -> float:
    return float(v)


def count_cell(v: Optional[Any]) -> int:
    return int(v)


def fill_missing(rows: list[dict[str, Optional[float]]], name: str, fill: float) -> list[float]:
    out = []
    for row in rows:
        v = row.get(name)
        out.append(fill if v is None else float(v))
    return out



def cell_text(row: dict[str, Any], key: str) -> str:
    raw = row.get(key)
    return str(raw).strip().lower()


def same_size(meta: dict[str, Any], h: int, w: int) -> tuple[bool, bool]:
    mh = meta["h"]
    mw = meta["w"]
    return (mh, mw) == (h, w), (mh, mw) != (h, w)



def cut_span(text: str, span: dict[str, Any], stop: Optional[int]) -> tuple[str, str]:
    return text[span["start"]:span["end"]], text[span["start"]:stop]


def _missing(v: Optional[Any]) -> bool:
    if v is None:
        return True
    return isinstance(v, str) and v.strip() in ("", "NA")


def missing_fields(record: dict[str, Any], names: list[str], probe: Any) -> list[str]:
    """`is None` on values of unknown type: dict.get of Any values handed to an Optional[Any]
    helper parameter, and an Any parameter (which may be None: never decided at compile time)."""
    out = [n for n in names if _missing(record.get(n))]
    return out + ["probe is None" if probe is None else "probe is not None"]


def _first_group(pattern: str, text: str):
    m = re.search(pattern, text)
    return m.group(1) if m else None


def capped(k: Optional[int], n: int) -> int:
    return min(k, n) + 1


def shouted_choice(text: str) -> str:
    return _first_group(r"answer: (\w+)", text).upper()


CASES = {
    "capped": [(3, 5), (9, 2)],
    "shouted_choice": [("the answer: b", ), ("no choice here",)],
    "missing_fields": [({"a": None, "b": " NA", "c": 0, "d": "x"}, ["a", "b", "c", "d", "e"], None),
                       ({}, [], 0), ({"a": 1.5}, ["a"], "")],
    "pool": [([1.0, 2.0, 4.0], "mean"), ([1.0, 2.0, 4.0], "max"), ([1.0, 2.0, 4.0], "sum"), ([0.5], "mean"),
             ([], "max")],
    "device_name": [(), ("cuda",), ("cuda", 1), ("cpu", 3)],
    "quantize": [(0.5, 4), (0.5, 8), (-1.0, 8), (2.0, 4), (0.1, 8)],
    "find_token": [(["a", "b"], "b"), (["a"], "z"), ([], "")],
    "parse_optional_int": [(" 42 ",), ("4.2",), ("",), ("٣",)],
    "value_or": [(None, 0.5), (0.25, 0.5), (-0.0, 1.0)],
    "label_or_none": [(1, ["a", "b"]), (2, ["a", "b"]), (-1, ["a"])],
    "log_nothing": [("hello",), ("",)],
    "threshold_text": [(), (None,), (0.125,)],
    "count_missing": [([1, None, 3, None],), ([],), ([None],)],
    "encode_default": [(["a", "b"],), ([],)],
    "encode_given": [(["a", "b"], 3), (["x"], 1), ([], 2)],
    "role_count": [([{"role": "system"}, {"content": "x"}, {"role": "user"}], "system"), ([], "user"),
                   ([{"role": "user"}, {"role": "user"}], "user")],
    "positions_of": [([None, 0, 0, 1, None, 1], 1), ([None], 0), ([], 3), ([2, 2], 2)],
    "changed": [(None, None), (1.0, 1), (1.5, 1), (None, 3), (2.0, None), (-0.0, 0)],
    "unit_is_chars": [(), ("chars",), ("WORDS",), ("tokens",), ("",)],
    "as_float": [(1.5,), (None,), (-0.0,)],
    "parse_cell": [("3.25",), (" -1e3 ",), (2,), (1.5,), (None,), ("x",), (True,), ("inf",)],
    "count_cell": [("42",), (" -7 ",), (3.9,), (None,), ("4.5",), (False,)],
    "fill_missing": [([{"a": 1.5}, {"a": None}, {"b": 2.0}, {}], "a", -1.0), ([], "a", 0.0)],
    "cell_text": [({"a": " Yes "}, "a"), ({"a": 3}, "a"), ({"a": 2.5}, "b"), ({"a": None}, "a"), ({"a": True}, "a")],
    "same_size": [({"h": 4, "w": 5}, 4, 5), ({"h": 4.0, "w": 5}, 4, 5), ({"h": "4", "w": 5}, 4, 5), ({"h": 4, "w": 6}, 4, 5)],
    "cut_span": [("hello world", {"start": 1, "end": None}, None), ("hello", {"start": -3, "end": 4}, 2),
                 ("hello", {"start": 1.5, "end": 2}, 1), ("abc", {"start": None, "end": True}, -1)],
}

# Arguments outside a Literal[...]: CPython runs them anyway, a compiled library rejects them.
REJECTED_ARGS = {
    "pool": [([1.0], "median"), ([1.0], "")],
    "device_name": [("tpu",)],
    "quantize": [(0.5, 16)],
}
