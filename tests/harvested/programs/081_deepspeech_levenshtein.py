# Harvested unchanged from https://github.com/mozilla/DeepSpeech/blob/6913ae817bc09159c64def7f130708682c197ba3/training/deepspeech_training/util/text.py
# function: levenshtein
# licence: MPL-2.0 (the repository's LICENSE at that commit)
# changes: none
# This Source Code Form is subject to the terms of the Mozilla Public License, v. 2.0.
# If a copy of the MPL was not distributed with this file, You can obtain one at http://mozilla.org/MPL/2.0/.


def levenshtein(a, b):
    "Calculates the Levenshtein distance between a and b."
    n, m = len(a), len(b)
    if n > m:
        # Make sure n <= m, to use O(min(n,m)) space
        a, b = b, a
        n, m = m, n

    current = list(range(n+1))
    for i in range(1, m+1):
        previous, current = current, [i]+[0]*n
        for j in range(1, n+1):
            add, delete = previous[j]+1, current[j-1]+1
            change = previous[j-1]
            if a[j-1] != b[i-1]:
                change = change + 1
            current[j] = min(add, delete, change)

    return current[n]


EXPORT = "levenshtein"
CASES = [
    ("kitten", "sitting"),
    ("the cat sat on the mat".split(), "the cat sat on a mat today".split()),
    ("", "abc"),
]
