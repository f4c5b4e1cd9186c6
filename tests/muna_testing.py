"""Helpers shared by the tests: compiling Python functions through the real CLI, cached by content.

A compiled library is reused while neither the function's source file nor any of muna's own
sources changed, so the suite compiles each case once per change, not once per run.
"""
import glob
import hashlib
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "codegen"))
CACHE = os.path.join(ROOT, "build", "test-cache")


def _muna_digest():
    h = hashlib.sha256()
    for pattern in ("codegen/**/*.py", "include/**/*.h*", "kernels/**/*.h*"):
        for path in sorted(glob.glob(os.path.join(ROOT, pattern), recursive=True)):
            with open(path, "rb") as f:
                h.update(path.encode() + f.read())
    return h.hexdigest()


MUNA_DIGEST = _muna_digest()


def run_muna(*args, check=False, env=None):
    """Runs ./muna as a user would; returns the CompletedProcess."""
    proc = subprocess.run([os.path.join(ROOT, "muna"), *args], capture_output=True, text=True, cwd=ROOT,
                          env=None if env is None else {**os.environ, **env})
    if check and proc.returncode != 0:
        raise AssertionError(f"muna {' '.join(args)} failed:\n{proc.stderr}")
    return proc


def compile_library(path: str, function: str, *extra, env=None) -> str:
    """Compiles path:function (path relative to the repository; `function` may list several,
    comma-separated) and returns the .so path. `env` is set while the module is imported."""
    h = hashlib.sha256(MUNA_DIGEST.encode() + function.encode() + repr(extra).encode()
                       + repr(sorted((env or {}).items())).encode())
    # The module and its sibling modules (it may import them: model.py, weights.py, ...).
    for sibling in sorted(glob.glob(os.path.join(ROOT, os.path.dirname(path), "*.py"))):
        with open(sibling, "rb") as f:
            h.update(f.read())
    key = h.hexdigest()[:16]
    out = os.path.join(CACHE, f"{os.path.basename(path)[:-3]}-{function}-{key}.so")
    if not os.path.exists(out):
        os.makedirs(CACHE, exist_ok=True)
        run_muna("compile", f"{path}:{function}", "-o", out, *extra, check=True, env=env)
    return out


def runnable_default_targets() -> list[str]:
    """The targets of a default library this machine runs: tests run each op under every one,
    since a default library runs x86-64-v4 code here but x86-64-v3 code on AVX2-only CPUs."""
    from muna.build import DEFAULT_TARGET, host_target, parse_targets
    return [t for t in parse_targets(DEFAULT_TARGET) if host_target(t)]


def load_pinned(library: str, target: str):
    """`library` (built for several targets) loaded to run `target`'s code in this process. Its
    dispatcher picks once, at the first call, reading MUNA_TARGET; a process loads one file once
    (dlopen), so each target gets its own copy of the file, made to pick with MUNA_TARGET set."""
    import shutil
    import muna
    copy = f"{library[:-3]}.{target}.so"
    if not os.path.exists(copy):
        shutil.copyfile(library, copy + ".tmp")
        os.replace(copy + ".tmp", copy)
    before = os.environ.get("MUNA_TARGET")
    os.environ["MUNA_TARGET"] = target
    try:
        loaded = muna.load(copy)
        picked = loaded.target  # the pick, made now
    finally:
        if before is None:
            del os.environ["MUNA_TARGET"]
        else:
            os.environ["MUNA_TARGET"] = before
    assert picked == target, f"{copy} runs {picked}, not {target}"
    return loaded
