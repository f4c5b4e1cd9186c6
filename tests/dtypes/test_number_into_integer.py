"""A Python number stored into an integer array or tensor (or made a NumPy integer scalar)
against NumPy and torch: the values, or the same exception class and message, at the edges
(infinities, NaN, values past the width, negatives into unsigned types)."""
import importlib.util
import os

import numpy as np
import pytest
import torch

import muna
from muna_testing import ROOT, compile_library

SRC = "tests/dtypes/number_into_integer_cases.py"
spec = importlib.util.spec_from_file_location("number_into_integer_cases_prog", os.path.join(ROOT, SRC))
cases = importlib.util.module_from_spec(spec)
spec.loader.exec_module(cases)

FLOATS = [float("inf"), float("-inf"), float("nan"), 1e30, 2.0 ** 63, 300.7, -1.5, -300.2, 255.9]
INTS = [300, -1, -255, -256, 2 ** 40]
INT_DTYPES = ["bool", "uint8", "int8", "int16", "int32", "int64", "float32"]


def outcome(fn, *args):
    try:
        with np.errstate(all="ignore"):
            result = fn(*args)
    except muna.MunaError as e:
        return ("raise", e.type, e.message)
    except Exception as e:
        return ("raise", type(e).__name__, str(e))
    if isinstance(result, torch.Tensor):
        result = result.numpy()
    if isinstance(result, np.ndarray):
        return ("value", str(result.dtype), result.tolist())
    return ("value", repr(result))


@pytest.fixture(scope="module")
def library():
    return compile_library(SRC, "numpy_slice_gets,numpy_scalars_of,numpy_scalar_casts,torch_slice_gets,"
                                "torch_fills,torch_full_int64")


def check(library, name, *args):
    expected = outcome(getattr(cases, name), *args)
    got = outcome(muna.load(library, name), *args)
    assert repr(got) == repr(expected), f"{name}{args}"  # repr: NaN equals NaN


@pytest.mark.parametrize("v", FLOATS)
@pytest.mark.parametrize("dtype", INT_DTYPES)
def test_numpy_float_into_array(library, dtype, v):
    check(library, "numpy_slice_gets", np.arange(3).astype(dtype), v)


@pytest.mark.parametrize("v", FLOATS)
def test_numpy_integer_scalars(library, v):
    check(library, "numpy_scalars_of", v)
    check(library, "numpy_scalar_casts", np.array([v]))


@pytest.mark.parametrize("v", FLOATS)
@pytest.mark.parametrize("dtype", INT_DTYPES)
def test_torch_float_into_tensor(library, dtype, v):
    check(library, "torch_slice_gets", torch.arange(3).to(getattr(torch, dtype)), v)


@pytest.mark.parametrize("v", INTS)
@pytest.mark.parametrize("dtype", INT_DTYPES)
def test_torch_int_fills(library, dtype, v):
    check(library, "torch_fills", torch.arange(3).to(getattr(torch, dtype)), v)


@pytest.mark.parametrize("v", FLOATS)
def test_torch_full(library, v):
    check(library, "torch_full_int64", v)
