"""docs/ops.md is generated from the registry: it must be current (regenerate with
/usr/bin/python3 scripts/gen_ops_doc.py)."""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_ops_doc_is_current():
    proc = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "gen_ops_doc.py"), "--check"])
    assert proc.returncode == 0, "docs/ops.md is stale: run scripts/gen_ops_doc.py"


def test_every_registry_numpy_op_is_listed():
    sys.path.insert(0, os.path.join(ROOT, "codegen"))
    import muna.frontend  # noqa: F401
    from muna.registry import REGISTRY
    text = open(os.path.join(ROOT, "docs", "ops.md")).read()
    missing = [n for n in REGISTRY.ops if n.startswith("numpy.") and ".detail." not in n
               and f"`{n}`" not in text]
    assert not missing, missing
