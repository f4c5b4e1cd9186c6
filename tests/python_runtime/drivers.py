"""The C++ drivers of these tests: each built once per content of its source and of the headers."""
import hashlib
import os
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
INCLUDE = ROOT / "include"
CXX = os.environ.get("CXX", "g++")


def build(source_name: str) -> Path:
    """The binary of `source_name` (beside this file), rebuilt only when it or a header changes."""
    source = Path(__file__).parent / source_name
    h = hashlib.sha256(source.read_bytes())
    for path in sorted(INCLUDE.rglob("*.hpp")):
        h.update(str(path).encode() + path.read_bytes())
    out_dir = ROOT / "build" / "python_runtime"
    out_dir.mkdir(parents=True, exist_ok=True)
    binary = out_dir / f"{source.stem}-{h.hexdigest()[:16]}"
    if not binary.exists():
        tmp = binary.with_suffix(f".{os.getpid()}.tmp")
        subprocess.run([CXX, "-std=c++17", "-O1", "-I", str(INCLUDE), str(source), "-o", str(tmp)], check=True)
        tmp.rename(binary)
    return binary
