"""The torch kernels' SIMD forms against their scalar references (tests/torch/kernels_check.cpp),
built at the library's default target."""
import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_simd_matches_scalar_reference(tmp_path):
    exe = tmp_path / "kernels_check"
    build = subprocess.run(["g++", "-std=c++17", "-O2", "-march=x86-64-v3", "-maes", "-mpclmul",
                            f"-I{ROOT}/include", f"-I{ROOT}/kernels", os.path.join(ROOT, "tests", "torch", "kernels_check.cpp"),
                            "-o", str(exe)], capture_output=True, text=True)
    assert build.returncode == 0, build.stderr[:3000]
    run = subprocess.run([str(exe)], capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
