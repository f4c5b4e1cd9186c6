"""-(-9223372036854775807 - 1) was folded to the literal 2**63, which does not fit muna's int64:
the generated C++ did not build (a narrowing error), though the branch holding it never runs
for these arguments. A negation that overflows is now left to run time (OverflowError there,
as every int64 overflow). Found by tests/fuzz (seed 26, program 1820: a constant expression in
a branch guarded by a dict membership test).
"""


def p1_f(d: dict[str, int]) -> int:
    if "b" in d:
        d["b"] += (-(-9223372036854775807 - 1))
    return len(d)


ENTRY = "p1_f"
ARGS = ({"a": 1},)
CPYTHON = '1 (int)'
MUNA = 'build failed: narrowing conversion of 9223372036854775808 from __int128 to int64_t'
FIXED = True
