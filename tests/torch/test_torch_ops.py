"""Torch ops compiled through the real CLI and compared with torch 1.13 running the same Python
source (tests/torch/cases_*.py), several inputs per function: dtype and shape exactly, values
within the tolerance the registry states for the ops involved (rtol/atol per case below)."""
import numpy as np
import pytest

from harness import check

TENSOR = "tests/torch/cases_tensor.py"
MATH = "tests/torch/cases_math.py"


def rand(seed, *shape, scale=1.0, dtype=np.float32):
    return (np.random.RandomState(seed).randn(*shape) * scale).astype(dtype)


def ints(seed, *shape, low=-9, high=10):
    return np.random.RandomState(seed).randint(low, high, size=shape).astype(np.int64)


def nonzero_ints(seed, *shape):
    a = ints(seed, *shape)
    a[a == 0] = 3
    return a


def mask(seed, *shape):
    return np.random.RandomState(seed).rand(*shape) > 0.5


# Shapes around the vector width (8 float32 lanes on AVX2), a 1-wide and an empty case.
SHAPES2 = [(1, 1), (3, 7), (4, 16), (2, 17), (5, 33)]
SHAPES3 = [(2, 3, 4), (1, 1, 1), (3, 5, 9), (2, 4, 17)]

# (source, function, list of input tuples, rtol, atol)
CASES = [
    (TENSOR, "creation", [(1,), (2,), (4,), (9,)], 0, 0),
    (TENSOR, "conversions", [(rand(s, *sh, scale=3),) for s, sh in enumerate(SHAPES2)]
     + [(np.array([[np.nan, np.inf], [-np.inf, -0.0]], np.float32),)], 0, 0),
    (TENSOR, "views", [(rand(s, *sh),) for s, sh in enumerate(SHAPES3)], 0, 0),
    (TENSOR, "sizes", [(rand(s, *sh),) for s, sh in enumerate(SHAPES3)], 0, 0),
    (TENSOR, "joins", [(rand(s, 2, n), rand(s + 9, 2, n)) for s, n in enumerate((2, 4, 8, 18))], 0, 0),
    (TENSOR, "indexing", [(rand(s, 2, 3, n), np.array(idx), mask(s, 2, 3))
                          for s, (n, idx) in enumerate([(4, [1, 0, -1]), (9, [0]), (2, [-2, 1, 1, 0])])], 0, 0),
    (TENSOR, "assignment", [(rand(s, 2, 3, n), np.array(idx), mask(s, 2, 3))
                            for s, (n, idx) in enumerate([(3, [2, 0, 3]), (3, [1, 1])])], 0, 0),
    (MATH, "arith_float", [(rand(s, *sh), rand(s + 50, *sh)) for s, sh in enumerate(SHAPES2)]
     + [(np.array([[np.nan, 1.0, -0.0, np.inf]], np.float32), np.array([[1.0, 0.0, 2.0, -np.inf]], np.float32))],
     1e-6, 1e-7),
    (MATH, "arith_int", [(ints(s, *sh), nonzero_ints(s + 50, *sh), ints(s + 9, *sh).astype(np.int32))
                         for s, sh in enumerate(SHAPES2)], 1e-6, 0),
    (MATH, "arith_mixed", [(rand(s, *sh), rand(s, *sh, dtype=np.float64), nonzero_ints(s, *sh))
                           for s, sh in enumerate(SHAPES2)], 1e-6, 1e-6),
    (MATH, "compare", [(rand(s, *sh), rand(s + 50, *sh)) for s, sh in enumerate(SHAPES2)]
     + [(np.array([[np.nan, 1.0]], np.float32), np.array([[np.nan, 1.0]], np.float32))], 0, 0),
    (MATH, "unary", [(rand(s, *sh, scale=2), ints(s, *sh)) for s, sh in enumerate(SHAPES2)], 2e-6, 1e-7),
    (MATH, "inplace", [(rand(s, 2, 3), rand(s + 1, 2, 3)) for s in range(3)], 1e-6, 1e-7),
    (MATH, "select", [(rand(s, *sh), rand(s + 50, *sh)) for s, sh in enumerate(SHAPES2)], 0, 0),
    # Sums in another order: the error scales with the magnitude of the terms, not of the result
    # (a sum of 5200 values near 1 that cancels to ~20 differs in the 5th digit).
    (MATH, "reductions", [(rand(s, *sh),) for s, sh in enumerate(SHAPES3 + [(2, 40, 130)])], 1e-5, 1e-4),
    (MATH, "reductions_int", [(ints(s, *sh), mask(s, *sh)) for s, sh in enumerate(SHAPES2)], 0, 0),
    (MATH, "with_indices", [(rand(s, *sh),) for s, sh in enumerate(SHAPES3)], 0, 0),
    (MATH, "ordering", [(rand(s, *sh),) for s, sh in enumerate([(2, 3), (3, 5), (4, 16)])], 1e-6, 1e-6),
    (MATH, "gathering", [(rand(s, 2, 3), np.random.RandomState(s).randint(0, 2, size=(2, 3))) for s in range(3)], 0, 0),
    (MATH, "products", [(rand(s, 2, m, k), rand(s + 1, 2, m, k), rand(s + 2, k, m))
                        for s, (m, k) in enumerate([(1, 1), (3, 4), (5, 17), (8, 33)])], 1e-5, 1e-5),
    (MATH, "attention", [(rand(s, 2, t, 8), rand(s + 1, 2, t, 8), rand(s + 2, 2, t, 8),
                          np.concatenate([np.ones((2, 1), bool), mask(s, 2, t - 1)], axis=1))
                         for s, t in enumerate((1, 5, 16))], 1e-5, 1e-6),
    # bfloat16 results within one bf16 ulp (2^-8 relative): torch rounds the same float
    # computation once, but its exp/sum/matmul orders differ.
    (MATH, "bfloat16_ops", [(rand(s, *sh), rand(s + 5, *sh)) for s, sh in enumerate([(2, 3), (4, 16)])], 8e-3, 1e-2),
]


@pytest.mark.parametrize("source,function,inputs,rtol,atol", CASES, ids=[c[1] for c in CASES])
def test_against_torch(compiled, source, function, inputs, rtol, atol):
    for args in inputs:
        check(compiled, source, function, args, rtol=rtol or 0, atol=atol or 0)
