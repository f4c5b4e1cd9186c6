"""np.fmax(0.0, -0.0) is -0.0 in NumPy (the comparison is false, so the second operand is
taken); muna gives 0.0. Arrays compare by bytes, so the sign of a zero is a wrong result.
Found by a hand probe of the fuzzer's ufuncs (np.fmax/np.fmin on arrays holding -0.0).
"""
import numpy as np
import numpy.typing as npt


def p1_f(x: npt.NDArray[np.float64], y: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    return np.fmax(x, y)


ENTRY = "p1_f"
ARGS = (np.array([0.0, 1.0], dtype=np.float64), np.array([-0.0, 2.0], dtype=np.float64))
CPYTHON = 'array([-0.,  2.]) (ndarray)'
MUNA = 'array([0., 2.]) (ndarray)'
FIXED = True
