"""The shape of an array of open rank compared with tuples, as code checks an input's layout."""
import numpy as np


def layout(x: np.ndarray) -> tuple[bool, bool, bool, bool]:
    return (x.shape == (2, 3), x.shape[-2:] != (4, 3), (1, 2) < x.shape, x.shape >= (2,))
