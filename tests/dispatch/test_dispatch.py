"""Libraries built for several targets (`--target A,B`; the default is x86-64-v3,x86-64-v4): one
.so whose dispatcher picks, at the first call, the best variant the CPU runs (muna/abi/dispatch.hpp,
codegen/muna/build.py).

The oracles: /proc/cpuinfo for which variant this CPU should get; single-target libraries of the
same source for what each variant must compute, bit for bit (a variant whose inline functions
had merged with another target's copies at link time would compute the other target's bits);
NumPy for the values themselves."""
import os
import subprocess
import tempfile

import numpy as np
import pytest

import muna
from muna.build import DEFAULT_TARGET, host_target, parse_targets
from dispatch_cases import TABLE
from muna_testing import ROOT, compile_library, run_muna

SRC = "tests/dispatch/dispatch_cases.py"
FUNCTIONS = "transcendental,lookup"
X = np.random.default_rng(5).uniform(0.01, 50.0, 100_003).astype(np.float32)


def run_in(library, function, env, x=X):
    """Calls library's function in a fresh process with `env` set (the dispatcher picks once per
    process): (target, result) or (target, error text)."""
    code = ("import sys, numpy as np, muna\n"
            "f = muna.load(sys.argv[1], sys.argv[2])\n"
            "x = np.load(sys.argv[3])\n"
            "try:\n"
            "    np.save(sys.argv[4], f(x)); print(f.target)\n"
            "except muna.MunaError as e:\n"
            "    print(f.target); print(e)\n")
    with tempfile.TemporaryDirectory() as d:
        inp, out = os.path.join(d, "in.npy"), os.path.join(d, "out.npy")
        np.save(inp, x)
        proc = subprocess.run(["/usr/bin/python3", "-c", code, library, function, inp, out], capture_output=True,
                              text=True, env={**os.environ, "PYTHONPATH": os.path.join(ROOT, "codegen"), **env},
                              check=True)
        lines = proc.stdout.splitlines()
        return (lines[0], np.load(out)) if len(lines) == 1 else (lines[0], lines[1])


@pytest.fixture(scope="module")
def dispatching():
    return compile_library(SRC, FUNCTIONS, "--target", DEFAULT_TARGET, shipped=True)


def single(target):
    if host_target(target) is None:
        pytest.skip(f"this CPU cannot run {target} code")
    return compile_library(SRC, FUNCTIONS, "--target", target, shipped=True)


def test_default_build_holds_v3_and_v4():
    assert parse_targets(DEFAULT_TARGET) == ["x86-64-v3", "x86-64-v4"]


def test_picks_the_best_target_this_cpu_runs(dispatching):
    expected = host_target(DEFAULT_TARGET)
    assert expected is not None, "this machine runs neither x86-64-v3 nor x86-64-v4"
    assert muna.load(dispatching, "transcendental").target == expected


@pytest.mark.parametrize("target", parse_targets(DEFAULT_TARGET))
def test_each_variant_computes_what_its_single_target_library_does(dispatching, target):
    alone = single(target)
    picked, got = run_in(dispatching, "transcendental", {"MUNA_TARGET": target})
    assert picked == target
    want = muna.load(alone, "transcendental")(X)
    assert got.dtype == want.dtype == np.float32 and got.shape == want.shape
    assert np.array_equal(got.view(np.uint32), want.view(np.uint32))
    with np.errstate(all="ignore"):
        oracle = np.log(X) + np.tanh(X) * np.log2(X + np.float32(1.0))
    np.testing.assert_allclose(got, oracle, rtol=4e-6, atol=1e-6)


def test_the_variants_differ_so_the_bit_check_means_something(dispatching):
    """The 8- and 16-lane float32 logs round differently on some inputs; were they identical, the
    bit-for-bit check above could not tell a merged variant from an isolated one."""
    if host_target("x86-64-v4") is None:
        pytest.skip("this CPU cannot run x86-64-v4 code")
    _, v3 = run_in(dispatching, "transcendental", {"MUNA_TARGET": "x86-64-v3"})
    _, v4 = run_in(dispatching, "transcendental", {"MUNA_TARGET": "x86-64-v4"})
    assert not np.array_equal(v3.view(np.uint32), v4.view(np.uint32))


def test_weights_are_held_once(dispatching):
    alone = single("x86-64-v3")
    table = 4 << 20  # TABLE: 2^20 float32
    assert os.path.getsize(alone) > table
    assert os.path.getsize(dispatching) - os.path.getsize(alone) < table // 4
    x = X[:1000]
    _, got = run_in(dispatching, "lookup", {}, x)
    assert np.array_equal(got, TABLE[:1000] * x)


def test_unknown_target_in_the_environment_is_an_error_status(dispatching):
    picked, error = run_in(dispatching, "transcendental", {"MUNA_TARGET": "x86-64-v2"})
    assert picked == "none"
    assert error == ("RuntimeError: MUNA_TARGET=x86-64-v2 names no target of this library "
                     "(it has x86-64-v4, x86-64-v3)")


def test_errors_and_threads_reach_the_picked_variant(dispatching):
    f = muna.load(dispatching, "transcendental")
    with pytest.raises(muna.MunaError, match="argument 'x'"):
        f(np.zeros(3, np.int64))
    f.set_num_threads(1)
    assert np.array_equal(f(X[:10]), f(X[:10]))


def test_profile_through_the_dispatcher():
    profiled = compile_library(SRC, FUNCTIONS, "--profile", shipped=True)
    f = muna.load(profiled, "transcendental")
    f(X)
    f(X)
    calls = {s["code"]: s["calls"] for s in f.profile()}
    assert calls == {"return np.log(x) + np.tanh(x) * np.log2(x + 1.0)": 2, "return TABLE[:x.size] * x": 0}
    with pytest.raises(RuntimeError, match="not compiled with --profile"):
        muna.load(compile_library(SRC, FUNCTIONS, shipped=True), "transcendental").profile()


@pytest.mark.parametrize("spec,message", [
    ("x86-64-v5", "unknown target x86-64-v5"),
    ("x86-64-v3,x86-64-v3", "target named twice"),
    (",", "unknown target"),
])
def test_bad_target_option(tmp_path, spec, message):
    proc = run_muna("compile", f"{SRC}:transcendental", "-o", str(tmp_path / "x.so"), "--target", spec)
    assert proc.returncode == 2 and message in proc.stderr and "argument --target" in proc.stderr
    assert not (tmp_path / "x.so").exists()
