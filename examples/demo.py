"""The main job: compile plain Python functions from examples/ into native libraries, call
them, and print each result beside the Python original's — first small functions, then
EmbeddingGemma (tiny random config): one function that tokenizes, runs the encoder and returns
embeddings, compiled into one library, printing query/document similarities."""
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
    embedding_gemma(out_dir)


def embedding_gemma(out_dir):
    lib = os.path.join(out_dir, "embedding_gemma.so")
    spec = "examples/embedding_gemma/embed.py:embed,count_tokens,embed_tokens"
    print(f"$ ./muna compile {spec} -o build/demo/embedding_gemma.so   (tiny random config, ~1 min)")
    env = dict(os.environ, EMBEDDINGGEMMA_CONFIG="tiny")
    if subprocess.run([os.path.join(ROOT, "muna"), "compile", spec, "-o", lib], cwd=ROOT, env=env).returncode != 0:
        sys.exit(1)
    os.environ["EMBEDDINGGEMMA_CONFIG"] = "tiny"
    sys.path.insert(0, os.path.join(ROOT, "examples", "embedding_gemma"))
    import embed as python_module  # the same function, run by PyTorch
    queries = ["Which planet is known as the Red Planet?", "How do I bake bread?"]
    documents = ["Mars is often called the Red Planet because of its reddish surface.",
                 "Mix flour, water, salt and yeast, let it rise, then bake it hot."]
    native = muna.load(lib)
    for name, f in (("native", native), ("python", python_module.embed)):
        similarity = f(queries, "query") @ f(documents, "document").T
        print(f"  {name} similarities (queries x documents, random weights):")
        for query, row in zip(queries, similarity):
            print(f"    {query[:40]:40s} " + " ".join(f"{v:+.6f}" for v in row))
    print(f"  tokens per query: {muna.load(lib, 'count_tokens')(queries, 'query')}")


if __name__ == "__main__":
    main()
