#!/usr/bin/python3
"""How many compiled forms each function of the realistic corpus with open annotations comes to
(specialize.py: one body of run-time dtypes, or one per rank the body needs and per member of a
Union parameter; each form is a copy of the body to compile), and the diagnostics of those the
front end rejects: the front end only, a few seconds.

    /usr/bin/python3 bench/compile/forms.py
"""
import collections
import contextlib
import io
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "codegen"))
sys.path.insert(0, os.path.join(ROOT, "tests", "realistic"))

import realistic  # noqa: E402
from muna import frontend  # noqa: E402
from muna.annotations import is_pattern  # noqa: E402
from muna.diagnostics import CompileError  # noqa: E402


def main():
    counts, forms, reasons = collections.Counter(), collections.Counter(), collections.Counter()
    for path in realistic.module_paths():
        for f in realistic.load_module(path).CASES:
            try:
                with contextlib.redirect_stderr(io.StringIO()):
                    export = frontend.build_program(path, [f]).exports[0]
            except CompileError as e:
                counts["rejected"] += 1
                reasons[e.message[:100]] += 1
                continue
            kind = "open annotations" if any(is_pattern(t) for _, t, _ in export.params) else "static"
            counts[kind] += 1
            if kind != "static":
                forms[len(export.specializations)] += 1
    print(dict(counts))
    print("forms per function with open annotations:", dict(sorted(forms.items())))
    print("top rejections:")
    for reason, n in reasons.most_common(15):
        print(f"{n:4}  {reason}")


if __name__ == "__main__":
    main()
