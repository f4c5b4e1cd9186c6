"""In a chained comparison `a < f() < b` the middle operand is evaluated twice (once per
comparison); CPython evaluates it once. With a call that appends to a list, the list gets two
items. Found by a probe of the fuzzer's mutating-helper construct (p*_m helpers).
"""


def p1_m(xs: list[int], v: int) -> int:
    xs.append(v)
    return len(xs)


def p1_f(a: int) -> tuple[bool, list[int]]:
    xs = [0]
    r = 0 < p1_m(xs, a) < 10
    return r, xs


ENTRY = "p1_f"
ARGS = (3,)
CPYTHON = '(True, [0, 3]) (tuple)'
MUNA = '(True, [0, 3, 3]) (tuple)'
FIXED = True
