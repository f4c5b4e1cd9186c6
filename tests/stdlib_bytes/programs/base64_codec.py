"""base64 and binascii against CPython: round trips on many lengths, the alternative alphabets,
padding and validation errors (binascii.Error, a ValueError), str input."""
import base64
import binascii
import random
from typing import Optional


def b64(data: bytes) -> tuple[bytes, bytes, bytes, bytes, bytes, bytes]:
    return (base64.b64encode(data), base64.urlsafe_b64encode(data), base64.standard_b64encode(data),
            base64.b64encode(data, b"-_"), base64.b32encode(data), base64.b16encode(data))


def roundtrip(data: bytes) -> tuple[bool, bool, bool, bool, bool]:
    return (base64.b64decode(base64.b64encode(data)) == data,
            base64.urlsafe_b64decode(base64.urlsafe_b64encode(data)) == data,
            base64.b32decode(base64.b32encode(data)) == data,
            base64.b32hexdecode(base64.b32hexencode(data)) == data,
            base64.b16decode(base64.b16encode(data)) == data)


def b64decode(s: bytes, validate: bool) -> bytes:
    return base64.b64decode(s, validate=validate)


def b64decode_str(s: str) -> bytes:
    return base64.b64decode(s)


def b64decode_altchars(s: bytes, altchars: Optional[bytes]) -> bytes:
    return base64.b64decode(s, altchars)


def b64encode_altchars(data: bytes, altchars: bytes) -> bytes:
    return base64.b64encode(data, altchars)


def urlsafe_decode(s: str) -> bytes:
    return base64.urlsafe_b64decode(s)


def b32decode(s: bytes, casefold: bool) -> bytes:
    return base64.b32decode(s, casefold)


def b32decode_map01(s: bytes, letter: bytes) -> bytes:
    return base64.b32decode(s, map01=letter)


def b32hexdecode(s: str) -> bytes:
    return base64.b32hexdecode(s, casefold=True)


def b16decode(s: bytes, casefold: bool) -> bytes:
    return base64.b16decode(s, casefold)


def lines(data: bytes) -> tuple[bytes, bytes]:
    encoded = base64.encodebytes(data)
    return (encoded, base64.decodebytes(encoded))


def catch(s: bytes) -> str:
    try:
        return base64.b64decode(s, validate=True).hex()
    except ValueError as e:
        return "ValueError: " + str(e)


def binascii_functions(data: bytes) -> tuple[bytes, bytes, bytes, bytes, bytes, bytes]:
    return (binascii.b2a_base64(data), binascii.b2a_base64(data, newline=False),
            binascii.a2b_base64(binascii.b2a_base64(data)), binascii.hexlify(data),
            binascii.hexlify(data, "-"), binascii.unhexlify(binascii.hexlify(data)))


def a2b_base64(s: bytes, strict: bool) -> bytes:
    return binascii.a2b_base64(s, strict_mode=strict)


def unhexlify(s: str) -> bytes:
    return binascii.unhexlify(s)


_rng = random.Random(17)
_DATA = [bytes(_rng.randrange(256) for _ in range(n)) for n in list(range(0, 40)) + [255, 256, 257, 1000, 100_000]]
# Strings of base64 characters, padding and junk: every path of a2b_base64, strict or not.
_NOISY = [bytes(_rng.choice(b"AQgw+/=$\n ") for _ in range(_rng.randrange(0, 14))) for _ in range(200)]
_B32 = [bytes(_rng.choice(b"ABCZ27=01a") for _ in range(_rng.choice([0, 8, 16, 7]))) for _ in range(80)]

CASES = {
    "b64": [(d,) for d in _DATA],
    "roundtrip": [(d,) for d in _DATA],
    "b64decode": [(s, v) for s in _NOISY for v in (False, True)]
                 + [(b"YWJj", True), (b"YQ==", True), (b"YQ", False), (b"=YQ==", True), (b"YQ==YQ==", True),
                    (b"YQ=\n=", True), (b"YQ=a=", True)],
    "b64decode_str": [("YWJj",), ("YQ",), ("é",), ("",)],
    "b64decode_altchars": [(b"ab-_", b"-_"), (b"ab+/", None), (b"ab-_", b"-"), (b"-_-_", b"-_")],
    "b64encode_altchars": [(b"\xfb\xff", b"-_"), (b"\xfb\xff", b"*"), (b"", b"ab")],
    "urlsafe_decode": [("-_-_",), ("+/+/",), ("YQ",), ("é",)],
    "b32decode": [(s, c) for s in _B32 for c in (False, True)] + [(b"MFRGG===", False), (b"mfrgg===", True)],
    "b32decode_map01": [(b"0" + b"A" * 7, b"L"), (b"1" * 8, b"I"), (b"AAAAAAAA", b"LL")],
    "b32hexdecode": [("C5H66===",), ("c5h66===",), ("W",)],
    "b16decode": [(b"0AFF", False), (b"0aff", False), (b"0aff", True), (b"ABC", False), (b"", False), (b"0G", True)],
    "lines": [(d,) for d in (_DATA[0], _DATA[5], _DATA[-2], bytes(57), bytes(58))],
    "catch": [(b"YWJj",), (b"Y$==",), (b"=",)],
    "binascii_functions": [(d,) for d in _DATA[:8]],
    "a2b_base64": [(s, strict) for s in _NOISY[:60] for strict in (False, True)],
    "unhexlify": [("00ff",), ("0",), ("zz",), ("é0",), ("",)],
}
