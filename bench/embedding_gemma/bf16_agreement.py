"""How close the --precision bf16 library's embeddings are to the fp32 library's (which
matches PyTorch fp32 within 1e-5, tests/embedding_gemma): the minimum per-row cosine at each
benchmark shape, on the benchmark's own token ids. The issue's bar is >= 0.999.

    /usr/bin/python3 bench/embedding_gemma/bf16_agreement.py --fp32 build/bench/embedding_gemma_fp32.so \\
        --bf16 build/bench/embedding_gemma_bf16.so [--shapes 1x16,8x128,32x256] [--out agreement.json]
"""
import argparse
import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(ROOT / "codegen"))
from compiled_ref import token_inputs  # noqa: E402
from torch_ref import parse_shape  # noqa: E402
import muna  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--fp32", required=True)
    parser.add_argument("--bf16", required=True)
    parser.add_argument("--shapes", default="1x16,8x128,32x256",
                        type=lambda s: [parse_shape(x) for x in s.split(",")])
    parser.add_argument("--out")
    args = parser.parse_args()
    fp32, bf16 = muna.load(args.fp32, "embed_tokens"), muna.load(args.bf16, "embed_tokens")
    rng = np.random.RandomState(0)
    rows = []
    for batch, tokens in args.shapes:
        ids, mask = token_inputs(rng, batch, tokens)
        a, b = fp32(ids, mask), bf16(ids, mask)
        cosine = (a * b).sum(1) / np.linalg.norm(a, axis=1) / np.linalg.norm(b, axis=1)
        rows.append({"batch": batch, "tokens": tokens, "min_cosine": float(cosine.min())})
        print(f"bf16 vs fp32 {batch}x{tokens}: min per-row cosine {cosine.min():.6f}", flush=True)
    if args.out:
        Path(args.out).write_text(json.dumps({"agreement": rows}, indent=1) + "\n")


if __name__ == "__main__":
    main()
