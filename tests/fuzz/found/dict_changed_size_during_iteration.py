"""A dict that grows while a loop walks it: CPython raises RuntimeError("dictionary changed size
during iteration") at the loop's next step; muna walked a copy of its items and returned.

Found by tests/fuzz (seed 105, program 12771: `acc2 = a1` then `acc2[str(x0.prod())] = ...`
inside `for i7, i8 in a1.items():`). The loop now walks the dict itself (muna/python/iterate.hpp
DictIteration), which also makes a value assigned to a later key visible, as in CPython.
"""


def p1_f(a: dict[str, int]) -> int:
    alias = a
    for k, v in a.items():
        alias[k + "x"] = v
    return len(a)


ENTRY = "p1_f"
ARGS = ({"a": 1},)
CPYTHON = 'raise RuntimeError: "dictionary changed size during iteration"'
MUNA = 'raise RuntimeError: "dictionary changed size during iteration"'
FIXED = True
