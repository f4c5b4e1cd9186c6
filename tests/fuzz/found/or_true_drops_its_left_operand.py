"""`x or True` is decided as True at compile time and x is never evaluated, so an exception it
raises is lost (as isinstance_drops_its_argument was).

`((1 // a) == 0) or True` returns True for a = 0 where CPython raises ZeroDivisionError.
Found by tests/fuzz (seed 105, program 6440: `(a1 == (a1 + a1)) or True` past int64).
"""


def p1_f(a: int) -> bool:
    return ((1 // a) == 0) or True


ENTRY = "p1_f"
ARGS = (0,)
CPYTHON = 'raise ZeroDivisionError: "integer division or modulo by zero"'
MUNA = 'True (bool)'
FIXED = True
