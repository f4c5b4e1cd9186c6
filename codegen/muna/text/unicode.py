"""Unicode character classes exactly as Hugging Face tokenizers (Rust) define them.

The pure-Python tokenizer uses these at run time, and gen_unicode_tables.py turns the same
definitions into the C++ tables, so both implementations share one source of truth
(CPython's unicodedata).
"""
import unicodedata

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


def is_punctuation(c: str) -> bool:  # unicode_categories' is_punctuation: P*
    return unicodedata.category(c)[0] == "P"


def is_bert_punctuation(c: str) -> bool:
    o = ord(c)
    ascii_punct = 0x21 <= o <= 0x2F or 0x3A <= o <= 0x40 or 0x5B <= o <= 0x60 or 0x7B <= o <= 0x7E
    return ascii_punct or is_punctuation(c)


def is_other(c: str) -> bool:
    """unicode_categories' is_other: Cc, Cf, Co, Cs (its tables leave Cn out)."""
    return unicodedata.category(c) in ("Cc", "Cf", "Co", "Cs")


def is_mark_nonspacing(c: str) -> bool:  # Mn
    return unicodedata.category(c) == "Mn"


def is_combining_mark(c: str) -> bool:  # unicode-normalization's is_combining_mark: M*
    return unicodedata.category(c)[0] == "M"


def is_word_char(c: str) -> bool:
    """Approximates regex-syntax's Unicode \\w (Alphabetic, M, Nd, Pc, Join_Control)."""
    cat = unicodedata.category(c)
    return cat[0] in "LM" or cat in ("Nd", "Nl", "Pc") or c in "\u200c\u200d"


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
