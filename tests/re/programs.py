"""Text clean-up functions written the way people write them with re, and the arguments each
runs on (CASES). tests/re/test_programs.py compiles them and compares with CPython."""
import re
from typing import Optional

_WS = re.compile(r"\s+")
_URL = re.compile(r"(?:https?://|www\.)[^\s<>\"']+", re.IGNORECASE)
_EMAIL = re.compile(r"\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b")
_NUMBER = re.compile(r"[-+]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:[eE][-+]?\d+)?")
_TAG = re.compile(r"<[^>]+>")
_REPEAT = re.compile(r"(.)\1{2,}", re.DOTALL)
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z\"'])")
_PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")
_TRAILING_PUNCT = ".,;:!?)]}"
_DATE = re.compile(r"(?P<year>\d{4})-(?P<month>\d\d)(?:-(?P<day>\d\d))?")


def collapse_whitespace(text: str) -> str:
    return _WS.sub(" ", text).strip()


def _url_token(m: re.Match) -> str:
    url = m.group(0)
    trailing = ""
    while url and url[-1] in _TRAILING_PUNCT:
        trailing = url[-1] + trailing
        url = url[:-1]
    return "<URL>" + trailing


def year_and_day(text: str) -> tuple[int, int]:
    m = _DATE.search(text)
    if not m:
        return (-1, -1)
    day = m.group("day")  # Optional[str]: the group may not take part
    return (int(m.group("year")), int(day) if day is not None else 0)


def mask_numbers(text: str) -> str:
    return re.sub(r"\d+", lambda m: "#" * len(m.group(0)), text)


def mask_urls(text: str) -> str:
    return _URL.sub(_url_token, text)


def mask_emails(text: str) -> str:
    return _EMAIL.sub(lambda m: m.group(0)[0] + "***@" + m.group(0).split("@")[1], text)


def extract_numbers(text: str) -> list[float]:
    return [float(n.replace(",", "")) for n in _NUMBER.findall(text)]


def strip_html(text: str) -> str:
    return collapse_whitespace(_TAG.sub(" ", text))


def squeeze_repeats(text: str) -> str:
    return _REPEAT.sub(r"\1\1", text)


def split_sentences(text: str) -> list[str]:
    return [s for s in _SENTENCE_END.split(text.strip()) if s]


def parse_date(text: str) -> Optional[tuple[int, int, int]]:
    m = re.search(r"(\d{4})-(\d{1,2})-(\d{1,2})", text)
    if not m:
        return None
    return int(m.group(1)), int(m.group(2)), int(m.group(3))


def slugify(text: str) -> str:
    text = text.lower()
    text = re.sub(r"[^\w\s-]", "", text)
    return re.sub(r"[-\s]+", "-", text).strip("-")


def tokenize(text: str) -> list[str]:
    return re.findall(r"\w+(?:[-']\w+)*|[^\w\s]", text)


def camel_to_snake(name: str) -> str:
    s1 = re.sub(r"(.)([A-Z][a-z]+)", r"\1_\2", name)
    return re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", s1).lower()


def count_words(text: str) -> dict[str, int]:
    counts: dict[str, int] = {}
    for word in re.findall(r"[a-z']+", text.lower()):
        counts[word] = counts.get(word, 0) + 1
    return counts


def key_values(text: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for m in re.finditer(r"(?P<key>\w+)\s*[=:]\s*(?P<value>[^;,\n]*)", text):
        out[m.group("key").lower()] = m.group("value").strip()
    return out


def is_valid_email(address: str) -> bool:
    return re.fullmatch(r"[\w.+-]+@[\w-]+(\.[\w-]+)+", address) is not None


def redact(text: str, words: list[str]) -> str:
    if not words:
        return text
    pattern = r"\b(" + "|".join([re.escape(w) for w in words]) + r")\b"
    return re.sub(pattern, lambda m: "*" * len(m.group(0)), text, flags=re.IGNORECASE)


def normalize_phone(raw: str) -> str:
    digits = re.sub(r"\D", "", raw)
    m = re.match(r"1?(\d{3})(\d{3})(\d{4})$", digits)
    if m is None:
        raise ValueError("not a phone number: " + raw)
    return f"({m.group(1)}) {m.group(2)}-{m.group(3)}"


def first_word(text: str) -> str:
    m = re.match(r"\s*(\w+)", text)
    return m.group(1) if m else ""


def fill_template(template: str, values: dict[str, str]) -> str:
    missing = [name for name in _PLACEHOLDER.findall(template) if name not in values]
    if missing:
        raise KeyError(missing[0])
    return _PLACEHOLDER.sub(lambda m: values[m.group(1)], template)


def parse_rating(text: str) -> Optional[float]:
    m = re.search(r"(-?\d+(?:\.\d+)?)\s*(?:/|out\s+of)\s*(\d+(?:\.\d+)?)", text, re.IGNORECASE)
    if m is not None and float(m.group(2)) > 0:
        return min(max(float(m.group(1)) / float(m.group(2)), 0.0), 1.0)
    return None


def choice_letter(text: str) -> str:
    for pattern in [r"answer\s*(?:is|:)?\s*\(?([A-D])\)?", r"^\s*\(?([A-D])[).:]", r"\b([A-D])\b"]:
        m = re.search(pattern, text, flags=re.IGNORECASE | re.MULTILINE)
        letter: Optional[str] = None  # a pattern built at run time: its groups may be None
        if m:
            letter = m.group(1)
        if letter is not None and letter.upper() in "ABCD":
            return letter.upper()
    return "?"


def bullet_items(text: str) -> list[str]:
    items = []
    for line in text.splitlines():
        m = re.match(r"^\s*(?:[-*\u2022+]|\d+[.)])\s+(.*\S)\s*$", line)
        if m:
            items.append(m.group(1))
    return items


def user_findall(pattern: str, text: str) -> list[str]:
    try:
        return re.findall(pattern, text)
    except re.error as e:
        return ["invalid pattern: " + str(e)]


def strip_control(text: str) -> str:
    return re.sub(r"[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200b-\u200f\ufeff]", "", text)


def split_fields(line: str) -> list[str]:
    return re.split(r"\s*[,;|]\s*", line.strip())


def deep_alternation(n: int) -> int:
    """A repeat of a branch n times over: sre's backtracking state lives on the heap, not the
    C stack, and so does muna's."""
    m = re.match(r"(?:a|b)*c", "ab" * n + "c")
    return m.end() if m else -1


def catastrophic(n: int) -> bool:
    """Exponential backtracking: CPython would run for ages; muna gives up (RuntimeError)."""
    return re.search(r"(a+)+b", "a" * n + "c") is not None


TEXT = ("Visit https://example.com/path?q=1, or www.Test.org! Mail john.doe+x@mail.example.co.uk. "
        "Prices: $1,234.50 and -3.5e2; \u00e9t\u00e9 \u2014 \u6771\u4eac 2024-05-17.  Ok?  Yes!!!")
CASES = {
    "collapse_whitespace": [(TEXT,), ("  a\t\tb \n c  ",), ("",), ("\u3000x\u00a0y\u2028z",)],
    "year_and_day": [("due 2024-05-17",), ("from 1999-12 on",), ("never",)],
    "mask_numbers": [(TEXT,), ("no digits",)],
    "mask_urls": [(TEXT,), ("see (https://a.b/c).",), ("none",)],
    "mask_emails": [(TEXT,), ("a@b.co x@y",)],
    "extract_numbers": [(TEXT,), ("1,000,000 and 12,34 and .5",), ("",)],
    "strip_html": [("<p>Hello <b>w\u00f6rld</b></p>\n<br/>",), ("no tags",)],
    "squeeze_repeats": [("soooo goood!!!!",), ("\u00e9\u00e9\u00e9\u00e9 \U0001F600\U0001F600\U0001F600",)],
    "split_sentences": [("One. Two! Three? \"Four.\" five.",), ("",)],
    "parse_date": [("on 2024-05-17.",), ("no date",), ("2024-5-7",)],
    "slugify": [("Hello, World! \u00c7a va?",), ("  --A  b--  ",), ("\u6771\u4eac \u30bf\u30ef\u30fc",)],
    "tokenize": [("Don't stop-believing, ok? \u00e9t\u00e9-l\u00e0!",), (TEXT,)],
    "camel_to_snake": [("camelCaseName",), ("HTTPServerError",), ("already_snake",)],
    "count_words": [("It's a test. A TEST, it's!",)],
    "key_values": [("a=1; B: two , c = x y\nd=",), ("",)],
    "is_valid_email": [("a.b@c.io",), ("a@b",), ("x@y.z.",), ("\u00e9@\u00e9.fr",)],
    "redact": [("The Secret plan: secret.", ["secret", "plan"]), ("a.b a+b", ["a.b"]), ("x", [])],
    "normalize_phone": [("+1 (555) 123-4567",), ("555.123.4567",), ("12",)],
    "first_word": [("  hello world",), ("!!",), ("",)],
    "fill_template": [("Hi {name}, you are {age}.", {"name": "Ann", "age": "7"}), ("{x}", {})],
    "parse_rating": [("Score: 7/10",), ("4 out of 5",), ("no",), ("3/0",)],
    "choice_letter": [("The answer is (B).",), ("c) maybe",), ("I pick D",), ("none",)],
    "bullet_items": [("- one\n2) two \n\u2022 three\nplain",), ("",)],
    "user_findall": [(r"\d+", "a1b22"), (r"(\w)", "a1"), ("(", "x"), (r"[a-", "x")],
    "strip_control": [("a\x00b\u200bc\ufeffd\x85e",)],
    "split_fields": [(" a, b;c | d ",), ("",)],
    "deep_alternation": [(0,), (3,), (200000,)],
    "catastrophic": [(0,), (12,)],
}
# Run by the tests only compiled (CPython would not finish): raises RuntimeError in muna.
HANGS_IN_CPYTHON = {"catastrophic": (60,)}
# Where muna differs on purpose (docs/language.md): findall of a pattern built at run time with
# two groups would give tuples, a type muna decides only for patterns known at compile time.
DIFFERS = {"user_findall": ((r"(\w)(\d)", "a1"), "NotImplementedError")}
