"""A constant assigned in a try body after the statement that raises is folded into the handler.

`n = 0; try: x = int(s); n = 1 except ValueError: return n` returns 1 for s = "x": the handler
is built with what the front end knew at the end of the body, but it runs from wherever the
body raised (here before `n = 1`). Found by tests/fuzz.
"""


def p1_f(s: str) -> int:
    n = 0
    try:
        x = int(s)
        n = 1
    except ValueError:
        return n
    return n + x


ENTRY = "p1_f"
ARGS = ("x",)
CPYTHON = '0 (int)'
MUNA = '1 (int)'
FIXED = True
