"""docs/coverage.md is what scripts/gen_coverage_doc.py writes from the registry now (so the page
follows the ops as they are added); the ranked lists are well formed; the counter resolves
aliases and attributes methods as docs/coverage.md says; and the nn.Module probes the page
calls supported give torch's results when compiled."""
import ast
import csv
import hashlib
import importlib.util
import os
import sys

import numpy as np
import pytest

import muna
from muna_testing import CACHE, MUNA_DIGEST, ROOT, run_muna

sys.path.insert(0, os.path.join(ROOT, "scripts"))
import count_api_usage  # noqa: E402
import coverage_probes  # noqa: E402
import gen_coverage_doc  # noqa: E402

DATA = os.path.join(ROOT, "docs", "coverage")


@pytest.fixture(scope="module")
def probes():
    return gen_coverage_doc.run_probes()


def test_page_is_current(probes):
    from muna.registry import REGISTRY
    with open(os.path.join(ROOT, "docs", "coverage.md")) as f:
        committed = f.read()
    assert committed == gen_coverage_doc.render(REGISTRY, probes), (
        "docs/coverage.md is stale: run /usr/bin/python3 scripts/gen_coverage_doc.py")


def read(name):
    with open(os.path.join(DATA, name), newline="") as f:
        return list(csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE))


@pytest.mark.parametrize("lib", ["numpy", "torch"])
def test_ranked_list_is_well_formed(lib):
    rows = read(f"{lib}.tsv")
    n_sources = len(read("sources.tsv"))
    assert [int(r["rank"]) for r in rows] == list(range(1, len(rows) + 1))
    counts = [int(r["count"]) for r in rows]
    assert counts == sorted(counts, reverse=True)
    assert len(rows) >= max(gen_coverage_doc.TOP.values())
    for r in rows:
        assert r["name"].startswith(lib + ".") and r["kind"] in (
            "function", "method", "property", "module", "class")
        assert 1 <= int(r["repos"]) <= n_sources and int(r["count"]) <= int(r["raw_count"])


SNIPPET = '''
import numpy as onp
import torch
import torch.nn.functional as Fn
from torch import nn
from numpy import zeros
from torch.nn.modules.conv import Conv2d


def f(x: torch.Tensor, a, text):
    y = x.view(2, 3)
    b = onp.asarray(a).reshape(-1)
    parts = text.split(",")
    z = zeros(3) + b.T
    m = nn.Linear(2, 2)
    act = nn.GELU
    conv = Conv2d(1, 1, 1)
    if isinstance(m, nn.Conv2d):
        pass
    d = onp.float32
    return Fn.relu(y).sum(), z.mean(), m.to("cpu"), q.unsqueeze(0)
'''


def count(source):
    tree = ast.parse(source)
    events = []
    stats = {}
    counter = count_api_usage.FileCounter(tree, count_api_usage.import_aliases(tree),
                                          lambda unit, api, how, line: events.append((api.name, how)),
                                          __import__("collections").Counter())
    counter.run(tree)
    return events


def test_counter_resolves_aliases_and_attributes_methods():
    events = count(SNIPPET)
    names = sorted(n for n, _ in events)
    assert names == sorted([
        "torch.Tensor.view", "numpy.asarray", "numpy.ndarray.reshape", "numpy.zeros",
        "numpy.ndarray.T", "torch.nn.Linear", "torch.nn.GELU", "torch.nn.Conv2d",
        "torch.nn.functional.relu", "torch.Tensor.sum", "numpy.ndarray.mean",
        "torch.Tensor.unsqueeze"])
    how = dict(events)
    assert how["torch.Tensor.view"] == "inferred"       # x is annotated torch.Tensor
    assert how["numpy.ndarray.reshape"] == "inferred"   # the result of onp.asarray
    assert how["torch.Tensor.unsqueeze"] == "fallback"  # q is unknown: the function names torch more
    assert "torch.Tensor.to" not in how                  # m is an nn.Linear, not a tensor


def test_other_array_libraries_are_not_counted():
    """In a file that imports jax too, jnp is not NumPy and an unknown receiver is no ndarray."""
    events = count("import numpy as np\nimport jax.numpy as jnp\n\n"
                   "def f(a, q):\n    b = np.ones(3)\n    return jnp.mean(a), q.reshape(-1), b.reshape(-1)\n")
    assert events == [("numpy.ones", "called"), ("numpy.ndarray.reshape", "inferred")]


def test_identical_functions_are_one_unit():
    src = "import numpy as np\n\ndef f(a):\n    return np.mean(a)\n\ndef f(a):\n    return np.mean(a)\n"
    tree = ast.parse(src)
    units = []
    counter = count_api_usage.FileCounter(tree, count_api_usage.import_aliases(tree),
                                          lambda unit, api, how, line: units.append(unit),
                                          __import__("collections").Counter())
    counter.run(tree)
    assert len(units) == 2 and units[0] == units[1]


def test_supported_probes_match_torch(probes):
    """The nn.Module probes the page calls supported, compiled in one library, against torch."""
    supported = [n for n in coverage_probes.MODULES if probes[n][0]]
    assert len(supported) >= 10
    path = os.path.join(ROOT, "build", "coverage_probes_program.py")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    text = coverage_probes.render()
    if not os.path.exists(path) or open(path).read() != text:
        with open(path, "w") as f:
            f.write(text)
    functions = ",".join(coverage_probes.probe_name(n) for n in supported)
    # compile_library names its output after the functions, too long a file name for 30 of
    # them: the same content-keyed cache, under a short name.
    key = hashlib.sha256((MUNA_DIGEST + text + functions).encode()).hexdigest()[:16]
    library = os.path.join(CACHE, f"coverage_probes-{key}.so")
    if not os.path.exists(library):
        os.makedirs(CACHE, exist_ok=True)
        run_muna("compile", f"build/coverage_probes_program.py:{functions}", "-o", library,
                 "--target", "x86-64-v3", check=True)
    spec = importlib.util.spec_from_file_location("coverage_probes_program", path)
    program = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(program)
    rng = np.random.RandomState(0)
    for name in supported:
        args = coverage_probes.inputs(name, rng)
        fn = coverage_probes.probe_name(name)
        want = getattr(program, fn)(*args)
        got = muna.load(library, fn)(*args)
        assert got.dtype == want.dtype and got.shape == want.shape, name
        np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-5, err_msg=name)
