"""Plain Python functions that muna compiles: the spine's first set."""
import numpy as np

# Module-level constants are baked into the compiled library.
WEIGHTS = np.array([[0.5, -1.0, 2.0], [1.5, 0.25, -0.75]], dtype=np.float32)
VOCAB = {"hello": 1, "world": 2, "muna": 3}


def normalize(x: np.ndarray) -> np.ndarray:
    """Each row to zero mean and unit variance."""
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return (x - mean) / np.sqrt(var + 1e-5)


def softmax(x: np.ndarray) -> np.ndarray:
    shifted = x - x.max(axis=-1, keepdims=True)
    e = np.exp(shifted)
    return e / e.sum(axis=-1, keepdims=True)


def greet(name: str) -> str:
    return "Hello, " + name.strip().title() + "!"


def lengths(words: list[str]) -> list[int]:
    return [len(w) for w in words]


def arith(a: int, b: int) -> tuple[int, int, float]:
    return a // b, a % b, a / b


def score(x: np.ndarray, word: str) -> np.ndarray:
    """Reads a module-level array and a module-level dict."""
    return x * WEIGHTS + VOCAB[word]
