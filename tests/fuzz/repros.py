"""The bugs the fuzzer found, one module each in tests/fuzz/found/: the minimized function(s),
ENTRY, ARGS, and what CPython and muna gave when it was found (CPYTHON, MUNA, as text). A repro
with FIXED = True is a regression test (test_fuzz.py fails if it fails again); an open one is
reported, not failed.

    /usr/bin/python3 tests/fuzz/repros.py      # which repros still fail, compiled in one library
"""
from __future__ import annotations

import ast
import glob
import importlib.util
import os
import re
import sys
import typing

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import harness  # noqa: E402
from fuzz_types import ty_of_hint  # noqa: E402
from generator import Program  # noqa: E402

FOUND = os.path.join(HERE, "found")


def paths():
    return sorted(glob.glob(os.path.join(FOUND, "*.py")))


def load(path: str, index: int) -> tuple[Program, bool]:
    """(the repro as program `index` of a batch, whether it is marked FIXED): its functions and
    constants renamed to the batch's p<index>_ / P<index>_ prefix."""
    spec = importlib.util.spec_from_file_location("fuzz_repro_" + os.path.basename(path)[:-3], path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read())
    code = [n for n in tree.body if isinstance(n, ast.FunctionDef) or
            (isinstance(n, ast.Assign) and all(isinstance(t, ast.Name) and t.id.isupper() and "_C" in t.id
                                               for t in n.targets))]
    source = "\n\n\n".join(ast.unparse(n) for n in code) + "\n"
    names = {n.name for n in code if isinstance(n, ast.FunctionDef)}
    consts = {t.id for n in code if isinstance(n, ast.Assign) for t in n.targets}
    for name in sorted(names | consts, key=len, reverse=True):
        upper = name.isupper()
        tail = name.split("_", 1)[1] if "_" in name else name
        source = re.sub(rf"\b{re.escape(name)}\b", (f"P{index}_{tail}" if upper else f"p{index}_{tail}"), source)
    entry = module.ENTRY
    entry_tail = entry.split("_", 1)[1]
    returns = ty_of_hint(typing.get_type_hints(getattr(module, entry))["return"])
    program = Program("found", index, f"p{index}_{entry_tail}", [], returns, source, [tuple(module.ARGS)])
    return program, bool(getattr(module, "FIXED", False))


def run(workdir: str, target=None, log=print) -> dict:
    """{repro file name: (Outcome, fixed)} for every repro, in one batch."""
    loaded = [(os.path.basename(p), *load(p, i)) for i, p in enumerate(paths())]
    outcomes = harness.run_batch([prog for _, prog, _ in loaded], workdir, target=target, log=log)
    return {name: (o, fixed) for (name, _, fixed), o in zip(loaded, outcomes)}


def update(path, outcome):
    """Rewrites the repro's CPYTHON and MUNA lines with what this run gave."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    cpython = harness.show(outcome.expected) if outcome.expected else None
    muna = harness.show(outcome.got) if outcome.got else outcome.detail
    if cpython is not None:
        text = re.sub(r"^CPYTHON = .*$", lambda m: f"CPYTHON = {cpython!r}", text, flags=re.M)
    text = re.sub(r"^MUNA = .*$", lambda m: f"MUNA = {muna[:300]!r}", text, flags=re.M)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def main():
    import argparse
    ap = argparse.ArgumentParser(description="Which found/ repros still fail.")
    ap.add_argument("--update", action="store_true", help="rewrite CPYTHON/MUNA of the failing ones")
    a = ap.parse_args()
    results = run(os.path.join(harness.ROOT, "build", "fuzz", "repros"))
    for name, (o, fixed) in results.items():
        state = "passes now" if o.status == "pass" else f"{o.status}: {o.detail[:150]}"
        print(f"{name:50s} {'FIXED ' if fixed else ''}{state}")
        if a.update and o.status in ("wrong", "crash"):
            update(os.path.join(FOUND, name), o)


if __name__ == "__main__":
    main()
