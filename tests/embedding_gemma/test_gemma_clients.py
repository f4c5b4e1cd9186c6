"""The compiled EmbeddingGemma library from its other callers: the C++ example app, and the
Node client and HTTP server (their own tests use a stand-in; here they serve the real model)."""
import os
import subprocess

import numpy as np
import pytest

from muna_testing import ROOT, compile_library
from .test_gemma_compiled import FUNCTIONS, SRC, TOKENIZER, python_embed

pytestmark = pytest.mark.skipif(not TOKENIZER.exists(), reason="run scripts/setup.sh (fetches the Gemma 3 tokenizer)")


def test_cpp_app_prints_what_python_computes(tmp_path):
    lib = compile_library(SRC, FUNCTIONS, env={"EMBEDDINGGEMMA_CONFIG": "tiny"}, shipped=True)
    local = tmp_path / "embedding_gemma.so"
    os.symlink(lib, local)
    exe = tmp_path / "embed_demo"
    subprocess.run(["g++", "-std=c++17", f"-I{ROOT}/include", os.path.join(ROOT, "examples", "embedding_gemma", "main.cpp"),
                    str(local), "-Wl,-rpath,$ORIGIN", "-o", str(exe)], check=True, capture_output=True)
    out = subprocess.run([str(exe)], check=True, capture_output=True, text=True).stdout.splitlines()
    start = out.index("similarity (rows: queries, columns: documents)")
    native = np.array([[float(v) for v in line.split()] for line in out[start + 1:start + 3]])
    E = python_embed("tiny")
    queries = ["Which planet is known as the Red Planet?", "How do I bake bread?"]
    documents = ["Mars is often called the Red Planet because of its reddish surface.",
                 "Mix flour, water, salt and yeast, let it rise, then bake it hot."]
    expected = E.embed(queries, "query") @ E.embed(documents, "document").T
    np.testing.assert_allclose(native, expected, atol=2e-6)
    assert out[-1].startswith("bad task -> status 1: TypeError: argument 'task': expected str, got int")


def test_openai_client_against_muna_serve(tmp_path):
    """`./muna serve` with the real library, driven by the official openai npm client."""
    import shutil
    import sys
    node_modules = os.path.join(ROOT, ".deps", "node_modules")
    if shutil.which("node") is None or not os.path.isdir(os.path.join(node_modules, "openai")):
        pytest.skip("node or the openai npm package is missing (run scripts/setup.sh)")
    sys.path.insert(0, os.path.join(ROOT, "tests"))
    from clients.test_server import Server
    lib = compile_library(SRC, FUNCTIONS, env={"EMBEDDINGGEMMA_CONFIG": "tiny"}, shipped=True)
    link = tmp_path / "embeddinggemma.so"
    os.symlink(lib, link)
    server = Server(str(link), log_path=tmp_path / "serve.log")
    try:
        proc = subprocess.run(["node", os.path.join(ROOT, "tests", "clients", "server_scenarios.js"),
                               server.base_url, "embeddinggemma", "embeddings"], capture_output=True, text=True,
                              timeout=300, env=dict(os.environ, NODE_PATH=node_modules), cwd=ROOT)
    finally:
        server.stop()
    assert proc.returncode == 0, proc.stderr
    import json
    result = json.loads(proc.stdout)
    E = python_embed("tiny")
    texts = ["a b c", "héllo wörld 🌍", "x"]
    expected = E.embed(texts, "document")
    for response in (result["default"], result["float"]):
        assert response["object"] == "list" and response["model"] == "embeddinggemma"
        got = np.array([d["embedding"] for d in response["data"]], np.float32)
        np.testing.assert_allclose(got, expected, atol=1e-5)
        assert response["usage"]["prompt_tokens"] == sum(E.count_tokens(texts)) == response["usage"]["total_tokens"]
    import base64  # an explicit encoding_format="base64" leaves decoding to the caller
    got = np.array([np.frombuffer(base64.b64decode(d["embedding"]), "<f4") for d in result["base64"]["data"]])
    np.testing.assert_allclose(got, E.embed(texts, "document", 256), atol=1e-5)
