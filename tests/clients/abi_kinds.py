"""A function taking and returning every kind of value the ABI carries, for the Node client's
value conversions (tests/clients/test_node_abi.py). Compiles on the spine's language alone."""
from typing import Optional

import numpy as np


def echo(x: np.ndarray, scale: float, flag: bool, counts: dict[str, int], pair: tuple[int, str],
         big: int, ids: dict[int, str], note: Optional[str] = None
         ) -> tuple[np.ndarray, float, bool, dict[str, int], tuple[int, str], int, dict[int, str], str, list[float]]:
    counts["total"] = sum(counts.values())
    text = "no note"
    if note is not None:
        text = note
    return (x * scale, scale / 4, not flag, counts, (pair[0] + 1, pair[1] + "!"), big + 1, ids, text,
            [scale, scale * 2])
