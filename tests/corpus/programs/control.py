"""Control flow in pre/post-processing loops: if/elif/else, for over every kind of iterable,
while, break/continue, early return, augmented assignment and nested tuple unpacking."""


def first_above(scores: list[float], threshold: float) -> int:
    for i in range(len(scores)):
        if scores[i] > threshold:
            return i
    return -1


def collatz_steps(n: int) -> int:
    steps = 0
    while n > 1:
        if n % 2 == 0:
            n //= 2
        else:
            n = 3 * n + 1
        steps += 1
    return steps


def countdown(start: int, step: int) -> list[int]:
    out = []
    for i in range(start, 0, -step):
        out.append(i)
    return out


def vowel_count(text: str) -> int:
    n = 0
    for c in text.lower():
        if c in "aeiouäöü":
            n += 1
    return n


def weighted_total(weights: tuple[float, float, float], values: list[float]) -> float:
    total = 0.0
    i = 0
    for w in weights:
        total += w * values[i]
        i += 1
    return total


def dict_loops(d: dict[str, int]) -> tuple[list[str], int, list[str]]:
    keys = []
    for k in d:
        keys.append(k)
    total = 0
    for v in d.values():
        total += v
    lines = []
    for k, v in d.items():
        lines.append(k + "=" + str(v))
    return keys, total, lines


def numbered(tokens: list[str]) -> list[str]:
    out = []
    for i, tok in enumerate(tokens, 1):
        out.append(str(i) + ":" + tok)
    for i, tok in enumerate(tokens):
        if i == 0:
            out.append(tok.upper())
    return out


def dot(a: list[float], b: list[float]) -> float:
    total = 0.0
    for x, y in zip(a, b):
        total += x * y
    return total


def reversed_sorted(words: list[str]) -> tuple[list[str], list[str]]:
    back = []
    for w in reversed(words):
        back.append(w)
    ordered = []
    for w in sorted(words, reverse=True):
        ordered.append(w)
    return back, ordered


def read_until_end(lines: list[str]) -> list[str]:
    kept = []
    for line in lines:
        if line.startswith("#"):
            continue
        if line == "END":
            break
        if not line:
            pass
        else:
            kept.append(line)
    return kept


def classify(score: int) -> str:
    if score >= 90:
        grade = "A"
    elif score >= 75:
        grade = "B"
    elif score >= 50:
        grade = "C"
    else:
        grade = "F"
    return grade


def first_duplicate(ids: list[int]) -> tuple[int, int]:
    found = -1
    pos = -1
    for i in range(len(ids)):
        for j in range(i):
            if ids[i] == ids[j]:
                found = ids[i]
                pos = i
                break
        if found != -1:
            break
    return found, pos


def span_report(spans: list[tuple[str, tuple[int, int]]]) -> list[str]:
    out = []
    for name, (start, end) in spans:
        out.append(name + ":" + str(end - start))
    (a, b), c = (1, 2), 3
    out.append(str(a + b + c))
    return out


def augmented(n: int, k: int) -> tuple[int, int, int, int, int, int, int, float]:
    a = n
    a += k
    a -= 1
    a *= 3
    b = n
    b //= k
    c = n
    c %= k
    d = n
    d |= 8
    d &= 0xFF
    d ^= k
    e = n
    e <<= 2
    e >>= 1
    f = abs(k) % 5
    f **= 3
    x = 1.0
    x /= k
    return a, b, c, d, e, f, n, x


CASES = {
    "first_above": [([0.1, 0.6, 0.9], 0.5), ([], 0.0), ([0.1], 0.5)],
    "collatz_steps": [(1,), (6,), (27,), (0,), (-4,)],
    "countdown": [(10, 3), (0, 1), (5, 1), (3, -1)],
    "vowel_count": [("Hello World",), ("",), ("ÄÖÜ xyz",), ("AEIOU aeiou",)],
    "weighted_total": [((0.2, 0.3, 0.5), [1.0, 2.0, 3.0]), ((1.0, 0.0, -1.0), [4.0, 5.0, 6.0, 7.0]),
                       ((1.0, 1.0, 1.0), [1.0])],
    "dict_loops": [({"a": 1, "b": 2},), ({},), ({"é": -5},)],
    "numbered": [(["a", "b"],), ([],), (["ß"],)],
    "dot": [([1.0, 2.0, 3.0], [4.0, 5.0, 6.0]), ([], []), ([1.0, 2.0], [3.0])],
    "reversed_sorted": [(["b", "a", "c"],), ([],), (["é", "e", "z"],)],
    "read_until_end": [(["# c", "a", "", "b", "END", "c"],), ([],), (["END"],)],
    "classify": [(95,), (90,), (80,), (50,), (-3,)],
    "first_duplicate": [([1, 2, 3, 2, 1],), ([],), ([5, 5],), ([1, 2, 3],)],
    "span_report": [([("ent", (3, 8)), ("per", (0, 0))],), ([],)],
    "augmented": [(10, 3), (-10, 3), (7, -2), (0, 1), (5, 0)],
}
