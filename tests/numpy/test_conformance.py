"""Every NumPy op of the registry against NumPy itself, through the real compiler.

The cases come from the registry (numpy_cases.py), are written as a few modules of many cases each
(numpy_generate.py; one compiled library per module), and run on input sets around the vector width
with edge values (numpy_inputs.py). The oracle is the same module run by CPython with NumPy: dtype
and shape must match exactly, values within the op's registered tolerance, and where NumPy
raises, the compiled function must raise the same exception type. Each op runs under every target
of the default build this CPU has (one library holds them all; see muna_testing.load_pinned).
A test is one module: its library compiles once, and the modules spread over the test workers.
"""
from __future__ import annotations

import functools
import importlib.util
import os
import sys
import warnings

import numpy as np
import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import numpy_cases as cases  # noqa: E402
import numpy_generate as generate  # noqa: E402
import numpy_inputs as inputs  # noqa: E402
import muna  # noqa: E402
import muna.frontend  # noqa: E402,F401  (registers every op)
from muna.registry import REGISTRY  # noqa: E402
from muna_testing import runnable_default_targets  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(HERE))
BUILD = os.path.join(ROOT, "build", "numpy-conformance")
PER_MODULE = 120  # cases per translation unit (one compile each)
# numpy.detail.* are the compiler's own helpers (spellings of other ops), not NumPy names.
NUMPY_OPS = sorted(n for n in REGISTRY.ops if n.startswith("numpy.") and ".detail." not in n)


@functools.lru_cache(maxsize=None)
def input_sets(kind):
    return inputs.input_sets(kind)


@functools.lru_cache(maxsize=None)
def plan():
    """{op name: [(module path, case number, Case)]}, and the cases NumPy itself rejects."""
    accepted, rejected = [], []
    for case in cases.all_cases(REGISTRY):
        dtype = generate.result_dtype(case, input_sets(case.inputs))
        (rejected if dtype is None else accepted).append((case, dtype))
    by_op = {}
    for path, chunk in generate.write_batches(accepted, BUILD, PER_MODULE):
        for n, case in enumerate(chunk):
            by_op.setdefault(case.op, []).append((path, n, case))
    return by_op, rejected


@functools.lru_cache(maxsize=None)
def python_module(path):
    spec = importlib.util.spec_from_file_location(os.path.basename(path)[:-3], path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def tolerance(op_name, override=""):
    """("ulp", N), ("close", rtol) or ("exact", 0) from the registry entry (or the case's own)."""
    tol = override or REGISTRY[op_name].tolerance
    if tol.startswith("ulp:"):
        return "ulp", int(tol.split(":")[1])
    if tol.startswith("close:"):
        return "close", float(tol.split(":")[1])
    return "exact", 0


def mismatch(native, expected, tol) -> str | None:
    """Why `native` is not `expected` (None when it is)."""
    if isinstance(expected, Exception):
        if isinstance(native, muna.MunaError) and native.type == type(expected).__name__:
            return None
        # NumPy 1.24's == / != of unbroadcastable shapes return False with a DeprecationWarning
        # (an error from NumPy 1.25 on); muna raises the ValueError of the future.
        if isinstance(expected, DeprecationWarning) and isinstance(native, muna.MunaError) \
                and native.type == "ValueError":
            return None
        return f"NumPy raised {type(expected).__name__}: {expected}; muna gave {native!r}"[:300]
    if isinstance(native, Exception):
        return f"muna raised {native}; NumPy gave {expected!r}"[:300]
    if native.dtype != expected.dtype:
        return f"dtype {native.dtype}, NumPy {expected.dtype}"
    if native.shape != expected.shape:
        return f"shape {native.shape}, NumPy {expected.shape}"
    if expected.dtype.kind == "c":  # complex: the real and imaginary parts side by side
        native, expected = (np.stack((z.real, z.imag), axis=-1) for z in (native, expected))
    if expected.dtype.kind != "f":
        ok = np.array_equal(native, expected)
    else:
        nan_ok = np.array_equal(np.isnan(native), np.isnan(expected))
        finite = np.asarray(np.isfinite(expected) & np.isfinite(native))
        same = np.asarray((native == expected) | (np.isnan(native) & np.isnan(expected)))
        kind, amount = tol
        e = expected[finite].astype(np.float64)
        n = native[finite].astype(np.float64)
        if kind == "ulp":
            allowed = amount * np.spacing(np.abs(expected[finite])).astype(np.float64)
            same[finite] = np.abs(n - e) <= allowed
        elif kind == "close":  # relative to the largest magnitude of the result
            scale = np.max(np.abs(e)) if e.size else 0.0
            same[finite] = np.abs(n - e) <= amount * np.maximum(np.abs(e), scale)
        ok = nan_ok and bool(np.all(same))
    if ok:
        return None
    bad = np.argwhere(~np.isclose(native, expected, rtol=0, atol=0, equal_nan=True)) if \
        expected.ndim else [()]
    at = tuple(bad[0]) if len(bad) else ()
    return f"values differ, e.g. at {at}: muna {native[at]!r}, NumPy {expected[at]!r}"


def run_case(compiled, path, number, case, target):
    rel = os.path.relpath(path, ROOT)
    native_fn = compiled(rel, "batch", target=target)
    python_fn = python_module(path).batch
    tol = tolerance(case.op, case.tolerance)
    failures = []
    for args in input_sets(case.inputs):
        try:
            with warnings.catch_warnings(), np.errstate(all="ignore"):
                warnings.simplefilter("ignore")
                warnings.simplefilter("error", DeprecationWarning)
                expected = python_fn(number, *[np.copy(a) for a in args])
        except Exception as e:  # NumPy's error is the expected result
            expected = e
        declared = os.path.basename(path).split("_")[1]
        if (not isinstance(expected, Exception) and expected.dtype.name != declared
                and any(np.ndim(a) == 0 for a in args)):
            continue  # NumPy 1.24's value-based promotion of a 0-d array: see docs/ops.md
        try:
            native = native_fn(number, *[np.copy(a) for a in args])
        except muna.MunaError as e:
            native = e
        why = mismatch(native, expected, tol)
        if why:
            shapes = [a.shape for a in args]
            failures.append(f"{case.expression()} [{case.dtype}] inputs {shapes}: {why}")
    return failures


def test_every_op_is_covered():
    by_op, _ = plan()
    missing = [name for name in NUMPY_OPS if name not in by_op]
    assert not missing, f"registry ops without conformance cases: {missing}"


def module_cases() -> dict:
    """{module name: [(path, case number, Case)]}, in the modules' order."""
    by_path = {}
    for entries in plan()[0].values():
        for path, number, case in entries:
            by_path.setdefault(path, []).append((path, number, case))
    return {os.path.basename(p)[:-3]: sorted(v, key=lambda e: e[1]) for p, v in sorted(by_path.items())}


@pytest.mark.parametrize("target", runnable_default_targets())
@pytest.mark.parametrize("module", [pytest.param(m, marks=pytest.mark.xdist_group(f"numpy-conformance-{m}"))
                                    for m in module_cases()])
def test_module(compiled, module, target):
    failures = []
    for path, number, case in module_cases()[module]:
        failures += [f"{case.op}: {f}" for f in run_case(compiled, path, number, case, target)]
    assert not failures, f"{len(failures)} mismatches:\n" + "\n".join(failures[:15])
