# Harvested unchanged from https://github.com/karpathy/minbpe/blob/1acefe89412b20245db5a22d2a02001e547dc602/minbpe/base.py
# function: merge
# licence: MIT (the repository's LICENSE at that commit)
# changes: annotations added to the exported signature
# Copyright (c) 2024 Andrej


def merge(ids: list[int], pair: tuple[int, int], idx: int):
    """
    In the list of integers (ids), replace all consecutive occurrences
    of pair with the new integer token idx
    Example: ids=[1, 2, 3, 1, 2], pair=(1, 2), idx=4 -> [4, 3, 4]
    """
    newids = []
    i = 0
    while i < len(ids):
        # if not at the very last position AND the pair matches, replace it
        if ids[i] == pair[0] and i < len(ids) - 1 and ids[i+1] == pair[1]:
            newids.append(idx)
            i += 2
        else:
            newids.append(ids[i])
            i += 1
    return newids


EXPORT = "merge"
CASES = [
    ([1, 2, 3, 1, 2], (1, 2), 4),
    (list("hello world, hello".encode("utf-8")), (108, 108), 256),
    ([5, 5, 5, 5, 5], (5, 5), 300),
]
