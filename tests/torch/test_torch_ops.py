"""Torch ops compiled through the real CLI and compared with torch 1.13 running the same Python
source (tests/torch/cases_*.py), several inputs per function: dtype and shape exactly, values
within the tolerance the registry states for the ops involved (rtol/atol per case below)."""
import numpy as np
import pytest

from muna_testing import runnable_default_targets
from torch_harness import check

TENSOR = "tests/torch/cases_tensor.py"
MATH = "tests/torch/cases_math.py"
NN = "tests/torch/cases_nn.py"
EDGE = "tests/torch/cases_edge.py"
FACTORIES = "tests/torch/cases_factories.py"


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
    (TENSOR, "conversions_like", [(rand(s, *sh, scale=3), "cpu") for s, sh in enumerate(SHAPES2[:3])], 0, 0),
    (TENSOR, "views", [(rand(s, *sh),) for s, sh in enumerate(SHAPES3)], 0, 0),
    (TENSOR, "sizes", [(rand(s, *sh),) for s, sh in enumerate(SHAPES3)], 0, 0),
    (TENSOR, "joins", [(rand(s, 2, n), rand(s + 9, 2, n)) for s, n in enumerate((2, 4, 8, 18))], 0, 0),
    (TENSOR, "indexing", [(rand(s, 2, 3, n), np.array(idx), mask(s, 2, 3))
                          for s, (n, idx) in enumerate([(4, [1, 0, -1]), (9, [0]), (2, [-2, 1, 1, 0])])], 0, 0),
    (TENSOR, "assignment", [(rand(s, 2, 3, n), np.array(idx), mask(s, 2, 3))
                            for s, (n, idx) in enumerate([(3, [2, 0, 3]), (3, [1, 1])])], 0, 0),
    (TENSOR, "extras", [(rand(s, 2, t, n), rand(s + 1, n)) for s, (t, n) in enumerate([(3, 4), (5, 6), (1, 2)])],
     1e-6, 1e-6),
    (TENSOR, "python_seams", [(rand(s, *sh),) for s, sh in enumerate(SHAPES2)] + [(-np.ones((2, 2), np.float32),)], 0, 0),
    (TENSOR, "windows", [(rand(s, 2, 3, 4), n) for s, n in enumerate((1, 2, 3))], 0, 0),
    (TENSOR, "rope_rmsnorm", [(rand(s, 2, t, d), rand(s + 1, d) * 0.1) for s, (t, d) in enumerate([(1, 4), (7, 16), (3, 64)])],
     1e-5, 1e-5),
    (MATH, "spectrogram", [(rand(s, n), rand(s + 1, 2, m)) for s, (n, m) in enumerate([(40, 8), (97, 30), (16, 9)])],
     1e-5, 1e-5),
    (MATH, "membership", [(rand(s, *sh), ints(s, *sh)) for s, sh in enumerate(SHAPES2)], 0, 0),
    (MATH, "non_finite", [(np.array([[np.nan, np.inf, -np.inf, -0.0], [1.5, np.nan, 3e38, -np.inf]], np.float32),
                           np.array([[np.inf, np.nan], [-np.inf, 1.0]]), ints(1, 2, 3))], 0, 0),
    (MATH, "products_of", [(rand(s, *sh) * 0.5 + 1, ints(s, 3, 4, low=-3, high=4)) for s, sh in enumerate(SHAPES3)],
     1e-5, 1e-6),
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
    (MATH, "named_results", [(rand(s, *sh),) for s, sh in enumerate(SHAPES3)], 0, 0),
    (MATH, "ordering", [(rand(s, *sh),) for s, sh in enumerate([(2, 3), (3, 5), (4, 16)])], 1e-6, 1e-6),
    (MATH, "ordering_ties", [(rand(s, *sh),) for s, sh in enumerate([(2, 3), (3, 5), (4, 16), (2, 300)])], 0, 0),
    (MATH, "gathering", [(rand(s, 2, 3), np.random.RandomState(s).randint(0, 2, size=(2, 3))) for s in range(3)], 0, 0),
    (MATH, "products", [(rand(s, 2, m, k), rand(s + 1, 2, m, k), rand(s + 2, k, m))
                        for s, (m, k) in enumerate([(1, 1), (3, 4), (5, 17), (8, 33)])], 1e-5, 1e-5),
    (MATH, "attention", [(rand(s, 2, t, 8), rand(s + 1, 2, t, 8), rand(s + 2, 2, t, 8),
                          np.concatenate([np.ones((2, 1), bool), mask(s, 2, t - 1)], axis=1))
                         for s, t in enumerate((1, 5, 16))], 1e-5, 1e-6),
    # bfloat16 results within one bf16 ulp (2^-8 relative): torch rounds the same float
    # computation once, but its exp/sum/matmul orders differ.
    (MATH, "spellings", [(rand(s, n, n), rand(s + 1, n, n), ints(s, n, n), nonzero_ints(s + 1, n, n))
                         for s, n in enumerate((1, 3, 9))], 2e-6, 1e-5),
    (MATH, "bfloat16_ops", [(rand(s, *sh), rand(s + 5, *sh)) for s, sh in enumerate([(2, 3), (4, 16)])], 8e-3, 1e-2),
    (NN, "activations", [(rand(s, *sh, scale=3),) for s, sh in enumerate(SHAPES3)]
     + [(np.array([[[np.nan, np.inf, -np.inf, -0.0, 30.0, -30.0, 1e-20, -100.0]]], np.float32),)], 1e-6, 1e-6),
    (NN, "norms", [(rand(s, n, t, c), rand(s + 1, c), rand(s + 2, c)) for s, (n, t, c) in
                   enumerate([(2, 3, 4), (1, 5, 17), (3, 2, 64)])], 1e-5, 1e-5),
    (NN, "embeddings", [(np.random.RandomState(s).randint(0, v, size=(2, 5)), rand(s, v, d))
                        for s, (v, d) in enumerate([(3, 4), (10, 17)])], 0, 0),
    (NN, "linear_pad", [(rand(s, 2, 3, k), rand(s + 1, o, k), rand(s + 2, o)) for s, (k, o) in
                        enumerate([(2, 1), (4, 3), (17, 33)])], 1e-5, 1e-5),
    (NN, "convolutions", [(rand(s, n, c, h, w), rand(s + 1, o, c, 3, 3), rand(s + 2, o), rand(s + 3, 4, c, 3), rand(s + 4, 4))
                          for s, (n, c, h, w, o) in enumerate([(1, 1, 5, 5, 1), (2, 3, 7, 6, 4), (1, 4, 9, 11, 8)])],
     1e-5, 1e-5),
    (NN, "transposed_convolutions", [(rand(s, n, 3, h, w), rand(s + 1, 3, 4, 3, 3), rand(s + 2, 4),
                                      rand(s + 3, n, 4, w), rand(s + 4, 4, 2, 3))
                                     for s, (n, h, w) in enumerate([(1, 1, 1), (2, 4, 5), (1, 6, 9)])], 1e-5, 1e-5),
    (NN, "hard_activations", [(rand(s, *sh, scale=3),) for s, sh in enumerate(SHAPES2)]
     + [(np.array([[np.nan, -3.0, 3.0, 0.5, -0.0, 6.0]], np.float32),)], 0, 0),
    (NN, "pooling", [(rand(s, *sh),) for s, sh in enumerate([(1, 1, 5, 6), (2, 3, 7, 6), (1, 2, 9, 11)])], 1e-6, 1e-6),
    (NN, "mlp", [(rand(s, n, 16), rand(s + 1, 32, 16), rand(s + 2, 32), rand(s + 3, 10, 32), rand(s + 4, 10))
                 for s, n in enumerate((1, 7))], 1e-4, 1e-5),
    (NN, "cnn", [(rand(s, n, 3, 8, 8), rand(s + 1, 6, 3, 3, 3), rand(s + 2, 6), rand(s + 3, 8, 6, 3, 3), rand(s + 4, 8),
                  rand(s + 5, 6) * 0.1, np.abs(rand(s + 6, 6)) + 0.5, rand(s + 7, 5, 8), rand(s + 8, 5))
                 for s, n in enumerate((1, 2))], 1e-4, 1e-5),
    (NN, "encoder_block", [(rand(s, 2, t, 8), np.concatenate([np.ones((2, 1), bool), mask(s, 2, t - 1)], axis=1),
                            rand(s + 1, 24, 8) * 0.3, rand(s + 2, 8, 8) * 0.3,
                            np.stack([1 + rand(s + 3, 8) * 0.1, rand(s + 4, 8) * 0.1] * 2), rand(s + 5, 16, 8) * 0.3,
                            rand(s + 6, 8, 16) * 0.3) for s, t in enumerate((1, 6))], 1e-4, 1e-5),
    (FACTORIES, "trig_scans", [(rand(s, *sh, scale=3), rand(s + 5, *sh, scale=3), ints(s, *sh))
                                for s, sh in enumerate([(4, 9), (1, 1), (3, 17)])]
     + [(np.array([[np.nan, np.inf, -np.inf, -0.0, 0.0]], np.float32), np.array([[1.0, np.inf, 2.0, -0.0, -0.0]], np.float32),
         ints(9, 1, 5))], 1e-5, 1e-6),
    (FACTORIES, "crosses", [(rand(s, *sh), rand(s + 1, *sh), ints(s, 4, 5)) for s, sh in enumerate([(2, 3, 3), (3, 3, 4)])],
     1e-6, 1e-6),
    (FACTORIES, "factories", [(rand(s, 2, 3), ints(s, 2, 2), n) for s, n in enumerate((0, 1, 2, 5, 9))], 1e-6, 1e-7),
    (EDGE, "empties", [(np.zeros((0, 3), np.float32), rand(0, 3, 2)), (np.zeros((2, 0), np.float32),
                                                                      np.zeros((0, 4), np.float32))], 1e-6, 1e-6),
    (EDGE, "more_ops", [(rand(s, 2, 3, n), rand(s + 1, 3)) for s, n in enumerate((3, 5))], 1e-5, 1e-5),
    (EDGE, "dtype_sweep", [(ints(s, *sh, low=-128, high=128).astype(np.int8), ints(s + 1, *sh, low=0, high=256).astype(np.uint8),
                             ints(s + 2, *sh, low=-3000, high=3000).astype(np.int16), rand(s, *sh, dtype=np.float64), mask(s, *sh))
                            for s, sh in enumerate(SHAPES2)], 1e-12, 1e-12),
    (EDGE, "zero_d", [(rand(s, *sh),) for s, sh in enumerate([(1, 1), (3, 4)])], 1e-6, 1e-6),
    # bfloat16 in, compared in float: within 2 bf16 ulps (torch rounds intermediate results of
    # layer_norm/normalize to bf16 where muna keeps float).
    (EDGE, "nn_bfloat16", [(rand(s, 2, 3, n), rand(s + 1, 5, n), rand(s + 2, n)) for s, n in enumerate((4, 17))],
     1.6e-2, 2e-2),
]


@pytest.mark.parametrize("target", runnable_default_targets())
@pytest.mark.parametrize("source,function,inputs,rtol,atol", CASES, ids=[c[1] for c in CASES])
def test_against_torch(compiled, source, function, inputs, rtol, atol, target):
    """Under every target of the default build this CPU runs (muna_testing.load_pinned)."""
    for args in inputs:
        check(compiled, source, function, args, rtol=rtol or 0, atol=atol or 0, target=target)
