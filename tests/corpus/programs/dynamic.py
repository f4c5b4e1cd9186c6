"""What Python lets a value be that has no single static type: a name that is an int on one
path and a str on another, conditional expressions and helpers with two result types, dicts of
mixed values, Union and Any parameters. muna holds such values as dynamic Objects (or Numbers,
for int | float) and must give exactly CPython's results."""
from typing import Any, Dict, List, Mapping, Tuple, Union

import numpy as np


def branch_types(x: int):
    if x > 0:
        y = 1
    else:
        y = "one"
    return y


def conditional_types(x: int):
    return 1 if x else "none"


def _pick(x):
    if x > 0:
        return 1
    return "negative"


def helper_two_types(xs: list[int]) -> list[str]:
    return [str(_pick(x)) for x in xs]


def mixed_row(n: int, name: str) -> dict:
    row = {"id": n, "name": name, "ok": n > 0}
    row["score"] = n / 4
    return row


def rows(labels: List[str], scores: List[float]) -> List[Dict[str, Any]]:
    out = []
    for i, (label, score) in enumerate(zip(labels, scores)):
        out.append({"label": label, "score": round(score, 3), "rank": i + 1})
    return out


def union_param(x: Union[int, str]) -> str:
    if isinstance(x, str):
        return x.upper()
    return str(x * 2)


def union_number(x: Union[float, int], flag: Union[int, bool]) -> str:
    """A Union of Python numbers: an int argument stays an int (x * 2 of 3 is 6, not 6.0), a
    bool a bool."""
    return f"{x * 2} {flag}"


def union_of_lists(xs: Union[List[float], List[int]]) -> str:
    """Members that a float parameter would both take: a list of ints is the List[int] one."""
    return repr([v * 3 for v in xs])


def union_list(x: Union[str, List[str]]) -> int:
    if isinstance(x, str):
        return len(x)
    return sum(len(s) for s in x)


def any_param(x: Any) -> str:
    if isinstance(x, dict):
        return "dict of " + str(len(x))
    if isinstance(x, (list, tuple)):
        return "sequence of " + str(len(x))
    return repr(x)


def record_features(record: Dict[str, Any]) -> List[float]:
    age = float(record.get("age", 40))
    income = float(record["income"]) if "income" in record else 0.0
    city = record.get("city", "unknown")
    return [age / 100, income / 1000, 1.0 if city == "paris" else 0.0]


def ratio_or_flag(a: int, b: int):
    result = -1
    if b != 0:
        result = a / b
    return result


def describe_record(record: dict[str, Any]) -> str:
    """isinstance with typing's aliases, type(x).__name__ in messages."""
    if not isinstance(record, Mapping):
        raise TypeError(f"record must be a mapping, got {type(record).__name__}")
    return f"{type(record).__name__} of {len(record)}"


def number_kind(xs: list[float], start: int) -> str:
    total = start
    for x in xs:
        total += x
    return f"{type(xs).__name__} {isinstance(total, float)} {isinstance(total, int)} {type(start) is int}"


def rank_fields(record: dict[str, Any]) -> list[str]:
    """Python's < between two Any values: numbers by value, strs by code point, else TypeError."""
    pairs = sorted((v, k) for k, v in record.items())
    return [k for _, k in pairs] + [str(max(record.values()))] if record else []


def crop_size(size: Union[int, Tuple[int, int]], spec: Any) -> str:
    """Unpacking a value of no static type (the Union's tuple side, an Any): its items, the count
    checked with Python's ValueError, a non-iterable Python's TypeError."""
    if isinstance(size, int):
        h, w = size, size
    else:
        h, w = size
    a, b = spec
    return f"{h}x{w} {a!r} {b!r}"



def collect_peaks(heat: np.ndarray, found: list, base: int) -> list:
    """Tuples holding an array's items (NumPy scalars of run-time dtype) appended to a bare
    list argument, whose items are values of run-time type (compared by identity where they
    hold an array)."""
    rows = []
    for i, j in zip(*np.nonzero(heat > 0.5)):
        rows.append((int(i), int(j), heat[i, j], base + len(rows)))
    found.append(rows)
    return found


CASES = {
    "collect_peaks": [(np.array([[0.1, 0.9], [0.7, 0.2]], np.float32), [], 3), (np.eye(3), [[(1, 1, 0.5, 0)]], 0)],
    "crop_size": [(3, "ab"), ((2, 5), [1, "x"]), ((2, 5), (1, 2, 3)), ((2, 5), [1]), ((1, 2), 7)],
    "describe_record": [({"a": 1, "b": "x"},), ({},)],
    "number_kind": [([0.5], 1), ([], 2)],
    "branch_types": [(1,), (-1,)],
    "conditional_types": [(0,), (3,)],
    "helper_two_types": [([1, -1, 0],), ([],)],
    "mixed_row": [(3, "a"), (-2, "")],
    "rows": [(["cat", "dog"], [0.91234, 0.08766]), ([], [])],
    "union_param": [("ab",), (21,)],
    "union_list": [("abc",), (["a", "bc"],), ([],)],
    "union_number": [(3, True), (2.5, 7), (-1, False)],
    "union_of_lists": [([1, 2],), ([0.5, 2.0],), ([],)],
    "any_param": [({"a": 1},), ([1, 2],), ((1,),), (3.5,), ("x",), (None,)],
    "record_features": [({"age": 30, "income": 52000, "city": "paris"},), ({},), ({"age": 55.5, "city": "rome"},)],
    "ratio_or_flag": [(1, 2), (3, 0), (-7, 2)],
    "rank_fields": [({"a": 2, "b": 1.5, "c": 2, "d": True},), ({"x": "é", "y": "z", "z": "Z"},), ({},),
                    ({"a": 1, "b": "x"},)],
}
