"""ndarray.max() of [-0.0, 0.0] is 0.0 in NumPy and -0.0 in muna (the reduction keeps the first of
equal items where NumPy's keeps the later one). Found by a hand probe of the fuzzer's
reductions (max/min of float arrays holding both zeros).
"""
import numpy as np
import numpy.typing as npt


def p1_f(x: npt.NDArray[np.float64]) -> float:
    return float(x.max())


ENTRY = "p1_f"
ARGS = (np.array([-0.0, 0.0], dtype=np.float64),)
CPYTHON = '0.0 (float)'
MUNA = '-0.0 (float)'
FIXED = False
