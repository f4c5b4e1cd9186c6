"""Functions for test_dispatch.py: float32 transcendentals, whose vector forms round differently
at 8 and 16 lanes (so the x86-64-v3 and x86-64-v4 code of one library tell themselves apart),
and a 4 MiB constant (so a library holding it twice would show)."""
import numpy as np
import numpy.typing as npt

TABLE = np.random.default_rng(3).standard_normal(1 << 20).astype(np.float32)


def transcendental(x: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
    return np.log(x) + np.tanh(x) * np.log2(x + 1.0)


def lookup(x: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
    return TABLE[:x.size] * x
