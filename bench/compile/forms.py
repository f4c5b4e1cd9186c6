#!/usr/bin/python3
"""Which functions of the realistic corpus with open array annotations compile to one body of
run-time dtypes, and which fall back to per-dtype-combination forms (specialize.py), with the
first diagnostic the run-time form stopped at: the front end only, a few seconds.

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
from muna import frontend, specialize  # noqa: E402
from muna.annotations import is_pattern  # noqa: E402
from muna.diagnostics import CompileError  # noqa: E402


def main():
    first_error, run_time = {}, set()
    real = specialize._run_time_dtype_forms

    def traced(program, fn, builder_cls, params, dynamic):
        class Builder(builder_cls):
            def build(self):
                try:
                    return super().build()
                except CompileError as e:
                    first_error.setdefault(fn.__name__, e.message)
                    raise
        forms = real(program, fn, Builder, params, dynamic)
        if forms:
            run_time.add(fn.__name__)
        return forms
    specialize._run_time_dtype_forms = traced
    counts, reasons = collections.Counter(), collections.Counter()
    for path in realistic.module_paths():
        for f in realistic.load_module(path).CASES:
            first_error.pop(f, None)
            run_time.discard(f)
            try:
                with contextlib.redirect_stderr(io.StringIO()):
                    export = frontend.build_program(path, [f]).exports[0]
            except CompileError:
                counts["rejected"] += 1
                continue
            if not any(is_pattern(t) for _, t, _ in export.params):
                counts["static"] += 1
            elif f in run_time:
                counts["run-time dtypes"] += 1
            else:
                counts["per-combination fallback"] += 1
                reasons[first_error.get(f, "(an open annotation other than arrays)")[:100]] += 1
    print(dict(counts))
    for reason, n in reasons.most_common():
        print(f"{n:4}  {reason}")


if __name__ == "__main__":
    main()
