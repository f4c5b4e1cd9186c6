"""include/muna/ops.hpp includes every public header, and a native app using it builds and
computes what NumPy computes."""
import os
import subprocess
import sys

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import gen_ops_hpp  # noqa: E402


def test_ops_hpp_is_current():
    with open(os.path.join(ROOT, "include", "muna", "ops.hpp")) as f:
        assert f.read() == gen_ops_hpp.render(), "run scripts/gen_ops_hpp.py"


def test_native_app_builds_against_ops_hpp(tmp_path):
    app = os.path.join(ROOT, "examples", "native_app", "main.cpp")
    exe = tmp_path / "app"
    subprocess.run(["g++", "-std=c++17", "-O1", "-march=x86-64-v3", "-maes", "-mpclmul",
                    f"-I{ROOT}/include", f"-I{ROOT}/kernels", "-isystem/usr/include/eigen3", "-fopenmp",
                    app, "-o", str(exe), "-ldnnl"], check=True, capture_output=True)
    out = subprocess.run([str(exe)], check=True, capture_output=True, text=True).stdout.split()
    x = np.arange(12, dtype=np.float32).reshape(3, 4) / 7
    e = np.exp(x - x.max(axis=-1, keepdims=True))
    expected = e / e.sum(axis=-1, keepdims=True)
    np.testing.assert_allclose(np.array(out, dtype=np.float32).reshape(3, 4), expected, rtol=1e-6)
