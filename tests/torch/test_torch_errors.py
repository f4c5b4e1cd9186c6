"""Errors: run-time failures raise the exception type torch raises (through muna.MunaError's
.type), and rules reject what torch rejects at compile time with a file:line:col diagnostic."""
import numpy as np
import pytest

from muna_testing import run_muna
from torch_harness import expect_error

SRC = "tests/torch/cases_errors.py"
x23 = np.arange(6, dtype=np.float32).reshape(2, 3)
i_ok = np.array([[0, 1]])
RUNTIME = [
    ("view", x23, i_ok, 0), ("index", x23, i_ok, 2), ("index", x23, i_ok, -3),
    ("tensor_index", x23, np.array([[0, 5]]), 0), ("matmul", x23, i_ok, 0), ("cat", x23, i_ok, 0),
    ("reshape", x23, i_ok, 4), ("int_division_by_zero", x23, i_ok, 0), ("dim", x23, i_ok, 3),
    ("expand", x23, i_ok, 0), ("layer_norm", x23, i_ok, 0), ("gather", x23, np.array([[0, 3]]), 0),
    ("split", np.zeros((2, 1), np.float32), i_ok, 0), ("cross", x23, i_ok, 0), ("linalg_cross", x23, i_ok, 2),
    ("window", x23, i_ok, -1),
]


@pytest.mark.parametrize("case", RUNTIME, ids=[f"{c[0]}-{k}" for k, c in enumerate(RUNTIME)])
def test_runtime_error_matches_torch(compiled, case):
    expected, text = expect_error(compiled, SRC, "fail", case)
    assert text.startswith(expected + ": "), (expected, text)


HEADER = "import numpy as np; import numpy.typing as npt\nimport torch\nimport torch.nn.functional as F\n"
# (body of `def f(x: torch.Tensor) -> torch.Tensor:`, line, col, message fragment[, parameters
# instead of `x: torch.Tensor`]). A bare torch.Tensor is generic (each dtype, each rank the body
# needs): a case here fails for every one of them (x.float() @ x.double()).
REJECT = [
    ("    return x.to(torch.complex64)\n", 5, 12, "dtype torch.complex64 is not supported"),
    ("    return x.sum(dim=x.dim())\n", 5, 12, "argument 'dim' of torch.Tensor.sum must be a constant"),
    ("    return F.dropout(x, 0.1)\n", 5, 12, "dropout with training=True is random"),
    ("    return F.gelu(x, approximate='fast')\n", 5, 12, "approximate argument must be either none or tanh"),
    ("    return x[x > 0, x < 1]\n", 5, 12, "indexing with more than one tensor is not supported"),
    ("    return x.long().mean()\n", 5, 12, "could not infer output dtype"),
    ("    return x.float() @ x.double()\n", 5, 12, "to have the same dtype"),
    ("    return F.interpolate(x, scale_factor=2, mode='bicubic')\n", 5, 12, "mode='bicubic'"),
    ("    y = x.long()\n    y.add_(0.5)\n    return x\n", 6, 5, "result type float32 can't be cast to the desired output type int64"),
    ("    return x.to('cuda')\n", 5, 12, "device 'cuda' is not supported"),
    ("    return torch.softmax(x.long(), 1)\n", 5, 12, "softmax is not implemented for int64"),
    ("    return torch.hann_window(4, dtype=torch.int64)\n", 5, 12, "hann_window expects floating point dtypes"),
    ("    return x.type('torch.cuda.FloatTensor')\n", 5, 12, "invalid type: 'torch.cuda.FloatTensor'"),
    ("    return torch.atan2(x, 2.0)\n", 5, 12, "argument 'other' must be Tensor"),
    ("    return torch.linalg.cross(x.float(), x.double())\n", 5, 12, "expected scalar type float32 but found float64"),
]


@pytest.mark.parametrize("case", REJECT, ids=[r[3][:30] for r in REJECT])
def test_rejected_at_compile_time(tmp_path, case):
    body, line, col, message = case[:4]
    params = case[4] if len(case) > 4 else "x: torch.Tensor"
    path = tmp_path / "user_code.py"
    path.write_text(HEADER + f"def f({params}) -> torch.Tensor:\n" + body)
    proc = run_muna("compile", f"{path}:f", "-o", str(tmp_path / "out.so"))
    assert proc.returncode == 1, proc.stderr
    first = proc.stderr.splitlines()[0]
    assert first.startswith(f"{path}:{line}:{col}: error: "), proc.stderr
    assert message in first, proc.stderr
