"""Child process of the corpus tests: calls a compiled library on a module's cases and writes
the outcomes, pickled, to stdout. A separate process so that a compiled library that crashes
fails one test instead of the whole run; each case is announced on stderr first, so a crash
names the case that caused it.

    python3 run_compiled.py LIBRARY.so PROGRAM.py FUNCTION CASES|REJECTED_ARGS
"""
import copy
import importlib.util
import os
import pickle
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "codegen"))

import muna  # noqa: E402


def load_program(path):
    name = "corpus_" + os.path.splitext(os.path.basename(path))[0]
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # its classes pickle, and muna.load finds them (records)
    spec.loader.exec_module(module)
    return module


def outcome(fn, args):
    """("value", result) or ("raise", exception type name, message)."""
    try:
        return ("value", fn(*copy.deepcopy(args)))
    except muna.MunaError as e:
        return ("raise", e.type, e.message)
    except Exception as e:  # the loader itself failed: not an error status of the function
        return ("host error", type(e).__name__, str(e))


def main():
    library, program, function, table = sys.argv[1:5]
    cases = getattr(load_program(program), table)[function]
    fn = muna.load(library, function)
    results = []
    for args in cases:
        print(f"case {args!r}", file=sys.stderr, flush=True)
        results.append(outcome(fn, args))
    sys.stdout.buffer.write(pickle.dumps(results))


if __name__ == "__main__":
    main()
