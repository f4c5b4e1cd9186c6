"""Child process of the fuzz harness: calls the functions of a compiled library on cases and
appends each outcome, pickled, to OUT as soon as it has it, so that a case that kills the
process (or hangs) is the first one without an outcome and the harness resumes after it.

    python3 run_compiled.py LIBRARY.so CASES.pkl OUT START

CASES.pkl is [(function, args), ...]; cases before START are skipped. An outcome is
("value", result) | ("raise", type, message) | ("host error", type, message) (the loader itself
failed: a muna bug, e.g. a result it cannot convert).
"""
import copy
import os
import pickle
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "codegen"))

import muna  # noqa: E402


def main():
    library, cases_path, out_path, start = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    with open(cases_path, "rb") as f:
        cases = pickle.load(f)
    loaded = {}
    with open(out_path, "ab") as out:
        for i in range(start, len(cases)):
            name, args = cases[i]
            try:
                if name not in loaded:
                    loaded[name] = muna.load(library, name)
                result = ("value", loaded[name](*copy.deepcopy(args)))
            except muna.MunaError as e:
                result = ("raise", e.type, e.message)
            except Exception as e:
                result = ("host error", type(e).__name__, str(e)[:500])
            try:
                data = pickle.dumps((i, result))
            except Exception as e:
                data = pickle.dumps((i, ("host error", "PicklingError", str(e)[:200])))
            out.write(data)
            out.flush()


if __name__ == "__main__":
    main()
