"""torch.nn modules (and the functions their forwards reach) compiled through the real CLI and
compared with torch 1.13 running the same Python source, several inputs per function: Python
type, dtype and shape exactly, values within the tolerance stated per case (the ops' registry
tolerances), and the arguments afterwards (an in-place op changes the caller's array exactly when
torch changes it). Each source file is one library, all its functions compiled together for the
host target, so the suite compiles once per file."""
import copy

import numpy as np
import pytest
import torch

import muna
from muna_testing import compile_functions
from torch_harness import load_source, same

RNN = "tests/torch/cases_rnn.py"
BAG = "tests/torch/cases_bag_attention.py"


def rand(seed, *shape, scale=1.0):
    return (np.random.RandomState(seed).randn(*shape) * scale).astype(np.float32)


def tokens(seed, *shape, vocab):
    return np.random.RandomState(seed).randint(0, vocab, size=shape).astype(np.int64)


# (source, function, inputs, rtol, atol). GEMM-based float32 ops: rtol 1e-5 plus an absolute
# floor for values near zero (sums of products cancel); recurrences compound a few ulp per step.
CASES = [
    (RNN, "gru", [(rand(s, b, t, 6), rand(s + 1, 4, b, 10)) for s, (b, t) in enumerate([(1, 1), (3, 5), (2, 17)])],
     1e-5, 2e-6),
    (RNN, "lstm", [(rand(s, t, b, 6), rand(s + 1, 2, b, 9), rand(s + 2, 2, b, 9))
                   for s, (b, t) in enumerate([(1, 1), (3, 5), (2, 17)])], 1e-5, 2e-6),
    (RNN, "vanilla_rnn", [(rand(s, t, b, 6), rand(s + 1, 4, b, 10)) for s, (b, t) in enumerate([(1, 2), (4, 9)])],
     1e-5, 2e-6),
    (RNN, "cells", [(rand(s, t, b, 6), rand(s + 1, b, 10)) for s, (b, t) in enumerate([(1, 1), (3, 6)])],
     1e-5, 2e-6),
    (RNN, "vf_direct", [(rand(s, b, t, 6), rand(s + 1, 4, b, 10)) for s, (b, t) in enumerate([(2, 2), (3, 7)])],
     1e-5, 2e-6),
    # Models as tutorials write them.
    (RNN, "gru_classifier", [(tokens(s, b, t, vocab=50),) for s, (b, t) in enumerate([(1, 1), (4, 7), (2, 20)])],
     1e-5, 1e-5),
    (RNN, "lstm_tagger", [(tokens(s, t, vocab=40),) for s, t in enumerate([1, 5, 12])], 1e-5, 1e-5),
    (RNN, "greedy_decode", [(rand(s, 1, 16),) for s in range(3)], 1e-5, 1e-5),
    (RNN, "forecaster", [(rand(s, b, t, 4), rand(s + 1, 2, b, 16), rand(s + 2, 2, b, 16))
                         for s, (b, t) in enumerate([(1, 3), (5, 11)])], 1e-5, 1e-5),
    (RNN, "inplace_mlp", [(rand(s, n, 6),) for s, n in enumerate([1, 9])], 1e-5, 1e-6),
    (RNN, "inplace_functional", [(rand(s, n, 5),) for s, n in enumerate([1, 9])], 1e-6, 1e-6),
    (BAG, "text_classifier", [(tokens(0, 1, vocab=60), np.array([0])), (tokens(1, 13, vocab=60), np.array([0, 4, 4, 9])),
                              (tokens(2, 30, vocab=60), np.array([0, 1, 2, 10, 29]))], 1e-5, 1e-6),
    (BAG, "embedding_bags", [(np.array([3, 3, 1, 7, 3, 19, 0, 5, 5, 2]), np.array([0, 2, 2, 6]), rand(s, 10))
                             for s in range(2)] + [(np.array([1, 2, 3, 4]), np.array([0]), rand(5, 4)),
                                                   (np.array([19, 19, 19, 19, 4]), np.array([0, 1, 4, 5]), rand(6, 5))],
     1e-5, 1e-6),
    (BAG, "encoder_block", [(rand(s, b, t, 16), np.array(lens)) for s, (b, t, lens) in
                            enumerate([(1, 1, [1]), (3, 6, [6, 2, 4]), (2, 11, [1, 11])])], 1e-5, 1e-5),
    (BAG, "attention", [(rand(s, l, n, 8), rand(s + 1, sl, n, 8)) for s, (l, n, sl) in enumerate([(1, 1, 1), (5, 3, 7)])],
     1e-5, 1e-5),
    (BAG, "attention_batch_first", [(rand(s, b, t, 9), rand(s + 1, b, sl, 9))
                                    for s, (b, t, sl) in enumerate([(1, 1, 2), (4, 5, 8)])], 1e-5, 1e-5),
    (RNN, "lstm_cell_loop", [(rand(s, t, b, 6),) for s, (b, t) in enumerate([(1, 1), (3, 8)])], 1e-5, 2e-6),
]

# (source, function, inputs): torch raises; the library raises the same exception type with the
# same message.
ERRORS = [
    (RNN, "rnn_errors", [(rand(0, 2, 3, 5),), (rand(0, 2, 0, 6),)]),
    (BAG, "embedding_bag_errors", [(np.array([1, 2]), np.array([1])), (np.array([1, 2]), np.array([0, 3]))]),
]

_libraries = {}


def library(source):
    if not _libraries:
        # Every source file is one library; they compile side by side (one compiler each).
        from concurrent.futures import ThreadPoolExecutor
        sources = sorted({c[0] for c in CASES + ERRORS})
        with ThreadPoolExecutor(len(sources)) as pool:
            built = pool.map(lambda s: compile_functions(s, sorted({c[1] for c in CASES + ERRORS if c[0] == s})),
                             sources)
            _libraries.update(zip(sources, built))
    return _libraries[source]


def native(source, function):
    lib = library(source)[function]
    if not lib.endswith(".so"):
        pytest.fail(f"{source}:{function} does not compile:\n{lib[-3000:]}")
    return muna.load(lib, function)


@pytest.mark.parametrize("source,function,inputs,rtol,atol", CASES, ids=[c[1] for c in CASES])
def test_module_against_torch(source, function, inputs, rtol, atol):
    f = native(source, function)
    python_fn = getattr(load_source(source), function)
    for args in inputs:
        theirs, ours = copy.deepcopy(args), copy.deepcopy(args)
        with torch.no_grad():
            reference = python_fn(*theirs)
        result = f(*ours)
        same(result, reference, rtol, atol)
        for k, (a, b) in enumerate(zip(ours, theirs)):
            same(a, b, 0, 0, f"argument {k} after the call")


@pytest.mark.parametrize("source,function,inputs", ERRORS, ids=[c[1] for c in ERRORS])
def test_module_errors_as_torch(source, function, inputs):
    f = native(source, function)
    python_fn = getattr(load_source(source), function)
    for args in inputs:
        with pytest.raises(Exception) as theirs:
            python_fn(*copy.deepcopy(args))
        with pytest.raises(muna.MunaError) as ours:
            f(*copy.deepcopy(args))
        assert ours.value.type == type(theirs.value).__name__, (ours.value, theirs.value)
        assert ours.value.message == str(theirs.value), (ours.value.message, str(theirs.value))


# Configurations muna does not compile: a diagnostic at the user's line (file:line:col), never a
# C++ error. (module construction, call, message fragment)
REJECT = [
    ("nn.GRU(4, 5, num_layers=2, dropout=0.5)", "M(x)[0]", "call model.eval() first"),
    ("nn.LSTM(4, 5, num_layers=2, dropout=0.5)", "M(x)[0]", "call model.eval() first"),
    ("nn.EmbeddingBag(10, 4, max_norm=1.0)", "M(x.long(), x.long())", "max_norm"),
    ("nn.EmbeddingBag(10, 4, mode='max')", "M(x.long(), x.long(), x)", "per_sample_weights is only supported for mode='sum'"),
    ("nn.MultiheadAttention(8, 2, add_bias_kv=True).eval()", "M(x, x, x)[0]", "MultiheadAttention cannot be compiled"),
]


@pytest.mark.parametrize("module,call,message", REJECT, ids=[r[0].split("(")[0] + "-" + r[2][:20] for r in REJECT])
def test_unsupported_configuration_is_a_diagnostic(tmp_path, module, call, message):
    from muna_testing import run_muna
    path = tmp_path / "user_model.py"
    path.write_text(f"import torch\nimport torch.nn as nn\n\nM = {module}\n\n\n"
                    f"def f(x: torch.Tensor) -> torch.Tensor:\n    return {call}\n")
    proc = run_muna("compile", f"{path}:f", "-o", str(tmp_path / "out.so"))
    assert proc.returncode == 1, proc.stderr
    first = proc.stderr.splitlines()[0]
    assert first.startswith(f"{path}:8:12: error: "), proc.stderr
    assert message in first, proc.stderr
    assert "C++" not in proc.stderr, proc.stderr
