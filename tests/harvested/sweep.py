"""The harvested corpus, measured end to end and resumably: functions copied unchanged from
public repositories (programs/, each with its source, commit and licence in its header;
manifest.tsv: file, repository, path, commit, function, what was changed, domain, licence).
Each file holds the function, what it needs from its source file, `EXPORT` (its name) and
`CASES` (argument tuples); see docs/corpora.md.

    /usr/bin/python3 tests/harvested/sweep.py tests/harvested/programs OUT.jsonl

appends one JSON line per function to OUT.jsonl ({"file", "function", "status", "detail"},
tests/realistic/realistic.py's outcomes), skipping files already there, so a stopped sweep goes
on where it stopped; then prints the counts."""
import collections
import glob
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "realistic"))
import realistic  # noqa: E402


def main(folder, out):
    folder, out = os.path.abspath(folder), os.path.abspath(out)
    os.chdir(realistic.ROOT)  # (the compiler is run from the repository's root)
    done = set()
    if os.path.exists(out):
        with open(out) as f:
            done = {json.loads(line)["file"] for line in f}
    for path in sorted(glob.glob(os.path.join(folder, "*.py"))):
        name = os.path.basename(path)
        if name in done:
            continue
        try:
            rows = realistic.evaluate([path])
        except Exception as e:  # the harness itself: recorded, and the sweep goes on
            rows = [(name[:-3], "?", "crash", f"harness: {type(e).__name__}: {e}")]
        with open(out, "a") as f:
            for _, function, status, detail in rows:
                f.write(json.dumps({"file": name, "function": function, "status": status,
                                    "detail": (detail or "")[:500]}) + "\n")
        print(name, [r[2] for r in rows], flush=True)
    with open(out) as f:
        counts = collections.Counter(json.loads(line)["status"] for line in f)
    print(dict(counts))


if __name__ == "__main__":
    main(*sys.argv[1:3])
