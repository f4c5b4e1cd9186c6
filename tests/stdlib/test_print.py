"""print() of a compiled function against CPython's: each function of programs/printing.py runs
in a child process of its own, compiled and as CPython runs it, and both the return value and
everything written to stdout and stderr must be the same, byte for byte."""
import os
import subprocess
import sys

import pytest

from muna_testing import ROOT, compile_library
from stdlib_testing import load_program

PROGRAM = os.path.join("tests", "stdlib", "programs", "printing.py")
CASES = load_program("printing").CASES

RUN = """
import pickle, sys
sys.path.insert(0, {codegen!r})
args = pickle.loads(bytes.fromhex(sys.argv[1]))
if {library!r}:
    import muna
    fn = muna.load({library!r}, {function!r})
else:
    import importlib.util
    spec = importlib.util.spec_from_file_location("printing", {path!r})
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    fn = getattr(module, {function!r})
result = fn(*args)
sys.stdout.flush()
sys.stderr.write("returned %r" % (result,))
"""


@pytest.fixture(scope="module")
def library():
    return compile_library(PROGRAM, ",".join(CASES))


def run(function, args, library=""):
    import pickle
    code = RUN.format(codegen=os.path.join(ROOT, "codegen"), library=library, function=function,
                      path=os.path.join(ROOT, PROGRAM))
    proc = subprocess.run([sys.executable, "-c", code, pickle.dumps(args).hex()], capture_output=True, timeout=120)
    assert proc.returncode == 0, proc.stderr.decode(errors="replace")
    return proc.stdout, proc.stderr


@pytest.mark.parametrize("function,number", [(f, i) for f, cases in CASES.items() for i in range(len(cases))])
def test_print_matches_cpython(library, function, number):
    args = CASES[function][number]
    assert run(function, args, library) == run(function, args)
