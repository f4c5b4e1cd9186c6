#!/usr/bin/python3
"""What a run-time dtype costs on small arrays: the same body compiled with its parameter
annotated (float32, static: inlined templates, fused) and bare (`np.ndarray`: a dtype switch at
each op), called through muna.load on float32 arrays of a few sizes, beside NumPy running the
Python function itself; fastest of repeats, one process, the machine named.

    OPENBLAS_CORETYPE=SkylakeX /usr/bin/python3 bench/compile/dispatch_overhead.py [--target T]

Prints per-call times and the ratios bare/annotated and bare/NumPy. The call through the C ABI
(ctypes, argument conversion) is in both compiled columns alike.
"""
from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import tempfile
import timeit

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "codegen"))

import numpy as np  # noqa: E402

import muna  # noqa: E402

BODY = '''
    y = x * 0.5 + 1.0
    y = np.maximum(y, 0.0) - np.minimum(y, 2.0)
    return (y * y).sum(axis=-1) / x.shape[-1]
'''
SOURCE = ("import numpy as np\nimport numpy.typing as npt\n\n\n"
          "def annotated(x: npt.NDArray[np.float32]) -> np.ndarray:" + BODY + "\n\n"
          "def bare(x: np.ndarray) -> np.ndarray:" + BODY)


def best(fn, arg, number=2000, repeat=7) -> float:
    return min(timeit.repeat(lambda: fn(arg), number=number, repeat=repeat)) / number


def cpu() -> str:
    with open("/proc/cpuinfo") as f:
        return next((line.split(":", 1)[1].strip() for line in f if line.startswith("model name")), platform.machine())


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--target", default=None)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="muna-dispatch-") as tmp:
        src = os.path.join(tmp, "fns.py")
        with open(src, "w") as f:
            f.write(SOURCE)
        libs = {}
        for name in ("annotated", "bare"):
            out = os.path.join(tmp, f"{name}.so")
            cmd = [os.path.join(ROOT, "muna"), "compile", f"{src}:{name}", "-o", out]
            if args.target:
                cmd += ["--target", args.target]
            subprocess.run(cmd, check=True)
            libs[name] = muna.load(out)
        namespace = {}
        exec(compile(SOURCE, src, "exec"), namespace)
        print(f"CPU: {cpu()}; target: {libs['bare'].target}; times per call (fastest of 7 x 2000)")
        print(f"{'shape':>10} {'numpy':>10} {'annotated':>10} {'bare':>10} {'bare/annot':>11} {'bare/numpy':>11}")
        rng = np.random.default_rng(0)
        for shape in ((4,), (2, 8), (16, 64)):
            x = rng.standard_normal(shape).astype(np.float32)
            np.testing.assert_allclose(libs["bare"](x), namespace["bare"](x), rtol=1e-5)
            t_np, t_a, t_b = best(namespace["bare"], x), best(libs["annotated"], x), best(libs["bare"], x)
            print(f"{str(shape):>10} {t_np * 1e6:9.2f}u {t_a * 1e6:9.2f}u {t_b * 1e6:9.2f}u {t_b / t_a:11.2f} {t_b / t_np:11.2f}")


if __name__ == "__main__":
    main()
