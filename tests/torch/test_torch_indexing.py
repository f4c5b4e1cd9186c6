"""Selections, index writes, grids and losses (tests/torch/cases_indexing.py) against torch 1.13:
results as test_torch_ops.py compares them, and each error raised with torch's exception type
and message."""
import copy

import numpy as np
import pytest

from muna_testing import run_muna
from torch_harness import check, load_source

SRC = "tests/torch/cases_indexing.py"


def rand(seed, *shape):
    return np.random.RandomState(seed).randn(*shape).astype(np.float32)


def ints(seed, shape, high):
    return np.random.RandomState(seed).randint(0, high, size=shape).astype(np.int64)


def with_zeros(seed, *shape):
    x = rand(seed, *shape)
    x[np.random.RandomState(seed + 1).rand(*shape) < 0.4] = 0.0
    return x


def probabilities(seed, n, c):
    e = np.exp(rand(seed, n, c))
    return (e / e.sum(1, keepdims=True)).astype(np.float32)


def classes(seed, n, c):
    t = ints(seed, n, c)
    t[0] = 1  # a row ignore_index=1 drops
    return t


CASES = [
    ("selections", [(with_zeros(s, r, c), np.random.RandomState(s).rand(r, c) > 0.5, ints(s, n, 9),
                      rand(s + 2, n)) for s, (r, c, n) in enumerate([(3, 4, 6), (1, 1, 1), (5, 9, 40), (2, 3, 1)])],
     1e-6, 1e-6),
    ("scatters", [(rand(s, 3, 4), ints(s, (2, 4), 3), ints(s + 5, n, 3)) for s, n in enumerate((1, 4, 7))], 1e-6, 1e-6),
    ("grids", [(rand(s, 3, 4), rand(s + 1, n), ints(s, n, 9)) for s, n in enumerate((1, 3, 5))], 0, 0),
    ("losses", [(rand(s, n, c), classes(s, n, c), probabilities(s + 1, n, c), np.abs(rand(s + 2, c)) + 0.1,
                 rand(s + 3, n, c, 3), ints(s + 4, (n, 3), c)) for s, (n, c) in enumerate([(1, 2), (4, 5), (9, 17)])],
     1e-5, 1e-6),
]


@pytest.mark.parametrize("function,inputs,rtol,atol", CASES, ids=[c[0] for c in CASES])
def test_against_torch(compiled, function, inputs, rtol, atol):
    for args in inputs:
        check(compiled, SRC, function, args, rtol=rtol, atol=atol)


x34 = rand(0, 3, 4)
i24 = ints(0, (2, 4), 3)
ERRORS = [("masked_select", 0), ("bincount_negative", 0), ("bincount_2d", 0), ("bincount_minlength", -1),
          ("bincount_weights", 3), ("scatter_high", 3), ("scatter_shape", 0), ("scatter_rank", 0), ("scatter_src", 0),
          ("scatter_dim", 2), ("scatter_add_high", 4), ("index_add_high", 3), ("index_add_count", 3),
          ("index_add_broadcast", 0), ("fill_diagonal", 0), ("index_put_high", 3), ("index_put_values", 3),
          ("meshgrid_rank", 0), ("pad_sequence", 2), ("pad_sequence_0d", 0), ("nll_target", 4), ("nll_batch", 0),
          ("nll_weight", 3), ("cross_entropy_probabilities", 2), ("cross_entropy_ignore", 1),
          ("cross_entropy_smoothing", 3), ("cross_entropy_same_shape", 0)]
# Where torch's message prints a tensor or its internals, only the exception type is compared.
TYPE_ONLY = {"meshgrid_rank", "index_add_broadcast"}


@pytest.mark.parametrize("which,n", ERRORS, ids=[e[0] for e in ERRORS])
def test_errors_match_torch(compiled, which, n):
    import muna
    args = (which, x34, i24, n)
    try:
        getattr(load_source(SRC), "fail")(*copy.deepcopy(args))
    except Exception as e:  # noqa: BLE001 (torch raises RuntimeError, IndexError, ValueError)
        expected = f"{type(e).__name__}: {e}"
    else:
        raise AssertionError("torch did not raise")
    with pytest.raises(muna.MunaError) as raised:
        compiled(SRC, "fail")(*copy.deepcopy(args))
    text = str(raised.value)
    if which in TYPE_ONLY:
        assert text.split(":")[0] == expected.split(":")[0], (text, expected)
    else:
        assert text == expected


HEADER = "import torch\nimport torch.nn.functional as F\n"
# (body of `def f(x: torch.Tensor, i: torch.Tensor) -> torch.Tensor:` with x float32 and i int64
# 2-D tensors, message fragment): refused at compile time, as torch refuses them.
REJECT = [
    ("return x.scatter(0, i.int(), x)", "scatter(): Expected dtype int64 for index"),
    ("return x.scatter(0, i, x.double())", "Expected self.dtype to be equal to src.dtype"),
    ("return torch.masked_select(x, i)", "expected BoolTensor or ByteTensor for mask"),
    ("return torch.bincount(x[0])", "\"bincount_cpu\" not implemented for 'Float'"),
    ("return x.index_add(0, i, x)", "Index is supposed to be a vector"),
    ("return x.index_add(0, i[0], x.double())", "self (Float) and source (Double) must have the same scalar type"),
    ("return x.index_put_((i[0],), x.double())", "Index put requires the source and destination dtypes match"),
    ("return x[0].fill_diagonal_(1.0)", "dimensions must larger than 1"),
    ("return torch.meshgrid(x[0], i[0])[0]", "meshgrid expects all tensors to have the same dtype"),
    ("return F.cross_entropy(x, i[0], reduction='avg')", "avg is not a valid value for reduction"),
    ("return F.nll_loss(x, i[0].int())", "expected scalar type Long but found Int"),
]


@pytest.mark.parametrize("body,message", REJECT, ids=[r[1][:30] for r in REJECT])
def test_rejected_at_compile_time(tmp_path, body, message):
    path = tmp_path / "user_code.py"
    params = ("x: np.ndarray[tuple[int, int], np.dtype[np.float32]], "
              "j: np.ndarray[tuple[int, int], np.dtype[np.int64]]")
    path.write_text("import numpy as np\n" + HEADER + f"def f({params}) -> np.ndarray:\n"
                    "    x, i = torch.from_numpy(x), torch.from_numpy(j)\n    " + body + ".numpy()\n")
    proc = run_muna("compile", f"{path}:f", "-o", str(tmp_path / "out.so"))
    assert proc.returncode == 1, proc.stderr
    first = proc.stderr.splitlines()[0]
    assert f"{path}:6:" in first and message in first, proc.stderr
