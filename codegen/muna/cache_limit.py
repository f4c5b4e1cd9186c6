"""Keeps the compile cache (opcore.cache_dir(), handed in) within a size, as ccache does: the entries used
longest ago are removed once the whole exceeds $MUNA_CACHE_LIMIT (default 8G; a number of
bytes with an optional K, M or G; 0 for no limit).

Every header change makes a new op core, prelude and outlined-dispatch folder (their keys hold a
digest of the headers) and every new source a new library, and nothing else ever removes the old
ones: a developer's cache grew to 33 GB in three weeks and filled the disk. An entry is a cached
library file, or one key's folder of the op core, the preludes or the outlined dispatches (a
folder is used, or stale, as a whole); its time of last use is its modification time, which a
build that finds it sets (`used`). An entry used in the last hour is never removed, as a build
running now may be about to read it; the check runs at most once every ten minutes.
"""
from __future__ import annotations

import contextlib
import os
import shutil
import time

VARIABLE = "MUNA_CACHE_LIMIT"
DEFAULT = "8G"
KINDS = ("libraries", "opcore", "prelude", "outlined")
IN_USE_SECONDS = 3600
CHECK_EVERY_SECONDS = 600
# Trimming stops below this share of the limit, so that the next builds do not trim again at once.
LOW_WATER = 0.8
_UNITS = {"": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30}


def limit() -> int | None:
    """The limit in bytes, or None for none; ValueError for a value that is not a size."""
    spec = os.environ.get(VARIABLE, DEFAULT).strip().upper().removesuffix("B")
    unit = spec[-1:] if spec[-1:] in _UNITS else ""
    number = spec[:len(spec) - len(unit)]
    try:
        size = int(float(number) * _UNITS[unit])
    except ValueError:
        raise ValueError(f"{VARIABLE}={os.environ.get(VARIABLE)!r} is not a size (like 8G, 500M or 0 for no limit)")
    return size or None


def used(path: str) -> None:
    """Marks a cache entry (a library file or a key's folder) as used now."""
    with contextlib.suppress(FileNotFoundError):
        os.utime(path)


def entries(cache: str) -> list[tuple[float, int, str]]:
    """(last use, bytes, path) of every entry of `cache`. A kind that is a link to another cache
    (opcore.sharing_cores) belongs to that cache and is left out."""
    found = []
    for kind in KINDS:
        top = os.path.join(cache, kind)
        if os.path.islink(top) or not os.path.isdir(top):
            continue
        for entry in os.scandir(top):
            with contextlib.suppress(FileNotFoundError):
                if entry.is_dir(follow_symlinks=False):
                    found.append((entry.stat().st_mtime, _folder_size(entry.path), entry.path))
                else:
                    stat = entry.stat(follow_symlinks=False)
                    found.append((stat.st_mtime, stat.st_size, entry.path))
    return found


def _folder_size(path: str) -> int:
    total = 0
    for dirpath, _, filenames in os.walk(path):
        for name in filenames:
            with contextlib.suppress(FileNotFoundError):
                total += os.lstat(os.path.join(dirpath, name)).st_size
    return total


def trim(cache: str, now: float | None = None, force: bool = False) -> list[str]:
    """Removes the entries used longest ago until the cache is within LOW_WATER of the limit, if
    it exceeds the limit; returns the paths removed. Without `force`, does nothing if another
    build checked less than CHECK_EVERY_SECONDS ago."""
    bound = limit()
    now = time.time() if now is None else now
    stamp = os.path.join(cache, "last-trim")
    if bound is None:
        return []
    if not force:
        with contextlib.suppress(FileNotFoundError):
            if now - os.stat(stamp).st_mtime < CHECK_EVERY_SECONDS:
                return []
        with open(stamp, "w"):
            pass
        os.utime(stamp, (now, now))
    found = sorted(entries(cache))
    total = sum(size for _, size, _ in found)
    removed = []
    if total <= bound:
        return removed
    for last_use, size, path in found:
        if total <= bound * LOW_WATER or now - last_use < IN_USE_SECONDS:
            break
        if os.path.isdir(path):
            shutil.rmtree(path, ignore_errors=True)
        else:
            with contextlib.suppress(FileNotFoundError):
                os.remove(path)
        total -= size
        removed.append(path)
    return removed
