#!/usr/bin/python3
"""The accuracy of muna's FFT against NumPy 1.24's (pocketfft), through compiled code: fft, ifft,
rfft and irfft of float64 and float32 data over every length 1..N (default 4096) and the primes
up to 20011, as the largest relative error max|muna - numpy| / max|numpy| per transform and
length class. Writes a table for docs/fft.md.

Run: /usr/bin/python3 bench/numpy/fft_accuracy.py [--max N] [--target T]
"""
from __future__ import annotations

import argparse
import os
import sys

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "codegen"))
sys.path.insert(0, os.path.join(ROOT, "tests"))

SOURCE = '''
import numpy as np
import numpy.typing as npt


def fft64(x: npt.NDArray[np.float64]) -> npt.NDArray[np.complex128]:
    return np.fft.fft(x)


def fft32(x: npt.NDArray[np.float32]) -> npt.NDArray[np.complex128]:
    return np.fft.fft(x)


def cfft(x: npt.NDArray[np.float64], y: npt.NDArray[np.float64]) -> npt.NDArray[np.complex128]:
    # a general complex input: the transform of y (made in compiled code) plus x
    return np.fft.fft(np.fft.ifft(y) + x)


def ifft64(x: npt.NDArray[np.float64]) -> npt.NDArray[np.complex128]:
    return np.fft.ifft(x)


def rfft64(x: npt.NDArray[np.float64]) -> npt.NDArray[np.complex128]:
    return np.fft.rfft(x)


def rfft32(x: npt.NDArray[np.float32]) -> npt.NDArray[np.complex128]:
    return np.fft.rfft(x)


def irfft64(x: npt.NDArray[np.float64], n: int) -> npt.NDArray[np.float64]:
    return np.fft.irfft(np.fft.rfft(x), n)
'''
FUNCTIONS = ["fft64", "fft32", "cfft", "ifft64", "rfft64", "rfft32", "irfft64"]


def primes(limit):
    sieve = np.ones(limit + 1, bool)
    sieve[:2] = False
    for p in range(2, int(limit ** 0.5) + 1):
        if sieve[p]:
            sieve[p * p::p] = False
    return np.flatnonzero(sieve)


def relative_error(native, expected):
    scale = np.max(np.abs(expected)) if expected.size else 0.0
    return float(np.max(np.abs(native - expected)) / scale) if scale else 0.0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--max", type=int, default=4096)
    parser.add_argument("--target", default="x86-64-v3")
    args = parser.parse_args()
    from muna_testing import compile_library
    import muna
    os.makedirs(os.path.join(ROOT, "build", "bench"), exist_ok=True)
    path = os.path.join(ROOT, "build", "bench", "fft_accuracy_lib.py")
    with open(path, "w") as f:
        f.write(SOURCE)
    lib = compile_library(os.path.relpath(path, ROOT), ",".join(FUNCTIONS), "--target", args.target)
    namespace = {}
    exec(SOURCE, namespace)
    native = {name: muna.load(lib, name) for name in FUNCTIONS}
    classes = {"powers of two": [], "other composites": [], "primes": []}
    lengths = sorted(set(range(1, args.max + 1)) | set(int(p) for p in primes(20011)))
    prime_set = set(int(p) for p in primes(20011))
    worst = {}
    rng = np.random.RandomState(0)
    for n in lengths:
        kind = "primes" if n in prime_set else "powers of two" if n & (n - 1) == 0 else "other composites"
        x, y = rng.standard_normal(n), rng.standard_normal(n)
        for name in FUNCTIONS:
            call = (x, y) if name == "cfft" else (x, n) if name == "irfft64" else \
                (x.astype(np.float32),) if name.endswith("32") else (x,)
            err = relative_error(native[name](*call), namespace[name](*call))
            key = (name, kind)
            if err > worst.get(key, (0.0, 0))[0]:
                worst[key] = (err, n)
        classes[kind].append(n)
    print(f"lengths: {len(lengths)} (1..{args.max} and the primes to 20011), target {args.target}")
    print("| transform | powers of two | other composites | primes |")
    print("|---|---|---|---|")
    for name in FUNCTIONS:
        cells = [f"{worst.get((name, k), (0.0, 0))[0]:.1e} (n={worst.get((name, k), (0.0, 0))[1]})" for k in classes]
        print(f"| {name} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
