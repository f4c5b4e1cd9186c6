"""A fuzzing campaign: N generated programs against the current compiler, in batches of one
library each; prints the outcome rates and the top rejection reasons, and saves every failure
(wrong result, crash) under OUT/seed-S/, minimized.

    /usr/bin/python3 tests/fuzz/campaign.py --programs 5000 --seed 1 [--batch 80] [--jobs 1]
        [--start 0] [--out build/fuzz] [--target x86-64-v3] [--minimize-limit 40] [--no-minimize]
    /usr/bin/python3 tests/fuzz/campaign.py --report      # the rates over every recorded campaign

A failure is written twice: `<status>-p<index>.py`, the program as generated with the failing
arguments and both outcomes, and `<status>-p<index>-min.py`, the same minimized (minimize.py).
`outcomes.jsonl` records every program's outcome as each batch ends, so a campaign stopped
mid-way (a session's end) resumes where it stopped when run again with the same arguments;
`summary.json` is written when it finishes. Re-running a seed re-uses the libraries already
built (build/fuzz/cache).
"""
from __future__ import annotations

import argparse
import collections
import concurrent.futures
import glob
import json
import os
import re
import sys
import time
import types

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import harness  # noqa: E402
import minimize  # noqa: E402
from generator import generate  # noqa: E402

STATUSES = ("pass", "rejected", "refused", "wrong", "crash", "invalid")


def _batch(args):
    seed, indices, workdir, target, cache = args
    programs = [generate(seed, i) for i in indices]
    lines = []
    outcomes = harness.run_batch(programs, workdir, target=target, cache=cache, log=lines.append)
    return outcomes, lines


def recorded(out) -> dict:
    """{program index: (status, detail)} of the batches a campaign finished (OUT/outcomes.jsonl,
    one line per program, appended batch by batch: a campaign killed mid-way resumes there)."""
    path, summary = os.path.join(out, "outcomes.jsonl"), os.path.join(out, "summary.json")
    if os.path.exists(path):
        done = {}
        with open(path) as f:
            for line in f:
                try:
                    o = json.loads(line)
                except json.JSONDecodeError:
                    continue  # a line cut short when the run was killed: its batch runs again
                done[o["index"]] = (o["status"], o["detail"])
        return done
    if os.path.exists(summary):  # a campaign from before outcomes.jsonl
        with open(summary) as f:
            return {o["index"]: (o["status"], o["detail"]) for o in json.load(f)["outcomes"]}
    return {}


def run(seed, start, count, batch, out, target, jobs, log=print):
    """Every program's Outcome, batch by batch (`jobs` batches at a time, each in a process);
    batches already recorded in OUT/outcomes.jsonl are read back, not run again."""
    cache = os.path.join(os.path.dirname(out), "cache")
    target = target or harness.default_target()
    os.makedirs(out, exist_ok=True)
    done = recorded(out)
    ranges = [list(range(i, min(i + batch, start + count))) for i in range(start, start + count, batch)]
    finished = [r for r in ranges if all(i in done for i in r)]
    # A recorded program is made again only where a failure is to be saved; else its index will do.
    outcomes = [harness.Outcome(generate(seed, i) if done[i][0] in ("wrong", "crash") else types.SimpleNamespace(index=i),
                                *done[i]) for r in finished for i in r]
    ranges = [r for r in ranges if r not in finished]
    if outcomes:
        log(f"{len(outcomes)} programs recorded by an earlier run of this campaign; {len(ranges)} batches to go")
    work = [(seed, r, os.path.join(out, "work", f"b{r[0]}"), target, cache) for r in ranges]
    counts = collections.Counter(o.status for o in outcomes)
    t0 = time.time()
    with concurrent.futures.ProcessPoolExecutor(max_workers=jobs) as pool, \
            open(os.path.join(out, "outcomes.jsonl"), "a") as record:
        for (result, lines), (_, r, *_rest) in zip(pool.map(_batch, work), work):
            for o in result:
                record.write(json.dumps({"index": o.program.index, "status": o.status, "detail": o.detail}) + "\n")
            record.flush()
            outcomes += result
            for line in lines:
                log(line)
            counts.update(o.status for o in result)
            for o in result:
                if o.status in ("wrong", "crash"):
                    log(f"  {o.status.upper()} {o.program.entry}: {o.detail[:200]}")
            log(f"[{len(outcomes)}/{count} programs, {time.time() - t0:.0f} s] " +
                ", ".join(f"{s} {counts[s]}" for s in STATUSES))
    return outcomes


def report(outcomes, log=print, top=15):
    counts = collections.Counter(o.status for o in outcomes)
    valid = sum(counts[s] for s in STATUSES if s != "invalid")
    log(f"\n{len(outcomes)} programs ({counts['invalid']} invalid: CPython did not run them, not counted)")
    for s in STATUSES[:4]:
        log(f"  {s:9s} {counts[s]:6d}  {100 * counts[s] / max(valid, 1):5.1f} %")
    reasons = collections.Counter(harness.reason_key(o.detail) for o in outcomes if o.status == "rejected")
    if reasons:
        log(f"\ntop rejection reasons (of {counts['rejected']}):")
        for r, n in reasons.most_common(top):
            log(f"  {n:5d}  {r}")
    crashes = collections.Counter(_crash_key(o.detail) for o in outcomes if o.status == "crash")
    if crashes:
        log(f"\ncrashes (of {counts['crash']}):")
        for r, n in crashes.most_common(top):
            log(f"  {n:5d}  {r}")
    invalid = collections.Counter(o.detail.split(":")[0] for o in outcomes if o.status == "invalid")
    if invalid:
        log("\ninvalid (generator: " + ", ".join(f"{k} {n}" for k, n in invalid.most_common(6)) + ")")
    return counts


def _crash_key(detail):
    text = re.sub(r"/\S+", "PATH", detail)
    text = re.sub(r"\b\d+\b", "N", text)
    return text[:160]


def save_failures(outcomes, out, minimize_limit, target, log=print):
    """Each failure as a repro; up to `minimize_limit` of them (every wrong result, one crash of
    each kind) minimized together, a round of all of them per C++ build."""
    os.makedirs(out, exist_ok=True)
    seen_crashes = set()
    chosen = []
    for o in outcomes:
        if o.status not in ("wrong", "crash"):
            continue
        p = o.program
        with open(os.path.join(out, f"{o.status}-p{p.index}.py"), "w", encoding="utf-8") as f:
            f.write(minimize.repro_text(p, p.source, o, f"{o.status}: {o.detail[:300]}"))
        key = o.status if o.status == "wrong" else _crash_key(o.detail)
        if o.status == "crash" and key in seen_crashes:
            continue
        seen_crashes.add(key)
        if len(chosen) < minimize_limit:
            chosen.append(o)
    if not chosen:
        return
    log(f"\nminimizing {len(chosen)} failures")
    done = minimize.minimize_many(chosen, os.path.join(out, "work"), target=target, log=log)
    for o in chosen:
        src, mo = done[o.program.index]
        stem = os.path.join(out, f"{o.status}-p{o.program.index}-min.py")
        with open(stem, "w", encoding="utf-8") as f:
            f.write(minimize.repro_text(o.program, src, mo, f"{mo.status}: {mo.detail[:300]}"))
        log(f"  {stem} ({len(src.splitlines())} lines)")


def rerun_failures(summary_path, out, target, log=print):
    """The Outcomes of a finished campaign's failures, again (the programs regenerated from
    the seed, run as one batch): to minimize them after the campaign."""
    with open(summary_path) as f:
        summary = json.load(f)
    indices = [o["index"] for o in summary["outcomes"] if o["status"] in ("wrong", "crash")]
    if not indices:
        return []
    programs = [generate(summary["seed"], i) for i in indices]
    return harness.run_batch(programs, os.path.join(out, "work", "rerun"), target=target, log=log)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--programs", type=int, default=500)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--start", type=int, default=0, help="index of the first program")
    ap.add_argument("--batch", type=int, default=80, help="programs per library")
    ap.add_argument("--jobs", type=int, default=1, help="batches at a time (each builds one library)")
    ap.add_argument("--out", default=os.path.join(harness.ROOT, "build", "fuzz"))
    ap.add_argument("--target", default=None, help="one target (default: the best this machine runs)")
    ap.add_argument("--minimize-limit", type=int, default=40)
    ap.add_argument("--no-minimize", action="store_true")
    ap.add_argument("--minimize-from", metavar="SUMMARY.json",
                    help="only minimize the failures of a finished campaign (its programs run again)")
    ap.add_argument("--report", action="store_true",
                    help="only print the rates over every campaign recorded under --out (all seeds)")
    a = ap.parse_args(argv)
    if a.report:
        seeds = sorted(f for f in glob.glob(os.path.join(a.out, "**", "seed-*"), recursive=True) if recorded(f))
        outcomes = [harness.Outcome(None, status, detail) for folder in seeds
                    for status, detail in recorded(folder).values()]
        for folder in seeds:
            counts = collections.Counter(status for status, _ in recorded(folder).values())
            print(f"{os.path.relpath(folder, a.out)}: {sum(counts.values())} programs, " +
                  ", ".join(f"{s} {counts[s]}" for s in STATUSES))
        report(outcomes)
        return 0
    out = os.path.join(a.out, f"seed-{a.seed}")
    if a.minimize_from:
        failures = [o for o in rerun_failures(a.minimize_from, out, a.target) if o.status in ("wrong", "crash")]
        save_failures(failures, os.path.join(out, "failures"), a.minimize_limit, a.target)
        return 0
    outcomes = run(a.seed, a.start, a.programs, a.batch, out, a.target, a.jobs)
    counts = report(outcomes)
    with open(os.path.join(out, "summary.json"), "w") as f:
        json.dump({"seed": a.seed, "start": a.start, "programs": a.programs,
                   "counts": {s: counts[s] for s in STATUSES},
                   "outcomes": [{"index": o.program.index, "status": o.status, "detail": o.detail} for o in outcomes]},
                  f, indent=1)
    save_failures(outcomes, os.path.join(out, "failures"), 0 if a.no_minimize else a.minimize_limit, a.target)
    return 1 if counts["wrong"] or counts["crash"] else 0


if __name__ == "__main__":
    sys.exit(main())
