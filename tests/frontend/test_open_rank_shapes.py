"""`x.shape == (2, 3)` and ordering comparisons where x's rank is open (a tuple of run-time
length against a tuple display), against CPython on arrays of rank 0 to 3."""
import importlib.util
import os

import numpy as np
import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SRC = "tests/frontend/programs/open_rank_shapes.py"
spec = importlib.util.spec_from_file_location("open_rank_shapes_prog", os.path.join(ROOT, SRC))
prog = importlib.util.module_from_spec(spec)
spec.loader.exec_module(prog)


@pytest.mark.parametrize("shape", [(), (3,), (2,), (1, 2), (2, 3), (1, 1), (4, 3), (5, 4, 3), (1, 2, 0), (2, 3, 1)])
def test_shape_comparisons(compiled, shape):
    x = np.zeros(shape, dtype=np.float32)
    assert compiled(SRC, "layout")(x) == prog.layout(x)
