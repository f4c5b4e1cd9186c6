"""Child process of test_stdlib_bytes.py: calls every function of a compiled library on the
program's CASES and writes the outcomes, pickled, to stdout. A process of its own so that a
library that crashes fails its module's tests instead of the run; each case is announced on
stderr first, so a crash names its case.

    python3 run_cases.py LIBRARY.so PROGRAM.py
"""
import os
import pickle
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "codegen"))
sys.path.insert(0, os.path.join(ROOT, "tests", "corpus"))

import muna  # noqa: E402
from run_compiled import load_program, outcome  # noqa: E402  (the corpus runner's, the same job)


def main():
    library, program = sys.argv[1:3]
    cases = load_program(program).CASES
    results = {}
    for name, table in cases.items():
        fn = muna.load(library, name)
        results[name] = []
        for args in table:
            print(f"case {name}{args!r}"[:300], file=sys.stderr, flush=True)
            results[name].append(outcome(fn, args))
    sys.stdout.buffer.write(pickle.dumps(results))


if __name__ == "__main__":
    main()
