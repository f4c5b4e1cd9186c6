"""torch.matmul GFLOP/s on the GEMM benchmark's shapes, fp32 and bf16, as JSON lines.

The thread count must be fixed before torch loads OpenBLAS, so run.py starts one process per
count with OPENBLAS_CORETYPE=SkylakeX (OpenBLAS 0.3.21 does not know this CPU and otherwise
falls back to SSE3 kernels), OMP_NUM_THREADS and OPENBLAS_NUM_THREADS set:

    OPENBLAS_CORETYPE=SkylakeX OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 \
        /usr/bin/python3 bench/gemm/bench_torch.py --threads 1

fp32 goes through OpenBLAS, bf16 through oneDNN (torch 1.13's mkldnn matmul). The weight is
an nn.Linear-style [N, K] tensor used as x @ w.T, the form F.linear takes.
"""
import argparse
import json
import statistics
import time

import torch

K = 768


def seconds_per_call(fn, clock, min_time=0.1, repeats=5):
    """(median, best) over `repeats` batches of the per-call time, each batch >= min_time / repeats."""
    fn()  # warm-up: OpenBLAS/oneDNN thread pools and packing buffers
    calls = 1
    while True:
        start = time.perf_counter()
        for _ in range(calls):
            fn()
        elapsed = time.perf_counter() - start
        if elapsed >= min_time / repeats:
            break
        calls *= 2
    samples = []
    for _ in range(repeats):
        start = clock()
        for _ in range(calls):
            fn()
        samples.append((clock() - start) / calls)
    return statistics.median(samples), min(samples)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--threads", type=int, required=True)
    args = parser.parse_args()
    torch.set_num_threads(args.threads)
    torch.manual_seed(0)
    with torch.inference_mode():
        for dtype, name in ((torch.float32, "f32"), (torch.bfloat16, "bf16")):
            for M in (1, 16, 128, 1024):
                for N in (768, 1152, 3072):
                    a = torch.rand(M, K, dtype=dtype)
                    w = torch.rand(N, K, dtype=dtype)
                    wt = w.t()
                    # As run.py does for muna: 1 thread timed by this thread's CPU time (torch then
                    # runs the GEMM on the calling thread), 2 threads by wall time.
                    clock = time.thread_time if args.threads == 1 else time.perf_counter
                    median, best = seconds_per_call(lambda: torch.matmul(a, wt), clock)
                    flop = 2 * M * N * K
                    print(json.dumps({"impl": "torch", "precision": name, "M": M, "N": N, "threads": args.threads,
                                      "gflops": flop / median / 1e9, "best_gflops": flop / best / 1e9}),
                          flush=True)


if __name__ == "__main__":
    main()
