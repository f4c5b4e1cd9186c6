"""The fusion pass through the generator: each case compiled, its emitted C++ checked for the
fused call where one belongs (and its absence where fusing would be wrong or wasteful), and its
results compared with torch running the same function: rtol 1e-5, atol 2e-6 (the fused kernels'
stated tolerance; rtol 1e-4 where two GEMMs feed the result), dtype and shape exact."""
import importlib.util
import os
import re

import numpy as np
import pytest
import torch

import muna
from muna_testing import ROOT, compile_library, run_muna

SRC = "tests/fusion/fusion_cases.py"
spec = importlib.util.spec_from_file_location("fusion_cases_prog", os.path.join(ROOT, SRC))
cases = importlib.util.module_from_spec(spec)
spec.loader.exec_module(cases)

rng = np.random.RandomState(0)


def f32(*shape):
    return rng.randn(*shape).astype(np.float32)


# name -> (fused op expected in the C++ or None, argument lists)
CASES = {
    "rms_llama": ("rms_norm", [(f32(3, 5, 64), f32(64)), (f32(1, 37), f32(37)),
                               (f32(4, 8), f32(1, 8))]),  # a 2-d weight: unfused fallback
    "rms_gemma": ("rms_norm", [(f32(2, 7, 48), f32(48)), (f32(6, 16)[:, ::2], f32(8))]),  # strided x
    "rms_shared": (None, [(f32(3, 32), f32(32))]),
    "rms_branch": (None, [(f32(3, 32), f32(32), True), (f32(3, 32), f32(32), False)]),
    "rms_other_axis": (None, [(f32(5, 16), f32(16))]),
    "gelu_mlp": ("gelu_tanh_mul", [(f32(9, 32), f32(48, 32), f32(48, 32), f32(32, 48))]),
    "swiglu": ("silu_mul", [(f32(2, 5, 32), f32(40, 32), f32(40, 32))]),
    "gelu_erf_mul": (None, [(f32(4, 9), f32(4, 9))]),
    "gated_broadcast": ("silu_mul", [(f32(4, 9), f32(9)), (f32(1, 9), f32(3, 9)), (f32(4, 9), f32(4, 9))]),
    # tables [T, D], [1, T, D]; then fallbacks: a [D] table, D = 20 with half = 8
    "rope": ("rotate_half", [(f32(2, 5, 3, 16), f32(5, 16), f32(5, 16)), (f32(1, 7, 1, 16), f32(1, 7, 16), f32(7, 16)),
                             (f32(2, 5, 3, 16), f32(16), f32(16)), (f32(2, 5, 3, 20), f32(5, 20), f32(5, 20))]),
    "rope_tuple": ("rotate_half", [(f32(3, 6, 8), f32(6, 8), f32(6, 8)), (f32(3, 6, 11), f32(6, 11), f32(11))]),
    "rope_swapped": (None, [(f32(3, 6, 8), f32(6, 8), f32(6, 8))]),
}
THROUGH_GEMMS = {"gelu_mlp", "swiglu"}


@pytest.fixture(scope="module")
def emitted(tmp_path_factory):
    out = tmp_path_factory.mktemp("fusion") / "cases.cpp"
    run_muna("compile", f"{SRC}:{','.join(CASES)}", "--emit", "cpp", "-o", str(out), check=True)
    text = out.read_text()
    bodies = {}
    for name in CASES:
        start = re.search(rf"muna::Tensor<float> {name}\(", text).start()
        bodies[name] = text[start:text.index("\n}\n", start)]
    return bodies


@pytest.mark.parametrize("name", sorted(CASES))
def test_fused_where_expected(name, emitted):
    expected = CASES[name][0]
    fused = [op for op in ("rms_norm", "gelu_tanh_mul", "silu_mul", "rotate_half") if f"muna::fused::{op}(" in emitted[name]]
    assert fused == ([expected] if expected else []), emitted[name]


@pytest.mark.parametrize("name", sorted(CASES))
def test_matches_torch(name):
    lib = compile_library(SRC, ",".join(CASES))
    f = muna.load(lib, name)
    for args in CASES[name][1]:
        native = f(*args)
        python = getattr(cases, name)(*(torch.from_numpy(np.ascontiguousarray(a)) if isinstance(a, np.ndarray)
                                        else a for a in args)).numpy()
        assert native.dtype == python.dtype and native.shape == python.shape
        rtol = 1e-4 if name in THROUGH_GEMMS else 1e-5
        np.testing.assert_allclose(native, python, rtol=rtol, atol=2e-6)
