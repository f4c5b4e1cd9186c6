"""docs/tokenizers.md compiles: its Python snippets run, then its C++ snippets build and run."""
import os
import re
import subprocess

import pytest

import text_harness as harness

DOC = os.path.join(harness.ROOT, "docs", "tokenizers.md")
pytestmark = pytest.mark.skipif(harness.deps_missing() is not None, reason=str(harness.deps_missing()))


def _blocks(language: str):
    with open(DOC, encoding="utf-8") as f:
        return re.findall(rf"```{language}\n(.*?)```", f.read(), re.S)


def test_doc_snippets_run(tmp_path, monkeypatch):
    python, cpp = _blocks("python"), _blocks("cpp")
    assert python and cpp
    monkeypatch.chdir(harness.ROOT)
    os.makedirs(harness.BUILD, exist_ok=True)
    for code in python:  # in order: the first writes the table the C++ example reads
        exec(compile(code, DOC, "exec"), {})
    for i, code in enumerate(cpp):
        src, exe = tmp_path / f"snippet{i}.cpp", tmp_path / f"snippet{i}"
        src.write_text(code)
        subprocess.run(["g++", "-O1", "-std=c++17", "-I" + os.path.join(harness.ROOT, "include"), str(src), "-o", str(exe)],
                       check=True)
        proc = subprocess.run([str(exe)], capture_output=True, text=True)
        assert proc.returncode == 0, proc.stdout + proc.stderr
        assert "UnicodeError: 'utf-8' codec can't decode byte 0xff in position 0" in proc.stdout
