"""isinstance(expr, T) is decided at compile time from expr's type and expr is never evaluated,
so an exception it raises is lost.

`isinstance({"a": 1}[k], float)` returns False for k = "b" where CPython raises KeyError: 'b'.
Found by tests/fuzz (minimized from isinstance({c: acc for c in ['a']}[a0], float)).
"""


def p1_f(k: str) -> bool:
    return isinstance({"a": 1}[k], float)


ENTRY = "p1_f"
ARGS = ("b",)
CPYTHON = 'raise KeyError: "\'b\'"'
MUNA = 'False (bool)'
FIXED = True
