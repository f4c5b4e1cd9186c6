"""Shared plumbing for the tokenizer tests and benchmark: paths, the Node oracle, the C++ driver."""
import hashlib
import json
import os
import subprocess
import sys
from typing import List, Optional

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "codegen"))
DEPS = os.path.join(ROOT, ".deps", "node_modules")
GEMMA_JSON = os.path.join(DEPS, "@lenml", "tokenizer-gemma3", "models", "tokenizer.json")
BUILD = os.path.join(ROOT, "build", "text")
DRIVER_SRC = os.path.join(ROOT, "tests", "text", "driver.cpp")


def deps_missing() -> Optional[str]:
    """Why the oracle cannot run, or None."""
    if not os.path.isfile(GEMMA_JSON) or not os.path.isdir(os.path.join(DEPS, "@anush008", "tokenizers")):
        return "tokenizer test inputs missing: run scripts/fetch_tokenizers.sh (needs npm)"
    return None


def _digest(*parts: bytes) -> str:
    h = hashlib.sha256()
    for p in parts:
        h.update(hashlib.sha256(p).digest())
    return h.hexdigest()[:24]


def run_oracle(tokenizer_path: str, texts: List[str], add_special_tokens: bool = True,
               decode_ids: Optional[List[List[int]]] = None, bench_rounds: int = 0) -> dict:
    """HF's answers for texts, cached in build/text by the hash of everything they depend on."""
    os.makedirs(BUILD, exist_ok=True)
    request = {"tokenizer": tokenizer_path, "texts": texts, "add_special_tokens": add_special_tokens}
    if decode_ids is not None:
        request["decode_ids"] = decode_ids
    if bench_rounds:
        request["bench_rounds"] = bench_rounds
    payload = json.dumps(request, ensure_ascii=False).encode("utf-8")
    with open(tokenizer_path, "rb") as f:
        key = _digest(payload, f.read(), open(os.path.join(ROOT, "tests", "text", "oracle.js"), "rb").read())
    answer_path = os.path.join(BUILD, f"oracle-{key}.json")
    if bench_rounds or not os.path.exists(answer_path):
        request_path = answer_path + ".request"
        with open(request_path, "wb") as f:
            f.write(payload)
        env = dict(os.environ, NODE_PATH=DEPS, RAYON_NUM_THREADS="1")
        subprocess.run(["node", os.path.join(ROOT, "tests", "text", "oracle.js"), request_path, answer_path],
                       check=True, env=env)
        os.remove(request_path)
    with open(answer_path, encoding="utf-8") as f:
        return json.load(f)


def build_driver() -> str:
    """Compiles tests/text/driver.cpp once per change of it or of the headers it includes."""
    include = os.path.join(ROOT, "include")
    sources = [DRIVER_SRC] + sorted(
        os.path.join(d, f) for d, _, fs in os.walk(include) for f in fs if f.endswith(".hpp"))
    key = _digest(*[open(p, "rb").read() for p in sources])
    exe = os.path.join(BUILD, f"driver-{key}")
    if not os.path.exists(exe):
        os.makedirs(BUILD, exist_ok=True)
        subprocess.run(["g++", "-O2", "-std=c++17", "-Wall", "-Wextra", "-I" + include, DRIVER_SRC, "-o", exe + ".tmp",
                        "-pthread"], check=True)
        os.replace(exe + ".tmp", exe)
    return exe
