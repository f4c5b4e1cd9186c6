"""The compile cache stays within $MUNA_CACHE_LIMIT: the entries used longest ago go first, an
entry used in the last hour never, and a cache's borrowed op cores are not its own to trim."""
import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "codegen"))
from muna import cache_limit  # noqa: E402

NOW = 1_000_000_000.0
HOUR = 3600


def make(path: str, size: int, last_use: float) -> str:
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(b"x" * size)
    os.utime(path, (last_use, last_use))
    return path


def folder(path: str, sizes: list, last_use: float) -> str:
    for i, size in enumerate(sizes):
        make(os.path.join(path, f"f{i}"), size, last_use)
    os.utime(path, (last_use, last_use))
    return path


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv(cache_limit.VARIABLE, "1000")
    return str(tmp_path)


def test_oldest_entries_go_until_below_the_low_water_mark(cache):
    old_lib = make(f"{cache}/libraries/a.so", 300, NOW - 5 * HOUR)
    old_core = folder(f"{cache}/opcore/k1", [200, 200], NOW - 4 * HOUR)
    newer_lib = make(f"{cache}/libraries/b.so", 300, NOW - 3 * HOUR)
    newest = folder(f"{cache}/prelude/k2", [150], NOW - 2 * HOUR)
    # 1150 bytes > 1000: a.so (300) then k1 (400) go, leaving 450 <= 800.
    removed = cache_limit.trim(cache, now=NOW)
    assert removed == [old_lib, old_core]
    assert not os.path.exists(old_core) and os.path.exists(newer_lib) and os.path.exists(newest)


def test_a_cache_within_its_limit_is_left_alone(cache):
    make(f"{cache}/libraries/a.so", 900, NOW - 50 * HOUR)
    assert cache_limit.trim(cache, now=NOW) == []


def test_entries_used_in_the_last_hour_stay_even_over_the_limit(cache):
    recent = make(f"{cache}/libraries/a.so", 2000, NOW - 10)
    old = make(f"{cache}/libraries/b.so", 100, NOW - 2 * HOUR)
    assert cache_limit.trim(cache, now=NOW) == [old]
    assert os.path.exists(recent)


def test_use_marks_an_entry_new(cache):
    a = make(f"{cache}/libraries/a.so", 600, NOW - 9 * HOUR)
    b = make(f"{cache}/libraries/b.so", 600, NOW - 8 * HOUR)
    cache_limit.used(a)  # now, by the real clock: far later than NOW
    assert cache_limit.trim(cache, now=os.stat(a).st_mtime + 2 * HOUR) == [b]


def test_checks_at_most_every_few_minutes_unless_forced(cache, monkeypatch):
    make(f"{cache}/libraries/a.so", 600, NOW - 9 * HOUR)
    make(f"{cache}/libraries/b.so", 600, NOW - 8 * HOUR)
    monkeypatch.setenv(cache_limit.VARIABLE, "100000")
    assert cache_limit.trim(cache, now=NOW) == []  # within the limit; the check is stamped
    monkeypatch.setenv(cache_limit.VARIABLE, "1000")
    assert cache_limit.trim(cache, now=NOW + 60) == []
    assert len(cache_limit.trim(cache, now=NOW + 60, force=True)) == 1
    assert len(cache_limit.trim(cache, now=NOW + 2 * HOUR)) == 0  # now within it


def test_borrowed_kinds_are_not_trimmed(cache, tmp_path_factory):
    other = str(tmp_path_factory.mktemp("other"))
    folder(f"{other}/opcore/k", [5000], NOW - 9 * HOUR)
    os.symlink(f"{other}/opcore", f"{cache}/opcore")
    assert cache_limit.trim(cache, now=NOW) == []
    assert os.path.exists(f"{other}/opcore/k/f0")


@pytest.mark.parametrize("spec, size", [("8G", 8 << 30), ("500m", 500 << 20), ("1.5K", 1536), ("123", 123),
                                        ("2GB", 2 << 30), ("0", None)])
def test_limit_spellings(monkeypatch, spec, size):
    monkeypatch.setenv(cache_limit.VARIABLE, spec)
    assert cache_limit.limit() == size


def test_a_limit_that_is_no_size_is_an_error(monkeypatch):
    monkeypatch.setenv(cache_limit.VARIABLE, "lots")
    with pytest.raises(ValueError, match="MUNA_CACHE_LIMIT='lots' is not a size"):
        cache_limit.limit()
