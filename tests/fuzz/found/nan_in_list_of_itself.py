"""`x in [x]` for a float NaN: CPython's containment asks `item is x or item == x`, so a NaN
finds itself (the list holds the same float object); muna's floats have no identity and NaN !=
NaN, so muna answers False. The opposite answer is not right either: `float("nan") in
[float("nan")]` is False in CPython (two objects). Decided: a difference documented in
docs/language.md ("Where muna differs from CPython, on purpose"), since telling the two apart
would need every float boxed; this file keeps muna's answer pinned, so a change is noticed.

Found by tests/fuzz (seed 105, program 8768: `a0 in [a0 for c11 in sorted(a1)]` with a0 = nan;
and program 12538: `i4 in acc3` over a list extended with the list i4 walks, which decides
whether a later `int('aaa')` runs, so muna returns a value where CPython raises ValueError).
"""


def p1_f(a: float) -> bool:
    return a in [a for _ in range(2)]


ENTRY = "p1_f"
ARGS = (float("nan"),)
CPYTHON = "True (bool)"
MUNA = "False (bool)"
FIXED = False
