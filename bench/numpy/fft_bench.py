#!/usr/bin/python3
"""muna's FFT against NumPy 1.24's, one thread: fft (complex input), ifft, rfft and irfft of
float64 data at lengths 256..4096, powers of two and not (primes included). muna's side is
fft_bench.cpp built with the target's flags (the ops as compiled code calls them, a new result
per call); NumPy's is timeit on the same lengths; both take the fastest of repeated batches.
Prints muna/NumPy time ratios (below 1: muna is faster) as a table for docs/fft.md.

Run: /usr/bin/python3 bench/numpy/fft_bench.py [--target x86-64-v3] [--ops fft,rfft]
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import timeit

os.environ.setdefault("OMP_NUM_THREADS", "1")
import numpy as np  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "codegen"))
from muna.build import TARGETS  # noqa: E402

LENGTHS = [256, 300, 384, 480, 500, 512, 640, 1000, 1024, 1536, 2000, 2048, 2187, 3000, 3125,
           4096, 257, 1009, 4093]


def build(target):
    out = os.path.join(ROOT, "build", "bench", f"fft_bench-{target}")
    os.makedirs(os.path.dirname(out), exist_ok=True)
    cmd = ["g++", "-std=c++17", "-O2", "-DNDEBUG", *TARGETS[target], f"-I{ROOT}/include",
           f"-I{ROOT}/kernels", os.path.join(ROOT, "bench", "numpy", "fft_bench.cpp"), "-o", out]
    subprocess.run(cmd, check=True)
    return out


def numpy_us(op, n):
    rng = np.random.RandomState(1)
    x = rng.standard_normal(n)
    z, half = np.fft.fft(x), np.fft.rfft(x)
    call = {"fft": lambda: np.fft.fft(z), "ifft": lambda: np.fft.ifft(z),
            "rfft": lambda: np.fft.rfft(x), "irfft": lambda: np.fft.irfft(half, n)}[op]
    timer = timeit.Timer(call)
    reps, _ = timer.autorange()
    return min(timer.repeat(15, reps)) / reps * 1e6


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--target", default="x86-64-v3")
    parser.add_argument("--ops", default="fft,ifft,rfft,irfft")
    args = parser.parse_args()
    binary = build(args.target)
    rows = []
    for op in args.ops.split(","):
        out = subprocess.run([binary, op, *map(str, LENGTHS)], check=True, capture_output=True, text=True).stdout
        for line in out.split("\n"):
            if line.strip():
                n, us = line.split()
                rows.append((op, int(n), float(us), numpy_us(op, int(n))))
    print(f"Target `{args.target}`, one thread, float64 input:\n")
    print("| op | n | muna µs | NumPy µs | muna/NumPy |")
    print("|---|---|---|---|---|")
    for op, n, mine, theirs in rows:
        print(f"| {op} | {n} | {mine:.2f} | {theirs:.2f} | {mine / theirs:.2f} |")


if __name__ == "__main__":
    main()
