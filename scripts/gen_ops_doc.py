#!/usr/bin/python3
"""Writes docs/ops.md from the registry: every NumPy entry point muna supports, with its status,
tolerance and notes, then the NumPy names of the coverage list that are not in the registry
(missing), then the measured accuracy of the vectorised transcendentals
(docs/ops-accuracy.json, written by bench/numpy/accuracy.py).

Run: /usr/bin/python3 scripts/gen_ops_doc.py   (tests/test_ops_doc.py checks it is current)
"""
from __future__ import annotations

import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "codegen"))

# The coverage list NumPy programs need (issue 4); names absent from the registry are listed
# as missing so the page shows gaps, not only successes.
WANTED = """
array asarray zeros ones full empty zeros_like ones_like full_like empty_like arange linspace
eye identity copy exp exp2 expm1 log log2 log10 log1p sqrt cbrt square reciprocal sin cos tan
arcsin arccos arctan arctan2 sinh cosh tanh arcsinh arccosh arctanh hypot abs absolute sign
floor ceil trunc rint round around maximum minimum fmax fmin clip where isnan isinf isfinite
nan_to_num power float_power mod fmod remainder floor_divide divmod logical_and logical_or
logical_not logical_xor heaviside deg2rad rad2deg add subtract multiply divide negative
positive equal not_equal less less_equal greater greater_equal bitwise_and bitwise_or
bitwise_xor invert left_shift right_shift sum prod mean var std min max amin amax argmin argmax
any all cumsum cumprod nansum nanmean nanmax nanmin nanstd nanvar count_nonzero average median
percentile quantile ptp reshape ravel transpose swapaxes moveaxis squeeze expand_dims
concatenate stack hstack vstack dstack column_stack split array_split tile repeat broadcast_to
broadcast_arrays pad flip fliplr flipud roll diff meshgrid atleast_1d atleast_2d sort argsort
partition argpartition searchsorted unique nonzero flatnonzero argwhere dot matmul vdot einsum
outer inner tensordot trace diag diagonal linalg.norm linalg.inv linalg.solve linalg.det
linalg.eigh linalg.svd isclose allclose array_equal cross triu tril take take_along_axis
put_along_axis interp convolve histogram bincount digitize cov corrcoef exp log
""".split()

# Entry points that work with a documented restriction (beyond what `notes` say per op).
PARTIAL = {
    "numpy.array": "no order=; ndmin past 2 needs a known rank; nested lists must be rectangular (checked at run time)",
    "numpy.empty": "zero-filled", "numpy.empty_like": "zero-filled",
    "numpy.partition": "returns the full sort (a valid partition)",
    "numpy.argpartition": "returns the stable argsort (a valid argpartition)",
    "numpy.einsum": "one or two operands; '...' needs operands of known rank; a direct loop",
    "numpy.quantile": "method='linear' only; a 0-d result over a float32 row holding NaN is "
                      "float64 (NumPy 1.24 returns that row's float32 NaN)",
    "numpy.percentile": "method='linear' only; float32 NaN rows as numpy.quantile",
    "numpy.float64": "np.float64(array) of a size-1 array is an array (NumPy gives a scalar)",
    "numpy.equal": "unbroadcastable shapes raise ValueError (NumPy 1.24 returns False and warns)",
    "numpy.not_equal": "unbroadcastable shapes raise ValueError (NumPy 1.24 returns True and warns)",
    "numpy.average": "weights of a's shape or 1-d along one axis; no returned=True",
    "numpy.tensordot": "axes known at compile time",
    "numpy.where": "where(condition) needs a known rank",
    "numpy.nonzero": "needs a known rank",
    "numpy.unique": "no axis=",
    "numpy.pad": "modes 'constant', 'edge', 'reflect'; pad_width known at compile time",
    "numpy.meshgrid": "two arrays of one dtype; no sparse/copy=False",
    "numpy.atleast_1d": "one array per call", "numpy.atleast_2d": "one array per call",
    "numpy.broadcast_arrays": "two or three arrays",
    "numpy.histogram": "an int number of bins or an array of edges; no weights/density",
    "numpy.put_along_axis": "an int axis (axis=None: pass arr.ravel() and axis=0)",
    "numpy.corrcoef": "a single variable gives a 0-d array (NumPy: a scalar)",
    "numpy.bincount": "weights of an empty x give float64 zeros (NumPy 1.24: int64 zeros)",
}


def rows(registry):
    out = []
    for name, op in sorted(registry.ops.items()):
        if not name.startswith("numpy.") or ".detail." in name:
            continue
        status = "partial" if name in PARTIAL else "supported"
        note = "; ".join(n for n in (op.doc, PARTIAL.get(name, "")) if n)
        out.append((name, op.kind, status, op.tolerance, note))
    return out


def render(registry, accuracy, bench=()) -> str:
    table = rows(registry)
    have = {name for name, *_ in table}
    missing = sorted({f"numpy.{w}" for w in WANTED} - have)
    counts = {s: sum(1 for r in table if r[2] == s) for s in ("supported", "partial")}
    lines = [
        "# NumPy ops",
        "",
        "Generated from the registry by `scripts/gen_ops_doc.py`; do not edit by hand.",
        "Every entry below is compiled and compared with NumPy 1.24 by `tests/numpy/` (dtype and",
        "shape exactly, values within the tolerance shown; `exact` means bit-identical, `ulp:N`",
        "within N units in the last place, `close:r` within r relative to the largest result).",
        "",
        f"**{counts['supported']} supported, {counts['partial']} partial, {len(missing)} missing** "
        f"(entry points: functions, ndarray methods and properties, operator forms resolve to the",
        "ufuncs).",
        "",
        "Known deviations, everywhere: NumPy 1.24 promotes a *0-d array* or a *non-constant* Python",
        "scalar by its value (value-based casting); muna decides dtypes at compile time, so it",
        "promotes a 0-d array of unknown rank like any array, and a Python scalar variable by a zero",
        "of its kind (a constant by its actual value, as NumPy). float16, uint16/32/64 and complex",
        "results are compile-time errors. Floating-point errors never warn.",
        "",
        "| entry point | kind | status | tolerance | notes |",
        "|---|---|---|---|---|",
    ]
    for name, kind, status, tol, note in table:
        lines.append(f"| `{name}` | {kind} | {status} | {tol} | {note} |")
    lines += ["", "## Missing", "", "From the coverage list, not in the registry yet:", "",
              ", ".join(f"`{m}`" for m in missing) or "(none)", ""]
    lines += ["## Accuracy of the vectorised transcendentals", "",
              "Maximum error against NumPy 1.24 in units in the last place of the result, over the",
              "inputs described (measured by `bench/numpy/accuracy.py`, which writes",
              "`docs/ops-accuracy.json`). The vector forms (kernels/muna/kernels/transcendental.hpp:",
              "muna's float32 forms, Highway's for float64) run inside their valid ranges; libm",
              "handles the blocks with any lane outside (NaN, infinities, huge or subnormal inputs).", ""]
    if accuracy:
        # One row per function and dtype, a figure per target ("v3 / v4"): a default library
        # runs one or the other, whichever the CPU has.
        targets = accuracy["targets"]
        by_case = {}
        for r in accuracy["results"]:
            by_case.setdefault((r["name"], r["dtype"]), {})[r["target"]] = r
        lines += ["Figures per target: " + " / ".join(targets) + ".", "",
                  "| function | dtype | inputs | max ulp | mean ulp |", "|---|---|---|---|---|"]
        for (name, dtype), per_target in by_case.items():
            first = per_target[targets[0]]
            max_ulp = " / ".join(f"{per_target[t]['max_ulp']:g}" for t in targets)
            mean_ulp = " / ".join(f"{per_target[t]['mean_ulp']:.3f}" for t in targets)
            lines.append(f"| `numpy.{name}` | {dtype} | {first['count']} over {first['range']} "
                         f"| {max_ulp} | {mean_ulp} |")
        lines += ["", f"Command: `{accuracy['command']}`"]
    else:
        lines.append("(not measured yet)")
    lines += ["", "## Speed against NumPy", "",
              "Every ufunc and reduction of the registry on 1e6 elements (float32; int32 for the",
              "bitwise and shift ops), one thread, muna's kernels called as compiled code calls them",
              "(a new output per call) beside NumPy 1.24 in the same run: each side's fastest short",
              "repeat over interleaved passes. The machine is shared and noisy (±10-30 %), so read",
              "ratios, not times; ops within a few per cent of 1 are at parity (memory-bound). Below",
              "1: muna is faster. SIMD: whether muna's functor has a vector form for the dtype (`-`:",
              "not a ufunc). Written by `bench/numpy/run.py --target T --passes 3 --json",
              "docs/ops-bench-T.json`; docs/perf.md discusses the results. A default library holds",
              "both targets' code and runs x86-64-v4's on CPUs with AVX-512, x86-64-v3's on the rest.",
              "The x86-64-v3 table is measured as an AVX2-only CPU would run both sides: NumPy kept",
              "to AVX2 too (`--numpy-same-isa`, NumPy's NPY_DISABLE_CPU_FEATURES), on this AVX-512",
              "machine.", ""]
    for target, rows_ in bench:
        lines += [f"Target `{target}`:", "", "| op | kind | SIMD | muna µs | NumPy µs | muna/NumPy |",
                  "|---|---|---|---|---|---|"]
        lines += [f"| {r['op']} | {r['kind']} | {r['simd']} | {r['muna_us']:.0f} | {r['numpy_us']:.0f} "
                  f"| {r['ratio']:.2f} |" for r in rows_]
        lines.append("")
    return "\n".join(lines).rstrip("\n") + "\n"


def main():
    import muna.frontend  # noqa: F401  (registers every op)
    from muna.registry import REGISTRY
    path = os.path.join(ROOT, "docs", "ops-accuracy.json")
    accuracy = json.load(open(path)) if os.path.exists(path) else None
    bench = []
    for target in ("x86-64-v3", "x86-64-v4"):
        path = os.path.join(ROOT, "docs", f"ops-bench-{target}.json")
        if os.path.exists(path):
            bench.append((target, json.load(open(path))))
    text = render(REGISTRY, accuracy, bench)
    out = os.path.join(ROOT, "docs", "ops.md")
    if "--check" in sys.argv:
        current = open(out).read() if os.path.exists(out) else ""
        sys.exit(0 if current == text else 1)
    with open(out, "w") as f:
        f.write(text)


if __name__ == "__main__":
    main()
