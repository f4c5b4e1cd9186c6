"""Fixtures for the client tests: the stand-in embedding library compiled through the real
CLI, and running a Node.js scenario script (with the npm packages from .deps/) as JSON.

The tests need node and the npm packages scripts/setup.d/npm_clients.sh installs; without
them they skip, saying which is missing."""
import json
import os
import shutil
import subprocess

import pytest

from muna_testing import ROOT, compile_library

HERE = os.path.dirname(os.path.abspath(__file__))
NODE_MODULES = os.path.join(ROOT, ".deps", "node_modules")


@pytest.fixture(scope="session")
def node():
    """The node executable; skips when node or the npm packages are missing."""
    path = shutil.which("node")
    if path is None:
        pytest.skip("node is not installed (scripts/setup.sh installs it)")
    for package in ("koffi", "openai"):
        if not os.path.isfile(os.path.join(NODE_MODULES, package, "package.json")):
            pytest.skip(f"npm package {package} is missing from .deps/ (run scripts/setup.sh)")
    return path


@pytest.fixture(scope="session")
def standin_lib(tmp_path_factory):
    """The stand-in compiled with `./muna compile tests/clients/standin_embed.py:embed,count_tokens`,
    reached through a link named standin.so (so the server's default model name is 'standin')."""
    built = compile_library("tests/clients/standin_embed.py", "embed,count_tokens")
    link = tmp_path_factory.mktemp("lib") / "standin.so"
    link.symlink_to(built)
    return str(link)


@pytest.fixture(scope="session")
def run_node(node):
    """run_node(script, *args, timeout=60) -> the JSON the scenario printed."""
    def run(script, *args, timeout=60):
        env = dict(os.environ, NODE_PATH=NODE_MODULES)
        proc = subprocess.run([node, os.path.join(HERE, script), *args], capture_output=True, text=True,
                              timeout=timeout, env=env, cwd=ROOT)
        if proc.returncode != 0:
            raise AssertionError(f"node {script} {' '.join(args)} failed:\n{proc.stderr}")
        return json.loads(proc.stdout)
    return run
