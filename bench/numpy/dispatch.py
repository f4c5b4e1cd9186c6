#!/usr/bin/python3
"""The default library, called as a user calls it: one library built with the default targets
(x86-64-v3,x86-64-v4), each function timed on 1e6 float32 elements through muna.load, beside
NumPy 1.24 in the same process, in one fresh process per variant (MUNA_TARGET pins one; unset,
the dispatcher picks). Shows which code a default library runs on this machine and what the
pick is worth. Times include the ABI (the input is borrowed; the result is copied out).

Run: /usr/bin/python3 bench/numpy/dispatch.py
"""
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "codegen"))
from muna.build import DEFAULT_TARGET, host_target, parse_targets  # noqa: E402

FUNCTIONS = ["exp", "log", "log2", "tan", "tanh", "sin", "arctan", "arcsinh", "expm1", "sqrt"]
N = 1_000_000

# Runs in the child: best of `repeat` calls for each function, muna and NumPy interleaved.
CHILD = """
import json, sys, time
import numpy as np
sys.path.insert(0, sys.argv[2])
import muna
f = muna.load(sys.argv[1])
names = json.loads(sys.argv[3])
x = np.random.default_rng(0).uniform(0.1, 1.4, %d).astype(np.float32)
best = {}
for rnd in range(15):
    for case, name in enumerate(names):
        for side, call in (("muna", lambda: f(case, x)), ("numpy", lambda: getattr(np, name)(x))):
            t = time.perf_counter(); call(); t = time.perf_counter() - t
            key = (name, side)
            best[key] = min(best.get(key, t), t)
print(json.dumps({"target": f.target, "times": {f"{n}|{s}": t for (n, s), t in best.items()}}))
""" % N


def module_source():
    lines = ["import numpy as np", "import numpy.typing as npt", "",
             "def run(case: int, x: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:"]
    for case, name in enumerate(FUNCTIONS):
        lines += [f"    if case == {case}:", f"        return np.{name}(x)"]
    return "\n".join(lines + ['    raise ValueError("no such case")', ""])


def main():
    out_dir = os.path.join(ROOT, "build", "bench")
    os.makedirs(out_dir, exist_ok=True)
    src = os.path.join(out_dir, "dispatch_cases.py")
    with open(src, "w") as f:
        f.write(module_source())
    lib = os.path.join(out_dir, "dispatch_cases.so")
    subprocess.run([os.path.join(ROOT, "muna"), "compile", f"{src}:run", "-o", lib], check=True, cwd=ROOT)
    runs = {}
    for pinned in [None] + [t for t in parse_targets(DEFAULT_TARGET) if host_target(t)]:
        env = {k: v for k, v in os.environ.items() if k != "MUNA_TARGET"}
        if pinned:
            env["MUNA_TARGET"] = pinned
        proc = subprocess.run(["/usr/bin/python3", "-c", CHILD, lib, os.path.join(ROOT, "codegen"),
                               json.dumps(FUNCTIONS)], env={**env, "MUNA_NUM_THREADS": "1"},
                              capture_output=True, text=True, check=True)
        runs[pinned or "default"] = json.loads(proc.stdout)
    columns = list(runs)
    print(f"muna/NumPy time, 1e6 float32, one thread; library built for {DEFAULT_TARGET}; "
          f"unset MUNA_TARGET picked {runs['default']['target']}")
    print(f"{'function':10s}" + "".join(f"{c:>14s}" for c in columns))
    for name in FUNCTIONS:
        row = [runs[c]["times"][f"{name}|muna"] / runs[c]["times"][f"{name}|numpy"] for c in columns]
        print(f"{name:10s}" + "".join(f"{r:14.2f}" for r in row))


if __name__ == "__main__":
    main()
