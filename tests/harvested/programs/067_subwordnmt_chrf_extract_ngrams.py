# Harvested unchanged from https://github.com/rsennrich/subword-nmt/blob/92d6139d07d30e12735a0af9e7f7f925ebe62c54/subword_nmt/chrF.py
# function: extract_ngrams
# licence: MIT (the repository's LICENSE at that commit)
# changes: annotations added to the exported signature
# Copyright (c) 2015 University of Edinburgh
from collections import defaultdict


def extract_ngrams(words: str, max_length: int = 4, spaces: bool = False):

    if not spaces:
        words = ''.join(words.split())
    else:
        words = words.strip()

    results = defaultdict(lambda: defaultdict(int))
    for length in range(max_length):
        for start_pos in range(len(words)):
            end_pos = start_pos + length + 1
            if end_pos <= len(words):
                results[length][tuple(words[start_pos: end_pos])] += 1
    return results


EXPORT = "extract_ngrams"
CASES = [
    ("the cat sat on the mat",),
    ("a b", 2, True),
    ("  hello  ", 6, False),
]
