"""A constant assigned in an except handler is folded into the try's else block, which runs
only when no handler did. `n = 0; try: int(s) except ValueError: n = 9 else: return n` returns
9 for s = "5" (CPython: 0). The same family as known_constant_if_else.py: what the front end
knows at the end of one path is used on another. Found by tests/fuzz (seed 1, program 437).
"""


def p1_f(s: str) -> int:
    n = 0
    try:
        x = int(s)
    except ValueError:
        n = 9
    else:
        return n + x
    return n + 100


ENTRY = "p1_f"
ARGS = ("5",)
CPYTHON = '5 (int)'
MUNA = '14 (int)'
FIXED = True
