"""The op core: what every library would otherwise compile again, built once per target; and
the prelude, the headers nearly every library includes, precompiled once per set of flags.

Some of the op library is too costly to compile in each generated translation unit (Eigen's SVD
alone takes g++ 17 s and 0.9 GB). Such functions are declared in their headers and defined in
the sources of `opcore/` (include/muna/core/opcore.hpp says how one header serves both), which
are compiled once per target into an archive that every library is linked with.

The archive is cached under a key of the compiler, the target's flags and the contents of every
header and core source, so it is rebuilt exactly when one of them changes; the first compile
after a change builds it (seconds, the sources in parallel), every later one reuses it. Builds
from several processes at once (the test suite's workers) wait for one another on a lock.
"""
from __future__ import annotations

import contextlib
import fcntl
import glob
import hashlib
import os
import subprocess
import tempfile

from . import cache_limit

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# In file-name order, which is the archive's member order (opcore/abi.cpp says why that matters).
SOURCES = sorted(glob.glob(os.path.join(ROOT, "opcore", "*.cpp")))
# What generated code is compiled with to use the archive instead of inline definitions.
LINKED_FLAG = "-DMUNA_OPCORE_LINKED"
PRELUDE = "muna/abi/prelude.hpp"


def cache_dir() -> str:
    """Where compiled cores (and cached libraries, build.py) are kept: $MUNA_CACHE_DIR, else
    $XDG_CACHE_HOME/muna, else ~/.cache/muna."""
    base = os.environ.get("MUNA_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"), "muna")
    os.makedirs(base, exist_ok=True)
    return base


def sharing_cores(folder: str) -> str:
    """Makes `folder` a cache of its own (for MUNA_CACHE_DIR) that takes its op cores and
    preludes from this machine's cache, built once per set of flags; the libraries and outlined
    dispatches it caches are its own. What benchmarks and tests measure a first compile with."""
    os.makedirs(folder, exist_ok=True)
    for kept in ("opcore", "prelude"):
        os.makedirs(os.path.join(cache_dir(), kept), exist_ok=True)
        if not os.path.exists(os.path.join(folder, kept)):
            os.symlink(os.path.join(cache_dir(), kept), os.path.join(folder, kept))
    return folder


_source_digest = None


def source_digest() -> str:
    """A digest of every header and core source (read once per process)."""
    global _source_digest
    if _source_digest is None:
        h = hashlib.sha256()
        for top in ("include", "kernels", "opcore"):
            for dirpath, dirnames, filenames in os.walk(os.path.join(ROOT, top)):
                dirnames.sort()
                for name in sorted(filenames):
                    path = os.path.join(dirpath, name)
                    h.update(os.path.relpath(path, ROOT).encode() + b"\0")
                    with open(path, "rb") as f:
                        h.update(f.read())
        _source_digest = h.hexdigest()
    return _source_digest


_compiler_ids = {}


def compiler_id(compiler: str) -> str:
    if compiler not in _compiler_ids:
        out = subprocess.run([compiler, "--version"], capture_output=True, text=True)
        _compiler_ids[compiler] = out.stdout + out.stderr
    return _compiler_ids[compiler]


def key(cxx: str, flags: list) -> str:
    """What a cached build depends on: the compiler, its flags and every header and core source."""
    return hashlib.sha256("\0".join([compiler_id(cxx), *flags, source_digest()]).encode()).hexdigest()[:20]


def _still_missing(stack: contextlib.ExitStack, paths: dict) -> list:
    """The names of `paths` (name -> a file to build) still absent once this process holds the
    lock of each (held until `stack` closes); the others were built by another process while
    this one waited. Locks are taken in one order by every process."""
    todo = []
    for name in sorted(paths, key=paths.get):
        os.makedirs(os.path.dirname(paths[name]), exist_ok=True)
        lock = stack.enter_context(open(paths[name] + ".lock", "w"))
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not os.path.exists(paths[name]):
            todo.append(name)
    return todo


def archives(cxx: str, target_flags: dict, run) -> dict:
    """The op core compiled by `cxx` for each target (name -> its flags): target -> the path of
    its archive, those not cached built side by side (by `run`, build.py's)."""
    paths, missing = {}, []
    for target, tflags in target_flags.items():
        folder = os.path.join(cache_dir(), "opcore", key(cxx, tflags))
        paths[target] = os.path.join(folder, f"libmuna_opcore-{target}.a")
        if os.path.exists(paths[target]):
            cache_limit.used(folder)
        else:
            missing.append(target)
    if not missing:
        return paths
    with contextlib.ExitStack() as stack:
        todo = [(t, stack.enter_context(tempfile.TemporaryDirectory(prefix="muna-opcore-", dir=os.path.dirname(paths[t]))))
                for t in _still_missing(stack, {t: paths[t] for t in missing})]
        objects = {t: [os.path.join(tmp, os.path.basename(s)[:-4] + ".o") for s in SOURCES] for t, tmp in todo}
        run([[cxx, *target_flags[t], "-DMUNA_OPCORE_BUILDING", "-c", s, "-o", o]
             for t, _ in todo for s, o in zip(SOURCES, objects[t])])
        for t, tmp in todo:
            partial = os.path.join(tmp, "core.a")
            run([["ar", "rcs", partial, *objects[t]]])
            os.replace(partial, paths[t])  # whole or absent, whoever reads it
    return paths


def preludes(cxx: str, compiles: dict, run) -> dict:
    """The flags that give each compile (name -> its flags) the prelude (include/muna/abi/
    prelude.hpp) precompiled: `-include` of a cached copy with its .gch beside it, those not
    cached built side by side by `run`. g++ takes a precompiled header only where the flags
    match those it was built with, so there is one per set of flags (where it cannot take it,
    it reads the header as text: slower, the same code)."""
    headers, missing = {}, []
    for name, cflags in compiles.items():
        headers[name] = os.path.join(cache_dir(), "prelude", key(cxx, cflags), "prelude.hpp")
        if os.path.exists(headers[name] + ".gch"):
            cache_limit.used(os.path.dirname(headers[name]))
        else:
            missing.append(name)
    with contextlib.ExitStack() as stack:
        todo = _still_missing(stack, {name: headers[name] + ".gch" for name in missing})
        for name in todo:
            with open(headers[name], "w") as f:
                f.write(f"#include <{PRELUDE}>\n")
        partial = {name: f"{headers[name]}.{os.getpid()}.gch" for name in todo}
        run([[cxx, *compiles[name], "-x", "c++-header", headers[name], "-o", partial[name]] for name in todo])
        for name in todo:
            os.replace(partial[name], headers[name] + ".gch")  # whole or absent, whoever reads it
    return {name: ["-include", header] for name, header in headers.items()}
