"""Helper functions (specialised per call, recursion, defaults and keywords), methods of
module-level objects with `self` resolved at compile time, loops over objects unrolled, and
branches decided at compile time — each compared with CPython running the same code."""
import importlib.util
import os

import numpy as np
import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SRC = "tests/frontend/programs/helpers.py"
spec = importlib.util.spec_from_file_location("helpers_prog", os.path.join(ROOT, SRC))
prog = importlib.util.module_from_spec(spec)
spec.loader.exec_module(prog)


@pytest.mark.parametrize("x", [-5, 0, 1, 3, 7, 12, 20])
def test_helper_functions(compiled, x):
    assert compiled(SRC, "use_helpers")(x) == prog.use_helpers(x)


def test_method_of_module_object(compiled):
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    np.testing.assert_array_equal(compiled(SRC, "use_method")(x), prog.use_method(x))


def test_loop_over_objects_is_unrolled(compiled):
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    np.testing.assert_array_equal(compiled(SRC, "use_unrolled")(x), prog.use_unrolled(x))


def test_branch_decided_at_compile_time(compiled):
    assert compiled(SRC, "folding")(41) == prog.folding(41) == 42


def test_nn_module_forward_with_module_list_and_sequential(compiled):
    pytest.importorskip("torch")
    src = "tests/frontend/programs/modules.py"
    spec = importlib.util.spec_from_file_location("modules_prog", os.path.join(ROOT, src))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    x = np.arange(6, dtype=np.float32).reshape(3, 2)
    native, python = compiled(src, "run")(x), mod.run(x)
    assert native.dtype == python.dtype
    np.testing.assert_array_equal(native, python)
