"""A constant assigned in an if's body is folded into reads in its else (and elif) branch.

`n = 0; if c: n = 1 else: return n` returns 1 when c is False: the front end records n = 1 as a
known constant while it builds the body and still knows it while it builds the orelse, which
runs on the other path. The elif form (`elif n > 3: n = 7`) folds the same way. Found by
tests/fuzz (the accumulator-reset pattern: a flag or counter set in one branch, read in another).
"""


def p1_f(c: bool) -> int:
    n = 0
    if c:
        n = 1
    else:
        return n
    return n


ENTRY = "p1_f"
ARGS = (False,)
CPYTHON = '0 (int)'
MUNA = '1 (int)'
FIXED = True
