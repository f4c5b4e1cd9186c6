"""Native tokenizer throughput against Hugging Face's Rust tokenizers, same texts, same run.

    /usr/bin/python3 bench/text/bench_tokenizers.py [--rounds N] [--only gemma3,...]

Needs .deps (scripts/fetch_tokenizers.sh). One thread on both sides: the oracle's encodeBatch
runs with RAYON_NUM_THREADS=1; the native driver encodes text by text on one thread.
Two corpora per tokenizer: "unique" (every round's texts carry a distinct prefix, so HF's
per-word cache cannot serve Gemma's whole-text words) and "repeated" (the same texts each round,
HF's cache warm after round 1). Prints a table and one JSON line per tokenizer.
"""
import argparse
import json
import os
import statistics
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tests", "text"))

import text_harness as harness  # noqa: E402
import text_tokenizers as make_tokenizers  # noqa: E402
from text_corpus import build_corpus  # noqa: E402
from muna.text import Tokenizer, to_blob  # noqa: E402


def measure(path: str, rounds: int) -> dict:
    tok = Tokenizer.from_file(path)
    table = to_blob(tok)
    corpus = build_corpus()
    result = {"table_bytes": len(table), "texts": len(corpus), "bytes": sum(len(t.encode()) for t in corpus)}
    for name, texts in (("unique", [f"{r}{t}" for r in range(rounds) for t in corpus]), ("repeated", corpus * rounds)):
        oracle = harness.run_oracle(path, texts if name == "unique" else corpus, bench_rounds=1 if name == "unique" else rounds)
        o_tokens = sum(b["tokens"] for b in oracle["bench"])
        o_seconds = sum(b["seconds"] for b in oracle["bench"])
        native = harness.run_native_bench(table, texts, 1)
        # The same ids on both sides (checked by the tests) make the token counts equal.
        result[name] = {
            "oracle_tokens_per_s": o_tokens / o_seconds,
            "native_tokens_per_s": native["tokens"] / native["seconds"],
            "tokens": native["tokens"],
            "oracle_tokens": o_tokens,
        }
        result[name]["ratio"] = result[name]["native_tokens_per_s"] / result[name]["oracle_tokens_per_s"]
        result["load_ms"] = native["load_ms"]
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--only", default="gemma3,wordpiece,unigram,t5_unigram,gpt2_bpe,llama3_bpe")
    args = parser.parse_args()
    missing = harness.deps_missing()
    if missing:
        sys.exit(missing)
    paths = {"gemma3": harness.GEMMA_JSON, **make_tokenizers.write_all(harness.BUILD)}
    print(f"{'tokenizer':<12} {'corpus':<9} {'native tok/s':>13} {'HF tok/s':>11} {'ratio':>6}   table, load")
    for name in args.only.split(","):
        r = measure(paths[name], args.rounds)
        for corpus in ("unique", "repeated"):
            c = r[corpus]
            print(f"{name:<12} {corpus:<9} {c['native_tokens_per_s']:>13,.0f} {c['oracle_tokens_per_s']:>11,.0f} "
                  f"{c['ratio']:>5.2f}x   {r['table_bytes'] / 1e6:.1f} MB, {r['load_ms']:.3f} ms")
        print(json.dumps({"tokenizer": name, **r}), file=sys.stderr)


if __name__ == "__main__":
    main()
