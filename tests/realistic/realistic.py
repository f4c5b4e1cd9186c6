"""The realistic corpus: functions written by people who never saw muna's docs or code
(tests/realistic/programs/, see README.md there), compiled unchanged and compared with CPython
running the same functions on the same arguments.

Each function ends in one of these outcomes:
  pass      compiled, and every case equals CPython's result (see `same`) or raises the same
            exception type (and message, when the function's own `raise` made it);
  rejected  the compiler refused it with a file:line:col diagnostic inside the program;
  wrong     compiled, and some case differs from CPython: the worst outcome;
  refused   compiled, but some case's arguments were refused at the call with the library's
            TypeError naming the types it takes (an array of a rank no compiled form takes, a
            Union member the body could not take, where CPython took it): a coverage gap, like
            a rejection, never a value; every other case equals CPython's;
  crash     the compiled library died, or the compiler failed in an unplanned way (an internal
            error, C++ that did not build, a diagnostic with no location in the program).

    /usr/bin/python3 tests/realistic/realistic.py [--only MODULE[:FUNCTION]] [--json OUT]
        [--programs DIR]

--programs measures another folder of such modules: a harvested corpus (functions copied
unchanged from public repositories, tests/harvested/programs/) names its one function `EXPORT`
and its cases `CASES = [args, ...]`.

prints one line per function and the rates; --write-expected records them for test_realistic.py
(the CI check); with --from-tests, the outcomes test_realistic.py measured in the last test run
(build/realistic-outcomes/), with no run of its own.
"""
from __future__ import annotations

import argparse
import copy
import glob
import importlib.util
import json
import math
import os
import pickle
import re
import subprocess
import sys
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
PROGRAMS = os.path.join(HERE, "programs")
sys.path.insert(0, os.path.join(ROOT, "codegen"))
sys.path.insert(0, os.path.join(ROOT, "tests"))

# float32 results may differ from NumPy/PyTorch in the order of a sum or a GEMM's blocking;
# float64 ones in the last few bits. Integers, bools and strings are exact.
RTOL = {"float32": 1e-4, "float64": 1e-9, "bfloat16": 1e-2, "float16": 1e-3, "python": 1e-6}
ATOL = {"float32": 1e-5, "float64": 1e-12, "bfloat16": 1e-2, "float16": 1e-3, "python": 1e-9}
# A Python float result is often float32 arithmetic handed back (float(t.mean()), math.exp of a
# float32 log-probability): it keeps float32's sum-order differences, a few parts in 10^7.


def module_paths(folder=PROGRAMS):
    return sorted(glob.glob(os.path.join(folder, "*.py")))


def load_module(path):
    name = "realistic_" + os.path.splitext(os.path.basename(path))[0]
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    if isinstance(getattr(module, "CASES", None), list):  # a harvested function (--programs)
        module.CASES = {module.EXPORT: module.CASES}
    return module


# --- comparing a compiled result with CPython's ------------------------------------------------

def _as_numpy(value):
    torch = sys.modules.get("torch")
    if torch is not None and isinstance(value, torch.Tensor):
        if value.dtype == torch.bfloat16:
            value = value.float()
        return value.detach().cpu().numpy()
    return value


# Functions whose float64 results are float32 computations widened (`cos.to(q.dtype)` of a
# float32 cache): compared at float32's tolerance. In apply_rotary_pos_emb torch's float32 cos(1)
# and sin(1) are further from the exact values than muna's (cos(1) - sin(1): torch's error 5.8e-8,
# muna's 1.3e-9), which float64's 1e-9 would call a wrong result.
FLOAT32_SOURCED = {"pt_masks_positions:apply_rotary_pos_emb"}


def _close(a: float, b: float, dtype: str) -> bool:
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    if math.isinf(a) or math.isinf(b):
        return a == b
    return abs(a - b) <= ATOL[dtype] + RTOL[dtype] * abs(b)


def same(expected, got, path="result", float64_as="float64") -> str | None:
    """None when `got` (the compiled library's result) equals `expected` (CPython's), else where
    and how they differ. A torch tensor comes back as a NumPy array of its dtype; a NumPy scalar
    as the NumPy scalar of the same type. `float64_as`: the tolerance
    float64 arrays are compared with (FLOAT32_SOURCED)."""
    import numpy as np
    expected = _as_numpy(expected)
    if isinstance(expected, np.ndarray):
        if not isinstance(got, np.ndarray):
            return f"{path}: expected an array, got {type(got).__name__}"
        if expected.dtype != got.dtype and not (expected.dtype == np.float16 and got.dtype == np.float32):
            return f"{path}: dtype {got.dtype}, expected {expected.dtype}"
        if expected.shape != got.shape:
            return f"{path}: shape {got.shape}, expected {expected.shape}"
        if expected.dtype.kind == "f":
            precision = float64_as if expected.dtype.name == "float64" else expected.dtype.name
            ok = np.isclose(got, expected, rtol=RTOL[precision], atol=ATOL[precision], equal_nan=True)
            if not ok.all():
                i = tuple(np.argwhere(~ok)[0])
                return f"{path}{list(i)}: {got[i]!r}, expected {expected[i]!r}"
            return None
        if not np.array_equal(expected, got):
            i = tuple(np.argwhere(expected != got)[0]) if expected.shape else ()
            return f"{path}{list(i)}: {got[i]!r}, expected {expected[i]!r}"
        return None
    if isinstance(expected, (np.generic,)):
        if type(got) is not type(expected):
            return f"{path}: {got!r} ({type(got).__name__}), expected {expected!r} ({type(expected).__name__})"
        if expected.dtype.kind == "f":
            return None if _close(float(got), float(expected), expected.dtype.name) else f"{path}: {got!r}, expected {expected!r}"
        return None if got == expected.item() else f"{path}: {got!r}, expected {expected!r}"
    if type(expected) is not type(got):
        if not (hasattr(expected, "__dataclass_fields__") or isinstance(expected, tuple) and hasattr(expected, "_fields")):
            return f"{path}: {got!r} ({type(got).__name__}), expected {expected!r} ({type(expected).__name__})"
    if isinstance(expected, float):
        return None if _close(got, expected, "python") else f"{path}: {got!r}, expected {expected!r}"
    if isinstance(expected, (list, tuple)):
        if len(expected) != len(got):
            return f"{path}: length {len(got)}, expected {len(expected)}"
        for i, (e, g) in enumerate(zip(expected, got)):
            d = same(e, g, f"{path}[{i}]", float64_as)
            if d:
                return d
        return None
    if isinstance(expected, dict):
        if list(expected) != list(got):
            return f"{path}: keys {list(got)!r}, expected {list(expected)!r}"
        for k in expected:
            d = same(expected[k], got[k], f"{path}[{k!r}]", float64_as)
            if d:
                return d
        return None
    if hasattr(expected, "__dataclass_fields__"):
        import dataclasses
        fields = {f.name: getattr(expected, f.name) for f in dataclasses.fields(expected)}
        got_fields = got if isinstance(got, dict) else {f: getattr(got, f, None) for f in fields}
        return same(fields, got_fields, path, float64_as)
    return None if expected == got else f"{path}: {got!r}, expected {expected!r}"


def cpython_outcome(module, fn, args):
    """("value", result) or ("raise", type name, message, raised by the program's own code)."""
    try:
        return ("value", fn(*copy.deepcopy(args)))
    except Exception as e:
        tb = traceback.extract_tb(e.__traceback__)
        own = bool(tb) and os.path.abspath(tb[-1].filename) == os.path.abspath(module.__file__)
        return ("raise", type(e).__name__, str(e), own)


def refused_at_call(got) -> bool:
    """The library's own argument check refused the call (the TypeErrors of emit.py's entry
    points and include/muna/abi/convert.hpp: a parameter's type or rank, or a combination of
    them, is not among those compiled)."""
    return got[0] == "raise" and got[1] == "TypeError" and re.match(
        r"argument '[^']*'[^:]*: expected |argument '[^']*': .*; accepted: |"
        r"these arguments' types are not accepted together; accepted: |"
        r"no compiled form of this function takes these arguments", got[2]) is not None


def compare(expected, got, float64_as="float64") -> str | None:
    if expected[0] == "raise":
        if got[0] != "raise":
            return f"returned {got[1]!r}, CPython raised {expected[1]}: {expected[2]}"
        if got[1].rsplit(".", 1)[-1] != expected[1]:  # (muna names a module's exceptions: struct.error)
            return f"raised {got[1]}: {got[2]}, CPython raised {expected[1]}: {expected[2]}"
        if expected[3] and got[2] != expected[2]:
            return f"message {got[2]!r}, CPython's {expected[2]!r}"
        return None
    if got[0] != "value":
        return f"raised {got[1]}: {got[2]}, CPython returned {expected[1]!r}"[:400]
    return same(expected[1], got[1], float64_as=float64_as)


# --- compiling ---------------------------------------------------------------------------------

def classify(path, function):
    """("accepted", None) / ("rejected", diagnostic) / ("crash", what): the front end and the
    passes run in this process, without building C++."""
    from muna import frontend, passes
    from muna.diagnostics import CompileError
    try:
        program = frontend.build_program(os.path.relpath(path, ROOT), [function])
        passes.lower(program)
    except CompileError as e:
        text = e.render()
        first = text.splitlines()[0] if text else ""
        located = re.match(r"^(.*?):(\d+):(\d+): error: ", first)
        if located and os.path.abspath(os.path.join(ROOT, located.group(1))) == os.path.abspath(path):
            return "rejected", first
        return "crash", "diagnostic outside the program: " + first
    except Exception as e:  # a muna bug
        return "crash", f"internal error: {type(e).__name__}: {e}"
    return "accepted", None


def compile_functions(path, functions):
    """{function: library path or ("crash", why)}: all in one library (muna_testing), for the
    target this machine runs best."""
    from muna_testing import compile_functions as compile_together
    out = {}
    for f, lib in compile_together(os.path.relpath(path, ROOT), functions).items():
        if lib.endswith(".so"):
            out[f] = lib
            continue
        # A located diagnostic in the program (the CLI's build reached one the front end alone
        # did not) is a rejection; anything else, an internal compiler error included, a crash.
        lines = lib.strip().splitlines()
        located = next((m for m in (re.match(r"^(.*?):(\d+):(\d+): error: ", line) for line in lines) if m), None)
        if located and "internal compiler error" not in located.string and \
                os.path.abspath(os.path.join(ROOT, located.group(1))) == os.path.abspath(path):
            out[f] = ("rejected", located.string)
        else:
            out[f] = ("crash", "build failed: " + lines[-1][:300])
    return out


def run_compiled(library, path, functions):
    """{function: its outcome per case, or ("crash", why)}, from one child process for all of
    them; when the child dies, each function again in a child of its own, so a crash fails
    only the function that crashed."""
    proc = subprocess.run([sys.executable, os.path.abspath(__file__), "--child", library, path, ",".join(functions)],
                          capture_output=True, timeout=600)
    if proc.returncode == 0:
        return pickle.loads(proc.stdout)
    if len(functions) > 1:
        out = {}
        for f in functions:
            out.update(run_compiled(library, path, [f]))
        return out
    last = proc.stderr.decode(errors="replace").strip().splitlines()[-1:] or ["?"]
    return {functions[0]: ("crash", f"the compiled library died (status {proc.returncode}): {last[0][:300]}")}


def child(library, path, functions):
    import muna
    # The results go to the parent through stdout; what the functions print (compiled code
    # writes to file descriptor 1 itself) goes to stderr instead.
    results_out = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)
    module = load_module(path)
    results = {}
    for function in functions.split(","):
        fn = muna.load(library, function)
        outcomes = []
        for i, args in enumerate(module.CASES[function]):
            print(f"{function} case {i}", file=sys.stderr, flush=True)
            try:
                value = fn(*copy.deepcopy(args))
                value = _copied(value)
                outcomes.append(("value", value))
            except muna.MunaError as e:
                outcomes.append(("raise", e.type, e.message))
            except Exception as e:  # the loader itself failed
                outcomes.append(("host error", type(e).__name__, str(e)))
        results[function] = outcomes
    results_out.write(pickle.dumps(results))
    results_out.flush()


def _copied(value):
    import numpy as np
    if isinstance(value, np.ndarray):
        return np.array(value)
    if isinstance(value, (list, tuple)) and type(value) in (list, tuple):
        return type(value)(_copied(v) for v in value)
    if isinstance(value, dict):
        return {k: _copied(v) for k, v in value.items()}
    return value


def evaluate(paths=None, only=None, log=None, frontend_only=False):
    """[(module, function, outcome, detail)] for every function of the corpus."""
    results = []
    for path in paths or module_paths():
        mname = os.path.splitext(os.path.basename(path))[0]
        if only and only[0] != mname:
            continue
        module = load_module(path)
        functions = [f for f in module.CASES if not only or only[1] in (None, f)]
        accepted = []
        for f in functions:
            status, detail = classify(path, f)
            if status == "accepted":
                accepted.append(f)
            else:
                results.append((mname, f, status, detail))
                if log:
                    log(mname, f, status, detail)
        if frontend_only:
            for f in accepted:
                results.append((mname, f, "accepted", None))
                if log:
                    log(mname, f, "accepted", None)
            continue
        libraries = compile_functions(path, accepted) if accepted else {}
        by_library = {}
        for f in accepted:
            if not isinstance(libraries[f], tuple):
                by_library.setdefault(libraries[f], []).append(f)
        ran = {}
        for lib, fs in by_library.items():
            ran.update(run_compiled(lib, path, fs))
        for f in accepted:
            lib = libraries[f]
            if isinstance(lib, tuple):
                results.append((mname, f, *lib))
                if log:
                    log(mname, f, *lib)
                continue
            got = ran[f]
            if isinstance(got, tuple):
                results.append((mname, f, *got))
                if log:
                    log(mname, f, *got)
                continue
            problems, refusals = [], []
            for i, (args, g) in enumerate(zip(module.CASES[f], got)):
                if g[0] == "host error":
                    problems.append(f"case {i}: the loader failed: {g[1]}: {g[2]}")
                    continue
                d = compare(cpython_outcome(module, getattr(module, f), args), g,
                            "float32" if f"{mname}:{f}" in FLOAT32_SOURCED else "float64")
                if d:
                    (refusals if refused_at_call(g) else problems).append(f"case {i}: {d}")
            outcome = ("wrong", "; ".join(problems)[:600]) if problems else \
                ("refused", "; ".join(refusals)[:600]) if refusals else ("pass", None)
            results.append((mname, f, *outcome))
            if log:
                log(mname, f, *outcome)
    return results


def summary(results) -> str:
    n = len(results)
    counts = {k: sum(1 for r in results if r[2] == k)
              for k in ("pass", "accepted", "rejected", "refused", "wrong", "crash")}
    return (f"{n} functions: {counts['pass']} pass ({100 * counts['pass'] / max(n, 1):.1f} %), "
            + (f"{counts['accepted']} accepted by the front end, " if counts["accepted"] else "")
            + f"{counts['rejected']} rejected, {counts['refused']} refused at a call, "
            + f"{counts['wrong']} wrong, {counts['crash']} crash")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--child", nargs=3)
    parser.add_argument("--only", help="MODULE or MODULE:FUNCTION")
    parser.add_argument("--json", help="write the outcomes here")
    parser.add_argument("--programs", help="a folder of modules to measure instead of programs/")
    parser.add_argument("--frontend-only", action="store_true",
                        help="only classify: accepted by the front end, or rejected (no C++ built)")
    parser.add_argument("--write-expected", action="store_true",
                        help="record these outcomes in expected.json (test_realistic.py's reference)")
    parser.add_argument("--from-tests", action="store_true",
                        help="the outcomes the last test run measured (build/realistic-outcomes/), not a run of its own")
    args = parser.parse_args()
    if args.child:
        child(*args.child)
        return
    only = None
    if args.only:
        m, _, f = args.only.partition(":")
        only = (m, f or None)

    def log(m, f, status, detail):
        print(f"{status:9} {m}:{f}" + (f"  {detail}" if detail else ""), flush=True)
    paths = module_paths(os.path.abspath(args.programs)) if args.programs else None
    if args.from_tests:
        results = recorded_outcomes()
    else:
        results = evaluate(paths, only=only, log=log, frontend_only=args.frontend_only)
    print(summary(results))
    if args.json:
        with open(args.json, "w") as fh:
            json.dump([list(r) for r in results], fh, indent=1)
    if args.write_expected:
        write_expected(results)


# Where test_realistic.py leaves each module's outcomes, so that one test run both checks them
# and can record them (--write-expected --from-tests) without compiling the corpus again.
RECORDED = os.path.join(ROOT, "build", "realistic-outcomes")


def record_outcomes(module, results):
    os.makedirs(RECORDED, exist_ok=True)
    with open(os.path.join(RECORDED, module + ".json"), "w") as fh:
        json.dump([list(r) for r in results], fh)


def recorded_outcomes() -> list:
    results = []
    for path in sorted(glob.glob(os.path.join(RECORDED, "*.json"))):
        with open(path) as fh:
            results += [tuple(r) for r in json.load(fh)]
    if not results:
        raise SystemExit(f"no outcomes in {RECORDED}: run tests/realistic/test_realistic.py first")
    return results


def write_expected(results):
    """Records each function's outcome; a front-end-only run keeps a function's end-to-end
    outcome while the front end still accepts it."""
    path = os.path.join(HERE, "expected.json")
    expected = {}
    if os.path.exists(path):
        with open(path) as fh:
            expected = json.load(fh)
    for m, f, status, _ in results:
        key = f"{m}:{f}"
        if status == "accepted" and expected.get(key) not in (None, "rejected", "crash"):
            continue
        expected[key] = status
    with open(path, "w") as fh:
        json.dump(dict(sorted(expected.items())), fh, indent=1)
        fh.write("\n")


if __name__ == "__main__":
    main()
