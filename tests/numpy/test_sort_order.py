"""argsort orders equal elements as NumPy 1.24 does for each kind: its introsort (the default
'quicksort': insertion sort up to 16 elements, median-of-3 partitions above, heapsort past the
depth limit), its heapsort, and a stable sort; on arrays of 0 to 100,000 elements with few
distinct values, NaNs, and sorted, reversed, organ-pipe and periodic inputs."""
import numpy as np
import pytest

import muna
from muna_testing import compile_library

SRC = "tests/numpy/sort_order_cases.py"
SIZES = list(range(0, 40)) + [64, 100, 257, 1000, 4096, 100_000]


@pytest.fixture(scope="module")
def library():
    return compile_library(SRC, "quick,quick_float,heap,stable,columns")


def tie_heavy(n, seed):
    rng = np.random.default_rng(seed)
    return [rng.integers(0, distinct, n) for distinct in (2, 5, n + 1)]


@pytest.mark.parametrize("n", SIZES)
def test_each_kind_orders_ties_as_numpy(library, n):
    for x in tie_heavy(n, n):
        for name, expected in (("quick", np.argsort(x)), ("heap", np.argsort(x, kind="heapsort")),
                               ("stable", np.argsort(x, kind="stable"))):
            np.testing.assert_array_equal(muna.load(library, name)(x), expected, err_msg=f"{name}, n={n}")
        with_nan = x.astype(np.float64)
        with_nan[::7] = np.nan
        np.testing.assert_array_equal(muna.load(library, "quick_float")(with_nan), with_nan.argsort())
        matrix = np.resize(x, (n, 3)).astype(np.float32)
        np.testing.assert_array_equal(muna.load(library, "columns")(matrix), np.argsort(matrix, axis=0))


@pytest.mark.parametrize("n", [17, 100, 1000, 5000])
def test_patterned_inputs(library, n):
    half = np.arange(n // 2)
    for x in (np.arange(n), np.arange(n)[::-1].copy(), np.concatenate([half, half[::-1]]),
              np.zeros(n, np.int64), np.tile([3, 1, 2], n)):
        np.testing.assert_array_equal(muna.load(library, "quick")(x), np.argsort(x))
        np.testing.assert_array_equal(muna.load(library, "heap")(x), np.argsort(x, kind="heapsort"))
