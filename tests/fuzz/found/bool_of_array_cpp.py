"""bool() of an array expression (here an item of an array whose rank the annotation leaves open,
so the front end types it as an array) is accepted, and the C++ does not build:
`no matching function for call to truth(muna::Tensor<bool>)`. NumPy's bool() takes a size-1
array (and raises ValueError for more items); either muna does, or it is a diagnostic.
Found by tests/fuzz (seed 1, program 39: `elif bool(x2[0, 0] >= float("nan")):`).
"""
import numpy as np
import numpy.typing as npt


def p1_f(x: npt.NDArray[np.float32]) -> bool:
    return bool(x[0] > 0)


ENTRY = "p1_f"
ARGS = (np.array([1.5, -2.0], dtype=np.float32),)
CPYTHON = "True (bool)"
MUNA = 'build failed: the generated C++ did not compile: no matching function for call to ‘truth(muna::Tensor<bool>)’'
FIXED = True
