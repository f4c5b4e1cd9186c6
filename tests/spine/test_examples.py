"""The spine's functions compiled and compared with CPython/NumPy on several inputs each:
results, Python types and dtypes must match."""
import importlib.util
import os
import sys

import numpy as np
import pytest

import muna

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
spec = importlib.util.spec_from_file_location("basics", os.path.join(ROOT, "examples", "basics.py"))
basics = importlib.util.module_from_spec(spec)
spec.loader.exec_module(basics)

SRC = "examples/basics.py"


def same(native, python):
    """Equal values of equal Python types (recursively), arrays by dtype, shape and values."""
    assert type(native) is type(python), (type(native), type(python))
    if isinstance(python, np.ndarray):
        assert native.dtype == python.dtype and native.shape == python.shape
        np.testing.assert_array_equal(native, python)
    elif isinstance(python, (list, tuple)):
        assert len(native) == len(python)
        for a, b in zip(native, python):
            same(a, b)
    else:
        assert native == python


def arrays(seed):
    rng = np.random.RandomState(seed)
    return [rng.randn(1, 1), rng.randn(3, 7), rng.randn(4, 16), rng.randn(2, 17) * 1e3,
            rng.randn(5, 129), rng.randn(2, 1000), np.zeros((0, 4)), np.ones((3, 1))]


@pytest.mark.parametrize("x", arrays(0), ids=lambda x: "x".join(map(str, x.shape)))
def test_normalize_bit_exact(compiled, x):
    # muna follows NumPy's summation order (pairwise on rows), so results are identical.
    x = x.astype(np.float32)
    with np.errstate(all="ignore"):
        same(compiled(SRC, "normalize")(x), basics.normalize(x))


@pytest.mark.parametrize("x", arrays(1), ids=lambda x: "x".join(map(str, x.shape)))
def test_softmax(compiled, x):
    # exp is a different (vectorised) implementation from NumPy's: within 4 float32 ulps.
    x = x.astype(np.float32)
    native, python = compiled(SRC, "softmax")(x), basics.softmax(x)
    assert native.dtype == python.dtype and native.shape == python.shape
    np.testing.assert_allclose(native, python, rtol=5e-7, atol=1e-30)


NAMES = ["ada", "  grace hopper ", "élodie d'artagnan", "ÉMILE", "o'neil-smith", "straße",
         "ǆemal", "", "   ", "李小龍", "\tnguyễn văn a\n", "ΣΊΣΥΦΟΣ", "x1y2 z3"]


@pytest.mark.parametrize("name", NAMES)
def test_greet(compiled, name):
    same(compiled(SRC, "greet")(name), basics.greet(name))


@pytest.mark.parametrize("words", [[], ["a"], ["hello", "wörld", "", "日本語", "👩‍👩‍👧"], ["x" * 1000] * 3])
def test_lengths(compiled, words):
    same(compiled(SRC, "lengths")(words), basics.lengths(words))


@pytest.mark.parametrize("a,b", [(7, 2), (-7, 2), (7, -2), (-7, -2), (0, 3), (1, 1), (-1, 3),
                                 (2**62, 3), (-(2**63), 7), (123456789, -1000)])
def test_arith(compiled, a, b):
    same(compiled(SRC, "arith")(a, b), basics.arith(a, b))


def test_arith_division_by_zero(compiled):
    with pytest.raises(ZeroDivisionError) as python:
        basics.arith(5, 0)
    with pytest.raises(muna.MunaError) as native:
        compiled(SRC, "arith")(5, 0)
    assert native.value.type == "ZeroDivisionError"
    assert native.value.message == str(python.value)


@pytest.mark.parametrize("word", ["hello", "world", "muna"])
def test_module_constants(compiled, word):
    x = np.random.RandomState(3).randn(2, 3).astype(np.float32)
    same(compiled(SRC, "score")(x, word), basics.score(x, word))


def test_module_constant_missing_key(compiled):
    x = np.ones((2, 3), np.float32)
    with pytest.raises(KeyError) as python:
        basics.score(x, "nope")
    with pytest.raises(muna.MunaError) as native:
        compiled(SRC, "score")(x, "nope")
    assert native.value.type == "KeyError" and native.value.message == str(python.value)
