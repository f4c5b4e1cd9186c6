"""Shared test fixtures: compiling a Python function through the real CLI, cached by content.

A compiled library is reused while neither the function's source file nor any of muna's own
sources changed, so the suite compiles each case once per change, not once per run.
"""
import glob
import hashlib
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "codegen"))
CACHE = os.path.join(ROOT, "build", "test-cache")


def _muna_digest():
    h = hashlib.sha256()
    for pattern in ("codegen/**/*.py", "include/**/*.h*", "kernels/**/*.h*"):
        for path in sorted(glob.glob(os.path.join(ROOT, pattern), recursive=True)):
            with open(path, "rb") as f:
                h.update(path.encode() + f.read())
    return h.hexdigest()


MUNA_DIGEST = _muna_digest()


def run_muna(*args, check=False):
    """Runs ./muna as a user would; returns the CompletedProcess."""
    proc = subprocess.run([os.path.join(ROOT, "muna"), *args], capture_output=True, text=True, cwd=ROOT)
    if check and proc.returncode != 0:
        raise AssertionError(f"muna {' '.join(args)} failed:\n{proc.stderr}")
    return proc


def compile_library(path: str, function: str, *extra) -> str:
    """Compiles path:function (path relative to the repository) and returns the .so path."""
    with open(os.path.join(ROOT, path), "rb") as f:
        key = hashlib.sha256(MUNA_DIGEST.encode() + f.read() + function.encode() + repr(extra).encode()).hexdigest()[:16]
    out = os.path.join(CACHE, f"{os.path.basename(path)[:-3]}-{function}-{key}.so")
    if not os.path.exists(out):
        os.makedirs(CACHE, exist_ok=True)
        run_muna("compile", f"{path}:{function}", "-o", out, *extra, check=True)
    return out


@pytest.fixture(scope="session")
def compiled():
    """compiled(path, function) -> a muna.load()ed callable."""
    import muna
    loaded = {}

    def get(path, function, *extra):
        key = (path, function, extra)
        if key not in loaded:
            loaded[key] = muna.load(compile_library(path, function, *extra))
        return loaded[key]
    return get
