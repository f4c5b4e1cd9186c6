"""Transcendental functions over long arrays, for test_guarded.py (compiled by muna, run by NumPy)."""
import numpy as np
import numpy.typing as npt

UNARY = [
    "log", "log2", "log10", "exp", "exp2", "tan", "sinh", "tanh", "arcsinh", "cbrt", "cosh",
    "arccosh", "arctanh", "expm1", "log1p", "sin", "cos", "arcsin", "arccos", "arctan"
]
BINARY = ["arctan2", "power", "remainder", "floor_divide", "fmod", "hypot"]


def unary(case, x):
    if case == 0:
        return np.log(x)
    if case == 1:
        return np.log2(x)
    if case == 2:
        return np.log10(x)
    if case == 3:
        return np.exp(x)
    if case == 4:
        return np.exp2(x)
    if case == 5:
        return np.tan(x)
    if case == 6:
        return np.sinh(x)
    if case == 7:
        return np.tanh(x)
    if case == 8:
        return np.arcsinh(x)
    if case == 9:
        return np.cbrt(x)
    if case == 10:
        return np.cosh(x)
    if case == 11:
        return np.arccosh(x)
    if case == 12:
        return np.arctanh(x)
    if case == 13:
        return np.expm1(x)
    if case == 14:
        return np.log1p(x)
    if case == 15:
        return np.sin(x)
    if case == 16:
        return np.cos(x)
    if case == 17:
        return np.arcsin(x)
    if case == 18:
        return np.arccos(x)
    return np.arctan(x)


def unary32(case: int, x: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
    return unary(case, x)


def unary64(case: int, x: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    return unary(case, x)


def binary(case, x, y):
    if case == 0:
        return np.arctan2(x, y)
    if case == 1:
        return np.power(x, y)
    if case == 2:
        return np.remainder(x, y)
    if case == 3:
        return np.floor_divide(x, y)
    if case == 4:
        return np.fmod(x, y)
    return np.hypot(x, y)


def binary32(case: int, x: npt.NDArray[np.float32], y: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
    return binary(case, x, y)


def binary32_scalar(case: int, x: npt.NDArray[np.float32], y: float) -> npt.NDArray[np.float32]:
    return binary(case, x, np.float32(y))
