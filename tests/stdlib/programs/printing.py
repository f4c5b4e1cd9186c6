"""print() as inference code uses it: progress lines, timings, values of every kind, sep/end,
sys.stderr. Each function prints, then returns, so a test can compare both with CPython."""
import sys

import numpy as np


class Box:
    def __init__(self, x: float, y: float):
        self.x = x
        self.y = y

    def __str__(self) -> str:
        return f"Box({self.x:.1f}, {self.y:.1f})"


def progress(n: int, name: str) -> int:
    print("-----------------------------------")
    print("processing", n, "items for", name)
    print("       max and argmax : %f" % (n / 7))
    print(n, 2.5, None, True, -0.0, 1e20, [1, 2], {"a": 1}, (3, "b"), sep=", ", end="!\n")
    print()
    print("warning:", name, file=sys.stderr)
    print(f"{n:>5}|{name:<6}|", flush=True)
    return n + 1


def values(scores: np.ndarray, labels: list[str]) -> int:
    print("total:", float(np.sum(scores)), scores.shape, scores.dtype, scores.max())
    print(labels, len(labels), sep=" | ")
    print(Box(1.25, 2.0), labels[0] if labels else None)
    print(*labels)
    print("", end="")
    print(*labels, sep="")
    return len(labels)


CASES = {
    "progress": [(3, "ok"), (0, "")],
    "values": [(np.array([0.5, 1.0, 2.25]), ["cat", "dog"]), (np.zeros((2, 2)), [])],
}
