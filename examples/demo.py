"""The main job: compile plain Python functions from examples/ into native libraries, call
them, and print each result beside the Python original's."""
import os
import subprocess
import sys

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "codegen"))
sys.path.insert(0, os.path.join(ROOT, "examples"))

import basics  # noqa: E402
import muna  # noqa: E402

CASES = [
    ("normalize", (np.array([[1.0, 2.0, 3.0, 4.0], [10.0, 0.0, -10.0, 5.0]], np.float32),)),
    ("softmax", (np.array([[1.0, 2.0, 3.0], [0.0, 0.0, 100.0]], np.float32),)),
    ("greet", ("  élodie d'artagnan ",)),
    ("lengths", (["muna", "compiles", "Python", "日本語"],)),
    ("arith", (-7, 2)),
    ("score", (np.ones((2, 3), np.float32), "muna")),
]


def main():
    out_dir = os.path.join(ROOT, "build", "demo")
    os.makedirs(out_dir, exist_ok=True)
    np.set_printoptions(precision=5, suppress=True)
    for name, args in CASES:
        lib = os.path.join(out_dir, f"{name}.so")
        cmd = [os.path.join(ROOT, "muna"), "compile", f"examples/basics.py:{name}", "-o", lib]
        print(f"$ ./muna compile examples/basics.py:{name} -o build/demo/{name}.so")
        if subprocess.run(cmd, cwd=ROOT).returncode != 0:
            sys.exit(1)
        native = muna.load(lib)(*args)
        python = getattr(basics, name)(*args)
        print(f"  native: {native!r}".replace("\n", "\n          "))
        print(f"  python: {python!r}".replace("\n", "\n          "))
        same = np.array_equal(native, python) if isinstance(python, np.ndarray) else native == python
        close = np.allclose(native, python, rtol=1e-6) if isinstance(python, np.ndarray) else same
        print("  " + ("identical" if same else "equal within float32 rounding" if close else "DIFFERENT"))
        print()


if __name__ == "__main__":
    main()
