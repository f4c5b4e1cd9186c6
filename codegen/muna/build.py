"""Compiles a generated translation unit into a shared library with flags the project owns.

The user never sees C++ compiler output: a failure here is a muna bug, reported as one
diagnostic line pointing at the function, with the compiler's log saved for the bug report.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
INCLUDE_DIRS = [os.path.join(ROOT, "include"), os.path.join(ROOT, "kernels")]

# Targets by name; never -march=native by default, so a library runs on every machine of the
# target's level. Highway 1.0.3 only selects its AVX2/AVX3 paths when AES and CLMUL are enabled.
# The medium code model lets weight blobs exceed 2 GB of distance from the code.
TARGETS = {
    "x86-64-v2": ["-march=x86-64-v2", "-mcmodel=medium"],
    "x86-64-v3": ["-march=x86-64-v3", "-maes", "-mpclmul", "-mcmodel=medium"],
    "x86-64-v4": ["-march=x86-64-v4", "-maes", "-mpclmul", "-mcmodel=medium"],
    "generic": ["-mcmodel=medium"],
}
DEFAULT_TARGET = "x86-64-v3"


class BuildError(Exception):
    def __init__(self, message, log_path):
        super().__init__(message)
        self.log_path = log_path


def compiler() -> str:
    return os.environ.get("CXX") or shutil.which("g++") or shutil.which("c++") or "c++"


def flags(target: str, opt: str = "-O2") -> list[str]:
    # Eigen and oneDNN back the GEMM (kernels/muna/kernels/gemm.hpp); OpenMP is its threading.
    # --as-needed keeps libraries that never multiply matrices free of those dependencies.
    return ["-std=c++17", opt, "-fPIC", "-shared", "-fvisibility=hidden",
            "-fvisibility-inlines-hidden", "-DNDEBUG", *TARGETS[target], "-fopenmp",
            *[f"-I{d}" for d in INCLUDE_DIRS], "-isystem/usr/include/eigen3"]


LINK_FLAGS = ["-Wl,--as-needed", "-ldnnl"]


def build_library(cpp_path: str, out_path: str, target: str = DEFAULT_TARGET,
                  depfile: str | None = None) -> None:
    """Compiles; with `depfile`, g++ also writes the headers the library was built from."""
    # The assembler finds the weight blob (.incbin) beside the generated source.
    cmd = [compiler(), *flags(target), f"-Wa,-I{os.path.dirname(os.path.abspath(cpp_path))}",
           cpp_path, "-o", out_path, *LINK_FLAGS]
    if depfile:
        cmd += ["-MMD", "-MF", depfile]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        fd, log = tempfile.mkstemp(prefix="muna-build-", suffix=".log")
        with os.fdopen(fd, "w") as f:
            f.write(" ".join(cmd) + "\n\n" + proc.stderr)
        raise BuildError("internal compiler error: the generated C++ did not compile", log)
