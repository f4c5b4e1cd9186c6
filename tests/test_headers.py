"""Every header under include/muna and kernels/muna compiles on its own (g++ -fsyntax-only),
so a generated TU that includes only what it uses never depends on include order; the Python
runtime's own headers (WARNING_CLEAN) also without a warning under -Wall -Wextra. One compiler
call per header, two at a time (the machine has two cores, shared)."""
import glob
import os
import subprocess
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
INCLUDES = [os.path.join(ROOT, "include"), os.path.join(ROOT, "kernels")]
FLAGS = ["-std=c++17", "-fsyntax-only", "-march=x86-64-v3", "-maes", "-mpclmul"]
WARNING_CLEAN = tuple(f"muna/python/{d}/" for d in ("str", "builtins", "unicode", "format"))


def headers():
    out = []
    for base in INCLUDES:
        for path in sorted(glob.glob(os.path.join(base, "muna", "**", "*.hpp"), recursive=True)):
            out.append(os.path.relpath(path, base))
    return out


def compile_alone(header):
    source = f"#include <{header}>\n"
    warnings = ["-Wall", "-Wextra", "-Werror"] if header.startswith(WARNING_CLEAN) else []
    cmd = ["g++", *FLAGS, *warnings, *[f"-I{d}" for d in INCLUDES], "-isystem/usr/include/eigen3", "-fopenmp", "-x", "c++", "-"]
    proc = subprocess.run(cmd, input=source, capture_output=True, text=True)
    return header, proc.returncode, proc.stderr


def test_every_header_compiles_alone():
    with ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(compile_alone, headers()))
    failures = [f"{h}:\n{err[:600]}" for h, rc, err in results if rc != 0]
    assert not failures, f"{len(failures)} headers do not compile alone:\n" + "\n".join(failures[:10])
