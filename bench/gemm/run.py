"""One GEMM benchmark run: bench_gemm (muna both backends, oneDNN direct, FMA peak) and torch
(bench_torch.py, 1 and 2 threads) on the same shapes, merged into the ratio table of
docs/perf.md. Medians over --repetitions, with the C++ cases randomly interleaved so that a
burst of load from the other users of this shared machine does not land on one case.

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


def run_cpp(binary, repetitions, min_time):
    out = subprocess.run(
        [binary, "--benchmark_format=json", f"--benchmark_repetitions={repetitions}",
         "--benchmark_enable_random_interleaving=true", f"--benchmark_min_time={min_time}",
         "--benchmark_report_aggregates_only=false"],
        check=True, capture_output=True, text=True).stdout
    samples = defaultdict(list)
    for b in json.loads(out)["benchmarks"]:
        if b.get("run_type") != "iteration":
            continue
        # "muna_linear/muna_onednn/f32/M:16/N:768/threads:1/min_time:0.100/real_time"
        parts = b["run_name"].split("/")
        if parts[0] == "fma_peak":
            key = ("fma_peak", "f32", 0, 0, int(parts[1].split(":")[1]))
        else:
            fields = dict(p.split(":") for p in parts[3:6])
            key = (parts[1], parts[2], int(fields["M"]), int(fields["N"]), int(fields["threads"]))
        samples[key].append(b["GFLOPS"] / 1e9)
    return {k: statistics.median(v) for k, v in samples.items()}


def run_torch(threads):
    env = dict(os.environ, OPENBLAS_CORETYPE="SkylakeX", OMP_NUM_THREADS=str(threads),
               OPENBLAS_NUM_THREADS=str(threads))
    out = subprocess.run([sys.executable, os.path.join(HERE, "bench_torch.py"), "--threads", str(threads)],
                         check=True, capture_output=True, text=True, env=env).stdout
    results = {}
    for line in out.splitlines():
        r = json.loads(line)
        results[("torch", r["precision"], r["M"], r["N"], r["threads"])] = r["gflops"]
    return results


def table(results):
    peak = {t: results.get(("fma_peak", "f32", 0, 0, t), float("nan")) for t in (1, 2)}
    lines = [f"FMA peak (measured, fp32): 1 thread {peak[1]:.0f} GFLOP/s, 2 threads {peak[2]:.0f} GFLOP/s", ""]
    head = ("| thr | M | N | muna oneDNN f32 | oneDNN direct f32 | **ratio** | % FMA peak | muna Eigen f32 | torch f32 "
            "| muna oneDNN bf16 | oneDNN direct bf16 | **ratio** | muna Eigen bf16 | torch bf16 |")
    lines += [head, "|" + "---|" * (head.count("|") - 1)]
    for t in (1, 2):
        for m in (1, 16, 128, 1024):
            for n in (768, 1152, 3072):
                g = lambda impl, p: results.get((impl, p, m, n, t), float("nan"))
                f32, f32d = g("muna_onednn", "f32"), g("onednn_direct", "f32")
                b16, b16d = g("muna_onednn", "bf16"), g("onednn_direct", "bf16")
                lines.append(
                    f"| {t} | {m} | {n} | {f32:.0f} | {f32d:.0f} | **{f32 / f32d:.2f}** | {100 * f32 / peak[t]:.0f} "
                    f"| {g('muna_eigen', 'f32'):.0f} | {g('torch', 'f32'):.0f} "
                    f"| {b16:.0f} | {b16d:.0f} | **{b16 / b16d:.2f}** | {g('muna_eigen', 'bf16'):.0f} "
                    f"| {g('torch', 'bf16'):.0f} |")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default="build/bench_gemm")
    parser.add_argument("--repetitions", type=int, default=3)
    parser.add_argument("--min-time", type=float, default=0.05)
    parser.add_argument("--json", help="also write the merged medians here")
    args = parser.parse_args()
    start = time.time()
    results = run_cpp(args.binary, args.repetitions, args.min_time)
    for threads in (1, 2):
        results.update(run_torch(threads))
    print(table(results))
    print(f"\n(GFLOP/s, medians of {args.repetitions}; one run took {time.time() - start:.0f} s)")
    if args.json:
        with open(args.json, "w") as f:
            json.dump([{"impl": k[0], "precision": k[1], "M": k[2], "N": k[3], "threads": k[4], "gflops": v}
                       for k, v in sorted(results.items())], f, indent=1)


if __name__ == "__main__":
    main()
