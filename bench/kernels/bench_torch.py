"""The unfused torch 1.13 expressions the fused kernels replace, timed on bench_fused.cpp's
shapes (fp32, median of 5 batches, microseconds per call; CPU time for 1 thread):

    OMP_NUM_THREADS=1 /usr/bin/python3 bench/kernels/bench_torch.py --threads 1
"""
import argparse
import os
import sys
import time

import torch
import torch.nn.functional as F

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "gemm"))
from bench_torch import seconds_per_call  # noqa: E402  (one timing loop for both benchmarks)

T = 128


def median_us(fn, clock, repeats=5, min_time=0.05):
    """Median microseconds per call, timed as the GEMM benchmark times torch."""
    return seconds_per_call(fn, clock, min_time=min_time, repeats=repeats)[0] * 1e6


def rope(x, cos, sin):
    half = x.shape[-1] // 2
    return x * cos + torch.cat((-x[..., half:], x[..., :half]), dim=-1) * sin


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--threads", type=int, required=True)
    threads = parser.parse_args().threads
    torch.set_num_threads(threads)
    torch.manual_seed(0)
    x = torch.randn(T, 768)
    w = torch.randn(768)
    gate, up = torch.randn(T, 1152), torch.randn(T, 1152)
    scores = torch.randn(3, T, T)
    keep = torch.ones(T, dtype=torch.bool)
    keep[-10:] = False
    q = torch.randn(T, 4, 256)
    freqs = torch.outer(torch.arange(T).float(), 1.0 / (1e6 ** (torch.arange(0, 256, 2).float() / 256)))
    emb = torch.cat((freqs, freqs), dim=-1)
    cos, sin = emb.cos()[:, None, :], emb.sin()[:, None, :]
    cases = {
        "rms_norm": lambda: x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6) * (1.0 + w),
        "gelu_tanh_mul": lambda: F.gelu(gate, approximate="tanh") * up,
        "softmax": lambda: torch.softmax((scores * 0.0625).masked_fill(~keep, float("-inf")), dim=-1),
        "rotary": lambda: rope(q, cos, sin),
    }
    # 1 thread: this thread's CPU time (robust on a shared machine); 2 threads: wall time.
    clock = time.thread_time if threads == 1 else time.perf_counter
    with torch.inference_mode():
        for name, fn in cases.items():
            print(f"torch {name} threads={threads}: {median_us(fn, clock):.1f} us")


if __name__ == "__main__":
    main()
