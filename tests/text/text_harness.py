"""Shared plumbing for the tokenizer tests and benchmark: paths, the Node oracle, the C++ driver."""
import hashlib
import json
import os
import struct
import subprocess
import sys
import tempfile
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
               decode_ids: Optional[List[List[int]]] = None, bench_rounds: int = 0,
               batch: Optional[dict] = None, lookup: Optional[dict] = None) -> dict:
    """HF's answers for texts, cached in build/text by the hash of everything they depend on."""
    os.makedirs(BUILD, exist_ok=True)
    request = {"tokenizer": tokenizer_path, "texts": texts, "add_special_tokens": add_special_tokens}
    if decode_ids is not None:
        request["decode_ids"] = decode_ids
    if bench_rounds:
        request["bench_rounds"] = bench_rounds
    if batch is not None:
        request["batch"] = batch
    if lookup is not None:
        request["lookup"] = lookup
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


def _pack_texts(texts: List[bytes]) -> bytes:
    parts = [struct.pack("<I", len(texts))]
    for t in texts:
        parts += [struct.pack("<I", len(t)), t]
    return b"".join(parts)


class _Records:
    """Reads the driver's OUT records: ("ids", [...]), ("text", str) or ("error", message)."""

    def __init__(self, data: bytes):
        self.data, self.p = data, 0

    def u32(self) -> int:
        v = struct.unpack_from("<I", self.data, self.p)[0]
        self.p += 4
        return v

    def raw(self) -> bytes:
        n = self.u32()
        s = self.data[self.p : self.p + n]
        self.p += n
        return s

    def record(self, kind: str):
        status = self.u32()
        if status == 1:
            return ("error", self.raw().decode("utf-8"))
        if kind == "ids":
            n = self.u32()
            ids = list(struct.unpack_from(f"<{n}i", self.data, self.p))
            self.p += 4 * n
            return ("ids", ids)
        return ("text", self.raw().decode("utf-8"))


def _run_driver(mode: str, table: bytes, payload: bytes, *args: str) -> bytes:
    """Runs the driver on a table and an IN payload in a scratch folder: OUT, or stdout for bench."""
    exe = build_driver()
    os.makedirs(BUILD, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=BUILD) as tmp:
        table_path, in_path, out_path = (os.path.join(tmp, n) for n in ("table", "in", "out"))
        with open(table_path, "wb") as f:
            f.write(table)
        with open(in_path, "wb") as f:
            f.write(payload)
        command = [exe, mode, table_path, in_path] + ([] if mode == "bench" else [out_path]) + list(args)
        proc = subprocess.run(command, capture_output=True)
        if proc.returncode != 0:
            raise AssertionError(f"driver {mode} failed ({proc.returncode}): {proc.stderr.decode(errors='replace')}")
        if mode == "bench":
            return proc.stdout
        with open(out_path, "rb") as f:
            return f.read()


def run_native(table: bytes, texts: List[bytes], decode_ids: List[List[int]]) -> dict:
    """Native encode (with/without specials) of texts and decode (plain/skip) of id lists."""
    payload = _pack_texts(texts) + struct.pack("<I", len(decode_ids))
    payload += b"".join(struct.pack(f"<I{len(ids)}i", len(ids), *ids) for ids in decode_ids)
    r = _Records(_run_driver("run", table, payload))
    result = {"ids": [], "ids_plain": [], "decoded": [], "decoded_skip": []}
    for _ in texts:
        result["ids"].append(r.record("ids"))
        result["ids_plain"].append(r.record("ids"))
    for _ in decode_ids:
        result["decoded"].append(r.record("text"))
        result["decoded_skip"].append(r.record("text"))
    return result


def run_native_batch(table: bytes, texts: List[str], add_special_tokens=True, max_length=None, truncation=False,
                     padding=False, pad_id=0, padding_side="right"):
    """Native encode_batch with Python-style options; a list of id lists or ("error", message)."""
    pad = {False: "none", True: "longest", "longest": "longest", "max_length": "max_length"}[padding]
    args = [str(-1 if max_length is None else max_length), str(int(truncation)), pad, str(pad_id), padding_side,
            str(int(add_special_tokens))]
    r = _Records(_run_driver("batch", table, _pack_texts([t.encode("utf-8") for t in texts]), *args))
    n = r.u32()
    records = [r.record("ids") for _ in range(n)]
    if records and records[0][0] == "error":
        return records[0]
    return [ids for _, ids in records]


def run_native_bench(table: bytes, texts: List[str], rounds: int) -> dict:
    return json.loads(_run_driver("bench", table, _pack_texts([t.encode("utf-8") for t in texts]), str(rounds)))


def run_native_lookup(table: bytes, tokens: List[str], ids: List[int]):
    """Native token_to_id of tokens (-1 when absent) and id_to_token of ids (None on KeyError)."""
    payload = _pack_texts([t.encode("utf-8") for t in tokens]) + struct.pack(f"<I{len(ids)}i", len(ids), *ids)
    r = _Records(_run_driver("lookup", table, payload))
    to_id = list(struct.unpack_from(f"<{len(tokens)}i", r.data, 0))
    r.p = 4 * len(tokens)
    to_token = []
    for _ in ids:
        kind, value = r.record("text")
        assert kind == "text" or value.startswith("KeyError:"), value
        to_token.append(value if kind == "text" else None)
    return to_id, to_token
