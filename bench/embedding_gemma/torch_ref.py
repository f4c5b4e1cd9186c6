"""PyTorch eager reference timings for EmbeddingGemma (the peer muna's compiled library must
beat): full-size random model, fp32 and bf16, 1 and 2 threads, batch x tokens 1x16, 8x128,
32x256. Measures median latency, peak RSS, and cold start (process start to the first
embedding: interpreter, `import torch`, building or loading the weights, one 1x16 call).

Each (dtype, threads) pair runs in its own process, so thread settings take effect before torch
loads and cold start / peak RSS are that configuration's own. Writes one JSON file whose
"results" rows a later script can place beside the compiled library's.

    /usr/bin/python3 examples/embedding_gemma/checkpoint.py build/gemma-full --config full
    /usr/bin/python3 bench/embedding_gemma/torch_ref.py --weights build/gemma-full \
        --out bench/embedding_gemma/torch_ref.json

Inputs are token ids (<bos>, random ids, <eos>; no padding) so token counts are exact; the
timed function is the model part of examples/embedding_gemma/embed.py (encoder, pooling, Dense,
Dense, normalize, Matryoshka cut), i.e. everything after tokenization.
"""

import argparse
import json
import os
import platform
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "embedding_gemma"
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "codegen"))
from muna.loader import OPENMP_SPIN_COUNT, bound_openmp_spinning  # noqa: E402  (PyTorch gets muna's setting)
SHAPES = [(1, 16), (8, 128), (32, 256)]
# (warm-up calls, timed calls) per shape: many for the millisecond shape; at 32x256 one call
# takes 15-60 s here, which dwarfs any first-call setup, so every call is timed.
REPEATS = {(1, 16): (2, 15), (8, 128): (1, 3), (32, 256): (0, 2)}


def current_rss_mib():
    """Resident set size now (VmRSS), MiB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def measure_shapes(call, inputs, shapes):
    """Median/min latency and peak RSS of call(*inputs(batch, tokens)) per shape (shared with
    compiled_ref.py, so both runners are timed the same way)."""
    rows = []
    for batch, tokens in shapes:
        warm, timed = REPEATS.get((batch, tokens), (1, 3))
        args = inputs(batch, tokens)
        for _ in range(warm):
            call(*args)
        times = []
        for _ in range(timed):
            start = time.perf_counter()
            call(*args)
            times.append(time.perf_counter() - start)
        rows.append({"batch": batch, "tokens": tokens, "median_s": statistics.median(times),
                     # The machine is shared: the fastest call shows the uncontended cost.
                     "min_s": min(times),
                     "times_s": times,
                     # ru_maxrss is KiB on Linux and only grows: shapes run smallest first,
                     # so this is the peak up to and including this shape.
                     "peak_rss_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
                     "rss_mib": current_rss_mib()})
    return rows


def parse_shape(text):
    batch, tokens = text.lower().split("x")
    return int(batch), int(tokens)


def worker(args):
    """One configuration: prints one JSON line with every measurement."""
    begin = time.time()
    import torch
    import torch.nn.functional as F
    imported = time.time()
    torch.set_num_threads(args.threads)
    sys.path.insert(0, str(EXAMPLE))
    from weights import load_model
    dtype = torch.bfloat16 if args.dtype == "bf16" else torch.float32
    model = load_model(args.weights, tiny=args.tiny, dtype=dtype)
    loaded = time.time()
    # bf16 weights are built in fp32 and converted, so the peak includes both copies; the RSS
    # after loading shows what the model itself holds.
    loaded_rss = current_rss_mib()
    generator = torch.Generator().manual_seed(0)

    def inputs(batch, tokens):
        ids = torch.randint(3, 262144, (batch, tokens), generator=generator)
        ids[:, 0] = 2
        ids[:, -1] = 1
        return ids, torch.ones(batch, tokens, dtype=torch.int64)

    def embed_ids(input_ids, attention_mask, dimensions=768):
        # The tail of embed.py's embed(), after the tokenizer.
        vectors = model(input_ids, attention_mask)
        return F.normalize(vectors[:, :dimensions], p=2.0, dim=1).numpy()

    with torch.no_grad():
        embed_ids(*inputs(1, 16))
        first = time.time()
        rows = measure_shapes(embed_ids, inputs, args.shapes)
    print(json.dumps({"process_begin": begin, "import_torch_s": imported - begin,
                      "load_weights_s": loaded - imported, "rss_after_load_mib": loaded_rss,
                      "first_embedding_at": first,
                      "shapes": rows, "torch": torch.__version__}))


def driver(args):
    results = []
    for item in args.configs:
        dtype, threads = item.split(":")
        env = dict(os.environ, OPENBLAS_CORETYPE="SkylakeX", OMP_NUM_THREADS=threads,
                   OPENBLAS_NUM_THREADS=threads, MKL_NUM_THREADS=threads)
        bound_openmp_spinning(env)
        command = [sys.executable, __file__, "--worker", "--dtype", dtype, "--threads", threads,
                   "--shapes", ",".join(f"{b}x{t}" for b, t in args.shapes)]
        if args.tiny:
            command.append("--tiny")
        if args.weights:
            command += ["--weights", args.weights]
        spawned = time.time()
        done = subprocess.run(command, env=env, capture_output=True, text=True)
        if done.returncode != 0:
            sys.exit(f"{' '.join(command)} failed:\n{done.stderr}")
        measured = json.loads(done.stdout.strip().splitlines()[-1])
        row = {"runner": "pytorch-eager", "dtype": dtype, "threads": int(threads),
               "cold_start_s": measured["first_embedding_at"] - spawned,
               "import_torch_s": measured["import_torch_s"],
               "load_weights_s": measured["load_weights_s"],
               "rss_after_load_mib": measured["rss_after_load_mib"], "shapes": measured["shapes"]}
        results.append(row)
        print(f"{dtype} {threads}T cold {row['cold_start_s']:.2f}s  " + "  ".join(
            f"{s['batch']}x{s['tokens']}: {s['median_s'] * 1e3:.1f} ms, "
            f"peak {s['peak_rss_mib']:.0f} MiB" for s in row["shapes"]), flush=True)
        torch_version = measured["torch"]
    report = {"meta": {"model": "EmbeddingGemma-300M architecture, random weights"
                       + (" (tiny config)" if args.tiny else ""),
                       "weights": args.weights or "built in process (weights.load_model)",
                       "torch": torch_version, "python": platform.python_version(),
                       "cpu": cpu_name(), "cpu_features": cpu_features(), "date": time.strftime("%Y-%m-%d %H:%M:%S UTC",
                                                                time.gmtime()),
                       "env": "OPENBLAS_CORETYPE=SkylakeX, OMP/OPENBLAS/MKL_NUM_THREADS = "
                              "threads, torch.set_num_threads(threads), GOMP_SPINCOUNT="
                              + os.environ.get("GOMP_SPINCOUNT", OPENMP_SPIN_COUNT)},
              "results": results}
    if args.out:
        Path(args.out).write_text(json.dumps(report, indent=1) + "\n")


def cpu_features():
    """The flags that decide which kernels oneDNN/OpenBLAS can use (bf16 speed hinges on AMX)."""
    try:
        flags = set(Path("/proc/cpuinfo").read_text().split())
    except OSError:
        return []
    return sorted(flags & {"avx2", "avx512f", "avx512_bf16", "avx512_vnni", "amx_bf16",
                           "amx_tile"})


def cpu_name():
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--configs", default="fp32:1,fp32:2,bf16:1,bf16:2",
                        type=lambda s: s.split(","), help="dtype:threads pairs")
    parser.add_argument("--shapes", default="1x16,8x128,32x256",
                        type=lambda s: [parse_shape(x) for x in s.split(",")])
    parser.add_argument("--out", help="JSON file for the results")
    parser.add_argument("--tiny", action="store_true", help="tiny config (checks the script)")
    parser.add_argument("--weights", help="checkpoint folder (Hugging Face layout, e.g. from "
                        "examples/embedding_gemma/checkpoint.py) instead of random weights "
                        "built in the process; loading is then a memory map, as it would be "
                        "for the published fp32 file")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--dtype", default="fp32", help=argparse.SUPPRESS)
    parser.add_argument("--threads", default=1, type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args)
    else:
        driver(args)


if __name__ == "__main__":
    main()
