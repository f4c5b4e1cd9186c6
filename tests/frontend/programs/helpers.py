"""Helper functions, methods of module-level objects and compile-time folding."""
import numpy as np


def clamp(x: int, lo: int = 0, hi: int = 10) -> int:
    return max_of(lo, min_of(x, hi))


def max_of(a, b):
    return a if a > b else b


def min_of(a, b):
    return a if a < b else b


def fact(n: int) -> int:
    if n <= 1:
        return 1
    return n * fact(n - 1)


class Scaler:
    """A plain Python object holding weights, like a model: its methods compile with `self`
    resolved at compile time."""

    def __init__(self, scale, use_bias):
        self.scale = np.asarray(scale, np.float32)
        self.bias = np.float32(0.5)
        self.use_bias = use_bias
        self.name = "scaler"

    def apply(self, x):
        y = x * self.scale
        if self.use_bias:
            y = y + 1.0
        return y


SCALERS = (Scaler([1.0, 2.0, 3.0], True), Scaler([0.5, 0.5, 0.5], False))
FIRST = SCALERS[0]


def use_helpers(x: int) -> tuple[int, int, float]:
    return clamp(x), clamp(x, hi=3), float(fact(min_of(x, 15))) if x > 0 else 0.0


def use_method(x: np.ndarray) -> np.ndarray:
    return FIRST.apply(x)


def use_unrolled(x: np.ndarray) -> np.ndarray:
    for s in SCALERS:
        x = s.apply(x)
    return x


def folding(x: int) -> int:
    if FIRST.use_bias and FIRST.name == "scaler":
        return x + 1
    else:
        return undefined_function(x)  # never compiled: the branch is decided at compile time
