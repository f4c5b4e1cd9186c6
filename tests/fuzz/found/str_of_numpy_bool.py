"""str() of a NumPy bool scalar (x.any(), np.all(...), a[i] of a bool array) gives "1"/"0";
NumPy's np.bool_ prints "True"/"False". Found by tests/fuzz (seed 1, program 510:
`acc1 += str(x1.any())`).
"""
import numpy as np
import numpy.typing as npt


def p1_f(x: npt.NDArray[np.float64]) -> str:
    return str(x.any()) + "," + str(np.all(x > 0))


ENTRY = "p1_f"
ARGS = (np.array([0.0, 2.0], dtype=np.float64),)
CPYTHON = "'True,False' (str)"
MUNA = "'1,0' (str)"
FIXED = True
