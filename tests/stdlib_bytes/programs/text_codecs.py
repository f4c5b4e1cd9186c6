"""str.encode and bytes.decode: utf-8, ascii and latin-1 (and their aliases) with every error
handler, on valid and invalid input: CPython's error ranges, messages and replacements."""
import random


def encode_utf8(s: str, errors: str) -> bytes:
    return s.encode("utf-8", errors)


def encode_ascii(s: str, errors: str) -> bytes:
    return s.encode("ascii", errors)


def encode_latin1(s: str, errors: str) -> bytes:
    return s.encode("latin-1", errors)


def encode_aliases(s: str) -> tuple[bytes, bytes, bytes, bytes]:
    return (s.encode(), s.encode("UTF8"), s.encode("iso-8859-1", "replace"), s.encode("US-ASCII", "ignore"))


def encode_surrogates(cps: list[int], encoding_index: int, errors: str) -> bytes:
    """Lone surrogates exist in a str only as chr() makes them."""
    s = "a"
    for cp in cps:
        s += chr(cp)
    s += "z"
    if encoding_index == 0:
        return s.encode("utf-8", errors)
    if encoding_index == 1:
        return s.encode("ascii", errors)
    return s.encode("latin-1", errors)


def decode_utf8(b: bytes, errors: str) -> str:
    return b.decode("utf-8", errors)


def decode_ascii(b: bytes, errors: str) -> str:
    return b.decode("ascii", errors)


def decode_latin1(b: bytes, errors: str) -> str:
    return b.decode("latin-1", errors)


def decode_default(b: bytes) -> tuple[str, str, str]:
    return (b.decode(), str(b, "utf-8", "replace"), bytearray(b).decode("utf8", "ignore"))


def decode_catch(b: bytes) -> str:
    try:
        return b.decode("utf-8")
    except UnicodeDecodeError as e:
        return "caught: " + str(e)


def encode_catch(cp: int) -> str:
    try:
        return str(chr(cp).encode("ascii"))
    except UnicodeError as e:
        return "caught: " + str(e)


def roundtrip(s: str) -> tuple[bool, int, str]:
    b = s.encode("utf-8")
    return (b.decode("utf-8") == s, len(b), b.decode("latin-1").encode("latin-1").decode("utf-8"))


_rng = random.Random(3)
_ERRORS = ["strict", "ignore", "replace", "backslashreplace", "xmlcharrefreplace", "surrogateescape",
           "surrogatepass", "bogus"]
_TEXTS = ["", "abc", "héllo", "naïve café", "€ and 😀", "日本語", "\x00\x7f\x80\xff", "a\u0100b", "🙂🙂"]

# Byte strings around every UTF-8 error kind: invalid start bytes, truncated and overlong
# sequences, surrogates, beyond U+10FFFF, in every position, plus random noise.
_EDGES = [b"\x80", b"\xbf", b"\xc0\x80", b"\xc1\xbf", b"\xc2", b"\xc2\x41", b"\xe0\x80\x80", b"\xe0\xa0",
          b"\xe0\xa0\x41", b"\xed\xa0\x80", b"\xed\xbf\xbf", b"\xed\x9f\xbf", b"\xef\xbf\xbf", b"\xf0\x80\x80\x80",
          b"\xf0\x90\x80", b"\xf0\x90\x80\x41", b"\xf4\x8f\xbf\xbf", b"\xf4\x90\x80\x80", b"\xf5\x80\x80\x80",
          b"\xff", b"\xfe\xff", b"\xe2\x82", b"\xe2\x82\xac", b"\xf0\x9f\x98", b"\xf0\x9f\x98\x80", b"\xf0\x9f"]
_INVALID = ([e for e in _EDGES] + [b"a" + e + b"z" for e in _EDGES] + [e + e for e in _EDGES[::3]]
            + [bytes(_rng.choice([0x41, 0x80, 0xbf, 0xc2, 0xe0, 0xed, 0xf0, 0xf4, 0xff, 0xa0, 0x90])
                     for _ in range(_rng.randrange(1, 12))) for _ in range(60)])


def _decode_cases():
    return [(b, e) for b in _INVALID for e in ("strict", "replace", "ignore", "backslashreplace")] + \
           [(b, e) for b in _INVALID[:30] for e in ("surrogateescape", "surrogatepass", "xmlcharrefreplace", "bogus")] + \
           [(t.encode(), e) for t in _TEXTS for e in ("strict", "bogus")] + \
           [(("x" * 5000 + "é" * 3000).encode() + b"\xff", "replace"), (b"a" * 100000, "strict")]


CASES = {
    "encode_utf8": [(t, e) for t in _TEXTS for e in ("strict", "bogus")] + [("é" * 10000, "strict")],
    "encode_ascii": [(t, e) for t in _TEXTS for e in _ERRORS],
    "encode_latin1": [(t, e) for t in _TEXTS for e in _ERRORS],
    "encode_aliases": [(t,) for t in _TEXTS],
    "encode_surrogates": [(cps, i, e) for cps in ([0xD800], [0xDC80, 0xDCFF], [0xDFFF, 0xD800], [0xDC80, 0xD800, 0xDC81],
                                                  [0xE9, 0xDC80])
                          for i in (0, 1, 2) for e in _ERRORS],
    "decode_utf8": _decode_cases(),
    "decode_ascii": [(t.encode(), e) for t in _TEXTS for e in _ERRORS] + [(b, "strict") for b in _INVALID[:20]],
    "decode_latin1": [(bytes(range(256)), "strict"), (b"", "bogus"), (b"\xe9t\xe9", "strict")],
    "decode_default": [(b,) for b in (b"", b"abc", b"\xc3\xa9", b"a\xffb", b"\xe2\x82")],
    "decode_catch": [(b"ok",), (b"\xff",), (b"ab\xe2\x82",)],
    "encode_catch": [(0x41,), (0xE9,), (0x1F600,)],
    "roundtrip": [(t,) for t in _TEXTS] + [("".join(chr(_rng.choice([_rng.randrange(32, 127), _rng.randrange(0xA0, 0x800),
                                                                   _rng.randrange(0x800, 0xD800), _rng.randrange(0x10000, 0x110000)]))
                                              for _ in range(200)),) for _ in range(5)],
}
