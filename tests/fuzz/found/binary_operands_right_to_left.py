"""The operands of a binary operator are evaluated right to left (C++'s unspecified order, as
g++ picks it), where Python evaluates left to right: with calls that change a shared list,
`f(xs, 1) - f(xs, 2) * 10` is 2 - 3 * 10 in CPython and 3 - 2 * 10 in muna. docs/language.md allows an
unspecified order only where two operands raise. Found by a probe of the fuzzer's
mutating-helper construct.
"""


def p1_m(xs: list[int], v: int) -> int:
    xs.append(v)
    return len(xs)


def p1_f(a: int) -> int:
    xs = [0]
    return p1_m(xs, 1) - p1_m(xs, 2) * 10


ENTRY = "p1_f"
ARGS = (3,)
CPYTHON = '-28 (int)'
MUNA = '-17 (int)'
FIXED = True
