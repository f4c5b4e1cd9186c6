"""Arrays computed from the same array of run-time dtype are known to share its dtype
(DynTensorT.table): an op on two of them branches once per dtype of the array, not once per
pair, and gives NumPy's values for each dtype."""
import importlib.util
import os
import re

import numpy as np
import pytest

import muna
from muna_testing import ROOT, compile_library, run_muna

SRC = "tests/dtypes/tracked_dtype_cases.py"
spec = importlib.util.spec_from_file_location("tracked_dtype_cases_prog", os.path.join(ROOT, SRC))
cases = importlib.util.module_from_spec(spec)
spec.loader.exec_module(cases)

DTYPES = ["bool", "uint8", "int8", "int16", "int32", "int64", "float32", "float64"]


@pytest.mark.parametrize("function", ["box_areas", "rescaled"])
def test_one_branch_per_dtype_of_the_array(function):
    ir = run_muna("compile", f"{SRC}:{function}", "--emit", "ir", check=True).stdout
    keys = [len(eval(k)) for k in re.findall(r"\bkeys=(\(.*?\)\)) refused=", ir)]
    assert keys and max(keys) <= len(DTYPES), keys  # untracked, x2 - x1 alone would be 64


@pytest.fixture(scope="module")
def library():
    return compile_library(SRC, "box_areas,rescaled")


def outcome(fn, *args):
    try:
        with np.errstate(all="ignore"):
            r = fn(*args)
        return ("value", str(r.dtype), r.shape, np.nan_to_num(r.astype(np.float64)).round(6).tolist())
    except muna.MunaError as e:
        return ("raise", e.type)
    except Exception as e:
        return ("raise", next(c.__name__ for c in type(e).__mro__ if c.__module__ == "builtins"))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("scores_dtype", ["float32", "int64"])
def test_box_areas(library, dtype, scores_dtype):
    rng = np.random.default_rng(3)
    boxes = rng.integers(0, 9, (6, 4)).astype(dtype)
    scores = (rng.integers(-2, 3, 6)).astype(scores_dtype)
    assert outcome(muna.load(library, "box_areas"), boxes, scores) == outcome(cases.box_areas, boxes, scores)


@pytest.mark.parametrize("dtype", DTYPES)
def test_rescaled(library, dtype):
    x = np.random.default_rng(4).integers(0, 7, (5, 3)).astype(dtype)
    assert outcome(muna.load(library, "rescaled"), x) == outcome(cases.rescaled, x)
