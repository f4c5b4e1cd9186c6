"""Statements beyond the basics that inference code uses: match (literal, capture, sequence,
mapping, class and or-patterns, guards), functions defined inside functions (reading the
enclosing names as Python's late-binding closures do), `global` reads, user exception classes
raised and caught."""
import contextlib

import numpy as np


class ParseError(ValueError):
    pass


class EmptyInput(ParseError):
    pass


LIMIT = 3


def shape_of(xs: list[int]) -> str:
    match xs:
        case []:
            return "empty"
        case [a]:
            return f"one {a}"
        case [a, b] if a == b:
            return "pair of equals"
        case [first, *rest]:
            return f"{first} then {len(rest)}"
    return "unreachable"


def command(line: str) -> int:
    match line.split():
        case ["go", direction]:
            return len(direction)
        case ["stop"] | ["halt"]:
            return 0
        case _:
            return -1


def bucket(v: int) -> str:
    match v:
        case 0:
            return "zero"
        case 1 | 2:
            return "small"
        case n if n < 0:
            return "negative"
    return "large"


def event(e: dict[str, str]) -> str:
    match e:
        case {"type": "click", "target": t}:
            return "click on " + t
        case {"type": kind}:
            return "other " + kind
    return "unknown"


def closures(xs: list[int], k: int) -> list[int]:
    def add_k(x):
        return x + k

    def descending(x):
        return -x
    out = [add_k(x) for x in xs]
    k = 100
    out.append(add_k(0))
    return sorted(out, key=descending)


def uses_global(xs: list[int]) -> list[int]:
    global LIMIT
    return [x for x in xs if x < LIMIT]


def parse_ints(text: str) -> list[int]:
    if not text.strip():
        raise EmptyInput("nothing to parse")
    out = []
    for part in text.split(","):
        try:
            out.append(int(part))
        except ValueError:
            raise ParseError(f"not an int: {part!r}")
    return out


def safe_parse(text: str) -> int:
    try:
        return sum(parse_ints(text))
    except EmptyInput:
        return 0
    except ParseError as e:
        return -len(str(e))


def quiet_blocks(tp: list[float], fp: list[float], texts: list[str]) -> tuple:
    """`with np.errstate(...)` that only silences warnings, and `contextlib.suppress` as the
    try/except it means."""
    a, b = np.array(tp), np.array(fp)
    with np.errstate(divide="ignore", invalid="ignore"):
        p = np.where(a + b > 0, a / (a + b), 0.0)
    out = []
    for t in texts:
        with contextlib.suppress(ValueError, KeyError):
            out.append(int(t))
    return p, out


CASES = {
    "quiet_blocks": [([1.0, 0.0], [1.0, 0.0], ["1", "x", "3"]), ([], [], [])],
    "shape_of": [([],), ([5],), ([3, 3],), ([1, 2, 3],), ([1, 2],)],
    "command": [("go north",), ("halt",), ("stop",), ("x y z",), ("",)],
    "bucket": [(0,), (2,), (-4,), (9,)],
    "event": [({"type": "click", "target": "ok"},), ({"type": "key"},), ({},)],
    "closures": [([1, 5, 3], 2), ([], 0)],
    "uses_global": [([1, 5, 2, 3],), ([],)],
    "parse_ints": [("1,2,3",), ("  ",), ("1,x",)],
    "safe_parse": [("1,2",), ("",), ("4,y",)],
}
