"""When both operands of a binary operator raise, Python raises the left one's exception; muna
evaluated the operands of its C++ call (builtins::mul) in g++'s order, right to left, and raised
the right one's: operands were hoisted into Python's order only where two of them act (call the
user's code, mutate, assign), not where they only may raise (now both: emit.in_order). Found by
tests/fuzz (seed 103, program 18: `a1 -= int(a1) * a0.index(a2)` with a1 = -inf and a2 not in a0).
"""


def p1_f(a0: list[int], a1: float, a2: int) -> int:
    return int(a1) * a0.index(a2)


ENTRY = "p1_f"
ARGS = ([938659, 7, 531069, 10], float("-inf"), 508286)
CPYTHON = 'raise OverflowError: cannot convert float infinity to integer'
MUNA = 'raise ValueError: 508286 is not in list'
FIXED = True
