"""Assigning a Python float into an integer array converted it with a C++ static_cast, which is
undefined for infinity, NaN and values past the target's range (here it stored INT64_MIN).
NumPy converts a Python float through Python's int(): inf raises OverflowError, NaN ValueError,
a value past C long OverflowError, and the integer is then wrapped to the array's width. Found
by tests/fuzz (seed 102, program 237: a slice of a copied int array assigned float("inf")).
"""
import numpy as np
import numpy.typing as npt


def p1_f(x1: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    c7 = x1.copy()
    c7[1:] = float("inf")
    return c7


ENTRY = "p1_f"
ARGS = (np.array([1, 2, 3], dtype=np.int64),)
CPYTHON = 'raise OverflowError: cannot convert float infinity to integer'
MUNA = 'array([                   1, -9223372036854775808, -9223372036854775808]) (ndarray)'
FIXED = True
