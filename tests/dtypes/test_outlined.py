"""A call on arrays of run-time dtype is a function of its own, named by its content
(codegen/muna/outline.py): the same call in two programs is the same function, compiled in the
first library's own unit, into the cache by the second and found there by every later one; a
cache that lost its object compiles it again; every library gives NumPy's values."""
import glob
import os
import re

import numpy as np
import pytest

import muna
from muna_testing import host_target, run_muna
from muna.opcore import sharing_cores

PRODUCT = """import numpy as np


def {name}({a}: np.ndarray, {b}: np.ndarray) -> np.ndarray:
    {body}
"""
FIRST = PRODUCT.format(name="scaled", a="x", b="y", body="return x * y")
SECOND = PRODUCT.format(name="weighted", a="values", b="weights", body="out = values * weights\n    return out")


def outlined_names(path, function: str) -> set:
    out = str(path)[:-3] + ".cpp"
    run_muna("compile", f"{path}:{function}", "--emit", "cpp", "-o", out, check=True)
    with open(out) as f:
        return set(re.findall(r"muna_outlined::(d_\w+)\(", f.read()))


@pytest.fixture
def programs(tmp_path):
    for name, text in (("first.py", FIRST), ("second.py", SECOND)):
        (tmp_path / name).write_text(text)
    return tmp_path


@pytest.fixture
def cache(tmp_path):
    """A cache of its own for the outlined objects; the op core and preludes are the machine's."""
    return sharing_cores(str(tmp_path / "cache"))


def test_the_same_call_is_the_same_function(programs):
    first = outlined_names(programs / "first.py", "scaled")
    second = outlined_names(programs / "second.py", "weighted")
    assert len(first) == 1 and first == second


def compile_into(cache, path, function, out):
    env = {"MUNA_CACHE_DIR": str(cache), "MUNA_NO_CACHE": "1"}
    run_muna("compile", f"{path}:{function}", "-o", str(out), "--target", host_target(), check=True, env=env)
    return muna.load(str(out), function)


def objects(cache):
    return sorted(glob.glob(os.path.join(cache, "outlined", "*", "b_*.o")))


def check_products(fn):
    for a, b in [("float32", "int64"), ("uint8", "int8"), ("bool", "float64"), ("int16", "int16")]:
        x = (np.arange(12).reshape(3, 4) % 5).astype(a)
        y = (np.arange(4) - 1).astype(b)
        got, want = fn(x, y), x * y
        assert got.dtype == want.dtype and np.array_equal(got, want), (a, b)


def test_cached_at_its_second_sighting_and_found_by_a_third(programs, cache, tmp_path):
    check_products(compile_into(cache, programs / "first.py", "scaled", tmp_path / "first.so"))
    assert objects(cache) == []  # seen once: compiled in the library's own unit
    check_products(compile_into(cache, programs / "second.py", "weighted", tmp_path / "second.so"))
    made = objects(cache)
    assert len(made) == 1
    check_products(compile_into(cache, programs / "first.py", "scaled", tmp_path / "third.so"))
    assert objects(cache) == made  # found, not compiled again


def test_an_object_the_cache_lost_is_compiled_again(programs, cache, tmp_path):
    compile_into(cache, programs / "first.py", "scaled", tmp_path / "first.so")
    compile_into(cache, programs / "second.py", "weighted", tmp_path / "second.so")
    for path in objects(cache):
        os.remove(path)
    check_products(compile_into(cache, programs / "first.py", "scaled", tmp_path / "third.so"))
    assert len(objects(cache)) == 1
