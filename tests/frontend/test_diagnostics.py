"""Programs the compiler must reject: each gives `file:line:col: error: ...` at the user's own
line, the source line with a caret, and exit status 1 — never a traceback or C++ output."""
import os
import textwrap

import pytest

from muna_testing import run_muna

# (source, function, line, col, message fragment)
REJECT = [
    ("def f(x: int) -> int:\n    yield x\n", "f", 2, 5, "generators and yield is not supported"),
    ("async def f(x: int) -> int:\n    return x\n", "f", 1, 1, "async code is not supported"),
    ("def f(x: int) -> int:\n    class A:\n        pass\n    return x\n", "f", 2, 5,
     "classes defined inside the function is not supported"),
    ("def f(x: int) -> int:\n    return eval('x')\n", "f", 2, 12, "calling eval is not supported"),
    ("def f(x: int) -> int:\n    exec('x = 1')\n    return x\n", "f", 2, 5, "calling exec is not supported"),
    ("def f(*xs: int) -> int:\n    return 0\n", "f", 1, 8, "*args and **kwargs in an exported function is not supported"),
    ("def f(**kw: int) -> int:\n    return 0\n", "f", 1, 9, "*args and **kwargs in an exported function is not supported"),
    ("import os\ndef f(x: str) -> str:\n    return os.getcwd()\n", "f", 3, 12, "calling os.getcwd is not supported"),
    ("def f(x: int) -> int:\n    xs = []\n    return x\n", "f", 2, 10,
     "cannot infer the item type of 'xs' from its use; annotate it"),
    ("def f(x: int) -> list[int]:\n    return [1, 'a']\n", "f", 2, 12, "list item has type str but int is expected"),
    ("def f(x: int) -> int:\n    return undefined_name\n", "f", 2, 12, "name 'undefined_name' is not defined"),
    ("def f(x: int) -> int:\n    with open('a') as h:\n        pass\n    return x\n", "f", 2, 5,
     "this with block is not supported"),
    ("import torch\ndef f(x: int) -> int:\n    with torch.enable_grad():\n        pass\n    return x\n", "f", 3, 5,
     "this with block is not supported; 'with torch.no_grad():'"),
    ("def f(x: int) -> int:\n    t = (1, 2)\n    return t[2]\n", "f", 3, 12, "tuple index out of range"),
    ("def f(x: int) -> int:\n    import no_such_module_here\n    return x\n", "f", 2, 5,
     "import no_such_module_here fails at compile time: ModuleNotFoundError"),
    ("def f(x: int) -> int:\n    return x.as_integer_ratio()[0]\n", "f", 2, 12, "the method int.as_integer_ratio is not supported"),
    ("def f(x: str) -> int:\n    return x + 1\n", "f", 2, 12, "unsupported operand types for add"),
    ("import numpy as np\ndef f(x: np.ndarray) -> np.ndarray:\n    return x.frobnicate\n", "f", 3, 12,
     "the attribute numpy.ndarray.frobnicate is not supported"),
    ("import numpy as np\ndef f(x: np.ndarray) -> np.ndarray:\n    return x.mean(axis=x)\n", "f", 3, 24,
     "argument 'axis' of numpy.ndarray.mean must be a constant"),
    ("def f(x: int) -> str:\n    return '%d and %d' % (x,)\n", "f", 2, 12, "not enough arguments for format string"),
    ("def f(x: int) -> str:\n    return '%d %q' % (x, x)\n", "f", 2, 12, "unsupported format character 'q'"),
    ("def f(x: str) -> str:\n    return '%d' % x\n", "f", 2, 12, "%d format: a real number is required, not str"),
    ("import numpy as np\ndef f(x: np.ndarray) -> np.ndarray:\n    return np.r_['0,2', x, x]\n", "f", 3, 18,
     "the string directive '0,2' of np.r_[...] is not supported"),
    ("import numpy as np\ndef f(x: np.ndarray) -> np.ndarray:\n    return np.c_[x, 'r']\n", "f", 3, 21,
     "the string directive 'r' of np.c_[...] is not supported"),
    ("import numpy as np\ndef f(x: np.ndarray, n: int) -> np.ndarray:\n    return np.r_[x, 2:]\n", "f", 3, 21,
     "a slice without its stop in np.r_[...] is not supported"),
]


@pytest.mark.parametrize("source,function,line,col,message", REJECT, ids=[r[4][:40] for r in REJECT])
def test_rejected_with_location(tmp_path, source, function, line, col, message):
    path = tmp_path / "user_code.py"
    path.write_text(source)
    proc = run_muna("compile", f"{path}:{function}", "-o", str(tmp_path / "out.so"))
    assert proc.returncode == 1
    first = proc.stderr.splitlines()[0]
    assert first.startswith(f"{path}:{line}:{col}: error: "), proc.stderr
    assert message in first, proc.stderr
    assert "Traceback" not in proc.stderr and "g++" not in proc.stderr
    assert not (tmp_path / "out.so").exists()


def test_caret_under_the_column(tmp_path):
    path = tmp_path / "m.py"
    path.write_text("def f(x: int) -> int:\n    yield x\n")
    lines = run_muna("compile", f"{path}:f").stderr.splitlines()
    assert lines[1].strip() == "yield x"
    assert lines[2].index("^") == lines[1].index("yield")


def test_missing_file(tmp_path):
    proc = run_muna("compile", f"{tmp_path}/absent.py:f")
    assert proc.returncode == 1
    assert proc.stderr.startswith(f"{tmp_path}/absent.py:1:1: error: no such file")


def test_missing_function(tmp_path):
    path = tmp_path / "m.py"
    path.write_text("def g(x: int) -> int:\n    return x\n")
    proc = run_muna("compile", f"{path}:f")
    assert proc.returncode == 1 and "module has no function 'f'" in proc.stderr


def test_module_that_fails_to_import(tmp_path):
    path = tmp_path / "m.py"
    path.write_text("raise RuntimeError('boom')\n")
    proc = run_muna("compile", f"{path}:f")
    assert proc.returncode == 1 and "RuntimeError: boom" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_syntax_error_points_at_the_line(tmp_path):
    path = tmp_path / "m.py"
    path.write_text("def f(x: int) -> int:\n    return x +\n")
    proc = run_muna("compile", f"{path}:f")
    assert proc.returncode == 1 and proc.stderr.startswith(f"{path}:2:")


@pytest.mark.parametrize("body,col", [("    ITEMS.append(x)\n", 5), ("    TABLE['k'] = x\n", 5)])
def test_module_constants_cannot_be_modified(tmp_path, body, col):
    path = tmp_path / "m.py"
    path.write_text("ITEMS = [1, 2]\nTABLE = {'a': 1}\ndef f(x: int) -> int:\n" + body + "    return x\n")
    proc = run_muna("compile", f"{path}:f")
    assert proc.returncode == 1
    assert proc.stderr.startswith(f"{path}:4:{col}: error: modifying the module-level constant")
