"""numpy.remainder/floor_divide/fmod/divmod/hypot on float32 arrays, for test_divmod_exact.py."""
import numpy as np
import numpy.typing as npt

F32 = npt.NDArray[np.float32]


def remainder(a: F32, b: F32) -> F32:
    return np.remainder(a, b)


def floor_divide(a: F32, b: F32) -> F32:
    return np.floor_divide(a, b)


def fmod(a: F32, b: F32) -> F32:
    return np.fmod(a, b)


def hypot(a: F32, b: F32) -> F32:
    return np.hypot(a, b)


def divmod_pair(a: F32, b: F32) -> tuple[F32, F32]:
    return np.divmod(a, b)
