"""The differential check every torch test uses: run the compiled library and torch 1.13 on the
same (copied) inputs and compare results: Python type, dtype and shape exactly, values within
the op's stated tolerance (NaN matches NaN)."""
import copy
import importlib.util
import os

import numpy as np
import torch

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def load_source(relpath):
    name = "torch_cases_" + os.path.basename(relpath)[:-3]
    spec = importlib.util.spec_from_file_location(name, os.path.join(ROOT, relpath))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def as_numpy(value):
    if isinstance(value, torch.Tensor):
        return value.detach().numpy()
    return value


def same(native, reference, rtol, atol, where="result"):
    reference = as_numpy(reference)
    if isinstance(reference, tuple):
        assert isinstance(native, tuple) and len(native) == len(reference), (where, native)
        for k, (a, b) in enumerate(zip(native, reference)):
            same(a, b, rtol, atol, f"{where}[{k}]")
        return
    assert type(native) is type(reference), (where, type(native), type(reference))
    if isinstance(reference, np.ndarray):
        assert native.dtype == reference.dtype, (where, native.dtype, reference.dtype)
        assert native.shape == reference.shape, (where, native.shape, reference.shape)
        if reference.dtype.kind in "biu":
            np.testing.assert_array_equal(native, reference, err_msg=where)
        else:
            np.testing.assert_allclose(native, reference, rtol=rtol, atol=atol, equal_nan=True, err_msg=where)
    elif isinstance(reference, float):
        np.testing.assert_allclose(native, reference, rtol=rtol, atol=atol, err_msg=where)
    else:
        assert native == reference, (where, native, reference)


def check(compiled, relpath, function, inputs, rtol=1e-6, atol=1e-7, target=None):
    module = load_source(relpath)
    native_fn = compiled(relpath, function, target=target)
    python_fn = getattr(module, function)
    with torch.no_grad():
        reference = python_fn(*copy.deepcopy(inputs))
    native = native_fn(*copy.deepcopy(inputs))
    same(native, reference, rtol, atol)


def expect_error(compiled, relpath, function, inputs):
    """Both raise: torch's exception and a MunaError carrying the same Python exception type."""
    import muna
    module = load_source(relpath)
    python_fn = getattr(module, function)
    try:
        python_fn(*copy.deepcopy(inputs))
    except Exception as e:  # torch raises RuntimeError, IndexError, ...
        expected = type(e).__name__
    else:
        raise AssertionError("torch did not raise")
    try:
        compiled(relpath, function)(*copy.deepcopy(inputs))
    except muna.MunaError as e:
        return expected, str(e)
    raise AssertionError("the compiled function did not raise")
