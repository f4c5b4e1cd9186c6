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
    for pattern in ("codegen/**/*.py", "include/**/*.h*", "kernels/**/*.h*", "opcore/*.cpp"):
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


# What tests build at: -O1 gives the same results as the -O2 that ships (build.OPT_LEVELS) in
# three quarters of the compile time, and nearly every test is a compile. Tests of what ships
# (tests/dispatch, tests/spine, tests/embedding_gemma) build at -O2 (`shipped`).
TEST_OPT = "-O1"


def compile_library(path: str, function: str, *extra, env=None, every_target=False, shipped=False) -> str:
    """Compiles path:function (path relative to the repository; `function` may list several,
    comma-separated) and returns the .so path. `env` is set while the module is imported.
    Built at TEST_OPT unless `shipped` or `extra` names a level.

    Without --target, the library holds the best default target this machine runs, and the
    source is checked for the other default targets without making their code
    (build.check_syntax): a test of the language runs the same code whichever SIMD width the
    ops have, and each target built is a compile of its own. With `every_target`, it holds
    every default target the machine runs, for tests that run an op under each
    (muna_testing.load_pinned: the NumPy and torch conformance suites); tests/dispatch and
    tests/spine build real dispatching libraries, with --target or through the CLI."""
    if not shipped and not any(e.startswith("-O") for e in extra):
        extra = (*extra, TEST_OPT)
    if "--target" not in extra:
        from muna.build import DEFAULT_TARGET, parse_targets
        built = runnable_default_targets() if every_target else [host_target()]
        if built != parse_targets(DEFAULT_TARGET):
            return _compile_library(path, function, *extra, "--target", ",".join(built), env=env,
                                    checked=[t for t in parse_targets(DEFAULT_TARGET) if t not in built])
    return _compile_library(path, function, *extra, env=env)


def compile_generated(source: str, path: str, functions) -> tuple:
    """A generated program: `source` written to `path` (under the repository, so that a
    failure points at a file), run by CPython and compiled with its `functions`; returns
    (the module's namespace, the library's path)."""
    os.makedirs(os.path.dirname(os.path.join(ROOT, path)), exist_ok=True)
    with open(os.path.join(ROOT, path), "w") as f:
        f.write(source)
    namespace = {}
    exec(compile(source, path, "exec"), namespace)
    return namespace, compile_library(path, ",".join(functions))


def _compile_library(path: str, function: str, *extra, env=None, checked=()) -> str:
    h = hashlib.sha256(MUNA_DIGEST.encode() + function.encode() + repr(extra).encode()
                       + repr(sorted((env or {}).items())).encode())
    # The module and its sibling modules (it may import them: model.py, weights.py, ...).
    for sibling in sorted(glob.glob(os.path.join(ROOT, os.path.dirname(path), "*.py"))):
        with open(sibling, "rb") as f:
            h.update(f.read())
    key = h.hexdigest()[:16]
    names = function.split(",")
    label = function if len(names) == 1 else f"{names[0]}-and-{len(names) - 1}-more"
    out = os.path.join(CACHE, f"{os.path.basename(path)[:-3]}-{label[:80]}-{key}.so")
    if not os.path.exists(out):
        os.makedirs(CACHE, exist_ok=True)
        # Written under a name of this process, then renamed: test files run in parallel
        # (scripts/test.sh), and one that loads a library must never see it half-written.
        partial = f"{out[:-3]}.{os.getpid()}.partial.so"
        run_muna("compile", f"{path}:{function}", "-o", partial, *extra, check=True, env=env)
        from muna.build import BuildError, check_syntax
        for target in checked:
            try:
                check_syntax(partial[:-3] + ".cpp", target)
            except BuildError as e:
                with open(e.log_path) as f:
                    raise AssertionError(f"{path}:{function} does not compile for {target}:\n{f.read()[:4000]}")
        os.replace(partial, out)
    return out


def host_target() -> str:
    """The one target tests of the language (not of dispatch) build for: the best this machine
    runs, so a library is one compile instead of three (muna/build.py's default builds two
    targets and a dispatcher; tests/dispatch checks those)."""
    from muna.build import DEFAULT_TARGET, host_target as best
    return best(DEFAULT_TARGET) or "x86-64-v2"


def compile_functions(path: str, functions, target: str | None = None) -> dict:
    """{function: library path, or the compiler's error text}: every function in one library
    (one C++ compile); when that fails, each on its own, to tell which fails."""
    extra = ("--target", target or host_target())
    try:
        lib = compile_library(path, ",".join(functions), *extra)
        return {f: lib for f in functions}
    except AssertionError as e:
        if len(functions) == 1:
            return {functions[0]: str(e)}
    out = {}
    for f in functions:
        out.update(compile_functions(path, [f], target))
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


def as_returned(value):
    """A CPython result as a compiled library returns it: torch tensors come back as numpy
    arrays (see codegen/muna/loader.py)."""
    torch = sys.modules.get("torch")
    if torch is not None and isinstance(value, torch.Tensor):
        return value.numpy()
    if isinstance(value, tuple) and hasattr(value, "_fields"):  # a NamedTuple
        return type(value)(*(as_returned(v) for v in value))
    if isinstance(value, (list, tuple)):
        return type(value)(as_returned(v) for v in value)
    if isinstance(value, dict):
        return {k: as_returned(v) for k, v in value.items()}
    return value


def same(a, b) -> bool:
    """The same value and Python type, recursively: floats exactly (-0.0 is not 0.0; nan is
    nan), lists and tuples told apart, dicts in insertion order, arrays by dtype, shape and bytes
    (float arrays within FLOAT_ARRAY_ULPS), instances of a class that compares by identity by
    their attributes."""
    import numpy as np
    if type(a) is not type(b):
        return False
    if isinstance(a, float):
        return repr(a) == repr(b)
    if isinstance(a, (list, tuple)):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict):
        return len(a) == len(b) and all(same(ka, kb) and same(va, vb)
                                        for (ka, va), (kb, vb) in zip(a.items(), b.items()))
    if isinstance(a, np.ndarray):
        if a.dtype != b.dtype or a.shape != b.shape:
            return False
        if a.tobytes() == b.tobytes():
            return True
        return a.dtype.kind == "f" and _within_ulps(a, b, FLOAT_ARRAY_ULPS)
    if hasattr(a, "__dict__") and type(a).__eq__ is object.__eq__:
        return same(vars(a), vars(b))  # an instance of a plain class: its attributes
    return a == b


# NumPy's float loops are not the same on every CPU (on AVX-512 it computes exp, log, sin, ...
# with SVML, which differs from glibc by up to a few ulp), so a float array from NumPy is
# compared within this many units in the last place; NaNs, infinities and signed zeros exactly.
FLOAT_ARRAY_ULPS = 4


def _within_ulps(a, b, ulps) -> bool:
    import numpy as np
    a, b = np.asarray(a), np.asarray(b)
    finite = np.isfinite(a) & np.isfinite(b)
    if not np.array_equal(a[~finite], b[~finite], equal_nan=True) or \
            not np.array_equal(np.signbit(a[a == 0]), np.signbit(b[a == 0])):
        return False
    x, y = a[finite].astype(np.float64), b[finite].astype(np.float64)
    return bool(np.all(np.abs(x - y) <= ulps * np.spacing(np.abs(b[finite])).astype(np.float64)))
