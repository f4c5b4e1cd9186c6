"""The registry is the source of truth: every torch op it lists is called by a differential case,
states a tolerance, and appears in docs/torch_ops.md (generated, kept current). (That every
torch header compiles on its own is tests/test_headers.py.)"""
import glob
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "codegen"))

from muna.ops import torch_docs  # noqa: E402
from muna.registry import REGISTRY  # noqa: E402

CASES = sorted(glob.glob(os.path.join(ROOT, "tests", "torch", "cases_*.py")))


def torch_ops():
    return [op for name, op in sorted(REGISTRY.ops.items())
            if name.startswith("torch.") and name not in torch_docs.INTERNAL]


def call_pattern(op):
    """How a call of the op is spelled in Python source."""
    short = op.name.rsplit(".", 1)[1]
    if short == "__getitem__":
        return r"\w\[[^\]]"
    if short == "__setitem__":
        return r"\w\[[^\]]*\] = "
    if short == "__bool__":
        return r"\bbool\("
    if short == "__contains__":
        return r"\w \bin\b \w"
    if op.name.startswith("torch.Tensor."):
        return r"\." + re.escape(short) + (r"\b" if op.kind == "property" else r"\(")
    if op.name.startswith("torch.nn.functional."):
        return r"\bF\." + re.escape(short) + r"\("
    if op.name.startswith("torch.nn.utils."):  # imported by name (from torch.nn.utils.rnn import ...)
        return r"\b" + re.escape(short) + r"\("
    return r"\btorch\." + re.escape(short) + r"\("


def test_every_torch_op_has_a_differential_case():
    source = "".join(open(path).read() for path in CASES)
    untested = [op.name for op in torch_ops() if not re.search(call_pattern(op), source)]
    assert not untested, f"torch ops without a case in tests/torch/cases_*.py: {untested}"


def test_every_torch_op_states_its_tolerance():
    assert all(op.tolerance for op in torch_ops())


def test_docs_are_generated_from_the_registry():
    with open(os.path.join(ROOT, "docs", "torch_ops.md")) as f:
        assert f.read() == torch_docs.render(), \
            "docs/torch_ops.md is stale: cd codegen && python3 -m muna.ops.torch_docs > ../docs/torch_ops.md"
