"""The elif form of known_constant_if_else.py: a constant set in the if body decides the elif's
test at compile time.

`n = 0; if c: n = 5 elif n > 3: n = 7` gives 7 when c is False (CPython: 0): the elif's `n > 3`
reads the 5 of the other branch. Found by tests/fuzz.
"""


def p1_f(c: bool) -> int:
    n = 0
    if c:
        n = 5
    elif n > 3:
        n = 7
    return n


ENTRY = "p1_f"
ARGS = (False,)
CPYTHON = '0 (int)'
MUNA = '7 (int)'
FIXED = True
