"""Unicode character classes exactly as Hugging Face tokenizers (Rust) define them.

The pure-Python tokenizer uses these at run time; the C++ side reads the same definitions from
the tables scripts/gen_unicode_tables.py generates, so both implementations share one source of truth
(CPython's unicodedata).
"""
import bisect
import unicodedata

from . import hf_categories

# Rust's char::is_whitespace and Oniguruma's \s: the Unicode White_Space property.
WHITE_SPACE = frozenset(
    "\t\n\x0b\x0c\r \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007"
    "\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000"
)


def is_whitespace(c: str) -> bool:
    return c in WHITE_SPACE


def is_letter(c: str) -> bool:  # \p{L}
    return unicodedata.category(c)[0] == "L"


def is_number(c: str) -> bool:  # \p{N}; also Rust's char::is_numeric
    return unicodedata.category(c)[0] == "N"


def _range_set(ranges):
    starts = [a for a, _ in ranges]
    ends = [b for _, b in ranges]

    def contains(c: str) -> bool:
        o = ord(c)
        i = bisect.bisect_right(starts, o) - 1
        return i >= 0 and o <= ends[i]

    return contains


# HF's BERT components classify with the old tables of the unicode_categories crate.
_punctuation = _range_set(hf_categories.PUNCTUATION)
_mark_nonspacing = _range_set(hf_categories.MARK_NONSPACING)
_other = _range_set(hf_categories.OTHER)


def is_punctuation(c: str) -> bool:  # unicode_categories' is_punctuation: P*
    return _punctuation(c)


def is_bert_punctuation(c: str) -> bool:
    o = ord(c)
    ascii_punct = 0x21 <= o <= 0x2F or 0x3A <= o <= 0x40 or 0x5B <= o <= 0x60 or 0x7B <= o <= 0x7E
    return ascii_punct or is_punctuation(c)


def is_other(c: str) -> bool:
    """unicode_categories' is_other: Cc, Cf, Co (its tables leave Cn out)."""
    return _other(c)


def is_mark_nonspacing(c: str) -> bool:  # unicode_categories' Mn
    return _mark_nonspacing(c)


def is_combining_mark(c: str) -> bool:  # unicode-normalization's is_combining_mark: M*
    return unicodedata.category(c)[0] == "M"


# Other_Alphabetic symbols (circled and squared Latin letters) that \w counts as letters.
_ALPHABETIC_SYMBOLS = ((0x24B6, 0x24E9), (0x1F130, 0x1F149), (0x1F150, 0x1F169), (0x1F170, 0x1F189))


def is_word_char(c: str) -> bool:
    """regex-syntax's Unicode \\w: Alphabetic, M, Nd, Pc, Join_Control (Nl is Alphabetic)."""
    cat = unicodedata.category(c)
    if cat[0] in "LM" or cat in ("Nd", "Nl", "Pc") or c in "\u200c\u200d":
        return True
    o = ord(c)
    return cat == "So" and any(lo <= o <= hi for lo, hi in _ALPHABETIC_SYMBOLS)


def is_chinese_char(c: str) -> bool:
    o = ord(c)
    return (
        0x4E00 <= o <= 0x9FFF
        or 0x3400 <= o <= 0x4DBF
        or 0x20000 <= o <= 0x2A6DF
        or 0x2A700 <= o <= 0x2B73F
        or 0x2B740 <= o <= 0x2B81F
        or 0x2B920 <= o <= 0x2CEAF
        or 0xF900 <= o <= 0xFAFF
        or 0x2F800 <= o <= 0x2FA1F
    )


def char_lower(c: str) -> str:
    """Rust's char::to_lowercase: context-free, so Σ never becomes final ς."""
    return c.lower() if c != "\u03a3" else "\u03c3"


def lowercase(s: str) -> str:
    # str.lower applies the Final_Sigma context rule, the only context-sensitive mapping.
    return s.lower() if "\u03a3" not in s else "".join(map(char_lower, s))


def nfd(s: str) -> str:
    return unicodedata.normalize("NFD", s)


def nfkd(s: str) -> str:
    return unicodedata.normalize("NFKD", s)


def nfc(s: str) -> str:
    return unicodedata.normalize("NFC", s)


def nfkc(s: str) -> str:
    return unicodedata.normalize("NFKC", s)


# --- Grapheme clusters, as far as the Precompiled normalizer can tell them apart -------------
# HF's Precompiled normalizer treats a cluster shorter than 6 UTF-8 bytes as one unit, longer
# ones char by char. Only clusters that join a short base with marks or CR LF can stay under 6
# bytes, so the UAX #29 rules that matter are GB3-GB5, GB9, GB9a and GB9b; the rules that build
# long clusters (Hangul, emoji ZWJ sequences, flags) give the same result char by char.
GB_OTHER, GB_CR, GB_LF, GB_CONTROL, GB_EXTEND, GB_SPACING_MARK, GB_PREPEND = range(7)

# Grapheme_Extend beyond Mn/Me (Other_Grapheme_Extend), emoji modifiers and tags.
_EXTRA_EXTEND = ([0x200C, 0x200D, 0x09BE, 0x09D7, 0x0B3E, 0x0B57, 0x0BBE, 0x0BD7, 0x0CC2, 0x0CD5, 0x0CD6, 0x0D3E,
                  0x0D57, 0x0DCF, 0x0DDF, 0x1B35, 0x302E, 0x302F, 0xFF9E, 0xFF9F, 0x1D165, 0x1D16E, 0x1D16F,
                  0x1D170, 0x1D171, 0x1D172] + list(range(0x1F3FB, 0x1F400)) + list(range(0xE0020, 0xE0080)))
_NOT_SPACING_MARK = [0x102B, 0x102C, 0x1038, 0x1062, 0x1063, 0x1064, 0x1067, 0x1068, 0x1069, 0x106A, 0x106B, 0x106C,
                     0x106D, 0x1083, 0x1087, 0x1088, 0x1089, 0x108A, 0x108B, 0x108C, 0x108F, 0x109A, 0x109B, 0x109C,
                     0x1A61, 0x1A63, 0x1A64, 0xAA7B, 0xAA7D, 0x11720, 0x11721]
_PREPEND = ([0x0600, 0x0601, 0x0602, 0x0603, 0x0604, 0x0605, 0x06DD, 0x070F, 0x0890, 0x0891, 0x08E2, 0x0D4E, 0x110BD,
             0x110CD, 0x111C2, 0x111C3, 0x1193F, 0x11941, 0x11A3A, 0x11D46] + list(range(0x11A84, 0x11A8A)))
GB_EXCEPTIONS = {**{c: GB_EXTEND for c in _EXTRA_EXTEND}, **{c: GB_OTHER for c in _NOT_SPACING_MARK},
                 **{c: GB_PREPEND for c in _PREPEND}, 0x0E33: GB_SPACING_MARK, 0x0EB3: GB_SPACING_MARK}


def grapheme_break_class(c: str) -> int:
    o = ord(c)
    if o in GB_EXCEPTIONS:
        return GB_EXCEPTIONS[o]
    if c == "\r":
        return GB_CR
    if c == "\n":
        return GB_LF
    cat = unicodedata.category(c)
    if cat in ("Mn", "Me"):
        return GB_EXTEND
    if cat == "Mc":
        return GB_SPACING_MARK
    if cat in ("Cc", "Cf", "Zl", "Zp", "Cs"):
        return GB_CONTROL
    return GB_OTHER


def joins(prev: int, cur: int) -> bool:
    """Whether no grapheme boundary falls between chars of these classes."""
    if prev == GB_CR:
        return cur == GB_LF
    if prev in (GB_CONTROL, GB_LF) or cur in (GB_CONTROL, GB_CR, GB_LF):
        return False
    return cur in (GB_EXTEND, GB_SPACING_MARK) or prev == GB_PREPEND


def graphemes(s: str):
    start, prev = 0, None
    for i, c in enumerate(s):
        cls = grapheme_break_class(c)
        if prev is not None and not joins(prev, cls):
            yield s[start:i]
            start = i
        prev = cls
    if s:
        yield s[start:]
