"""Functions compiled by test_unicodedata.py: each maps many characters or strings at once, so
one library call covers every code point (the results come back joined in one str: a list of a
million values takes the loader seconds to convert, one str none)."""
import unicodedata
from typing import Optional


def categories(s: str) -> str:
    return ",".join([unicodedata.category(c) for c in s])


def bidirectionals(s: str) -> str:
    return ",".join([unicodedata.bidirectional(c) for c in s])


def combinings(s: str) -> str:
    return ",".join([str(unicodedata.combining(c)) for c in s])


def east_asian_widths(s: str) -> str:
    return ",".join([unicodedata.east_asian_width(c) for c in s])


def mirroreds(s: str) -> str:
    return ",".join([str(unicodedata.mirrored(c)) for c in s])


def decompositions(s: str) -> str:
    return ",".join([unicodedata.decomposition(c) for c in s])


def numeric_values(s: str) -> str:
    return ",".join([repr(unicodedata.numeric(c, -1.0)) for c in s])


def decimal_and_digit_values(s: str) -> str:
    return ",".join([f"{unicodedata.decimal(c, -1)}/{unicodedata.digit(c, -1)}" for c in s])


def names(s: str) -> str:
    return "\n".join([unicodedata.name(c, "") for c in s])


def lookups(names: str) -> str:
    return "".join([unicodedata.lookup(n) for n in names.split("\n")])


def normalized(s: str) -> list[str]:
    return [unicodedata.normalize("NFC", s), unicodedata.normalize("NFD", s),
            unicodedata.normalize("NFKC", s), unicodedata.normalize("NFKD", s)]


def all_normalized(strings: list[str]) -> list[str]:
    out: list[str] = []
    for s in strings:
        out.append("|".join(normalized(s)))
    return out


def all_is_normalized(strings: list[str]) -> list[int]:
    out: list[int] = []
    for s in strings:
        flags = 0
        for form in ["NFC", "NFD", "NFKC", "NFKD"]:
            flags = flags * 2 + int(unicodedata.is_normalized(form, s))
        out.append(flags)
    return out


# One call per case: the errors CPython raises, the defaults, and the Optional results.
def category(c: str) -> str:
    return unicodedata.category(c)


def bidirectional(c: str) -> str:
    return unicodedata.bidirectional(c)


def combining(c: str) -> int:
    return unicodedata.combining(c)


def east_asian_width(c: str) -> str:
    return unicodedata.east_asian_width(c)


def mirrored(c: str) -> int:
    return unicodedata.mirrored(c)


def decomposition(c: str) -> str:
    return unicodedata.decomposition(c)


def numeric(c: str) -> float:
    return unicodedata.numeric(c)


def numeric_or_none(c: str) -> Optional[float]:
    return unicodedata.numeric(c, None)


def decimal(c: str) -> int:
    return unicodedata.decimal(c)


def decimal_or_none(c: str) -> Optional[int]:
    return unicodedata.decimal(c, None)


def digit(c: str) -> int:
    return unicodedata.digit(c)


def digit_or(c: str, default: int) -> int:
    return unicodedata.digit(c, default)


def name(c: str) -> str:
    return unicodedata.name(c)


def name_or_none(c: str) -> Optional[str]:
    return unicodedata.name(c, None)


def name_or(c: str, default: str) -> str:
    return unicodedata.name(c, default)


def lookup(n: str) -> str:
    return unicodedata.lookup(n)


def normalize(form: str, s: str) -> str:
    return unicodedata.normalize(form, s)


def is_normalized(form: str, s: str) -> bool:
    return unicodedata.is_normalized(form, s)


def version() -> str:
    return unicodedata.unidata_version
