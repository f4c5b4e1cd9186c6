"""Text normalization helpers applied to raw user text before tokenization.

Covers Unicode normalization, accent stripping, control-character cleanup and a few
regex-based cleanups that show up in most NLP preprocessing pipelines.
"""

import re
import string
import unicodedata
from typing import Iterable, List, Optional

_WS_RE = re.compile(r"\s+")
_URL_RE = re.compile(r"(?:https?://|www\.)[^\s<>\"']+", re.IGNORECASE)
_EMAIL_RE = re.compile(r"\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b")
_TRAILING_URL_PUNCT = ".,;:!?)]}"

# Typographic characters that tend to sneak in from copy-pasted web text.
QUOTE_MAP = {
    "\u2018": "'",
    "\u2019": "'",
    "\u201a": "'",
    "\u201b": "'",
    "\u201c": '"',
    "\u201d": '"',
    "\u201e": '"',
    "\u00ab": '"',
    "\u00bb": '"',
    "\u2013": "-",
    "\u2014": "-",
    "\u2212": "-",
    "\u2026": "...",
    "\u00a0": " ",
}


def collapse_whitespace(text: str) -> str:
    """Replace every run of whitespace (including newlines/tabs) with one space."""
    return _WS_RE.sub(" ", text).strip()


def strip_accents(text: str) -> str:
    """Remove combining marks after NFD decomposition: 'café' -> 'cafe'."""
    decomposed = unicodedata.normalize("NFD", text)
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return unicodedata.normalize("NFC", stripped)


def remove_control_chars(text: str, keep_newlines: bool = True) -> str:
    """Drop Unicode control/format characters (category C*), optionally keeping newlines."""
    out: List[str] = []
    for ch in text:
        if ch in ("\n", "\r", "\t"):
            if keep_newlines:
                out.append(ch)
            else:
                out.append(" ")
            continue
        if unicodedata.category(ch).startswith("C"):
            continue
        out.append(ch)
    return "".join(out)


def normalize_for_model(text: str, lowercase: bool = True, remove_accents: bool = True) -> str:
    """Canonical cleanup used for an uncased model: NFKC, control chars, case, accents, spaces."""
    text = unicodedata.normalize("NFKC", text)
    text = remove_control_chars(text, keep_newlines=False)
    if lowercase:
        text = text.lower()
    if remove_accents:
        text = strip_accents(text)
    return collapse_whitespace(text)


def remove_punctuation(text: str, keep: str = "") -> str:
    """Remove ASCII and Unicode punctuation (category P*), except characters in ``keep``."""
    keep_set = set(keep)
    chars = []
    for ch in text:
        if ch in keep_set:
            chars.append(ch)
        elif ch in string.punctuation or unicodedata.category(ch).startswith("P"):
            continue
        else:
            chars.append(ch)
    return "".join(chars)


def normalize_quotes(text: str) -> str:
    """Map curly quotes, dashes, ellipses and NBSP to their plain ASCII equivalents."""
    return "".join(QUOTE_MAP.get(ch, ch) for ch in text)


def mask_urls_and_emails(text: str, url_token: str = "<URL>", email_token: str = "<EMAIL>") -> str:
    """Replace URLs and e-mail addresses with placeholder tokens."""

    def _url_sub(match: "re.Match[str]") -> str:
        url = match.group(0)
        trailing = ""
        while url and url[-1] in _TRAILING_URL_PUNCT:
            trailing = url[-1] + trailing
            url = url[:-1]
        return url_token + trailing

    text = _EMAIL_RE.sub(email_token, text)
    return _URL_RE.sub(_url_sub, text)


def squeeze_repeats(text: str, max_repeat: int = 2) -> str:
    """Limit runs of the same character, e.g. 'soooo goood!!!!' -> 'soo good!!'."""
    if max_repeat < 1:
        raise ValueError(f"max_repeat must be >= 1, got {max_repeat}")
    pattern = re.compile(r"(.)\1{%d,}" % max_repeat, re.DOTALL)
    return pattern.sub(lambda m: m.group(1) * max_repeat, text)


def normalize_batch(texts: Iterable[str], min_length: int = 1, lowercase: bool = True) -> List[str]:
    """Normalize a batch, drop strings that end up too short and de-duplicate (order kept)."""
    seen = set()
    result: List[str] = []
    for raw in texts:
        cleaned = normalize_for_model(normalize_quotes(raw), lowercase=lowercase)
        if len(cleaned) < min_length or cleaned in seen:
            continue
        seen.add(cleaned)
        result.append(cleaned)
    return result


def truncate_on_word_boundary(text: str, max_chars: int, ellipsis: Optional[str] = "…") -> str:
    """Cut ``text`` to at most ``max_chars`` characters without splitting a word."""
    if max_chars <= 0:
        raise ValueError("max_chars must be positive")
    text = collapse_whitespace(text)
    if len(text) <= max_chars:
        return text
    suffix = ellipsis or ""
    budget = max_chars - len(suffix)
    if budget <= 0:
        return text[:max_chars]
    cut = text[:budget]
    if " " in cut and not text[budget].isspace():
        cut = cut[: cut.rfind(" ")]
    return cut.rstrip(" ,;:-") + suffix


CASES = {
    "collapse_whitespace": [
        ("  hello \t\n  world  ",),
        ("",),
        ("single",),
        ("a\u00a0\u00a0b\u2003c",),
    ],
    "strip_accents": [
        ("café déjà vu",),
        ("Ångström naïve façade",),
        ("",),
        ("日本語 no accents",),
    ],
    "remove_control_chars": [
        ("line1\nline2\x00\x07end",),
        ("zero\u200bwidth\u200djoiner\ufeff", False),
        ("tabs\tand\r\nreturns", False),
        ("",),
    ],
    "normalize_for_model": [
        ("  Héllo,\tWÖRLD!\x00  ",),
        ("ﬁne ① ＡＢＣ", True, False),
        ("Keep Case Ünïcode", False, True),
        ("",),
    ],
    "remove_punctuation": [
        ("Hello, world! How's it going?",),
        ("«Bonjour» — dit-il…", "-"),
        ("e-mail: a@b.com", "@."),
        ("",),
    ],
    "normalize_quotes": [
        ("\u201cSmart\u201d quotes \u2014 and \u2018single\u2019\u2026",),
        ("plain ascii",),
        ("\u00abguillemets\u00bb\u00a0here",),
    ],
    "mask_urls_and_emails": [
        ("See https://example.com/a?b=1, or mail me at jane.doe@mail.co.uk.",),
        ("visit www.test.org) now", "[LINK]"),
        ("nothing to mask here",),
        ("a@b.io and http://x.y/z", "U", "E"),
    ],
    "squeeze_repeats": [
        ("soooo goood!!!!",),
        ("aaaaaa", 1),
        ("",),
        ("nooo", 0),
    ],
    "normalize_batch": [
        (["Hello  World", "hello world", "  ", "Café"],),
        ([], 1),
        (["a", "bb", "ccc"], 2, False),
        (["\u201cQuote\u201d", '"quote"'],),
    ],
    "truncate_on_word_boundary": [
        ("The quick brown fox jumps over the lazy dog", 20),
        ("short", 10),
        ("supercalifragilisticexpialidocious word", 10, None),
        ("abc def", 2, "..."),
        ("anything", 0),
    ],
}
