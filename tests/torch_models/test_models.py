"""nn.Module models compiled end to end and compared with torch running the same functions:
fp32 within rtol 1e-4; with --precision bf16 (weights in bf16, fp32 accumulation), cosine >= 0.999
against fp32."""
import importlib.util
import os

import numpy as np
import pytest

import muna
from muna_testing import ROOT, compile_library

SRC = "tests/torch_models/models.py"
spec = importlib.util.spec_from_file_location("torch_models_prog", os.path.join(ROOT, SRC))
models = importlib.util.module_from_spec(spec)
spec.loader.exec_module(models)

rng = np.random.RandomState(0)
INPUTS = {
    "mlp": [(rng.randn(1, 32).astype(np.float32),), (rng.randn(7, 32).astype(np.float32),)],
    "cnn": [(rng.randn(2, 3, 16, 16).astype(np.float32),), (rng.randn(1, 3, 9, 11).astype(np.float32),)],
    "encoder": [(rng.randn(2, 5, 32).astype(np.float32), np.array([[1, 1, 1, 1, 1], [1, 1, 1, 0, 0]], np.int64))],
}


def cosine(a, b):
    a, b = a.reshape(-1), b.reshape(-1)
    return float(a @ b / np.linalg.norm(a) / np.linalg.norm(b))


@pytest.mark.parametrize("name", sorted(INPUTS))
def test_fp32_matches_torch(name):
    f = muna.load(compile_library(SRC, name))
    for args in INPUTS[name]:
        native, python = f(*args), getattr(models, name)(*args)
        assert native.dtype == python.dtype and native.shape == python.shape
        np.testing.assert_allclose(native, python, rtol=1e-4, atol=1e-5)


@pytest.mark.parametrize("name", sorted(INPUTS))
def test_bf16_close_to_fp32(name):
    f = muna.load(compile_library(SRC, name, "--precision", "bf16"))
    for args in INPUTS[name]:
        assert cosine(f(*args), getattr(models, name)(*args)) >= 0.999
