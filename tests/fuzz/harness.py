"""The differential harness: generated programs run by CPython (oracle.py) and compiled by muna,
many to one library, their outcomes compared.

Each program ends in one outcome:
  pass      every argument set gives CPython's value and type (floats by repr, so -0.0 and NaN
            count; arrays by dtype, shape and bytes, NaN payloads aside), or raises the same
            exception type (and message, where the program's own raise/assert made it);
  rejected  muna refused it with a CompileError located in the program: a coverage gap;
  wrong     compiled, and some argument set differs from CPython: a miscompilation;
  crash     an internal error of the compiler (an exception that is not a CompileError, a
            diagnostic outside the program), C++ that does not build, a library that dies,
            hangs or returns what the loader cannot read;
  invalid   CPython itself did not run it as a well-typed program should (a generator bug:
            NameError, TypeError, a timeout): never compared, counted to keep the generator honest.

The front end and the passes (and the emitter) run in this process per program, without
building C++, which tells the rejected programs apart cheaply; the accepted ones are then
compiled together (`FILE.py:f1,f2,...`), and a library that does not build is split in halves
until the programs that break it are found.
"""
from __future__ import annotations

import dataclasses
import hashlib
import math
import os
import pickle
import re
import signal
import subprocess
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, "codegen"))
sys.path.insert(0, os.path.join(ROOT, "tests"))

from fuzz_types import Ty  # noqa: E402
from generator import Program, module_source  # noqa: E402

PYTHON = "/usr/bin/python3"


def default_target() -> str:
    """The one target of a default library this machine runs (one build instead of three)."""
    from muna.build import DEFAULT_TARGET as targets, host_target
    return host_target(targets) or "generic"

FRONTEND_SECONDS = 60


@dataclasses.dataclass
class Outcome:
    program: Program
    status: str                 # pass rejected refused wrong crash invalid
    detail: str = ""            # the diagnostic, the crash, or how the results differ
    case: tuple | None = None   # the argument set that differs (wrong, crash)
    expected: tuple | None = None
    got: tuple | None = None


# --- comparing ----------------------------------------------------------------------------------

def as_declared(value, t: Ty):
    """CPython's result as the annotation makes muna return it: an int where float is declared
    becomes a float, a NumPy scalar where int/float/bool is declared the Python number."""
    if t is None:
        return value
    k = t.kind
    if k == "float" and type(value) is int:
        return float(value)
    if k in ("int", "float", "bool") and isinstance(value, np.generic):
        return {"int": int, "float": float, "bool": bool}[k](value)
    if k == "list" and isinstance(value, list):
        return [as_declared(v, t.item) for v in value]
    if k == "tuple" and isinstance(value, tuple) and len(value) == len(t.args):
        return tuple(as_declared(v, a) for v, a in zip(value, t.args))
    if k == "dict" and isinstance(value, dict):
        return {kk: as_declared(v, t.args[1]) for kk, v in value.items()}
    if k == "opt" and value is not None:
        return as_declared(value, t.item)
    return value


def _same_float(a, b) -> bool:
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    return a == b and math.copysign(1, a) == math.copysign(1, b)


def differ(a, b, path="result"):
    """None when b (muna's) equals a (CPython's) exactly, else where and how they differ."""
    if type(a) is not type(b):
        return f"{path}: {b!r} ({type(b).__name__}), expected {a!r} ({type(a).__name__})"
    if isinstance(a, (float, np.floating)):
        return None if _same_float(float(a), float(b)) else f"{path}: {b!r}, expected {a!r}"
    if isinstance(a, (list, tuple)):
        if len(a) != len(b):
            return f"{path}: length {len(b)}, expected {len(a)}: {b!r} vs {a!r}"
        for i, (x, y) in enumerate(zip(a, b)):
            d = differ(x, y, f"{path}[{i}]")
            if d:
                return d
        return None
    if isinstance(a, dict):
        if list(a) != list(b):
            return f"{path}: keys {list(b)!r}, expected {list(a)!r}"
        for k in a:
            d = differ(a[k], b[k], f"{path}[{k!r}]")
            if d:
                return d
        return None
    if isinstance(a, np.ndarray):
        if a.dtype != b.dtype or a.shape != b.shape:
            return f"{path}: {b.dtype}{list(b.shape)}, expected {a.dtype}{list(a.shape)}"
        if a.tobytes() == b.tobytes():
            return None
        if a.dtype.kind == "f":
            nan = np.isnan(a)
            if (nan == np.isnan(b)).all() and a[~nan].tobytes() == b[~nan].tobytes():
                return None  # NaN payloads aside
        bad = np.argwhere(~((a == b) | (np.isnan(a) & np.isnan(b)) if a.dtype.kind == "f" else a == b)
                          | (np.signbit(a) != np.signbit(b) if a.dtype.kind == "f" else False))
        where = tuple(bad[0]) if len(bad) else ()
        return f"{path}{list(where)}: {b[where]!r}, expected {a[where]!r} (got {b!r}, expected {a!r})"
    return None if a == b else f"{path}: {b!r}, expected {a!r}"


def compare(expected, got, declared) -> str | None:
    """How muna's outcome differs from CPython's, or None."""
    if expected[0] == "raise":
        if got[0] != "raise":
            return f"returned {show(got)}, CPython raised {expected[1]}: {expected[2]}"
        if got[1] != expected[1]:
            return f"raised {got[1]}: {got[2]}, CPython raised {expected[1]}: {expected[2]}"
        if expected[3] and got[2] != expected[2]:
            return f"message {got[2]!r}, CPython's (the program's own) {expected[2]!r}"
        return None
    if got[0] != "value":
        return f"{show(got)}, CPython returned {show(expected)}"
    return differ(as_declared(expected[1], declared), got[1])


def show(outcome) -> str:
    if outcome is None:
        return "nothing"
    if outcome[0] == "value":
        return f"{outcome[1]!r} ({type(outcome[1]).__name__})"
    return f"{outcome[0]} " + ": ".join(repr(x) if i else str(x) for i, x in enumerate(outcome[1:3]))


# --- compiling ----------------------------------------------------------------------------------

class _FrontendTimeout(Exception):
    pass


def _alarm(signum, frame):
    raise _FrontendTimeout()


def classify(path: str, name: str):
    """("accepted", None) / ("rejected", diagnostic) / ("crash", what): front end, passes and
    emitter in this process, no C++ build. `path` should hold little more than the function:
    the front end imports it afresh each time."""
    from muna import emit, frontend, passes
    from muna.diagnostics import CompileError
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(FRONTEND_SECONDS)
    try:
        program = frontend.build_program(path, [name])
        program = passes.lower(program)
        emit.emit_program(program, os.path.splitext(path)[0] + ".weights.bin")
    except CompileError as e:
        if e.loc is not None and os.path.abspath(e.loc.file) == os.path.abspath(path):
            return "rejected", f"{e.loc.line}:{e.loc.col}: {e.message}"
        return "crash", f"diagnostic outside the program: {e.loc}: {e.message}"
    except _FrontendTimeout:
        return "crash", f"the front end ran for over {FRONTEND_SECONDS} s"
    except RecursionError:
        return "crash", "internal error: RecursionError"
    except Exception as e:
        import traceback
        where = traceback.extract_tb(e.__traceback__)[-1]
        return "crash", (f"internal error: {type(e).__name__}: {str(e)[:300]} "
                         f"(at {os.path.relpath(where.filename, ROOT)}:{where.lineno})")
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
        sys.modules.pop("_muna_user_" + os.path.splitext(os.path.basename(path))[0], None)
    return "accepted", None


def _muna_digest():
    from muna_testing import MUNA_DIGEST
    return MUNA_DIGEST


def build(path: str, names: list, cache: str, target: str):
    """(library path, None, None) or (None, why, compiler log or None): the names compiled into one
    library through the CLI, cached by the content of the module, the names, the target and
    muna's own sources."""
    out = os.path.join(cache, f"{_key(path, names, target)}.so")
    if os.path.exists(out):
        return out, None, None
    os.makedirs(cache, exist_ok=True)
    env = {**os.environ, "PYTHONPATH": os.path.join(ROOT, "codegen")}
    cmd = [PYTHON, "-m", "muna", "compile", f"{path}:{','.join(names)}", "-o", out + ".tmp.so", "--target", target]
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=3600)
    except subprocess.TimeoutExpired:
        return None, "the compiler ran for over an hour", None
    cpp = out + ".tmp.cpp"
    if proc.returncode != 0:
        why = proc.stderr.strip().splitlines()[0] if proc.stderr.strip() else f"status {proc.returncode}"
        m = re.search(r"compiler log is in (\S+?)\)", why)
        log = None
        if m and os.path.exists(m.group(1)) and os.path.exists(cpp):
            log = (m.group(1), cpp)
            why = why[:m.start()] + "compiler log: " + _first_error(m.group(1)) + ")"
        return None, why, log
    os.replace(out + ".tmp.so", out)
    if os.path.exists(cpp):
        os.remove(cpp)
    return out, None, None


def _first_error(log_path) -> str:
    with open(log_path, errors="replace") as f:
        for line in f:
            if ": error: " in line:
                return line.split(": error: ", 1)[1].strip()[:300]
    return "?"


def culprits(log, names) -> dict:
    """{entry name: first error} for the functions the C++ errors point into: every line of the
    generated source the log names (errors, and the "required from here" of a template error
    in a header) belongs to the function above it (a comment names its Python function, the
    ABI wrapper call_NAME names its entry)."""
    log_path, cpp = log
    with open(cpp, errors="replace") as f:
        lines = f.read().splitlines()
    owner, current = [], None
    for line in lines:
        m = re.match(r"// .*:\d+:\d+: def (\w+)\(", line) or re.match(r"muna_status call_(\w+)\(", line)
        if m:
            current = m.group(1)
        owner.append(current)
    programs = {n.rsplit("_", 1)[0]: n for n in names}  # p12_f -> program p12 (its helpers are p12_h0, ...)
    found = {}
    pattern = re.compile(re.escape(cpp) + r":(\d+):(?:\d+:)? ?(.*)")
    with open(log_path, errors="replace") as f:
        log_lines = f.read().splitlines()
    for i, text in enumerate(log_lines):
        m = pattern.search(text)
        if not m or not 0 < int(m.group(1)) <= len(owner) or owner[int(m.group(1)) - 1] is None:
            continue
        entry = programs.get(owner[int(m.group(1)) - 1].split("_")[0])
        if entry is not None and entry not in found:
            error = next((t.split(": error: ", 1)[1] for t in log_lines[i:] if ": error: " in t), m.group(2))
            found[entry] = "the generated C++ did not compile: " + error.strip()[:300]
    return found


def _key(path, names, target):
    with open(path, "rb") as f:
        return hashlib.sha256(_muna_digest().encode() + f.read() + ",".join(names).encode() + target.encode()).hexdigest()[:20]


def screen_cached(path, names, target, workdir, cache, log=print):
    """screen(), remembered in the cache beside the libraries (a re-run skips the g++ pass)."""
    import json
    memo = os.path.join(cache, _key(path, names, target) + ".screen.json")
    if os.path.exists(memo):
        with open(memo) as f:
            data = json.load(f)
        return data["ok"], data["bad"]
    ok, bad = screen(path, names, target, workdir, log)
    os.makedirs(cache, exist_ok=True)
    with open(memo, "w") as f:
        json.dump({"ok": ok, "bad": bad}, f)
    return ok, bad


def screen(path, names, target, workdir, log=print, rounds=8):
    """(names whose C++ compiles, {name: why} for the others), by g++ -fsyntax-only on the
    generated source (several times cheaper than building it): each round drops the functions
    the errors point into. g++ reports an error in one template instantiation once, so two
    functions broken the same way take two rounds."""
    from muna.build import compiler, flags
    env = {**os.environ, "PYTHONPATH": os.path.join(ROOT, "codegen")}
    cpp = os.path.join(workdir, "screen.cpp")
    bad = {}
    names = list(names)
    for _ in range(rounds):
        if not names:
            break
        proc = subprocess.run([PYTHON, "-m", "muna", "compile", f"{path}:{','.join(names)}", "--emit", "cpp",
                               "-o", cpp, "--target", target], capture_output=True, text=True, env=env)
        if proc.returncode != 0:
            return names, bad  # the build will tell (and split) what is wrong
        check = subprocess.run([compiler(), *flags(target), "-fsyntax-only", cpp], capture_output=True, text=True)
        if check.returncode == 0:
            return names, bad
        log_path = cpp + ".log"
        with open(log_path, "w") as f:
            f.write(check.stderr)
        found = culprits((log_path, cpp), names)
        if not found:
            return names, bad
        log(f"  the C++ of {', '.join(sorted(found))} does not compile")
        bad.update(found)
        names = [n for n in names if n not in found]
    return names, bad


def build_split(path, names, cache, target, log=print, rounds=3):
    """{name: library} for the names that build, {name: why} for those that break a build: the
    whole list first; when it fails, without the functions the compiler log points at (up to
    `rounds` times), else halves of the list.""" 
    lib, why, log_files = build(path, names, cache, target)
    if lib is not None:
        return {n: lib for n in names}, {}
    if len(names) == 1:
        return {}, {names[0]: why}
    if log_files is not None and rounds > 0:
        bad = culprits(log_files, names)
        if bad and len(bad) < len(names):
            log(f"  library of {len(names)} functions did not build; again without {', '.join(sorted(bad))}")
            ok, more = build_split(path, [n for n in names if n not in bad], cache, target, log, rounds - 1)
            return ok, {**bad, **more}
    log(f"  library of {len(names)} functions did not build ({why[:150]}); splitting")
    half = len(names) // 2
    a_ok, a_bad = build_split(path, names[:half], cache, target, log)
    b_ok, b_bad = build_split(path, names[half:], cache, target, log)
    return {**a_ok, **b_ok}, {**a_bad, **b_bad}


# --- running ------------------------------------------------------------------------------------

def run_oracle(path, cases, workdir, reverse_calls=False):
    tag = "-reversed" if reverse_calls else ""
    cases_path = os.path.join(workdir, f"oracle-cases{tag}.pkl")
    out_path = os.path.join(workdir, f"oracle-out{tag}.pkl")
    with open(cases_path, "wb") as f:
        pickle.dump(cases, f)
    proc = subprocess.run([PYTHON, os.path.join(HERE, "oracle.py"), path, cases_path, out_path] +
                          (["reversed"] if reverse_calls else []),
                          capture_output=True, text=True, timeout=60 + 10 * len(cases))
    if proc.returncode != 0:
        raise RuntimeError(f"the oracle failed: {proc.stderr[-2000:]}")
    with open(out_path, "rb") as f:
        return pickle.load(f)


def run_compiled(library, cases, workdir, seconds_per_case=10.0):
    """One outcome per case; a case that kills or hangs the process is ("crash", what) and the
    run resumes after it."""
    cases_path = os.path.join(workdir, "compiled-cases.pkl")
    out_path = os.path.join(workdir, "compiled-out.pkl")
    with open(cases_path, "wb") as f:
        pickle.dump(cases, f)
    if os.path.exists(out_path):
        os.remove(out_path)
    results = {}
    start = 0
    while start < len(cases):
        proc = subprocess.Popen([PYTHON, os.path.join(HERE, "run_compiled.py"), library, cases_path, out_path, str(start)],
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        try:
            _, err = proc.communicate(timeout=20 + seconds_per_case * (len(cases) - start))
            what = f"died with status {proc.returncode}: {err.strip().splitlines()[-1] if err.strip() else ''}"
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.communicate()
            what = "hung (killed)"
        results.update(_read_outcomes(out_path))
        done = [i for i in results if i >= start]
        nxt = max(done) + 1 if done else start
        if nxt >= len(cases):
            break
        if proc.returncode == 0 and nxt < len(cases):
            what = "stopped without an outcome"
        results[nxt] = ("crash", what)
        start = nxt + 1
    return [results.get(i, ("crash", "no outcome")) for i in range(len(cases))]


def _read_outcomes(path):
    out = {}
    if not os.path.exists(path):
        return out
    with open(path, "rb") as f:
        while True:
            try:
                i, r = pickle.load(f)
            except EOFError:
                break
            except Exception:
                break  # a record cut short by the crash
            out[i] = r
    return out


# --- one batch ----------------------------------------------------------------------------------

def run_batch(programs: list, workdir: str, target: str | None = None, cache: str | None = None,
              log=print) -> list:
    """Outcome of each program; the batch's module, cases and libraries live in workdir."""
    os.makedirs(workdir, exist_ok=True)
    target = target or default_target()
    cache = cache or os.path.join(ROOT, "build", "fuzz", "cache")
    name = f"fuzz_{programs[0].seed}_{programs[0].index}"
    path = os.path.join(workdir, name + ".py")
    with open(path, "w", encoding="utf-8") as f:
        f.write(module_source(programs))
    t0 = time.time()
    cases = [(p.entry, args) for p in programs for args in p.arg_sets]
    expected_all = run_oracle(path, cases, workdir)
    expected, k = {}, 0
    for p in programs:
        expected[p.index] = expected_all[k:k + len(p.arg_sets)]
        k += len(p.arg_sets)
    outcomes = {}
    accepted = []
    for p in programs:
        bad = next((e for e in expected[p.index] if e[0] in ("invalid", "timeout")), None)
        if bad is not None:
            outcomes[p.index] = Outcome(p, "invalid", bad[1] if len(bad) > 1 else "CPython timed out")
            continue
        alone = os.path.join(workdir, f"fuzz_{p.seed}_{p.index}_alone.py")
        with open(alone, "w", encoding="utf-8") as f:
            f.write(p.module())
        status, detail = classify(alone, p.entry)
        if status == "accepted":
            accepted.append(p)
        else:
            outcomes[p.index] = Outcome(p, status, detail)
    t1 = time.time()
    names, broken = screen_cached(path, [p.entry for p in accepted], target, workdir, cache, log) if accepted else ([], {})
    libs, more = build_split(path, names, cache, target, log) if names else ({}, {})
    broken.update(more)
    t2 = time.time()
    for p in accepted:
        if p.entry in broken:
            outcomes[p.index] = Outcome(p, "crash", "build failed: " + broken[p.entry])
    by_lib = {}
    for p in accepted:
        if p.entry in libs:
            by_lib.setdefault(libs[p.entry], []).append(p)
    got = {}
    for lib, progs in by_lib.items():
        lib_cases = [(p.entry, args) for p in progs for args in p.arg_sets]
        got_all = run_compiled(lib, lib_cases, workdir)
        k = 0
        for p in progs:
            got[p.index] = got_all[k:k + len(p.arg_sets)]
            k += len(p.arg_sets)
    _allow_other_argument_order(path, [p for progs in by_lib.values() for p in progs], expected, got, workdir)
    for progs in by_lib.values():
        for p in progs:
            outcomes[p.index] = judge(p, expected[p.index], got[p.index])
    t3 = time.time()
    log(f"  batch {name}: {len(programs)} programs, {len(accepted)} compiled; "
        f"oracle+front end {t1 - t0:.0f} s, build {t2 - t1:.0f} s, run {t3 - t2:.0f} s")
    return [outcomes[p.index] for p in programs]


def _allow_other_argument_order(path, programs, expected, got, workdir):
    """Where muna raised another exception than CPython, CPython again with every call's
    arguments evaluated right to left: the arguments of one call are evaluated in an unspecified
    order when two of them raise (docs/language.md), so that outcome is muna's to give too."""
    suspects = [(p, i) for p in programs for i, (e, g) in enumerate(zip(expected[p.index], got[p.index]))
                if e[0] == "raise" and g[0] == "raise" and compare(e, g, p.returns) is not None]
    if not suspects:
        return
    other = run_oracle(path, [(p.entry, p.arg_sets[i]) for p, i in suspects], workdir, reverse_calls=True)
    for (p, i), e in zip(suspects, other):
        if e[0] == "raise" and compare(e, got[p.index][i], p.returns) is None:
            expected[p.index][i] = e


def judge(p: Program, expected: list, got: list) -> Outcome:
    for args, e, g in zip(p.arg_sets, expected, got):
        if g[0] in ("crash", "host error"):
            return Outcome(p, "crash", f"the library {show(g)}", args, e, g)
    refusal = None
    for args, e, g in zip(p.arg_sets, expected, got):
        d = compare(e, g, p.returns)
        if d is not None and refused_at_call(g):
            refusal = refusal or Outcome(p, "refused", d, args, e, g)
        elif d is not None:
            return Outcome(p, "wrong", d, args, e, g)
    return refusal or Outcome(p, "pass")


def refused_at_call(got) -> bool:
    """A coverage gap found at the call, like a rejection; never a value: the library's TypeError
    naming the types it takes (an array of a rank no compiled form takes, a Union member the body
    could not take), or its NotImplementedError for a dtype combination a run-time dtype dispatch
    has no branch for (a dtype muna lacks, such as uint64)."""
    if got[0] != "raise":
        return False
    if got[1] == "NotImplementedError":
        return "muna" in got[2]
    return got[1] == "TypeError" and re.search(
        r"accepted: |no compiled form of this function takes these arguments", got[2]) is not None


def reason_key(detail: str) -> str:
    """A rejection's diagnostic without its location and names: what to count."""
    text = re.sub(r"^\d+:\d+: ", "", detail)
    text = re.sub(r"'[^']*'", "'_'", text)
    text = re.sub(r"\b\d+\b", "N", text)
    text = re.sub(r"(list|dict|set|tuple|Optional)\[[^;]*?\](?=[ ;,)]|$)", r"\1[...]", text)
    return text[:140]
