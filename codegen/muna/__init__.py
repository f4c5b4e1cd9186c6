"""muna: compile plain, type-annotated Python inference functions into native libraries.

    import muna
    f = muna.load("build/normalize.so")   # after ./muna compile examples/basics.py:normalize
    f(np.ones((2, 3), np.float32))
"""
from .loader import MunaError, load

__all__ = ["load", "MunaError"]
