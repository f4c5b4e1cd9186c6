"""Compiles a generated translation unit into a shared library with flags the project owns.

A library is built for one target, or for several (`--target x86-64-v3,x86-64-v4`, the
default): then the generated source is compiled once per target and once more as the
dispatcher (muna/abi/library.hpp), which picks at the first call the best variant the CPU runs.
Each variant is first linked on its own and all its symbols but its entry-point table are made
local: inline functions and templates compiled for different targets would otherwise merge at
link time, and an AVX-512 copy could end up called on a CPU without AVX-512.

The user never sees C++ compiler output: a failure here is a muna bug, reported as one
diagnostic line pointing at the function, with the compiler's log saved for the bug report.
"""
from __future__ import annotations

import contextlib
import hashlib
import os
import shutil
import subprocess
import tempfile

from . import cache_limit, opcore, outline

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
INCLUDE_DIRS = [os.path.join(ROOT, "include"), os.path.join(ROOT, "kernels")]

# Targets by name; never -march=native by default, so a library runs on every machine of the
# target's level. Highway 1.0.3 only selects its AVX2/AVX3 paths when AES and CLMUL are enabled
# (muna/abi/dispatch.hpp checks the CPU for the same features).
# The medium code model lets weight blobs exceed 2 GB of distance from the code.
TARGETS = {
    "x86-64-v2": ["-march=x86-64-v2", "-mcmodel=medium"],
    "x86-64-v3": ["-march=x86-64-v3", "-maes", "-mpclmul", "-mcmodel=medium"],
    "x86-64-v4": ["-march=x86-64-v4", "-maes", "-mpclmul", "-mcmodel=medium"],
    "generic": ["-mcmodel=medium"],
}
# AVX2 machines get AVX2 code, AVX-512 machines AVX-512 code (twice the lanes), as NumPy does.
DEFAULT_TARGET = "x86-64-v3,x86-64-v4"
# What the dispatcher itself is compiled for: it must run on every x86-64 CPU, to refuse one
# that runs no variant with an error status instead of an illegal instruction.
DISPATCHER_TARGET = "generic"


# Each target's CPU features as Linux's /proc/cpuinfo names them (the x86-64 psABI levels, and
# AES/CLMUL for Highway), for host_target(); muna/abi/dispatch.hpp asks the CPU the same.
_V2 = {"cx16", "lahf_lm", "popcnt", "sse4_1", "sse4_2", "ssse3"}
_V3 = _V2 | {"avx", "avx2", "bmi1", "bmi2", "f16c", "fma", "abm", "movbe", "xsave", "aes", "pclmulqdq"}
CPU_FEATURES = {"generic": set(), "x86-64-v2": _V2, "x86-64-v3": _V3,
                "x86-64-v4": _V3 | {"avx512f", "avx512bw", "avx512cd", "avx512dq", "avx512vl"}}


class BuildError(Exception):
    def __init__(self, message, log_path):
        super().__init__(message)
        self.log_path = log_path


def parse_targets(spec: str) -> list[str]:
    """'x86-64-v3,x86-64-v4' -> the targets, each known and named once; ValueError otherwise."""
    names = [t.strip() for t in spec.split(",") if t.strip()]
    unknown = [t for t in names if t not in TARGETS]
    if not names or unknown:
        raise ValueError(f"unknown target {', '.join(unknown) or repr(spec)} (known: {', '.join(sorted(TARGETS))}; "
                         "several, comma-separated, build a library that picks one at run time)")
    if len(set(names)) != len(names):
        raise ValueError(f"target named twice in {spec!r}")
    return names


def host_target(spec: str = DEFAULT_TARGET) -> str | None:
    """The target a library built for `spec` runs on this machine (the most capable one the CPU
    has), or None: what its dispatcher picks, read from /proc/cpuinfo (Linux) for the tools."""
    with open("/proc/cpuinfo") as f:
        flags = next((set(line.split(":", 1)[1].split()) for line in f if line.startswith("flags")), set())
    runnable = [t for t in parse_targets(spec) if CPU_FEATURES[t] <= flags]
    return max(runnable, key=lambda t: len(CPU_FEATURES[t]), default=None)


def compiler() -> str:
    return os.environ.get("CXX") or shutil.which("g++") or shutil.which("c++") or "c++"


# Optimization levels a library is built at: -O2 is what ships; -O1 compiles in three quarters
# of the time to the same results (no fast-math and no FMA contraction at either level, so every
# float operation rounds as at -O2), for a build that is run once (tests, trying a function out).
OPT_LEVELS = ("-O1", "-O2")


def flags(target: str, opt: str = "-O2") -> list[str]:
    """Compile flags of a generated TU (or a muna header) for one target."""
    # Eigen and oneDNN back the GEMM (kernels/muna/kernels/gemm.hpp); OpenMP is its threading.
    # -fno-gnu-unique: function-local statics of inline functions become plain weak symbols, which
    # a variant can make local (unique ones cannot be), and dlclose can unload the library.
    # -ffp-contract=off: `a * b + c` rounds twice, as Python evaluates it (g++ would fuse it into
    # one FMA and differ from CPython in the last bit); kernels ask for FMAs explicitly.
    return ["-std=c++17", opt, "-fPIC", "-fvisibility=hidden", "-fvisibility-inlines-hidden", "-fno-gnu-unique", "-DNDEBUG",
            "-ffp-contract=off",
            *TARGETS[target], f'-DMUNA_TARGET_NAME="{target}"', "-fopenmp",
            *[f"-I{d}" for d in INCLUDE_DIRS], "-isystem/usr/include/eigen3"]


# --as-needed keeps libraries that never multiply matrices free of oneDNN.
LINK_FLAGS = ["-fopenmp", "-Wl,--as-needed", "-Wl,--gc-sections", "-ldnnl"]


def variant_symbol(target: str) -> str:
    """The entry-point table of one target's code (declared in muna/abi/dispatch.hpp)."""
    return "muna_variant_" + target.replace("-", "_")


def variant_flags(target: str, opt: str = "-O2") -> list[str]:
    """Compile flags of one target's variant of a dispatching library, linked with the op core
    and the outlined dispatches (and of the outlined objects themselves: Outlined)."""
    return [*flags(target, opt), opcore.LINKED_FLAG, outline.LINKED_FLAG, f"-DMUNA_VARIANT={variant_symbol(target)}"]


def build_library(cpp_path: str, out_path: str, target: str = DEFAULT_TARGET,
                  depfile: str | None = None, blob_path: str | None = None, opt: str = "-O2") -> None:
    """Compiles, or copies the library an identical earlier build made (the same source,
    weights, targets, optimization level, compiler and headers: `cached`); with `depfile`, g++
    also writes the headers the library was built from. The op core linked is always the one
    that ships (-O2): it is compiled once for every library."""
    targets = parse_targets(target)
    if opt not in OPT_LEVELS:
        raise ValueError(f"unknown optimization level {opt} (known: {', '.join(OPT_LEVELS)})")
    with cached(cpp_path, blob_path, targets, out_path, depfile, opt) as hit:
        if not hit:
            _build(cpp_path, out_path, targets, depfile, opt)
    cache_limit.trim(opcore.cache_dir())


def _build(cpp_path: str, out_path: str, targets: list, depfile: str | None, opt: str) -> None:
    # The assembler finds the weight blob (.incbin) beside the generated source.
    blob_dir = f"-Wa,-I{os.path.dirname(os.path.abspath(cpp_path))}"
    deps = ["-MMD", "-MF", depfile] if depfile else []
    cores = opcore.archives(compiler(), {t: flags(t) for t in targets}, run)
    with open(cpp_path) as f:
        outlined = Outlined(outline.blocks(f.read()), targets, opt)
    try:
        _compile_and_link(cpp_path, out_path, targets, deps, blob_dir, cores, outlined, opt)
    finally:
        outlined.discard()


def _compile_and_link(cpp_path, out_path, targets, deps, blob_dir, cores, outlined, opt) -> None:
    if len(targets) == 1:
        t = targets[0]
        tu_flags = [*flags(t, opt), opcore.LINKED_FLAG, outline.LINKED_FLAG]
        prelude = opcore.preludes(compiler(), {t: tu_flags}, run)[t]
        if not outlined.commands:
            run([[compiler(), *tu_flags, *outlined.here[t], *prelude, "-shared", blob_dir, *deps, cpp_path,
                  *outlined.objects[t], cores[t], "-o", out_path, *LINK_FLAGS]])
            return
        with tempfile.TemporaryDirectory(prefix="muna-build-") as tmp:
            obj = os.path.join(tmp, "library.o")
            run(outlined.commands + [[compiler(), *tu_flags, *outlined.here[t], *prelude, blob_dir, *deps, "-c",
                                      cpp_path, "-o", obj]])
            outlined.keep()
            run([[compiler(), "-shared", obj, *outlined.objects[t], cores[t], "-o", out_path, *LINK_FLAGS]])
        return
    tu_flags = {t: variant_flags(t, opt) for t in targets}
    tu_flags["dispatcher"] = [*flags(DISPATCHER_TARGET, opt), "-DMUNA_DISPATCHER"]
    preludes = opcore.preludes(compiler(), tu_flags, run)
    with tempfile.TemporaryDirectory(prefix="muna-build-") as tmp:
        compiles, objects = [], []
        for i, t in enumerate(targets):
            obj = os.path.join(tmp, f"{t}.o")
            compiles.append([compiler(), *tu_flags[t], *outlined.here[t], *preludes[t], *(deps if i == 0 else []),
                             "-c", cpp_path, "-o", obj])
            objects.append(obj)
        dispatcher = os.path.join(tmp, "dispatcher.o")
        compiles.append([compiler(), *tu_flags["dispatcher"], *preludes["dispatcher"], blob_dir, "-c", cpp_path,
                         "-o", dispatcher])
        run(outlined.commands + compiles)
        outlined.keep()
        for t, obj in zip(targets, objects):
            # One object per target, its COMDAT groups resolved inside it, then all symbols local
            # but its table (undefined ones, libstdc++'s and oneDNN's, stay as they are).
            linked = obj[:-2] + ".r.o"
            run([["ld", "-r", "--force-group-allocation", obj, *outlined.objects[t], cores[t], "-o", linked]])
            run([["objcopy", f"--keep-global-symbol={variant_symbol(t)}", linked, obj]])
        run([[compiler(), "-shared", dispatcher, *objects, "-o", out_path, *LINK_FLAGS]])


class Outlined:
    """The objects that hold a unit's outlined dispatches (outline.py) for each target:
    `objects`, target -> paths in the cache; `here`, target -> the -D flags that compile in the
    unit itself those the cache has not seen before (each then marked seen); `commands`, the
    compile of those seen before but not held, one object per target, to a file of its own that
    `keep()` moves into place (and indexes by the names it defines) once every compile
    succeeded. An object is compiled with one set of flags whatever build links it, so that
    every library of a target shares it: a dispatching library's variant (MUNA_VARIANT, so that
    it defines none of the library's exports; muna/abi/library.hpp), at its level (`opt`)."""

    def __init__(self, blocks: list, targets: list, opt: str = "-O2"):
        self.objects = {t: [] for t in targets}
        self.here = {t: [] for t in targets}
        self.commands, self._made = [], []
        if not blocks:
            return
        cflags = {t: variant_flags(t, opt) for t in targets}
        preludes = None
        for t in targets:
            folder = os.path.join(opcore.cache_dir(), "outlined", opcore.key(compiler(), cflags[t]))
            os.makedirs(folder, exist_ok=True)
            cache_limit.used(folder)
            found, missing = set(), []
            for block in blocks:
                held = self._holder(folder, block[0])
                seen = os.path.join(folder, block[0] + ".seen")
                if held:
                    found.add(held)
                elif os.path.exists(seen):
                    missing.append(block)
                else:
                    self.here[t].append(f"-D{outline.HERE}{block[0]}")
                    open(seen, "w").close()
            if missing:
                preludes = preludes or opcore.preludes(compiler(), cflags, run)
                names = sorted(name for name, _, _ in missing)
                path = os.path.join(folder, "b_" + hashlib.sha256("\0".join(names).encode()).hexdigest()[:20] + ".o")
                partial = f"{path[:-2]}.{os.getpid()}"
                with open(partial + ".cpp", "w") as f:
                    f.write(outline.source(missing))
                self.commands.append([compiler(), *cflags[t], *preludes[t], "-c", partial + ".cpp", "-o", partial + ".o"])
                self._made.append((partial, path, folder, names))
                found.add(path)
            self.objects[t] = sorted(found)

    @staticmethod
    def _holder(folder: str, name: str) -> str | None:
        """The cached object that defines `name`, if any (its index file names it)."""
        try:
            with open(os.path.join(folder, name)) as f:
                path = os.path.join(folder, f.read().strip())
        except FileNotFoundError:
            return None
        return path if os.path.exists(path) else None

    def keep(self) -> None:
        for partial, path, folder, names in self._made:
            os.replace(partial + ".o", path)  # whole or absent, whoever reads it
            for name in names:
                index = os.path.join(folder, f"{name}.{os.getpid()}")
                with open(index, "w") as f:
                    f.write(os.path.basename(path))
                os.replace(index, os.path.join(folder, name))

    def discard(self) -> None:
        """Removes what a build that failed (or kept its objects) leaves of its compiles."""
        for partial, *_ in self._made:
            for suffix in (".cpp", ".o"):
                with contextlib.suppress(FileNotFoundError):
                    os.remove(partial + suffix)


def check_syntax(cpp_path: str, target: str) -> None:
    """Compiles a generated source as `target`'s variant of a dispatching library without making
    code (g++ -fsyntax-only: every template is instantiated and checked, nothing is optimized):
    how tests check a target this machine cannot run, at a quarter of a build's time. Raises
    BuildError as a build does."""
    tu_flags = [*flags(target), opcore.LINKED_FLAG, f"-DMUNA_VARIANT={variant_symbol(target)}"]
    prelude = opcore.preludes(compiler(), {target: tu_flags}, run)[target]
    run([[compiler(), *tu_flags, *prelude, "-fsyntax-only", cpp_path]])


@contextlib.contextmanager
def cached(cpp_path: str, blob_path: str | None, targets: list, out_path: str, depfile: str | None,
           opt: str = "-O2"):
    """The content-addressed library cache: yields whether `out_path` (and `depfile`) were copied
    from an identical earlier build; if not, stores what the block built. The key covers all
    the build reads: the source, the weights, the targets' flags, the compiler and every header
    (opcore.source_digest). MUNA_NO_CACHE=1 turns it off."""
    if os.environ.get("MUNA_NO_CACHE"):
        yield False
        return
    h = hashlib.sha256()
    for path in (cpp_path, blob_path):
        if path and os.path.exists(path):
            with open(path, "rb") as f:
                h.update(f.read())
        h.update(b"\0")
    h.update("\0".join([opcore.compiler_id(compiler()), *(f for t in targets for f in flags(t, opt)), *LINK_FLAGS,
                        opcore.source_digest(), str(bool(depfile))]).encode())
    folder = os.path.join(opcore.cache_dir(), "libraries")
    os.makedirs(folder, exist_ok=True)
    entry = os.path.join(folder, h.hexdigest()[:32])
    if os.path.exists(entry + ".so") and (not depfile or os.path.exists(entry + ".d")):
        cache_limit.used(entry + ".so")
        cache_limit.used(entry + ".d")
        shutil.copyfile(entry + ".so", out_path)
        if depfile:
            shutil.copyfile(entry + ".d", depfile)
        yield True
        return
    yield False
    for src, suffix in ((out_path, ".so"), (depfile, ".d")):
        if src:
            tmp = f"{entry}.{os.getpid()}{suffix}"
            shutil.copyfile(src, tmp)
            os.replace(tmp, entry + suffix)  # whole or absent, whoever reads it


def run(commands: list[list[str]]) -> None:
    """Runs the commands side by side (the variants of a library compile in parallel); a
    failure raises BuildError with every failing command's log."""
    procs = [subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for cmd in commands]
    failed = []
    for cmd, proc in zip(commands, procs):
        _, err = proc.communicate()
        if proc.returncode != 0:
            failed.append(" ".join(cmd) + "\n\n" + err)
    if failed:
        fd, log = tempfile.mkstemp(prefix="muna-build-", suffix=".log")
        with os.fdopen(fd, "w") as f:
            f.write("\n\n".join(failed))
        raise BuildError("internal compiler error: the generated C++ did not compile", log)
