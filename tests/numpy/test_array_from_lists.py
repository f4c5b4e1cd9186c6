"""Nested lists into arrays, against NumPy: rectangular lists give NumPy's array (dtype, shape,
values), ragged ones NumPy's "inhomogeneous shape" ValueError, and an empty list above the
innermost level, where NumPy's array would have a lower rank than the list's type gives the
compiled array, a ValueError saying so (the one place muna's result cannot be NumPy's)."""
import importlib.util
import os

import numpy as np
import pytest

import muna
from muna_testing import ROOT, compile_library

SRC = "tests/numpy/array_from_lists.py"
spec = importlib.util.spec_from_file_location("array_from_lists_prog", os.path.join(ROOT, SRC))
cases = importlib.util.module_from_spec(spec)
spec.loader.exec_module(cases)

SAME = [
    ("rows_to_array", [[1.5, 2.0], [3.0, -4.25]]),
    ("rows_to_array", [[], [], []]),
    ("rows_to_array", [[7.0]]),
    ("ids_to_array", [[1, 2, 3], [4, 5, 6]]),
    ("ids_to_array", [[2**40, -1]]),
    ("cube_to_array", [[[1.0], [2.0]], [[3.0], [4.0]]]),
    ("cube_to_array", [[[], []]]),
]
RAGGED = [("rows_to_array", [[1.0, 2.0], [3.0]]), ("ids_to_array", [[1], [2, 3]]),
          ("cube_to_array", [[[1.0], [2.0, 3.0]]])]
EMPTY_OUTER = [("rows_to_array", []), ("ids_to_array", []), ("cube_to_array", []),
               ("cube_to_array", [[], []])]


@pytest.fixture(scope="module")
def library():
    return compile_library(SRC, "rows_to_array,ids_to_array,cube_to_array")


@pytest.mark.parametrize("name,value", SAME)
def test_rectangular_lists_are_numpys_array(library, name, value):
    got = muna.load(library, name)(value)
    want = getattr(cases, name)(value)
    assert (got.dtype, got.shape) == (want.dtype, want.shape)
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("name,value", RAGGED)
def test_ragged_lists_are_numpys_value_error(library, name, value):
    with pytest.raises(ValueError, match="inhomogeneous"):
        getattr(cases, name)(value)
    with pytest.raises(muna.MunaError, match="inhomogeneous") as raised:
        muna.load(library, name)(value)
    assert raised.value.type == "ValueError"


@pytest.mark.parametrize("name,value", EMPTY_OUTER)
def test_an_empty_outer_list_is_a_value_error_not_a_wrong_rank(library, name, value):
    want = getattr(cases, name)(value)
    assert want.ndim < {"rows_to_array": 2, "ids_to_array": 2, "cube_to_array": 3}[name]
    with pytest.raises(muna.MunaError, match="empty nested list") as raised:
        muna.load(library, name)(value)
    assert raised.value.type == "ValueError"
