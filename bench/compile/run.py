#!/usr/bin/python3
"""Compile time and peak compiler memory of every function of the realistic corpus
(tests/realistic/programs/, written blind to muna), one `muna compile` each with the default
targets, the library cache off (MUNA_NO_CACHE) so every compile is a real one; the op core
(codegen/muna/opcore.py) and the precompiled prelude are built by the first compile and reused, as
on any machine after its first compile.

Resumable: one JSON line per function is appended to --out as it finishes, and functions already
there are skipped, so a long sweep can run in the background over several sessions:

    /usr/bin/python3 bench/compile/run.py [--out bench/compile/results.jsonl] [--only MODULE[:FN]]
                                          [--limit N] [--every K] [--summary] [--muna PATH]

--muna PATH times another checkout's compiler (PATH/muna) on the same functions: the figures
before a change, side by side with after. --every K takes every K-th function (a sample).

Each line: {"function", "seconds" (wall), "peak_mb" (the largest compiler process's resident
set), "status" ("ok", or "rejected" for a muna diagnostic: the front end refused it, a compile
of no C++), "outlined" (its calls on arrays of run-time dtype: codegen/muna/outline.py),
"outlined_first" (how many of them the cache saw first: compiled in the function's own unit),
"outlined_new" (how many it put in the cache: calls an earlier compile had made)}. --summary prints
the median, worst and peak over the lines of "ok" compiles, and how many outlined calls were
found in the cache.

--cache DIR compiles with a cache of its own (MUNA_CACHE_DIR; the op core and preludes still
the machine's), so that the outlined calls found are those of the sweep's earlier functions.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "tests", "realistic"))

import realistic  # noqa: E402

sys.path.insert(0, os.path.join(ROOT, "codegen"))
from muna import opcore, outline  # noqa: E402


def functions(only: str | None):
    for path in realistic.module_paths():
        module = os.path.splitext(os.path.basename(path))[0]
        if only and only.split(":")[0] != module:
            continue
        for f in realistic.load_module(path).CASES:
            if only and ":" in only and only.split(":")[1] != f:
                continue
            yield path, f"{module}:{f}"


def compile_one(path: str, name: str, muna: str, cache: str | None) -> dict:
    env = dict(os.environ, MUNA_NO_CACHE="1", **({"MUNA_CACHE_DIR": cache} if cache else {}))
    index = os.path.join(cache or opcore.cache_dir(), "outlined")
    known = _indexed(index)
    with tempfile.TemporaryDirectory(prefix="muna-bench-compile-") as tmp:
        start = time.perf_counter()
        proc = subprocess.run(["/usr/bin/time", "-f", "%M", muna, "compile",
                               f"{path}:{name.split(':')[1]}", "-o", os.path.join(tmp, "lib.so")],
                              capture_output=True, text=True, env=env)
        seconds = time.perf_counter() - start
        cpp = os.path.join(tmp, "lib.cpp")
        outlined = 0
        if os.path.exists(cpp):
            with open(cpp) as f:
                outlined = len(outline.blocks(f.read()))
    # /usr/bin/time's %M is the largest resident set of the command and what it waited for
    # (g++'s cc1plus included), in KB, on its last line.
    peak_kb = int(proc.stderr.strip().splitlines()[-1]) if proc.stderr.strip() else 0
    status = "ok" if proc.returncode == 0 else "rejected" if ": error: " in proc.stderr and \
        "internal" not in proc.stderr else "failed"
    made = {n for _, n in _indexed(index) - known}
    return {"function": name, "seconds": round(seconds, 2), "peak_mb": round(peak_kb / 1024), "status": status,
            "outlined": outlined, "outlined_first": len({n for n in made if n.endswith(".seen")}),
            "outlined_new": len({n for n in made if not n.endswith(".seen")})}


def _indexed(folder: str) -> set:
    """(target folder, name) of every outlined call the cache holds (`d_...`) or has seen
    (`d_....seen`)."""
    if not os.path.isdir(folder):
        return set()
    return {(t, n) for t in os.listdir(folder) for n in os.listdir(os.path.join(folder, t)) if n.startswith("d_")}


def summary(rows: list) -> str:
    ok = [r for r in rows if r["status"] == "ok"]
    if not ok:
        return "no compiled functions"
    secs = sorted(r["seconds"] for r in ok)
    outlined = sum(r.get("outlined", 0) for r in ok)
    first = sum(r.get("outlined_first", 0) for r in ok)
    new = sum(r.get("outlined_new", 0) for r in ok)
    return (f"{len(ok)} compiled ({len(rows) - len(ok)} not): median {statistics.median(secs):.1f} s, "
            f"worst {secs[-1]:.1f} s ({max(ok, key=lambda r: r['seconds'])['function']}), "
            f"peak {max(r['peak_mb'] for r in ok)} MB; outlined calls {outlined}: {first} first seen, "
            f"{new} put in the cache, {outlined - first - new} found there")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", default=os.path.join(HERE, "results.jsonl"))
    parser.add_argument("--only")
    parser.add_argument("--limit", type=int)
    parser.add_argument("--every", type=int, default=1)
    parser.add_argument("--summary", action="store_true")
    parser.add_argument("--muna", default=ROOT, help="the checkout whose compiler is timed")
    parser.add_argument("--cache", help="a cache folder of the sweep's own (kept between runs)")
    args = parser.parse_args()
    done = {}
    if os.path.exists(args.out):
        with open(args.out) as f:
            for line in f:
                row = json.loads(line)
                done[row["function"]] = row
    if args.summary:
        print(summary(list(done.values())))
        return
    count = 0
    for k, (path, name) in enumerate(functions(args.only)):
        if k % args.every or name in done:
            continue
        if args.limit is not None and count >= args.limit:
            break
        row = compile_one(path, name, os.path.join(args.muna, "muna"),
                          opcore.sharing_cores(args.cache) if args.cache else None)
        count += 1
        print(json.dumps(row), flush=True)
        with open(args.out, "a") as f:
            f.write(json.dumps(row) + "\n")
        done[name] = row
    print(summary(list(done.values())))


if __name__ == "__main__":
    main()
