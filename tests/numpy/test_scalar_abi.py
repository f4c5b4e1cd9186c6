"""NumPy scalar types across the ABI, against the same functions run by NumPy: the value and
the Python type the caller gets back (a declared np.float32 comes back as np.float32; a NumPy
scalar returned under `-> float` as the float the annotation names)."""
import importlib.util
import os

import numpy as np
import pytest

import muna
from muna_testing import ROOT, compile_library

SRC = "tests/numpy/scalar_abi_cases.py"
spec = importlib.util.spec_from_file_location("scalar_abi_cases_prog", os.path.join(ROOT, SRC))
cases = importlib.util.module_from_spec(spec)
spec.loader.exec_module(cases)

X = np.array([0.1, 2.5, -3.0, 1.25], np.float32)
CASES = {
    "total_as_float": ((X,), float),
    "bare_total_as_float": ((X,), np.float32),
    "total_float32": ((X,), np.float32),
    "argmax_as_int": ((X,), int),
    "scale": ((X, np.float32(0.1)), np.ndarray),
    "wrap_int8": ((np.int8(5),), np.int8),
    "any_as_bool": ((X,), bool),
}


@pytest.fixture(scope="module")
def library():
    return compile_library(SRC, ",".join(CASES))


@pytest.mark.parametrize("name", sorted(CASES))
def test_value_and_type(library, name):
    args, kind = CASES[name]
    got = muna.load(library, name)(*args)
    want = getattr(cases, name)(*args)
    assert type(got) is kind
    if kind is np.ndarray:
        assert got.dtype == want.dtype and got.shape == want.shape
    np.testing.assert_array_equal(got, want)


def test_out_of_range_argument_is_an_error(library):
    with pytest.raises(muna.MunaError, match="argument 'k': expected numpy.int8, got 300"):
        muna.load(library, "wrap_int8")(300)
