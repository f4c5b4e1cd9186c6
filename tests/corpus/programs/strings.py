"""Text cleaning and simple tokenization before a model sees the text: str methods, UTF-8
aware length/indexing/slicing, ord/chr."""
from typing import Union


def clean_text(text: str) -> str:
    return " ".join(text.strip().lower().split())


def normalize_label(label: str) -> str:
    return label.strip("_- ").replace("_", " ").title()


def sentence_case(text: str) -> tuple[str, str, str]:
    return text.capitalize(), text.upper(), text.lower()


def split_fields(line: str, sep: str, maxsplit: int) -> tuple[list[str], list[str]]:
    return line.split(sep, maxsplit), line.rsplit(sep, maxsplit)


def nonblank_lines(text: str) -> list[str]:
    lines = []
    for line in text.splitlines():
        if line.strip():
            lines.append(line.rstrip())
    return lines


def strip_variants(s: str) -> tuple[str, str, str, str, str]:
    return s.strip(), s.lstrip(), s.rstrip(), s.rstrip(".!?"), s.lstrip("#> ")


def locate(text: str, needle: str) -> tuple[int, int, int, int]:
    return text.find(needle), text.rfind(needle), text.count(needle), text.index(needle)


def url_kind(name: str) -> str:
    if name.startswith(("http://", "https://")):
        return "remote"
    if name.endswith(".json") or name.endswith((".yaml", ".yml")):
        return "config"
    return "other"


def char_classes(s: str) -> tuple[bool, bool, bool, bool, bool, bool]:
    return s.isdigit(), s.isalpha(), s.isalnum(), s.isspace(), s.isupper(), s.islower()


def pad_fields(s: str, width: int) -> list[str]:
    return [s.zfill(width), s.center(width), s.center(width, "*"), s.ljust(width, "."), s.rjust(width)]


def key_value(line: str) -> tuple[str, str, str]:
    key, sep, value = line.partition("=")
    return key.strip(), sep, value.strip()


def caesar(text: str, shift: int) -> str:
    out = ""
    for c in text:
        if "a" <= c <= "z":
            out += chr((ord(c) - ord("a") + shift) % 26 + ord("a"))
        else:
            out += c
    return out


def code_points(s: str, n: int) -> tuple[int, str, str, str, str, list[int]]:
    return len(s), s[:n], s[-n:], s[::-1], s[n], [ord(c) for c in s]


def simple_tokenize(text: str) -> list[str]:
    tokens = []
    current = ""
    for c in text:
        if c.isalnum():
            current += c
            continue
        if current:
            tokens.append(current)
            current = ""
        if not c.isspace():
            tokens.append(c)
    if current:
        tokens.append(current)
    return tokens


def as_text(data: Union[bytes, str]) -> str:
    return data.decode("utf-8") if isinstance(data, bytes) else data


def printf_style(name: str, x: float, n: int, d: dict[str, float]) -> list[str]:
    """printf-style % formatting: flags, widths, precisions, every conversion, a mapping, a
    tuple bound to a name, one value alone, %%."""
    pair = (name, n)
    return ["%s: %.2f" % (name, x), "%-8s|%5d|%05.1f|%+d|% d" % (name, n, x, n, n), "%d%%" % x, "[%10.3s]" % name,
            "%x %X %#o %#x" % (n, n, n, n), "%r" % name, "%s" % n, "%e %g %G" % (x, x, 1e-7), "%(a).3f" % d,
            "%s=%d" % pair, "%c%c" % (65, "z"), "%-6.2f|" % x, "%s" % [1, 2], "%i" % True, "%5s|%-5s|" % ("ab", "cd"),
            "%s %s" % (None, d.get("b"))]


CASES = {
    "printf_style": [("cat", 3.14159, 255, {"a": 0.5}), ("a longer name", -2.5, -7, {"a": -1e10, "b": 2.0}),
                     ("", float("inf"), 0, {"a": float("nan")})],
    "as_text": [(b"abc",), ("h\u00e9llo",), ("h\u00e9llo".encode(),), (b"",)],
    "clean_text": [("  Hello   WORLD \n",), ("",), ("\t\n ",), ("ÉCOLE  Straße",), ("a\u00a0b\u3000c",)],
    "normalize_label": [("__very_positive__",), ("- neutral -",), ("",), ("ünïcode_label",), ("they're_ok",)],
    "sentence_case": [("hello World",), ("",), ("ßtraße",), ("ǆemal ǈ",), ("123 abc",)],
    "split_fields": [("a,b,,c", ",", -1), ("a,b,,c", ",", 1), ("", ",", -1), ("a::b::c", "::", 1),
                     ("abc", "", -1), ("x y", " ", 0)],
    "nonblank_lines": [("a\n\nb  \r\nc\rd",), ("",), ("\n\n",), ("one\u2028two\x0bthree",), ("x\n",)],
    "strip_variants": [("  hi there!?  ",), ("",), ("## > quoted.",), ("\u3000wide\u3000",), ("...",)],
    "locate": [("the cat sat on the mat", "at"), ("aaaa", "aa"), ("abc", ""), ("日本語の文", "語"), ("abc", "z")],
    "url_kind": [("https://x.org",), ("http://a",), ("conf.yml",), ("data.json",), ("",), ("ftp://x.json",)],
    "char_classes": [("123",), ("abc",), ("ABC",), ("a1",), ("  \t",), ("",), ("٣٤",), ("Éa",), ("²",)],
    "pad_fields": [("42", 5), ("-7", 5), ("abc", 2), ("ab", 7), ("", 3), ("日本", 6), ("+3", 4)],
    "key_value": [("lr = 0.01",), ("no_equals",), ("a=b=c",), ("",), ("=value",)],
    "caesar": [("hello, world", 3), ("xyz", 1), ("abc", -1), ("", 5), ("Ünïcode", 13)],
    "code_points": [("héllo wörld", 2), ("日本語テキスト", 3), ("😀a👍🏽", 1), ("ab", 0), ("", 0), ("abc", 5)],
    "simple_tokenize": [("Hello, world! It's 2024.", ), ("",), ("   ",), ("naïve café—ok?",), ("a1b2 c3",)],
}
