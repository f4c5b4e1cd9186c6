#!/usr/bin/python3
"""Times ./muna compile of bench/numpy/tu20.py (one TU, 20 NumPy ops, -O2): the median of 3
compiles, and checks the result against NumPy once. By default the library is built for the
default targets (x86-64-v3,x86-64-v4: one compile per target, in parallel, plus the dispatcher's);
`--target x86-64-v3` times one target's compile alone.

Run: /usr/bin/python3 bench/numpy/compile_time.py [--target T]
"""
import os
import statistics
import subprocess
import sys
import time

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "codegen"))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import muna  # noqa: E402
import tu20  # noqa: E402
from muna.build import DEFAULT_TARGET  # noqa: E402


def main():
    out = os.path.join(ROOT, "build", "bench", "libtu20.so")
    os.makedirs(os.path.dirname(out), exist_ok=True)
    target = sys.argv[sys.argv.index("--target") + 1] if "--target" in sys.argv else DEFAULT_TARGET
    times = []
    for _ in range(3):
        start = time.perf_counter()
        subprocess.run([os.path.join(ROOT, "muna"), "compile", "bench/numpy/tu20.py:twenty", "-o", out,
                        "--target", target],
                       check=True, cwd=ROOT)
        times.append(time.perf_counter() - start)
    rng = np.random.RandomState(0)
    x, w = rng.randn(16, 32).astype(np.float32), rng.randn(32, 16).astype(np.float32)
    with np.errstate(all="ignore"):
        expected = tu20.twenty(x, w)
    got = muna.load(out)(x, w)
    print(f"compile of 20 NumPy ops in one TU for {target} on {os.cpu_count()} cores: median {statistics.median(times):.1f} s "
          f"(runs: {', '.join(f'{t:.1f}' for t in times)}); max |muna - NumPy| "
          f"{np.nanmax(np.abs(got - expected)):.2g}")


if __name__ == "__main__":
    main()
