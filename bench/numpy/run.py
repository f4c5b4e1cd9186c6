#!/usr/bin/python3
"""Builds bench_numpy.cpp (g++ -O2, the compiler's default target x86-64-v3), runs it, times
NumPy 1.24 on the same kind of data in the same run (median of repeats, one thread), and
prints muna/NumPy time ratios (below 1: muna is faster).

Run: /usr/bin/python3 bench/numpy/run.py [--target x86-64-v4] [--json out.json]
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import timeit

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
import numpy as np  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "codegen"))
from muna.build import TARGETS, DEFAULT_TARGET  # noqa: E402

N = 1_000_000


def numpy_cases():
    rng0, rng1 = np.random.RandomState(0), np.random.RandomState(1)
    a = rng0.uniform(0.5, 2.0, N).astype(np.float32)
    b = rng1.uniform(0.5, 2.0, N).astype(np.float32)
    m = a.reshape(1000, 1000)
    return {
        "add": lambda: np.add(a, b), "multiply": lambda: np.multiply(a, b),
        "divide": lambda: np.divide(a, b), "maximum": lambda: np.maximum(a, b),
        "sqrt": lambda: np.sqrt(a), "exp": lambda: np.exp(a), "log": lambda: np.log(a),
        "sin": lambda: np.sin(a), "cos": lambda: np.cos(a), "tanh": lambda: np.tanh(a),
        "sum": lambda: np.sum(a), "mean": lambda: np.mean(a), "max": lambda: np.max(a),
        "argmax": lambda: np.argmax(a), "var": lambda: np.var(a),
        "sum_rows": lambda: np.sum(m, axis=-1),
    }


def build(target):
    out = os.path.join(ROOT, "build", "bench", f"bench_numpy-{target}")
    os.makedirs(os.path.dirname(out), exist_ok=True)
    cmd = ["g++", "-std=c++17", "-O2", "-DNDEBUG", *TARGETS[target],
           f"-I{ROOT}/include", f"-I{ROOT}/kernels", os.path.join(ROOT, "bench", "numpy", "bench_numpy.cpp"),
           "-o", out, "-lbenchmark", "-lpthread"]
    subprocess.run(cmd, check=True)
    return out


def main():
    target = sys.argv[sys.argv.index("--target") + 1] if "--target" in sys.argv else DEFAULT_TARGET
    binary = build(target)
    print(f"muna built for {target}; NumPy {np.__version__} (its own runtime dispatch)")
    proc = subprocess.run([binary, "--benchmark_format=json", "--benchmark_repetitions=5",
                           "--benchmark_report_aggregates_only=true"], capture_output=True,
                          text=True, check=True)
    muna_us = {}
    for bm in json.loads(proc.stdout)["benchmarks"]:
        if bm.get("aggregate_name") == "median":
            muna_us[bm["run_name"].replace("BM_", "")] = bm["real_time"]
    rows = []
    for name, fn in numpy_cases().items():
        times = timeit.repeat(fn, number=20, repeat=7)
        numpy_us = sorted(times)[len(times) // 2] / 20 * 1e6
        rows.append({"op": name, "muna_us": muna_us[name], "numpy_us": numpy_us,
                     "ratio": muna_us[name] / numpy_us})
    print(f"{'op':10s} {'muna µs':>10s} {'NumPy µs':>10s} {'muna/NumPy':>11s}")
    for r in rows:
        print(f"{r['op']:10s} {r['muna_us']:10.1f} {r['numpy_us']:10.1f} {r['ratio']:11.2f}")
    if "--json" in sys.argv:
        with open(sys.argv[sys.argv.index("--json") + 1], "w") as f:
            json.dump(rows, f, indent=1)


if __name__ == "__main__":
    main()
