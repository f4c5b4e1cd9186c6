"""GPT-2's byte-to-printable-char table and its pre-tokenization regex, by hand.

The regex is  's|'t|'re|'ve|'m|'ll|'d| ?\\p{L}+| ?\\p{N}+| ?[^\\s\\p{L}\\p{N}]+|\\s+(?!\\S)|\\s+
(Oniguruma in HF). Python's re has no \\p{L}, so gpt2_split walks the alternatives directly;
the C++ version is the same walk.
"""
from typing import Dict, List, Tuple

from .unicode import is_letter, is_number, is_whitespace

GPT2_PATTERN = r"'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+"


def _bytes_to_unicode() -> Dict[int, str]:
    printable = list(range(ord("!"), ord("~") + 1)) + list(range(0xA1, 0xAC + 1)) + list(range(0xAE, 0xFF + 1))
    table = {b: chr(b) for b in printable}
    n = 0
    for b in range(256):
        if b not in table:
            table[b] = chr(256 + n)
            n += 1
    return table


BYTE_TO_CHAR: Dict[int, str] = _bytes_to_unicode()
CHAR_TO_BYTE: Dict[str, int] = {c: b for b, c in BYTE_TO_CHAR.items()}
_BYTE_STR = [BYTE_TO_CHAR[b] for b in range(256)]


def to_byte_chars(s: str) -> str:
    return "".join([_BYTE_STR[b] for b in s.encode("utf-8")])


def _char_class(c: str) -> int:
    """0 whitespace, 1 letter, 2 number, 3 anything else."""
    if is_whitespace(c):
        return 0
    if is_letter(c):
        return 1
    if is_number(c):
        return 2
    return 3


def gpt2_split(s: str) -> List[Tuple[int, int]]:
    """The regex's consecutive matches (they always cover the whole string)."""
    n = len(s)
    out = []
    i = 0
    while i < n:
        c = s[i]
        end = 0
        if c == "'" and i + 1 < n:
            if s[i + 1] in "stmd":
                end = i + 2
            elif s[i + 1 : i + 3] in ("re", "ve", "ll"):
                end = i + 3
        if not end:
            start = i + 1 if (c == " " and i + 1 < n) else i
            cls = _char_class(s[start])
            if cls != 0:
                end = start + 1
                while end < n and _char_class(s[end]) == cls:
                    end += 1
            else:
                end = i + 1
                while end < n and is_whitespace(s[end]):
                    end += 1
                # \s+(?!\S): leave the last space to prefix the following word.
                if end < n and end - i >= 2:
                    end -= 1
        out.append((i, end))
        i = end
    return out
