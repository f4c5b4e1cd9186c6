"""statistics: the averages, order statistics, modes, variances and quantiles of CPython 3.11
compiled through the generator (tests/stdlib/programs/statistics_functions.py) and compared
with CPython. CPython sums exact fractions and rounds once; these cases are chosen so that a
plain float sum would round differently (cancellation, mixed magnitudes, subnormals), and
include NaN, infinities, empty and one-item data (StatisticsError), and ints near 2**63.
"""
import math
import random

import pytest

from stdlib_testing import check, load_program, targets

PROGRAM = "statistics_functions"
FUNCTIONS = [n for n in vars(load_program(PROGRAM)) if n.split("_")[0] in ("f", "i", "s", "if", "fi")
             or n in ("caught", "caught_as_value_error", "caught_by_name", "raising", "range_mean", "tuple_median",
                      "str_mode")]
rng = random.Random(314159)
inf, nan = math.inf, math.nan
# CPython returns an int from these on int data when the value is integral: muna a float.
INT_AS_FLOAT = {"range_mean", "i_mean", "i_median", "i_variance", "i_pvariance", "i_variance_xbar", "i_pvariance_mu"}


def float_data():
    out = [[], [1.5], [-0.0], [0.0, -0.0], [-0.0, -0.0, -0.0], [1.0, 2.0], [1.0, 2.0, 3.0, 4.0],
           [0.1, 0.2, 0.3], [0.1] * 10, [1e308, 1e308], [1.7e308, -1.7e308], [1e308, -1e308, 1e308, 1e308],
           [5e-324, 0.0], [5e-324, 5e-324, 0.0], [-5e-324, 0.0, 0.0], [1e-320, 3e-320, -2e-320],
           [1e16, 1.0, -1e16], [1e100, 1.0, -1e100, 3.0], [2.0 ** 53, 1.0, 1.0], [1.0, inf], [inf, -inf],
           [nan, 1.0], [1.0, 2.0, inf, 3.0], [-inf, -inf], [3.0, 3.0, 1.0, 1.0, 2.0], [2.0, 2.0, 2.0],
           [1e-300, 1e300], [0.5, 0.25, 0.125, 0.0625], [-1.0, -2.0, -3.0], [1.0, 1.0 + 2 ** -52, 1.0 - 2 ** -53]]
    for _ in range(70):
        n = rng.randint(2, 25)
        kind = rng.random()
        if kind < 0.3:
            xs = [rng.gauss(0, 1) for _ in range(n)]
        elif kind < 0.5:
            xs = [rng.gauss(1e6, 1e-3) for _ in range(n)]  # large mean, small spread
        elif kind < 0.7:
            xs = [rng.choice((-1, 1)) * 10 ** rng.uniform(-300, 300) for _ in range(n)]
        elif kind < 0.85:
            xs = [float(rng.randint(-5, 5)) for _ in range(n)]  # ties for the modes
        else:
            xs = [rng.choice((0.1, 0.2, 0.7, 1e16, -1e16, 3.0)) for _ in range(n)]
        out.append(xs)
    return out


def int_data():
    out = [[], [7], [1, 2], [1, 3], [1, 2, 3, 4], [3, 3, 1, 1, 2], [-5, 5], [2**62, 2**62], [2**63 - 1, 2**63 - 1],
           [-2**63, 2**63 - 1], [-2**63, -2**63, -2**63], [2**53 + 1, 2**53 + 3], [2**53 + 1], [0, 0, 0], [1, 1, 2, 2]]
    for _ in range(50):
        n = rng.randint(2, 20)
        scale = rng.choice((10, 1000, 2**40, 2**62))
        out.append([rng.randint(-scale, scale) for _ in range(n)])
    return out


FLOATS, INTS = float_data(), int_data()
STRS = [[], ["b"], ["b", "a"], ["pear", "apple", "fig", "apple"], ["é", "e", "z", "é"], ["x", "y", "x", "y", "z"],
        ["", "a", ""], ["日本", "中文", "日本"]]
FLOAT_CENTRES = [0.0, 1.0, -2.5, 1e300, nan, inf, 0.1]
INT_CENTRES = [0, 1, -3, 2**62, -2**63]


def cases_of(function):
    kind, _, name = function.partition("_")
    if function in ("caught", "caught_as_value_error"):
        return [(xs,) for xs in FLOATS[:20]]
    if function == "caught_by_name":
        return [(xs,) for xs in INTS[:10]]
    if function == "raising":
        return [(1.5,), (-2.0,), (0.0,)]
    if function == "range_mean":
        return [(n,) for n in (0, 1, 2, 3, 10, 1001)]
    if function == "tuple_median":
        return [(1.0, 3.0, 2.0), (nan, 1.0, 2.0), (-0.0, 0.0, -0.0), (inf, -inf, 0.0)]
    if function == "str_mode":
        return [("",), ("aabbbc",), ("abcabc",), ("ééa",)]
    data = {"f": FLOATS, "i": INTS, "s": STRS, "if": INTS, "fi": FLOATS}[kind]
    if name.endswith(("_xbar", "_mu")):
        centres = FLOAT_CENTRES if kind in ("f", "if") else INT_CENTRES
        return [(xs, c) for xs in data[:40] for c in centres]
    if name == "fmean_weights":
        local = random.Random(7)
        ws = lambda n: [local.choice((0.5, 1.0, 2.0, 0.0, -1.0)) if kind == "f" else local.randint(-2, 3) for _ in range(n)]
        return [(xs, ws(len(xs))) for xs in data[:40]] + [(data[5], ws(1)), ([], []), (data[6], [0] * len(data[6]))]
    if name == "quantiles":
        return [(xs, n, m) for xs in data[:50] for n in (1, 2, 4, 10, 0) for m in ("exclusive", "inclusive")] \
            + [(data[6], 4, "other"), (data[1], 4, "other")]
    return [(xs,) for xs in data]


@pytest.mark.parametrize("target", targets())
@pytest.mark.parametrize("function", FUNCTIONS)
def test_statistics_function_matches_cpython(target, function):
    check(PROGRAM, FUNCTIONS, target, function, cases_of(function), convert_ints=function in INT_AS_FLOAT)


def test_int_results_are_documented_floats():
    """The cases where muna's float stands for CPython's int do occur, and are integral."""
    import statistics
    assert statistics.mean([1, 3]) == 2 and type(statistics.mean([1, 3])) is int
    assert type(statistics.median([1, 2, 3])) is int


def test_statistics_error_is_a_value_error():
    import statistics
    assert issubclass(statistics.StatisticsError, ValueError)
