"""sorted() of floats holding NaN does not give CPython's order. CPython's sort (timsort, with
`<` that is False for NaN either way) keeps [3.0, nan, 1.0, -0.0, 0.0] as
[3.0, nan, -0.0, 0.0, 1.0]; muna's sort orders the items around the NaN differently.
Found by a hand probe of the constructs the fuzzer generates (floats with NaN, sorted).
"""


def p1_f(xs: list[float]) -> list[float]:
    return sorted(xs)


ENTRY = "p1_f"
ARGS = ([3.0, float("nan"), 1.0, -0.0, 0.0],)
CPYTHON = '[3.0, nan, -0.0, 0.0, 1.0] (list)'
MUNA = '[1.0, 3.0, nan, -0.0, 0.0] (list)'
FIXED = True
