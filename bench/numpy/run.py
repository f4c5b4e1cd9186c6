#!/usr/bin/python3
"""Times every NumPy ufunc and reduction in muna's registry on 1e6 elements, single thread:
writes the Google Benchmark case list from the registry (build/bench/bench_numpy_cases.cpp,
with the fixtures of bench_numpy.hpp), builds it with the compiler's flags for the target, runs
it, times NumPy 1.24 on data of the same distributions in the same run (fastest of repeats in two
interleaved passes, the machine being shared), and prints muna/NumPy time ratios (below 1: muna is faster) with whether muna's kernel is SIMD.

Run: /usr/bin/python3 bench/numpy/run.py [--target x86-64-v4] [--json out.json] [--filter REGEX]
                                         [--passes N]   (interleaved passes, default 2)
                                         [--numpy-same-isa]
--numpy-same-isa keeps NumPy to the target's instruction set too (NPY_DISABLE_CPU_FEATURES, read
when NumPy is imported): with --target x86-64-v3 on an AVX-512 machine, both sides run what an
AVX2-only CPU would run. Without it NumPy uses everything the CPU has.
"""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import timeit

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
# NumPy's dispatch groups above each target, for --numpy-same-isa.
NUMPY_FEATURES_ABOVE = {
    "x86-64-v3": "AVX512F AVX512CD AVX512_SKX AVX512_CLX AVX512_CNL AVX512_ICL",
    "x86-64-v2": "AVX AVX2 FMA3 F16C AVX512F AVX512CD AVX512_SKX AVX512_CLX AVX512_CNL AVX512_ICL",
}
if "--numpy-same-isa" in sys.argv and "--target" in sys.argv:
    os.environ["NPY_DISABLE_CPU_FEATURES"] = NUMPY_FEATURES_ABOVE.get(sys.argv[sys.argv.index("--target") + 1], "")
import numpy as np  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "codegen"))
from muna.build import TARGETS, host_target  # noqa: E402
from muna.ops.numpy_ufuncs import UNARY, BINARY  # noqa: E402
from muna.ops.numpy_reductions import REDUCTIONS  # noqa: E402

N = 1_000_000
# Input distribution per op (bench_numpy.hpp's Data); float32 U(0.5, 2) unless listed.
DATA = {"arcsin": "unit", "arccos": "unit", "arctanh": "unit", "arccosh": "above_one"}
INTEGER_ONLY = {"invert", "bitwise_and", "bitwise_or", "bitwise_xor", "left_shift", "right_shift"}
# The C++ result type of a reduction by the registry's result kind (for float32 input).
REDUCTION_OUT = {"sum": "float", "float": "float", "same": "float", "bool": "bool", "index": "int64_t"}


def numpy_data(kind, seed):
    rng = np.random.RandomState(seed)
    if kind == "small_int":
        return rng.randint(1, 16, N).astype(np.int32)
    lo, hi = {"positive": (0.5, 2.0), "unit": (-0.9, 0.9), "above_one": (1.0, 3.0)}[kind]
    return rng.uniform(lo, hi, N).astype(np.float32)


def header_functor(name):
    """The kernels:: functor a ufunc header applies (include/muna/numpy/<name>.hpp)."""
    with open(os.path.join(ROOT, "include", "muna", "numpy", f"{name}.hpp")) as f:
        m = re.search(r"apply_(?:unary|binary)<kernels::(\w+)>", f.read())
    return m and m.group(1)


def cases():
    """(name, kind, header, C++ expression, simd expression, NumPy callable) for every case."""
    out = []
    for arity, table in ((1, UNARY), (2, BINARY)):
        for name, _ in table:
            kind = "small_int" if name in INTEGER_ONLY else DATA.get(name, "positive")
            ctype = "int32_t" if kind == "small_int" else "float"
            args = [numpy_data(kind, seed) for seed in range(arity)]
            cpp_args = ", ".join(f"muna::bench::data<{ctype}, muna::bench::Data::{kind}, {s}>"
                                 for s in range(arity))
            functor = header_functor(name)
            simd = (f"muna::bench::vectorised<muna::kernels::{functor}, {ctype}, {arity}>()"
                    if functor else "-1")
            out.append((name, f"ufunc{arity}", name, f"muna::numpy::{name}({cpp_args})", simd,
                        lambda f=getattr(np, name), a=args: f(*a)))
    a = numpy_data("positive", 0)
    cpp_a = "muna::bench::data<float, muna::bench::Data::positive, 0>"
    for name, _params, result, _tol in REDUCTIONS:
        out.append((name, "reduce", name, f"muna::numpy::{name}<{REDUCTION_OUT[result]}>({cpp_a})", "-1",
                    lambda f=getattr(np, name): f(a)))
    out.append(("count_nonzero", "reduce", "count_nonzero",
                f"muna::numpy::count_nonzero<int64_t>({cpp_a})", "-1", lambda: np.count_nonzero(a)))
    for name in ("cumsum", "cumprod"):
        out.append((name, "scan", name, f"muna::numpy::{name}<float>({cpp_a}, muna::None)", "-1",
                    lambda f=getattr(np, name): f(a)))
    m = a.reshape(1000, 1000)
    out.append(("sum_rows", "reduce", "sum",  # (1000, 1000) summed along the last axis
                f"muna::numpy::sum<muna::Tensor<float>>({cpp_a}.with_layout(muna::Shape{{1000, 1000}}, "
                f"muna::Shape{{1000, 1}}), int64_t{{-1}})", "-1", lambda: np.sum(m, axis=-1)))
    return out


def write_cases(selected, path):
    lines = ["// Generated by bench/numpy/run.py from the registry; do not edit.",
             '#include "bench_numpy.hpp"', ""]
    lines += sorted({f"#include <muna/numpy/{header}.hpp>" for _, _, header, *_ in selected})
    lines.append("")
    lines += [f"MUNA_BENCH({name}, ({simd}), {expr})" for name, _, _, expr, simd, _ in selected]
    lines += ["", "BENCHMARK_MAIN();", ""]
    with open(path, "w") as f:
        f.write("\n".join(lines))


def build(target, selected):
    out_dir = os.path.join(ROOT, "build", "bench")
    os.makedirs(out_dir, exist_ok=True)
    src = os.path.join(out_dir, "bench_numpy_cases.cpp")
    write_cases(selected, src)
    out = os.path.join(out_dir, f"bench_numpy-{target}")
    cmd = ["g++", "-std=c++17", "-O2", "-DNDEBUG", *TARGETS[target], f"-I{ROOT}/include",
           f"-I{ROOT}/kernels", f"-I{ROOT}/bench/numpy", src, "-o", out, "-lbenchmark", "-lpthread"]
    subprocess.run(cmd, check=True)
    return out


def main():
    # By default, the code a default library runs on this machine (its dispatcher's pick).
    target = sys.argv[sys.argv.index("--target") + 1] if "--target" in sys.argv else host_target()
    pattern = sys.argv[sys.argv.index("--filter") + 1] if "--filter" in sys.argv else ""
    selected = [c for c in cases() if re.search(pattern, c[0])]
    binary = build(target, selected)
    disabled = os.environ.get("NPY_DISABLE_CPU_FEATURES")
    print(f"muna built for {target}; NumPy {np.__version__} (its own runtime dispatch"
          + (f", without {disabled})" if disabled else ")"))
    # The machine is shared: each side is timed in passes, interleaved (muna, NumPy, muna, NumPy,
    # ...), and each op's fastest repetition counts on both sides.
    passes = int(sys.argv[sys.argv.index("--passes") + 1]) if "--passes" in sys.argv else 2
    muna_us, simd, numpy_us = {}, {}, {}
    with np.errstate(all="ignore"):
        for _ in range(passes):
            # Short repetitions on both sides (~5 ms muna, 10 calls NumPy), so that the fastest
            # one is as likely to fall in a quiet moment for either.
            proc = subprocess.run([binary, "--benchmark_format=json", "--benchmark_repetitions=10",
                                   "--benchmark_min_time=0.005"], capture_output=True, text=True, check=True)
            for bm in json.loads(proc.stdout)["benchmarks"]:
                if bm.get("run_type") != "iteration":
                    continue  # mean, median, stddev rows
                name = bm["run_name"].replace("BM_", "")
                muna_us[name] = min(muna_us.get(name, float("inf")), bm["real_time"])
                simd[name] = int(bm["simd"])
            for name, _, _, _, _, fn in selected:
                best = min(timeit.repeat(fn, number=10, repeat=10)) / 10 * 1e6
                numpy_us[name] = min(numpy_us.get(name, float("inf")), best)
    rows = [{"op": name, "kind": kind, "simd": {1: "yes", 0: "no"}.get(simd[name], "-"),
             "muna_us": muna_us[name], "numpy_us": numpy_us[name],
             "ratio": muna_us[name] / numpy_us[name]} for name, kind, *_ in selected]
    print(f"{'op':14s} {'kind':7s} {'simd':4s} {'muna µs':>9s} {'NumPy µs':>9s} {'muna/NumPy':>10s}")
    for r in rows:
        print(f"{r['op']:14s} {r['kind']:7s} {r['simd']:4s} {r['muna_us']:9.1f} {r['numpy_us']:9.1f} "
              f"{r['ratio']:10.2f}")
    slower = [r["op"] for r in rows if r["ratio"] > 1]
    print(f"{len(rows) - len(slower)} of {len(rows)} at most NumPy's time; slower: {', '.join(slower) or 'none'}")
    if "--json" in sys.argv:
        with open(sys.argv[sys.argv.index("--json") + 1], "w") as f:
            json.dump(rows, f, indent=1)


if __name__ == "__main__":
    main()
