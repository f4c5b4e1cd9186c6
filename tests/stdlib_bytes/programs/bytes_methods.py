"""The methods of bytes (and bytearray, which shares them): search, split and strip, replace,
case, classification, padding, hex and fromhex, int.from_bytes and int.to_bytes."""
import random
from typing import Optional


def search(b: bytes, sub: bytes, start: Optional[int], end: Optional[int]) -> tuple[int, int, int, bool, bool]:
    return (b.find(sub, start, end), b.rfind(sub, start, end), b.count(sub, start, end),
            b.startswith(sub, start, end), b.endswith(sub, start, end))


def search_int(b: bytes, x: int) -> tuple[int, int, int]:
    return (b.find(x), b.rfind(x), b.count(x))


def index(b: bytes, sub: bytes) -> int:
    return b.index(sub)


def rindex(b: bytes, sub: bytes, start: int) -> int:
    return b.rindex(sub, start)


def affix_tuple(b: bytes) -> tuple[bool, bool]:
    return (b.startswith((b"x", b"ab")), b.endswith((b"", b"zz")))


def split(b: bytes, sep: Optional[bytes], maxsplit: int) -> tuple[list[bytes], list[bytes]]:
    return (b.split(sep, maxsplit), b.rsplit(sep, maxsplit))


def split_default(b: bytes) -> tuple[list[bytes], list[bytes], list[bytes], list[bytes]]:
    return (b.split(), b.rsplit(), b.split(b","), b.split(maxsplit=1))


def strip(b: bytes, chars: Optional[bytes]) -> tuple[bytes, bytes, bytes]:
    return (b.strip(chars), b.lstrip(chars), b.rstrip(chars))


def replace(b: bytes, old: bytes, new: bytes, count: int) -> bytes:
    return b.replace(old, new, count)


def case(b: bytes) -> tuple[bytes, bytes, bytes, bytes, bytes]:
    return (b.lower(), b.upper(), b.swapcase(), b.capitalize(), b.title())


def classify(b: bytes) -> tuple[bool, bool, bool, bool, bool, bool, bool, bool]:
    return (b.isalnum(), b.isalpha(), b.isascii(), b.isdigit(), b.islower(), b.isspace(),
            b.istitle(), b.isupper())


def join(sep: bytes, parts: list[bytes]) -> bytes:
    return sep.join(parts)


def join_bytearrays(parts: list[bytearray]) -> tuple[bytes, bytearray]:
    return (b"-".join(parts), bytearray(b", ").join(parts))


def partition(b: bytes, sep: bytes) -> tuple[tuple[bytes, bytes, bytes], tuple[bytes, bytes, bytes]]:
    return (b.partition(sep), b.rpartition(sep))


def affixes(b: bytes, fix: bytes) -> tuple[bytes, bytes]:
    return (b.removeprefix(fix), b.removesuffix(fix))


def pad(b: bytes, width: int, fill: bytes) -> tuple[bytes, bytes, bytes, bytes]:
    return (b.center(width, fill), b.ljust(width, fill), b.rjust(width, fill), b.zfill(width))


def pad_default(b: bytes, width: int) -> tuple[bytes, bytes, bytes]:
    return (b.center(width), b.ljust(width), b.rjust(width))


def lines(b: bytes) -> tuple[list[bytes], list[bytes], bytes, bytes]:
    return (b.splitlines(), b.splitlines(True), b.expandtabs(), b.expandtabs(3))


def translate(b: bytes, frm: bytes, to: bytes, delete: bytes) -> tuple[bytes, bytes, bytearray]:
    table = bytes.maketrans(frm, to)
    return (b.translate(table, delete), b.translate(None, delete), bytearray(b).translate(table))


def translate_table(b: bytes, table: bytes) -> bytes:
    return b.translate(table)


def hex_(b: bytes) -> tuple[str, str, str, str, str]:
    return (b.hex(), b.hex(":"), b.hex(b"-", 2), b.hex(" ", -3), b.hex(":", 0))


def hex_sep(b: bytes, sep: str) -> str:
    return b.hex(sep)


def fromhex(s: str) -> tuple[bytes, bytearray]:
    return (bytes.fromhex(s), bytearray.fromhex(s))


def hex_roundtrip(b: bytes) -> bool:
    return bytes.fromhex(b.hex()) == b and bytes.fromhex(b.hex(" ")) == b


def from_bytes(b: bytes, order: str, signed: bool) -> int:
    return int.from_bytes(b, order, signed=signed)


def from_bytes_forms(b: bytes) -> tuple[int, int, int]:
    return (int.from_bytes(b), int.from_bytes(b, "little"), int.from_bytes(b, byteorder="little", signed=True))


def from_bytes_list(ints: list[int], order: str) -> int:
    return int.from_bytes(ints, order)


def to_bytes(n: int, length: int, order: str, signed: bool) -> bytes:
    return n.to_bytes(length, order, signed=signed)


def to_bytes_default(n: int) -> tuple[bytes, bytes]:
    return (n.to_bytes(), (n % 256).to_bytes(2, "little"))


def int_roundtrip(n: int) -> int:
    return int.from_bytes(n.to_bytes(8, "big", signed=True), "big", signed=True)


_rng = random.Random(11)
_TEXT = [b"", b"abc", b"aaaa", b"a,b,,c,", b"  hello \t world\n ", b"\x00\xffab\xff", b"abcabcab"]
_SUBS = [b"", b"a", b"ab", b",", b"\xff", b"zz"]
_BOUNDS = [(None, None), (1, None), (None, -1), (-3, 100), (5, 2), (10, None), (0, 0)]

CASES = {
    "search": [(b, s, st, en) for b in _TEXT[:6] for s in _SUBS[:4] for st, en in _BOUNDS[::2]]
              + [(b"abc", b"", 3, None), (b"abc", b"", 4, None), (b"abc", b"c", 2, 3)],
    "search_int": [(b, x) for b in (b"", b"abca", b"\x00\xff") for x in (0, 97, 255)] + [(b"a", 256), (b"a", -1)],
    "index": [(b"abc", b"c"), (b"abc", b"d"), (b"", b"")],
    "rindex": [(b"abcabc", b"b", 0), (b"abcabc", b"b", 5), (b"abc", b"", 3)],
    "affix_tuple": [(b"abzz",), (b"x",), (b"",)],
    "split": [(b, s, m) for b in _TEXT for s in (None, b",", b"a", b"ab") for m in (-1, 0, 1, 2)]
             + [(b"abc", b"", -1)],
    "split_default": [(b,) for b in _TEXT],
    "strip": [(b, c) for b in _TEXT for c in (None, b"", b"a", b" \n", b"\xff\x00")],
    "replace": [(b, o, n, c) for b in _TEXT[:5] for o, n in ((b"a", b"X"), (b"", b"-"), (b"ab", b""), (b"zz", b"q"))
                for c in (-1, 0, 2)],
    "case": [(b,) for b in (b"", b"Hello World", b"hELLO wORLD 123", b"\xe9A\xc9b", b"o'neil mc-d")],
    "classify": [(b,) for b in (b"", b"abc", b"ABC", b"Abc Def", b"123", b"a1", b" \t\n\x0b\x0c\r", b"\x80",
                                b"Hello world", b"\xe9")],
    "join": [(b"", []), (b", ", [b"a"]), (b"-", [b"a", b"", b"\xff"]), (b"ab", [b"x", b"y", b"z"])],
    "join_bytearrays": [([bytearray(b"a"), bytearray(b"b")],), ([],)],
    "partition": [(b, s) for b in (b"", b"a=b=c", b"abc") for s in (b"=", b"abc", b"x")] + [(b"abc", b"")],
    "affixes": [(b"prefix-mid-fix", b"prefix"), (b"abc", b""), (b"abc", b"abc"), (b"abc", b"c"), (b"", b"x")],
    "pad": [(b, w, f) for b in (b"", b"ab", b"abc", b"-42", b"+") for w in (-1, 0, 4, 7) for f in (b"*",)]
           + [(b"ab", 5, b"xy"), (b"ab", 5, b"")],
    "pad_default": [(b"abc", w) for w in (0, 6, 8)],
    "lines": [(b,) for b in (b"", b"a\nb\r\nc\rd", b"a\n\n", b"\ta\tbc\td\ne\tf", b"x\x0by\x0cz")],
    "translate": [(b"hello world", b"lo", b"01", b" "), (b"", b"", b"", b""), (b"abc", b"ab", b"x", b""),
                  (bytes(range(256)), bytes(range(256)), bytes(range(255, -1, -1)), b"\x00\xff")],
    "translate_table": [(b"abc", bytes(range(256))[::-1]), (b"abc", b"short")],
    "hex_": [(b,) for b in (b"", b"\x01", b"\x01\x02\x03", bytes(range(10)), b"\xff" * 7)],
    "hex_sep": [(b"\x01\x02", s) for s in ("-", "", "--", "é", "\x7f")],
    "fromhex": [(s,) for s in ("", "00ff", " 01 02\t0a\n", "ABcd", "abc", "0 1", "zz", "é1", "01é", "  ", "0\x00")],
    "hex_roundtrip": [(bytes(_rng.randrange(256) for _ in range(n)),) for n in (0, 1, 5, 100)],
    "from_bytes": [(b, o, s) for b in (b"", b"\x00", b"\x7f", b"\x80", b"\xff\xff", b"\x01\x02\x03\x04\x05\x06\x07\x08",
                                       b"\x7f" + b"\xff" * 7, b"\x80" + b"\x00" * 7, b"\x00\x80" + b"\x00" * 7,
                                       b"\xff" * 12, b"\x00" * 12 + b"\x01", b"\x01" + b"\x00" * 8, b"\xff\x7f" + b"\xff" * 7,
                                       b"\xff\x80" + b"\x00" * 7, b"\x00\x7f" + b"\xff" * 7)
                   for o in ("big", "little") for s in (False, True)] + [(b"\x01", "neither", False)],
    "from_bytes_forms": [(b"\x01\x02",), (b"",)],
    "from_bytes_list": [([1, 2], "big"), ([1, 2], "little"), ([256], "big"), ([1], "middle")],
    "to_bytes": [(n, ln, o, s) for n in (0, 1, -1, 127, 128, -128, -129, 255, 256, 2**31, -2**63, 2**63 - 1)
                 for ln in (0, 1, 2, 9) for o in ("big", "little") for s in (False, True)]
                + [(1, -1, "big", False), (1, 1, "middle", False), (1, -1, "bad", False)],
    "to_bytes_default": [(0,), (255,), (256,), (-1,)],
    "int_roundtrip": [(n,) for n in (0, -1, 2**62, -2**63)],
}
