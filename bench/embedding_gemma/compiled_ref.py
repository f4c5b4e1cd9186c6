"""The compiled EmbeddingGemma library measured the way torch_ref.py measures PyTorch: the
same shapes and token ids, median latency, peak RSS, cold start (process start to the first
embedding: interpreter, loading the library, packing weights on first use, one 1x16 call).
Each (library, threads) pair runs in its own process.

    EMBEDDINGGEMMA_CONFIG=full ./muna compile examples/embedding_gemma/embed.py:embed,count_tokens,embed_tokens \\
        -o build/embedding_gemma.so [--precision bf16]
    /usr/bin/python3 bench/embedding_gemma/compiled_ref.py --library build/embedding_gemma.so --out build/compiled.json
"""
import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(Path(__file__).resolve().parent))
from torch_ref import measure_shapes, parse_shape  # noqa: E402  (shared protocol)


def token_inputs(rng, batch, tokens):
    """Random token ids framed as <bos> ... <eos>, every position real (mask all ones)."""
    import numpy as np
    ids = rng.randint(3, 262144, size=(batch, tokens)).astype(np.int64)
    ids[:, 0], ids[:, -1] = 2, 1
    return ids, np.ones((batch, tokens), np.int64)


def worker(args):
    begin = time.time()
    sys.path.insert(0, str(ROOT / "codegen"))
    import numpy as np
    import muna
    embed_tokens = muna.load(args.library, "embed_tokens")
    embed_tokens.set_num_threads(args.threads)
    loaded = time.time()
    rng = np.random.RandomState(0)

    def inputs(batch, tokens):
        return token_inputs(rng, batch, tokens)

    embed_tokens(*inputs(1, 16))
    first = time.time()
    rows = measure_shapes(embed_tokens, inputs, args.shapes)
    print(json.dumps({"load_library_s": loaded - begin, "first_embedding_at": first, "shapes": rows}))


def driver(args):
    results = []
    for threads in args.threads_list:
        command = [sys.executable, __file__, "--worker", "--library", args.library, "--threads", str(threads),
                   "--shapes", ",".join(f"{b}x{t}" for b, t in args.shapes)]
        spawned = time.time()
        done = subprocess.run(command, capture_output=True, text=True)
        if done.returncode != 0:
            sys.exit(f"{' '.join(command)} failed:\n{done.stderr}")
        measured = json.loads(done.stdout.strip().splitlines()[-1])
        row = {"runner": "muna", "dtype": args.label, "threads": threads,
               "cold_start_s": measured["first_embedding_at"] - spawned,
               "library_mib": Path(args.library).stat().st_size / 2**20, "shapes": measured["shapes"]}
        results.append(row)
        print(f"muna {args.label} {threads}T cold {row['cold_start_s']:.2f}s  " + "  ".join(
            f"{s['batch']}x{s['tokens']}: {s['median_s'] * 1e3:.1f} ms, peak {s['peak_rss_mib']:.0f} MiB"
            for s in row["shapes"]), flush=True)
    if args.out:
        Path(args.out).write_text(json.dumps({"results": results}, indent=1) + "\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--library", required=True)
    parser.add_argument("--label", default="fp32", help="precision the library was compiled with")
    parser.add_argument("--threads-list", default="1,2", type=lambda s: [int(t) for t in s.split(",")])
    parser.add_argument("--shapes", default="1x16,8x128,32x256", type=lambda s: [parse_shape(x) for x in s.split(",")])
    parser.add_argument("--out")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--threads", default=1, type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    (worker if args.worker else driver)(args)


if __name__ == "__main__":
    main()
