"""json.dumps against CPython: every static type, str escaping with and without ensure_ascii,
floats as repr with NaN and Infinity, dict keys converted as CPython does, indent, separators,
sort_keys and allow_nan (whose message depends on whether CPython's C or Python encoder runs)."""
import json
import math
import random
from typing import Optional


def scalars(i: int, x: float, b: bool, s: str) -> list[str]:
    return [json.dumps(i), json.dumps(x), json.dumps(b), json.dumps(s), json.dumps(None)]


def strings(s: str) -> tuple[str, str]:
    return (json.dumps(s), json.dumps(s, ensure_ascii=False))


def floats(x: float) -> tuple[str, str]:
    return (json.dumps(x), json.dumps([x, -x]))


def no_nan(x: float) -> str:
    return json.dumps([x], allow_nan=False)


def no_nan_indented(x: float) -> str:
    return json.dumps({"x": [x]}, allow_nan=False, indent=2)


def no_nan_key(x: float) -> str:
    return json.dumps({x: 1}, allow_nan=False)


def containers(xs: list[int], d: dict[str, list[float]], t: tuple[int, str, bool]) -> list[str]:
    nested = {"xs": xs, "reversed": xs[::-1]}
    empty: list[list[int]] = []
    return [json.dumps(xs), json.dumps(d), json.dumps(t), json.dumps(nested), json.dumps([empty, [[1]], [[2], [2, 3]]])]


def keys(di: dict[int, str], df: dict[float, int], db: dict[bool, str]) -> tuple[str, str, str]:
    return (json.dumps(di), json.dumps(df), json.dumps(db))


def sorted_keys(d: dict[str, int], di: dict[int, int]) -> tuple[str, str]:
    return (json.dumps(d, sort_keys=True), json.dumps(di, sort_keys=True))


def indented(d: dict[str, list[int]], indent: int) -> str:
    return json.dumps(d, indent=indent)


def indented_str(xs: list[list[int]], indent: str) -> str:
    return json.dumps(xs, indent=indent)


def indented_sorted(d: dict[str, dict[str, int]]) -> str:
    return json.dumps(d, indent=4, sort_keys=True)


def separators(d: dict[str, list[int]], item: str, key: str) -> tuple[str, str]:
    return (json.dumps(d, separators=(item, key)), json.dumps(d, indent=1, separators=(item, key)))


def compact(d: dict[str, list[int]]) -> str:
    return json.dumps(d, separators=(",", ":"), sort_keys=True)


def optional(v: Optional[int], xs: list[Optional[str]]) -> tuple[str, str]:
    return (json.dumps(v), json.dumps(xs))


def skipped(d: dict[bytes, int]) -> tuple[str, str]:
    return (json.dumps(d, skipkeys=True), json.dumps(d, skipkeys=True, indent=2))


def surrogate(cp: int) -> str:
    return json.dumps("a" + chr(cp))


_rng = random.Random(23)
_STRINGS = ["", "plain", 'quote " and \\ backslash', "\b\f\n\r\t\x00\x1f\x7f", "é ü ß", "€", "😀 🙂",
            "\u2028\u2029", "</script>", "tab\there"] + [
    "".join(chr(_rng.choice([_rng.randrange(0, 0x80), _rng.randrange(0x80, 0x800), _rng.randrange(0x800, 0xD800),
                             _rng.randrange(0x10000, 0x110000)])) for _ in range(40)) for _ in range(5)]

CASES = {
    "scalars": [(0, 0.0, True, ""), (-2**63, -0.0, False, "x"), (2**63 - 1, 1e16, True, "é"), (7, 1e-7, False, "\n")],
    "strings": [(s,) for s in _STRINGS],
    "floats": [(x,) for x in (0.1, 1.0, 1e22, 1.5e-10, 123456789.123, math.inf, math.nan, 5e-324, 1.7976931348623157e308)],
    "no_nan": [(1.5,), (math.nan,), (math.inf,), (-math.inf,)],
    "no_nan_indented": [(1.5,), (math.nan,), (-math.inf,)],
    "no_nan_key": [(1.5,), (math.inf,)],
    "containers": [([], {}, (0, "", False)), ([1, 2, 3], {"a": [1.5, math.inf], "": []}, (-1, "é", True))],
    "keys": [({1: "a", -2: "b"}, {1.5: 1, math.inf: 2, -0.0: 3, math.nan: 4, 1e100: 5}, {True: "t", False: "f"}),
             ({}, {}, {})],
    "sorted_keys": [({"b": 1, "a": 2, "é": 3, "A": 4, "": 5}, {3: 1, -1: 2, 10: 3}), ({}, {})],
    "indented": [({"a": [1, 2], "b": []}, n) for n in (-1, 0, 1, 4)] + [({}, 2), ({"x": []}, 2)],
    "indented_str": [([[1], [], [2, 3]], s) for s in ("", "\t", "--")],
    "indented_sorted": [({"z": {"b": 1, "a": 2}, "a": {}},), ({},)],
    "separators": [({"a": [1, 2]}, ",", ":"), ({"a": [1, 2]}, " ; ", " = "), ({}, "", "")],
    "compact": [({"b": [1], "a": [2, 3]},), ({"": []},)],
    "optional": [(None, ["a", None]), (3, [])],
    "skipped": [({b"k": 3, b"": 1},), ({},)],
    "surrogate": [(0xD800,), (0xDFFF,), (0x41,)],
}
