"""Where the compiled EmbeddingGemma spends its time: a --profile build, run at one shape,
its per-statement self times summed over the layers (each layer's code is the same Python line).

    /usr/bin/python3 bench/embedding_gemma/profile.py [--shape 8x128] [--threads 1] [--config full] [--precision bf16]
"""
import argparse
import collections
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shape", default="8x128")
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--config", default="full", choices=["tiny", "full"])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--top", type=int, default=15)
    parser.add_argument("--precision", default="fp32", choices=["fp32", "bf16"])
    args = parser.parse_args()
    lib = ROOT / "build" / "bench" / f"embedding_gemma_{args.config}_{args.precision}_profile.so"
    if not lib.exists():
        lib.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run([str(ROOT / "muna"), "compile", "examples/embedding_gemma/embed.py:embed_tokens",
                        "-o", str(lib), "--profile", "--precision", args.precision], cwd=ROOT, check=True,
                       env={**os.environ, "EMBEDDINGGEMMA_CONFIG": args.config})
    sys.path.insert(0, str(ROOT / "codegen"))
    import numpy as np
    import muna
    f = muna.load(str(lib))
    f.set_num_threads(args.threads)
    batch, tokens = (int(x) for x in args.shape.split("x"))
    ids = np.random.RandomState(0).randint(3, 262144, size=(batch, tokens)).astype(np.int64)
    mask = np.ones_like(ids)
    f(ids, mask)  # first call: weights packed, pages touched
    before = {(s["where"], s["code"]): s["self_ms"] for s in f.profile()}
    for _ in range(args.repeats):
        f(ids, mask)
    self_ms = collections.Counter()
    calls = collections.Counter()
    for s in f.profile():
        key = (s["where"], s["code"])
        self_ms[key] += s["self_ms"] - before.get(key, 0.0)
        calls[key] += s["calls"]
    total = sum(self_ms.values())
    print(f"{args.config} model, {args.precision}, {args.shape}, {args.threads} thread(s): {total / args.repeats:.1f} ms per call")
    print("| self ms per call | share | where | statement |")
    print("|---|---|---|---|")
    for key, ms in self_ms.most_common(args.top):
        print(f"| {ms / args.repeats:.2f} | {100 * ms / total:.1f}% | {key[0]} | `{key[1][:80]}` |")


if __name__ == "__main__":
    main()
