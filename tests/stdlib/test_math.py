"""math: every function of CPython 3.11's math module compiled through the generator
(tests/stdlib/programs/math_functions.py) and compared with CPython on tables of cases: signed
zeros, subnormals, the largest floats, infinities, NaN, integers beyond 2**53 and at the int64
limits, domain and range errors, and seeded random values. Floats must match bit for bit.

    /usr/bin/python3 -m pytest tests/stdlib -q -p no:cacheprovider
"""
import math
import random

import numpy as np
import pytest

from stdlib_testing import check, load_program, targets

PROGRAM = "math_functions"
FUNCTIONS = [name for name in vars(load_program(PROGRAM)) if name.startswith(("f_", "i_", "t_", "b_"))
             ] + ["constants", "from_import", "caught", "numpy_scalars", "numpy_float64"]
rng = random.Random(20240611)
inf, nan = math.inf, math.nan

FLOATS = [0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.0, -2.0, 3.0, -3.0, 0.1, -0.1, 1.5, -1.5, 10.0, -10.0,
          100.0, -100.0, 1e-10, -1e-10, 1e-20, 1e-300, -1e-300, 5e-324, -5e-324, 1e-320,
          2.2250738585072014e-308, 1e16, -1e16, 1e22, 4.5e15, 1e300, -1e300, 1.7976931348623157e308,
          -1.7976931348623157e308, math.pi, -math.pi, math.pi / 2, math.e, 0.9999999999999999,
          1.0000000000000002, 709.78, 710.0, -745.1, -746.0, 1023.9, 1024.0, -1074.5, -1075.5, 40.0,
          27.0, 0.7, -0.99, 171.5, 171.7, 200.5, -170.5, -200.5, -201.0, 140.5, -140.5, 1e-21, 6.5,
          5.524680040776729583740234375, 25.0, -25.5, 1e308, inf, -inf, nan]
FLOATS += [rng.uniform(-2, 2) for _ in range(25)] + [rng.uniform(-800, 800) for _ in range(15)]
FLOATS += [rng.choice((-1, 1)) * 10 ** rng.uniform(-320, 308) for _ in range(25)]
INTS = [0, 1, -1, 2, -2, 3, 7, -7, 10, 100, 1000000, 2**31, 2**53, 2**53 + 1, -(2**53 + 1), 2**62,
        -2**62, 2**63 - 1, -2**63, 12345678901234567, 170, 171, 10**18]
INTS += [rng.randint(-10**6, 10**6) for _ in range(10)] + [rng.randint(-2**63, 2**63 - 1) for _ in range(10)]
PAIR_FLOATS = [0.0, -0.0, 1.0, -1.0, 0.5, 2.0, -2.0, 3.0, -3.5, 0.1, 1e-300, 5e-324, -5e-324, 1e300,
               1.7976931348623157e308, math.pi, 10.0, -10.0, 1024.0, -1075.0, 0.5000000000000001, inf,
               -inf, nan]
FLOAT_PAIRS = [(x, y) for x in PAIR_FLOATS for y in PAIR_FLOATS]
FLOAT_PAIRS += [(rng.uniform(-100, 100), rng.uniform(-100, 100)) for _ in range(60)]
FLOAT_PAIRS += [(rng.choice((-1, 1)) * 10 ** rng.uniform(-300, 300), rng.uniform(-30, 30)) for _ in range(40)]
INT_PAIRS = [(x, y) for x in (0, 1, -1, 2, -3, 10, 2**53 + 1, -2**63, 2**63 - 1)
             for y in (0, 1, -1, 2, -3, 7, 1000, 2**62, -2**63)]

ONE_ARG = ["sqrt", "exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "sin", "cos", "tan", "asin",
           "acos", "atan", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh", "fabs", "erf", "erfc",
           "gamma", "lgamma", "cbrt", "degrees", "radians", "ulp", "isfinite", "isinf", "isnan",
           "floor", "ceil", "trunc"]
TWO_ARGS = ["atan2", "pow", "fmod", "remainder", "copysign", "nextafter", "log_base"]
# gamma near the integers, the poles and the reflection, where CPython's own code is delicate
GAMMA = [k + d for k in range(-30, 180, 3) for d in (0.0, 1e-9, -1e-9, 0.25, 0.5)] + [-1e-300, 1e-300]


def float_lists(count, length):
    out = []
    for _ in range(count):
        n = rng.randint(0, length)
        kind = rng.random()
        if kind < 0.3:
            xs = [rng.uniform(-1, 1) for _ in range(n)]
        elif kind < 0.6:
            xs = [rng.choice((-1, 1)) * 10 ** rng.uniform(-30, 30) for _ in range(n)]
        elif kind < 0.8:  # cancellation: big terms that cancel, small ones that survive
            xs = []
            for _ in range(n // 2 + 1):
                v = 10 ** rng.uniform(0, 300)
                xs += [v, rng.uniform(-1, 1), -v]
        else:
            xs = [rng.choice((0.1, 0.2, 0.3, 1e16, -1e16, 1.0, 5e-324, 1e308)) for _ in range(n)]
        out.append(xs)
    return out


FSUM_LISTS = float_lists(250, 12) + [
    [], [0.0], [-0.0], [-0.0, -0.0], [0.1] * 10, [1e308, 1e308], [1e308, 1e308, -1e308], [1e308, -1e308, 1e308],
    [inf, 1.0], [inf, -inf], [nan, 1.0], [inf, inf], [-inf, 1e308, 1e308], [1e-16, 1.0, 1e16],
    [1.0, 1e100, 1.0, -1e100], [2.0 ** 53, 1.0, 1e-16], [2.0 ** 53, -0.5, -2.0 ** -54], [5e-324] * 7]
VECTORS = [[rng.choice((-1, 1)) * 10 ** rng.uniform(-310, 305) for _ in range(rng.randint(2, 3))] for _ in range(80)]
VECTORS += [[rng.uniform(-10, 10) for _ in range(3)] for _ in range(60)]
VECTORS += [[3.0, 4.0, 12.0], [1e-320, 2e-320, 3e-320], [1e308, 1e308, 1e308], [inf, nan, 1.0], [nan, 1.0, 2.0],
            [0.0, -0.0, 0.0], [5e-324, 0.0, 0.0], [1.0, 1e-17, 1e-17], [1.7976931348623157e308, 1.0, 0.0]]


def cases_of(function):
    """The argument tuples each compiled function runs on."""
    kind, _, name = function.partition("_")
    if function == "constants" or function in ("f_hypot0", "i_gcd0", "i_lcm0"):
        return [()]
    if function in ("from_import", "caught"):
        return [(x,) for x in FLOATS]
    if function == "numpy_scalars":
        return [(np.array(x, np.float32), np.array(n, np.int64)) for x, n in
                (([1.5, 2.25], [3, 4]), ([0.1], [0]), ([-0.0], [2**40]), ([1e30, 1e30], [-5]), ([-2.0], [1]))]
    if function == "numpy_float64":
        return [(np.array(x, np.float64),) for x in ([2.5, -1.0], [-0.5], [1e300], [-1.0])]
    if name in ONE_ARG:
        values = FLOATS + (GAMMA if name in ("gamma", "lgamma") else []) if kind == "f" else INTS
        return [(x,) for x in values]
    if name in TWO_ARGS:
        return FLOAT_PAIRS if kind == "f" else INT_PAIRS
    table = {
        "f_frexp": [(x,) for x in FLOATS], "f_modf": [(x,) for x in FLOATS],
        "f_ldexp": [(x, i) for x in (0.0, -0.0, 1.0, -1.5, 5e-324, 1e308, inf, nan, 0.75)
                    for i in (0, 1, -1, 52, -1022, -1074, -1075, -1076, 1023, 1024, 2000, 2**31, -2**31 - 1, 2**62, -2**63)],
        "f_isclose": FLOAT_PAIRS + [(x, x * (1 + k * 1e-10)) for x in (1.0, -3.0, 1e300, 1e-300) for k in range(-15, 16, 3)],
        "f_isclose_tol": [(1.0, 1.1, r, a) for r in (0.0, 0.05, 0.1, -0.1, inf) for a in (0.0, 0.05, 0.11, -1e-9, nan)]
                         + [(inf, inf, 0.0, 0.0), (inf, -inf, inf, inf), (nan, nan, 1.0, 1.0), (0.0, -0.0, 0.0, 0.0)],
        "i_isclose": INT_PAIRS,
        "f_fsum": [(xs,) for xs in FSUM_LISTS],
        "i_fsum": [([],), ([1, 2, 3],), ([2**53, 1, 1],), ([2**63 - 1, -2**63, 2**62],), ([10**18] * 20,)],
        "t_fsum": [(0.1, 0.2, 3), (1e308, 1e308, -1), (inf, -inf, 0), (1e16, 1.0, 1)],
        "f_prod": [(xs,) for xs in FSUM_LISTS[:80]] + [([inf, 0.0],), ([1e200, 1e200],), ([-0.0, 2.0],)],
        "f_prod_start": [([2.0, 3.0], 0.5), ([], -0.0), ([1e300], 1e10), ([nan], 0.0)],
        "i_prod": [([],), ([1, 2, 3, 4],), ([-2] * 63,), ([-2] * 64,), ([2] * 63,), ([2**40, 2**40, 0],),
                   ([2**40, 2**40, 5],), ([2**32, 2**31, -1],), ([-2**63, 1],), ([-2**63, -1],), ([0, 2**62, 2**62],),
                   ([3, 0, 2**62, 2**62],), ([2**62, 2**62, 1, 0],)],
        "i_prod_start": [([], 5), ([3, 4], -2), ([2**62], 2), ([2**62], -2), ([-2**62], 2), ([2**62, 0], 4)],
        "i_gcd1": [(x,) for x in INTS], "i_lcm1": [(x,) for x in INTS],
        "i_gcd2": INT_PAIRS + [(12, 18), (-12, 18), (0, 0), (2**62, 2**61), (-2**63, 2), (-2**63, -2**63)],
        "i_lcm2": INT_PAIRS + [(4, 6), (-4, 6), (2**32, 2**31 + 1), (2**62, 3), (3037000499, 3037000493)],
        "i_gcd3": [(a, b, c) for a in (0, 12, -2**63, 7) for b in (0, 18, -8, 2**62) for c in (0, 1, 6, -2**63)],
        "i_lcm3": [(a, b, c) for a in (0, 12, -2**63, 7) for b in (0, 18, -8, 2**62) for c in (0, 1, 6, -2**63)]
                  + [(2**40, 3**20, 0), (2**40, 3**20, 5), (2**62, 3, 0)],
        # CPython computes the big results muna refuses: keep them small enough to be quick
        "i_comb": [(n, k) for n in list(range(-1, 70, 3)) + [100, 10**9, 2**62, 2**63 - 1]
                   for k in (-1, 0, 1, 2, 3, 5, 17, 30, 33, 34, 35, 60, 68)]
                  + [(n, n - k) for n in (68, 100, 10**9, 2**63 - 1) for k in (0, 1, 2, 3)] + [(5, 10**9), (5, 2**62)],
        "i_perm": [(n, k) for n in list(range(-1, 40, 3)) + [100, 10**9, 3037000500, 2**62]
                   for k in (-1, 0, 1, 2, 3, 10, 20, 21, 30)] + [(5, 10**9), (0, 2**63 - 1)],
        "i_perm1": [(n,) for n in range(-2, 23)], "i_factorial": [(n,) for n in range(-3, 24)] + [(-2**63,), (10**4,)],
        "b_factorial": [(True,), (False,)],
        "i_isqrt": [(n,) for n in INTS] + [(n * n + d,) for n in (0, 1, 3037000499, 2**31, 94906265) for d in (-1, 0, 1)
                                            if 0 <= n * n + d < 2**63],
        "f_hypot1": [(x,) for x in FLOATS],
        "f_hypot2": [tuple(v[:2]) for v in VECTORS] + FLOAT_PAIRS[:300],
        "f_hypot3": [tuple(v[:3] + [0.0] * (3 - len(v))) for v in VECTORS],
        "i_hypot2": INT_PAIRS,
        "f_dist": [(p, q) for p, q in zip(VECTORS, VECTORS[1:]) if len(p) == len(q)]
                  + [([1.0, 2.0], [1.0]), ([], []), ([inf], [inf]), ([1e308, -1e308], [-1e308, 1e308])],
        "i_dist": [([1, 2, 3], [4, 6, 3]), ([2**63 - 1], [-2**63]), ([0, 0], [3, 4]), ([], [1])],
        "t_dist": [((1.0, 2.0, 3.0), (4, 5.5, -1.0)), ((inf, 0.0, 0.0), (0, nan, 0.0)), ((0.0, 0.0, 0.0), (0, 0.0, -0.0))],
    }
    return table[function]


@pytest.mark.parametrize("target", targets())
@pytest.mark.parametrize("function", FUNCTIONS)
def test_math_function_matches_cpython(target, function):
    # prod of an empty list of floats: CPython returns start (the int 1), muna the float 1.0
    check(PROGRAM, FUNCTIONS, target, function, cases_of(function), convert_ints=function == "f_prod")


def test_every_math_function_is_compiled():
    """The program calls every public function of CPython's math module."""
    source = open(load_program(PROGRAM).__file__).read()
    public = [n for n in dir(math) if not n.startswith("_") and callable(getattr(math, n))]
    missing = [n for n in public if f"math.{n}(" not in source]
    assert not missing, missing
