"""One GEMM benchmark run: bench_gemm (muna both backends, oneDNN direct, FMA peak) and torch
(bench_torch.py, 1 and 2 threads) on the same shapes, merged into the ratio tables of
docs/perf.md. The C++ cases are randomly interleaved over --repetitions so that a burst of
load from the other users of this shared machine does not land on one case; each case is
reported as the median and as the best of its repetitions (the best is what the code can do
on an idle machine; the median is what this run saw). 1-thread rates are over the measuring
thread's CPU time and 2-thread rates over wall time: on 2 cores shared with other users' builds,
wall time of a 1-thread case mostly measures how long it waited for a core.

    /usr/bin/python3 bench/gemm/run.py --binary build/bench_gemm [--repetitions 3] [--json out.json]
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections import defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
UNIT = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}


def run_cpp(binary, repetitions, threads):
    out = subprocess.run(
        [binary, "--benchmark_format=json", f"--benchmark_repetitions={repetitions}",
         "--benchmark_enable_random_interleaving=true", "--benchmark_report_aggregates_only=false",
         "--benchmark_filter=threads:(" + "|".join(map(str, threads)) + ")/"],
        check=True, capture_output=True, text=True).stdout
    samples = defaultdict(list)
    for b in json.loads(out)["benchmarks"]:
        if b.get("run_type") != "iteration":
            continue
        # "muna_linear/muna_onednn/f32/M:16/N:768/threads:1/iterations:1/real_time"
        parts = b["run_name"].split("/")
        if parts[0] == "fma_peak":
            key = ("fma_peak", "f32", 0, 0, int(parts[1].split(":")[1]))
        else:
            fields = dict(p.split(":") for p in parts[3:6])
            key = (parts[1], parts[2], int(fields["M"]), int(fields["N"]), int(fields["threads"]))
        # Wall time for 2 threads; the benchmark thread's CPU time for 1 thread (see bench_gemm.cpp).
        seconds = (b["cpu_time"] if key[4] == 1 else b["real_time"]) * UNIT[b["time_unit"]]
        samples[key].append(b["GFLOP"] / seconds)
    return {k: (statistics.median(v), max(v)) for k, v in samples.items()}


def run_torch(threads):
    env = dict(os.environ, OPENBLAS_CORETYPE="SkylakeX", OMP_NUM_THREADS=str(threads),
               OPENBLAS_NUM_THREADS=str(threads))
    out = subprocess.run([sys.executable, os.path.join(HERE, "bench_torch.py"), "--threads", str(threads)],
                         check=True, capture_output=True, text=True, env=env).stdout
    results = {}
    for line in out.splitlines():
        r = json.loads(line)
        results[("torch", r["precision"], r["M"], r["N"], r["threads"])] = (r["gflops"], r["best_gflops"])
    return results


def table(results, which):
    """which: 0 for medians, 1 for bests."""
    def g(impl, p, m, n, t):
        return results.get((impl, p, m, n, t), (float("nan"),) * 2)[which]

    # The 2-thread peak is taken as twice the 1-thread one: measured by wall time on a shared
    # machine it mostly shows the load (the measured figure is printed beside it).
    peak = {1: g("fma_peak", "f32", 0, 0, 1), 2: 2 * g("fma_peak", "f32", 0, 0, 1)}
    lines = [f"FMA peak (fp32): 1 thread {peak[1]:.0f} GFLOP/s measured; 2 threads {peak[2]:.0f} GFLOP/s "
             f"assumed (measured {g('fma_peak', 'f32', 0, 0, 2):.0f})", ""]
    head = ("| thr | M | N | muna oneDNN f32 | oneDNN direct f32 | **ratio** | % FMA peak | muna Eigen f32 | torch f32 "
            "| muna oneDNN bf16 | oneDNN direct bf16 | **ratio** | muna Eigen bf16 | torch bf16 |")
    lines += [head, "|" + "---|" * (head.count("|") - 1)]
    for t in (1, 2):
        for m in (1, 16, 128, 1024):
            for n in (768, 1152, 3072):
                f32, f32d = g("muna_onednn", "f32", m, n, t), g("onednn_direct", "f32", m, n, t)
                b16, b16d = g("muna_onednn", "bf16", m, n, t), g("onednn_direct", "bf16", m, n, t)
                lines.append(
                    f"| {t} | {m} | {n} | {f32:.0f} | {f32d:.0f} | **{f32 / f32d:.2f}** | {100 * f32 / peak[t]:.0f} "
                    f"| {g('muna_eigen', 'f32', m, n, t):.0f} | {g('torch', 'f32', m, n, t):.0f} "
                    f"| {b16:.0f} | {b16d:.0f} | **{b16 / b16d:.2f}** | {g('muna_eigen', 'bf16', m, n, t):.0f} "
                    f"| {g('torch', 'bf16', m, n, t):.0f} |")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default="build/bench_gemm")
    parser.add_argument("--repetitions", type=int, default=5)
    parser.add_argument("--json", help="also write the merged medians here")
    parser.add_argument("--from-json", help="only re-print the tables of an earlier run's --json")
    parser.add_argument("--threads", default="1,2",
                        help="thread counts to run, e.g. 2 alone with more --repetitions to find quiet windows")
    args = parser.parse_args()
    start = time.time()
    if args.from_json:
        with open(args.from_json) as f:
            results = {(r["impl"], r["precision"], r["M"], r["N"], r["threads"]): (r["median_gflops"], r["best_gflops"])
                       for r in json.load(f)}
    else:
        threads = [int(t) for t in args.threads.split(",")]
        results = run_cpp(args.binary, args.repetitions, threads)
        for t in threads:
            results.update(run_torch(t))
    for which, title in ((0, "Medians"), (1, "Best")):
        print(f"### {title} of {args.repetitions} repetitions (GFLOP/s)\n")
        print(table(results, which) + "\n")
    print(f"(one run took {time.time() - start:.0f} s)")
    if args.json:
        with open(args.json, "w") as f:
            json.dump([{"impl": k[0], "precision": k[1], "M": k[2], "N": k[3], "threads": k[4],
                        "median_gflops": v[0], "best_gflops": v[1]}
                       for k, v in sorted(results.items())], f, indent=1)


if __name__ == "__main__":
    main()
