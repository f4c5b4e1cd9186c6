# Harvested unchanged from https://github.com/openai/gpt-2/blob/9b63575ef42771a015060c964af2c3da4cf7c8ab/src/encoder.py
# function: get_pairs
# licence: LicenseRef-OpenAI-GPT-2-Modified-MIT (MIT terms with a note on generated content) (the repository's LICENSE at that commit)
# changes: annotations added to the exported signature
# Software Copyright (c) 2019 OpenAI


def get_pairs(word: tuple[str, ...]):
    """Return set of symbol pairs in a word.

    Word is represented as tuple of symbols (symbols being variable-length strings).
    """
    pairs = set()
    prev_char = word[0]
    for char in word[1:]:
        pairs.add((prev_char, char))
        prev_char = char
    return pairs


EXPORT = "get_pairs"
CASES = [
    (('h', 'e', 'l', 'l', 'o'),),
    (('\u0120lo', 'w', 'er'),),
    (('a', 'b'),),
]
