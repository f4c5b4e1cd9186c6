# Harvested unchanged from https://github.com/karpathy/minbpe/blob/1acefe89412b20245db5a22d2a02001e547dc602/minbpe/base.py
# function: replace_control_characters
# licence: MIT (the repository's LICENSE at that commit)
# changes: none
# Copyright (c) 2024 Andrej
import unicodedata


# first two helper functions...
def replace_control_characters(s: str) -> str:
    # we don't want to print control characters
    # which distort the output (e.g. \n or much worse)
    # https://stackoverflow.com/questions/4324790/removing-control-characters-from-a-string-in-python/19016117#19016117
    # http://www.unicode.org/reports/tr44/#GC_Values_Table
    chars = []
    for ch in s:
        if unicodedata.category(ch)[0] != "C":
            chars.append(ch) # this character is ok
        else:
            chars.append(f"\\u{ord(ch):04x}") # escape
    return "".join(chars)


EXPORT = "replace_control_characters"
CASES = [
    ("hello\nworld\t!",),
    ("plain text",),
    ("\x00\x1bbell\x07 caf\u00e9",),
]
