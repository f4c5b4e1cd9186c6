"""Arrays of run-time dtype (codegen/muna/dispatch.py) against NumPy and torch running the same
functions: every pair of the eight NumPy dtypes (bool, uint8, int8, int16, int32, int64,
float32, float64) for two-array functions, every dtype for one-array ones; the result's values,
dtype and shape, or the same exception class (NumPy's UFuncTypeError is the TypeError it
derives from), for each."""
import importlib.util
import itertools
import os

import numpy as np
import pytest
import torch

import muna
from muna_testing import ROOT, compile_library

SRC = "tests/dtypes/run_time_dtype_cases.py"
spec = importlib.util.spec_from_file_location("run_time_dtype_cases_prog", os.path.join(ROOT, SRC))
cases = importlib.util.module_from_spec(spec)
spec.loader.exec_module(cases)

DTYPES = ["bool", "uint8", "int8", "int16", "int32", "int64", "float32", "float64"]
FUNCTIONS = ["scale_shift", "masked_scores", "boxes_by_class", "to_unit", "bit_mix", "summary", "attention_pool",
             "project", "stacked_mean", "joined", "row_pairs", "doubled_or_none"]


def array(dtype, shape, seed):
    rng = np.random.default_rng(seed)
    values = rng.integers(-3, 4, shape) if dtype != "bool" else rng.integers(0, 2, shape)
    if dtype.startswith("float"):
        values = values + rng.choice([0.0, 0.5, 0.25], shape)
    return np.asarray(values).astype(dtype)


def outcome(fn, *args):
    try:
        with np.errstate(all="ignore"):
            return ("value", fn(*args))
    except muna.MunaError as e:  # the Python exception the library raised
        return ("raise", e.type)
    except Exception as e:  # the builtin class NumPy's and torch's exceptions derive from
        return ("raise", next(c.__name__ for c in type(e).__mro__ if c.__module__ == "builtins"))


def same(expected, got):
    if isinstance(expected, torch.Tensor):
        expected = expected.numpy()
    if isinstance(expected, (tuple, list)):
        return (type(got) is type(expected) and len(expected) == len(got)
                and all(same(e, g) for e, g in zip(expected, got)))
    if isinstance(expected, np.ndarray):
        return (isinstance(got, np.ndarray) and got.dtype == expected.dtype and got.shape == expected.shape
                and np.allclose(got, expected, rtol=1e-6, equal_nan=True))
    if isinstance(expected, np.generic):
        return type(got) is type(expected) and np.allclose(got, expected, rtol=1e-6)
    return type(got) is type(expected) and got == pytest.approx(expected, rel=1e-6)


@pytest.fixture(scope="module")
def library():
    return compile_library(SRC, ",".join(FUNCTIONS))


def check(library, name, *args):
    compiled = muna.load(library, name)
    expected = outcome(getattr(cases, name), *args)
    got = outcome(compiled, *args)
    if expected[0] == "raise":
        assert got == expected, f"{name}{tuple(a.dtype if hasattr(a, 'dtype') else a for a in args)}: {got}"
    else:
        assert got[0] == "value" and same(expected[1], got[1]), \
            f"{name}{tuple(a.dtype if hasattr(a, 'dtype') else a for a in args)}: {got!r}, expected {expected!r}"


@pytest.mark.parametrize("dtype", DTYPES)
def test_one_array(library, dtype):
    x = array(dtype, (3, 4), 1)
    check(library, "scale_shift", x, 0.5)
    check(library, "to_unit", x)
    check(library, "doubled_or_none", x, 1)
    check(library, "doubled_or_none", x, 0)
    if dtype == "uint8":  # NumPy sums uint8 into uint64, a dtype muna does not have: said so at the call
        with pytest.raises(muna.MunaError, match=r"^NotImplementedError: .*uint64, which muna does not support"):
            muna.load(library, "summary")(x)
    else:
        check(library, "summary", x)


@pytest.mark.parametrize("a,b", list(itertools.product(DTYPES, DTYPES)))
def test_two_arrays(library, a, b):
    x, y = array(a, (3, 4), 2), array(b, (3, 4), 3)
    check(library, "masked_scores", x, y)
    check(library, "bit_mix", x, y)
    check(library, "boxes_by_class", x, array(b, (3,), 4), 1)
    check(library, "stacked_mean", [x, y, array(a, (3, 4), 5)])


@pytest.mark.parametrize("a,b", [(a, b) for a in ("float32", "float64", "int64", "bfloat16")
                                 for b in ("bool", "int64", "float32", "float64")])
def test_torch(library, a, b):
    hidden = torch.from_numpy(array("float32", (2, 3, 4), 5)).to(getattr(torch, a))
    mask = torch.from_numpy(array("bool", (2, 3), 6)).to(getattr(torch, b))
    if a != "bfloat16":  # the loader hands bfloat16 results back as float32
        check(library, "attention_pool", hidden, mask)
    x = torch.from_numpy(array("float32", (2, 4), 7)).to(getattr(torch, a))
    w = torch.from_numpy(array("float32", (5, 4), 8)).to(getattr(torch, b))
    if "bfloat16" not in (a, b):
        check(library, "project", x, w)
        check(library, "joined", [x, w, x])
    check(library, "row_pairs", x)
    check(library, "row_pairs", x[0])
