"""The guarded transcendental loop over long arrays: the vector form runs unchecked over blocks of
vectors, in passes of 64 blocks, and only blocks holding an input outside a function's range
(NaN, infinities, zeros, subnormals, huge values) are redone with libm on those lanes
(kernels/muna/kernels/vector_loop.hpp). Arrays of several passes with such values scattered at
block, pass and tail boundaries, all-special arrays and a broadcast operand, against NumPy:
NaN where NumPy has NaN, the same infinities, finite values within 4 ulp (the registry's
tolerance for these functions). Built for x86-64-v3 (8-lane float32 vectors), for x86-64-v2
(4 lanes, no FMA: the forms that need one fall back) and, where the CPU has AVX-512, for
x86-64-v4 (16 lanes): each target a default library may run, one at a time."""
import importlib.util
import os

import numpy as np
import pytest

import muna
from muna.build import host_target
from muna_testing import ROOT, compile_library

SRC = "tests/numpy/guarded_cases.py"
spec = importlib.util.spec_from_file_location("guarded_cases_prog", os.path.join(ROOT, SRC))
cases = importlib.util.module_from_spec(spec)
spec.loader.exec_module(cases)

# Three passes of 16-lane vectors and a partial vector, so more passes of 8-lane ones.
N = 3 * 64 * 4 * 16 + 13
SPECIALS = [np.nan, np.inf, -np.inf, 0.0, -0.0, 1e30, -1e30, 1e-40, 3.0e38]
POSITIONS = [0, 1, 63, 64, 4095, 4096, 4097, 8191, 9000, N - 14, N - 2, N - 1]


def inputs(dtype, seed):
    rng = np.random.RandomState(seed)
    x = rng.uniform(-3, 3, N).astype(dtype)
    for k, pos in enumerate(POSITIONS):
        x[pos] = SPECIALS[k % len(SPECIALS)]
    return x


def check(got, want):
    assert got.dtype == want.dtype and got.shape == want.shape
    nan = np.isnan(want)
    np.testing.assert_array_equal(np.isnan(got), nan)
    inf = np.isinf(want)
    np.testing.assert_array_equal(got[inf], want[inf])
    finite = ~nan & ~inf
    ulp = np.abs(got[finite].astype(np.float64) - want[finite]) / np.spacing(np.abs(want[finite])).astype(np.float64)
    assert ulp.max(initial=0) <= 4, f"max {ulp.max()} ulp at {np.flatnonzero(finite)[np.argmax(ulp)]}"


TARGETS = ["x86-64-v3", "x86-64-v2", "x86-64-v4"]


@pytest.fixture(scope="module", params=TARGETS, ids=["v3", "v2", "v4"])
def library(request):
    if host_target(request.param) is None:
        pytest.skip(f"this CPU cannot run {request.param} code")
    return compile_library(SRC, "unary32,unary64,binary32,binary32_scalar", "--target", request.param)


@pytest.mark.parametrize("dtype,function", [(np.float32, "unary32"), (np.float64, "unary64")])
@pytest.mark.parametrize("case,name", list(enumerate(cases.UNARY)))
def test_unary(library, dtype, function, case, name):
    f = muna.load(library, function)
    x = inputs(dtype, case)
    with np.errstate(all="ignore"):
        check(f(case, x), getattr(cases, function)(case, x))
        special = np.resize(np.array(SPECIALS, dtype), 100)  # no lane valid anywhere
        check(f(case, special), getattr(cases, function)(case, special))


@pytest.mark.parametrize("case,name", list(enumerate(cases.BINARY)))
def test_binary(library, case, name):
    x, y = np.abs(inputs(np.float32, 10 + case)), inputs(np.float32, 20 + case)
    with np.errstate(all="ignore"):
        check(muna.load(library, "binary32")(case, x, y), cases.binary32(case, x, y))
        check(muna.load(library, "binary32_scalar")(case, x, 2.5), cases.binary32_scalar(case, x, 2.5))
