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


# Llama 3 and Qwen 2 split text with a Split pre-tokenizer on these regexes (then ByteLevel
# without its own regex). They differ only in how many digits a number piece may hold.
LLAMA3_PATTERN = (r"(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*"
                  r"|\s*[\r\n]+|\s+(?!\S)|\s+")
QWEN2_PATTERN = LLAMA3_PATTERN.replace(r"\p{N}{1,3}", r"\p{N}")
KNOWN_SPLIT_REGEXES = {LLAMA3_PATTERN: 3, QWEN2_PATTERN: 1}  # pattern -> digits per piece

_FOLDS_TO = {"s": "sS\u017f", "t": "tT", "r": "rR", "e": "eE", "v": "vV", "m": "mM", "l": "lL", "d": "dD"}


def _contraction(s: str, i: int) -> int:
    """Length of (?i:'s|'t|'re|'ve|'m|'ll|'d) at i, or 0."""
    if s[i] != "'":
        return 0
    for suffix in ("s", "t", "re", "ve", "m", "ll", "d"):
        if i + len(suffix) < len(s) and all(s[i + 1 + k] in _FOLDS_TO[ch] for k, ch in enumerate(suffix)):
            return 1 + len(suffix)
    return 0


def llama3_split(s: str, max_digits: int) -> List[Tuple[int, int]]:
    """The regex's consecutive matches (they always cover the whole string)."""
    n = len(s)
    out = []
    i = 0
    while i < n:
        c = s[i]
        cls = _char_class(c)
        end = i + _contraction(s, i)
        if end == i and cls == 1:  # \p{L}+
            end = i + 1
            while end < n and _char_class(s[end]) == 1:
                end += 1
        elif end == i and cls != 2 and c not in "\r\n" and i + 1 < n and _char_class(s[i + 1]) == 1:
            end = i + 2  # [^\r\n\p{L}\p{N}] then \p{L}+
            while end < n and _char_class(s[end]) == 1:
                end += 1
        elif end == i and cls == 2:  # \p{N}{1,max}
            end = i + 1
            while end < n and end - i < max_digits and _char_class(s[end]) == 2:
                end += 1
        elif end == i and (cls == 3 or (c == " " and i + 1 < n and _char_class(s[i + 1]) == 3)):
            end = i + 1 if cls == 3 else i + 2  # ' ?[^\s\p{L}\p{N}]+[\r\n]*'
            while end < n and _char_class(s[end]) == 3:
                end += 1
            while end < n and s[end] in "\r\n":
                end += 1
        elif end == i:  # whitespace
            run = i
            last_newline = -1
            while run < n and is_whitespace(s[run]):
                if s[run] in "\r\n":
                    last_newline = run
                run += 1
            if last_newline >= 0:
                end = last_newline + 1  # \s*[\r\n]+
            elif run < n and run - i >= 2:
                end = run - 1  # \s+(?!\S)
            else:
                end = run  # \s+ (or \s+(?!\S) at the end)
        out.append((i, end))
        i = end
    return out
