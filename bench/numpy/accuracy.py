#!/usr/bin/python3
"""Measures the vectorised transcendentals against NumPy 1.24: for each function and dtype,
1,048,576 inputs (uniform over the function's working range, plus log-spaced magnitudes and
the edges of Highway's valid range, where muna switches to libm), the maximum and mean
difference in units in the last place of NumPy's result, for each target of a default library
this CPU runs (the vector forms round differently at 8 and 16 lanes). Writes
docs/ops-accuracy.json.

Run: /usr/bin/python3 bench/numpy/accuracy.py
"""
from __future__ import annotations

import json
import os
import subprocess
import sys

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "codegen"))
import muna  # noqa: E402
from muna.build import DEFAULT_TARGET, host_target, parse_targets  # noqa: E402

N = 1 << 20
# name, (low, high) of the uniform part, log-spaced part (sign, low exponent, high exponent)
FUNCTIONS = [
    ("exp", (-100, 100), (1, -30, 2)), ("expm1", (-100, 100), (1, -30, 2)),
    ("log", (0, 1000), (1, -37, 37)), ("log2", (0, 1000), (1, -37, 37)),
    ("log10", (0, 1000), (1, -37, 37)), ("log1p", (-1, 1000), (1, -30, 37)),
    ("sin", (-100, 100), (1, -30, 4.6)), ("cos", (-100, 100), (1, -30, 4.6)),
    ("arcsin", (-1, 1), (1, -30, 0)), ("arccos", (-1, 1), (1, -30, 0)),
    ("arctan", (-100, 100), (1, -30, 30)), ("sinh", (-90, 90), (1, -30, 1.9)),
    ("tanh", (-20, 20), (1, -30, 1.5)), ("arcsinh", (-1000, 1000), (1, -30, 30)),
    ("arccosh", (1, 1000), (1, 0, 30)), ("arctanh", (-1, 1), (-1, -30, 0)),
    ("exp2", (-150, 150), (-1, -30, 2.2)), ("cosh", (-90, 90), (1, -30, 1.9)),
    ("tan", (-100, 100), (-1, -30, 4.6)), ("cbrt", (-1000, 1000), (-1, -37, 37)),
]
# Binary functions: the same for each operand, (name, first operand's, second operand's).
BINARY = [
    ("arctan2", ((-100, 100), (-1, -30, 30)), ((-100, 100), (-1, -30, 30))),
    ("power", ((0, 10), (1, -5, 5)), ((-30, 30), (-1, -3, 1.5))),
    ("hypot", ((-100, 100), (-1, -37, 37)), ((-100, 100), (-1, -37, 37))),
    # exact ops (float32 vectorised): 0 ulp expected
    ("fmod", ((-100, 100), (-1, -30, 30)), ((-10, 10), (-1, -30, 30))),
    ("remainder", ((-100, 100), (-1, -30, 30)), ((-10, 10), (-1, -30, 30))),
    ("floor_divide", ((-100, 100), (-1, -30, 30)), ((-10, 10), (-1, -30, 30))),
]


def inputs(dtype, uniform, logs, seed=0):
    rng = np.random.RandomState(seed)
    half = N // 2
    u = rng.uniform(uniform[0], uniform[1], half)
    sign, lo, hi = logs
    mag = 10.0 ** rng.uniform(lo, hi, N - half)
    signs = rng.choice([-1.0, 1.0], N - half) if sign < 0 else np.ones(N - half)
    return np.concatenate([u, signs * mag]).astype(dtype)


def ulp_error(native, expected):
    both_nan = np.isnan(native) & np.isnan(expected)
    same_inf = np.isinf(expected) & (native == expected)
    ok = both_nan | same_inf
    finite = np.isfinite(expected) & ~ok
    err = np.zeros(native.shape, np.float64)
    err[finite] = np.abs(native[finite].astype(np.float64) - expected[finite].astype(np.float64)) \
        / np.spacing(np.abs(expected[finite])).astype(np.float64)
    err[~ok & ~finite] = np.inf  # NaN or inf where NumPy has neither (or the other)
    return err


def module_source():
    """Per dtype, one function dispatching on `case` to FUNCTIONS[case] over a whole array and
    one to BINARY[case] over two."""
    lines = ["import numpy as np", "import numpy.typing as npt", ""]
    for fn, dtype in (("f32", "float32"), ("f64", "float64")):
        arr = f"npt.NDArray[np.{dtype}]"
        for suffix, params, table in (("", "x", FUNCTIONS), ("_2", "x, y", BINARY)):
            sig = ", ".join(f"{p}: {arr}" for p in params.split(", "))
            lines.append(f"def {fn}{suffix}(case: int, {sig}) -> {arr}:")
            for case, (name, *_) in enumerate(table):
                lines += [f"    if case == {case}:", f"        return np.{name}({params})"]
            lines += ['    raise ValueError("no such case")', ""]
    return "\n".join(lines)


def measure(results, target, name, dtype, native, args, described):
    with np.errstate(all="ignore"):
        expected = getattr(np, name)(*args)
    err = ulp_error(native, expected)
    results.append({"name": name, "dtype": dtype, "target": target, "count": int(N), "range": described,
                    "max_ulp": float(err.max()), "mean_ulp": float(err.mean())})
    print(f"{target} {name:8s} {dtype}: max {err.max():.3g} ulp, mean {err.mean():.4f}")


def described(uniform, logs):
    sign = "±" if logs[0] < 0 else ""
    return f"U{list(uniform)} and {sign}10^[{logs[1]}, {logs[2]}]"


def main():
    results = []
    src = os.path.join("build", "bench", "accuracy_cases.py")
    os.makedirs(os.path.join(ROOT, "build", "bench"), exist_ok=True)
    with open(os.path.join(ROOT, src), "w") as f:
        f.write(module_source())
    targets = [t for t in parse_targets(DEFAULT_TARGET) if host_target(t)]
    for target in targets:
        for dtype, fn in (("float32", "f32"), ("float64", "f64")):
            for suffix in ("", "_2"):
                out = os.path.join(ROOT, "build", "bench", f"accuracy-{fn}{suffix}-{target}.so")
                subprocess.run([os.path.join(ROOT, "muna"), "compile", f"{src}:{fn}{suffix}", "-o", out,
                                "--target", target], check=True, cwd=ROOT)
                native_fn = muna.load(out)
                if not suffix:
                    for case, (name, uniform, logs) in enumerate(FUNCTIONS):
                        x = inputs(dtype, uniform, logs)
                        measure(results, target, name, dtype, native_fn(case, x), (x,), described(uniform, logs))
                    continue
                for case, (name, first, second) in enumerate(BINARY):
                    x, y = inputs(dtype, *first), inputs(dtype, *second, seed=1)
                    measure(results, target, name, dtype, native_fn(case, x, y), (x, y),
                            f"x: {described(*first)}; y: {described(*second)}")
    path = os.path.join(ROOT, "docs", "ops-accuracy.json")
    with open(path, "w") as f:
        json.dump({"command": "/usr/bin/python3 bench/numpy/accuracy.py", "targets": targets, "results": results}, f,
                  indent=1)


if __name__ == "__main__":
    main()
