"""`xs[f()] += v` evaluates the index twice: once to read the item and once to store it, and the
store goes to the second index. CPython evaluates the target's container and index once.
Found by a probe of the fuzzer's augmented assignment on subscripts with a mutating helper.
"""


def p1_m(xs: list[int], v: int) -> int:
    xs.append(v)
    return len(xs)


def p1_f(a: int) -> list[int]:
    xs = [0, 0, 0, 0]
    ys = [1]
    xs[p1_m(ys, a) % 4] += 5
    return xs + ys


ENTRY = "p1_f"
ARGS = (3,)
CPYTHON = '[0, 0, 5, 0, 1, 3] (list)'
MUNA = '[0, 0, 0, 5, 1, 3, 3] (list)'
FIXED = True
