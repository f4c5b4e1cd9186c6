"""np.asarray / np.array of nested Python lists, run by NumPy and compiled by muna."""
import numpy as np


def rows_to_array(rows: list[list[float]]) -> np.ndarray:
    return np.asarray(rows, dtype=np.float64)


def ids_to_array(ids: list[list[int]]) -> np.ndarray:
    return np.array(ids)


def cube_to_array(blocks: list[list[list[float]]]) -> np.ndarray:
    return np.asarray(blocks, dtype=np.float32)
