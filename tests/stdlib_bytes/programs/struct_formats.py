"""struct against CPython: every format code in every byte order, repeat counts, native
alignment, values at and beyond each code's range, half floats (rounding, overflow, NaN,
subnormals), strings, and buffers of the wrong size."""
import math
import struct


def ints_native(b: int, h: int, i: int, l: int, q: int, n: int) -> bytes:
    return struct.pack("bhilqn", b, h, i, l, q, n)


def uints_native(b: int, h: int, i: int, l: int, q: int, n: int) -> bytes:
    return struct.pack("@BHILQN", b, h, i, l, q, n)


def ints_little(b: int, h: int, i: int, l: int, q: int) -> bytes:
    return struct.pack("<bhilq", b, h, i, l, q)


def uints_big(b: int, h: int, i: int, l: int, q: int) -> bytes:
    return struct.pack(">BHILQ", b, h, i, l, q)


def one_int(code: int, value: int) -> str:
    """Each integer code alone, in every byte order (CPython's messages differ by table)."""
    out = ""
    for order in range(4):
        try:
            out += _pack_one(code, order, value).hex() + " "
        except Exception as e:
            out += str(e) + " | "
    return out


def _pack_one(code: int, order: int, value: int) -> bytes:
    """The format must be a constant: one branch per code and byte order."""
    if code == 10:
        return struct.pack("n", value)
    if code == 11:
        return struct.pack("N", value)
    if code == 0:
        if order == 0:
            return struct.pack("@b", value)
        if order == 1:
            return struct.pack("<b", value)
        if order == 2:
            return struct.pack(">b", value)
        return struct.pack("!b", value)
    if code == 1:
        if order == 0:
            return struct.pack("@B", value)
        if order == 1:
            return struct.pack("<B", value)
        if order == 2:
            return struct.pack(">B", value)
        return struct.pack("!B", value)
    if code == 2:
        if order == 0:
            return struct.pack("@h", value)
        if order == 1:
            return struct.pack("<h", value)
        if order == 2:
            return struct.pack(">h", value)
        return struct.pack("!h", value)
    if code == 3:
        if order == 0:
            return struct.pack("@H", value)
        if order == 1:
            return struct.pack("<H", value)
        if order == 2:
            return struct.pack(">H", value)
        return struct.pack("!H", value)
    if code == 4:
        if order == 0:
            return struct.pack("@i", value)
        if order == 1:
            return struct.pack("<i", value)
        if order == 2:
            return struct.pack(">i", value)
        return struct.pack("!i", value)
    if code == 5:
        if order == 0:
            return struct.pack("@I", value)
        if order == 1:
            return struct.pack("<I", value)
        if order == 2:
            return struct.pack(">I", value)
        return struct.pack("!I", value)
    if code == 6:
        if order == 0:
            return struct.pack("@l", value)
        if order == 1:
            return struct.pack("<l", value)
        if order == 2:
            return struct.pack(">l", value)
        return struct.pack("!l", value)
    if code == 7:
        if order == 0:
            return struct.pack("@L", value)
        if order == 1:
            return struct.pack("<L", value)
        if order == 2:
            return struct.pack(">L", value)
        return struct.pack("!L", value)
    if code == 8:
        if order == 0:
            return struct.pack("@q", value)
        if order == 1:
            return struct.pack("<q", value)
        if order == 2:
            return struct.pack(">q", value)
        return struct.pack("!q", value)
    if code == 9:
        if order == 0:
            return struct.pack("@Q", value)
        if order == 1:
            return struct.pack("<Q", value)
        if order == 2:
            return struct.pack(">Q", value)
        return struct.pack("!Q", value)
    return b""


def floats(x: float) -> tuple[bytes, bytes, bytes, bytes]:
    return (struct.pack("<d", x), struct.pack(">d", x), struct.pack("<f", x), struct.pack("!f", x))


def half(x: float) -> tuple[bytes, tuple[float]]:
    packed = struct.pack("<e", x)
    return (packed, struct.unpack("<e", packed))


def unpack_half(raw: bytes) -> tuple[float]:
    return struct.unpack(">e", raw)


def unpack_float(raw: bytes) -> tuple[float, float]:
    return (struct.unpack("<f", raw)[0], struct.unpack(">f", raw)[0])


def mixed(flag: bool, c: bytes, s: bytes, x: float, n: int) -> bytes:
    return struct.pack("<?c5s2xdH3p", flag, c, s, x, n, s)


def mixed_roundtrip(flag: bool, c: bytes, s: bytes, x: float, n: int) -> tuple[bool, bytes, bytes, float, int, bytes]:
    return struct.unpack("<?c5s2xdH3p", struct.pack("<?c5s2xdH3p", flag, c, s, x, n, s))


def aligned(a: int, b: int, c: int) -> tuple[bytes, int, int, int]:
    return (struct.pack("@bhbq", a, b, a, c), struct.calcsize("@bhbq"), struct.calcsize("=bhbq"), struct.calcsize("@q0l"))


def bools(a: int, b: float, s: str) -> bytes:
    return struct.pack("???", a, b, s)


def repeat_counts(xs: list[int]) -> tuple[bytes, tuple[int, int, int, int]]:
    packed = struct.pack("<4i", xs[0], xs[1], xs[2], xs[3])
    return (packed, struct.unpack("<4i", packed))


def unpack_ints(raw: bytes) -> tuple[int, int, int, int, int]:
    return struct.unpack("<bBhHi", raw)


def unpack_wide(raw: bytes) -> tuple[int, int]:
    return struct.unpack(">qQ", raw)


def unpack_strings(raw: bytes) -> tuple[bytes, bytes, bytes]:
    return struct.unpack("3sc4p", raw)


def unpack_from(raw: bytes, offset: int) -> tuple[int, int]:
    return struct.unpack_from("<hh", raw, offset)


def iter_unpack(raw: bytes) -> list[tuple[int, float]]:
    return list(struct.iter_unpack("<Hf", raw))


def iter_unpack_loop(raw: bytes) -> int:
    total = 0
    for (v,) in struct.iter_unpack(">I", raw):
        total += v
    return total


def pack_into(size: int, offset: int, value: int) -> bytearray:
    buf = bytearray(size)
    struct.pack_into("<I", buf, offset, value)
    return buf


def sizes() -> tuple[int, int, int, int, int, int]:
    return (struct.calcsize("i"), struct.calcsize("<i"), struct.calcsize("@ci"), struct.calcsize("<ci"),
            struct.calcsize("10s"), struct.calcsize(" 3x 2h "))


def strings(s: bytes) -> tuple[bytes, bytes, bytes, bytes]:
    return (struct.pack("0s", s), struct.pack("1s", s), struct.pack("6s", s), struct.pack("6p", s))


def long_pascal(n: int) -> tuple[bytes, int]:
    packed = struct.pack("300p", b"x" * n)
    return (packed[:2], len(struct.unpack("300p", packed)[0]))


def bytes_format(n: int) -> bytes:
    return struct.pack(b"<H", n)


def catch(n: int) -> str:
    try:
        return struct.pack("<H", n).hex()
    except Exception as e:
        return "caught: " + str(e)


_EDGE_INTS = [0, 1, -1, 127, 128, -128, -129, 255, 256, 32767, 32768, -32768, -32769, 65535, 65536,
              2**31 - 1, 2**31, -2**31, -2**31 - 1, 2**32 - 1, 2**32, 2**63 - 1, -2**63]
_FLOATS = [0.0, -0.0, 1.0, -2.5, 1e-300, 5e-324, 1e300, 3.4028234663852886e38, 3.4028235677973366e38,
           3.5e38, -3.5e38, 1.401298464324817e-45, 7e-46, math.inf, -math.inf, math.nan, 0.1]
_HALVES = [0.0, -0.0, 1.0, 65504.0, 65519.99, 65520.0, -65520.0, 6.1e-05, 5.96e-08, 2.98e-08, 2.99e-08,
           1e-10, 1.0009765625, 1.00048828125, 1.00146484375, 2049.0, 2051.0, math.inf, -math.inf, math.nan,
           -math.nan, 0.1, 1e6]

def pack_counted(ids: list[int], floats: list[float]) -> tuple[bytes, bytes, bytes]:
    """A format built from a count known only at run time, and the values a starred list."""
    return (struct.pack(f"<{len(ids)}I", *ids), struct.pack(f">{len(floats)}e", *floats),
            struct.pack("<2i", *ids))


def unpack_counted(raw: bytes, code: str) -> tuple[list, tuple]:
    """Unpacking by a format known only at run time: values of the kinds the codes give."""
    n = len(raw) // struct.calcsize("<" + code)
    return list(struct.unpack(f"<{n}{code}", raw)), struct.unpack_from(f">{code}", raw, 0 if n else -1)


def pack_run_time_format(fmt: str, a: int, b: float, c: bytes) -> bytes:
    return struct.pack(fmt, a, b, c)


CASES = {
    "pack_counted": [([1, 2], [0.5, -2.0]), ([], []), ([1, -1], []), ([2**32, 0], [1.0]), ([1, 2, 3], [1e9])],
    "unpack_counted": [(struct.pack("<3i", 1, -2, 3), "i"), (b"\x00\x01\x02\x03", "?"), (b"abcdefgh", "f"),
                       (b"ab", "c"), (b"", "h"), (b"abc", "q"), (b"abcd", "Z")],
    "pack_run_time_format": [("<qd3s", 1, 2.5, b"xyz"), ("<hfs", 2**20, 0.5, b"a"), ("<i", 1, 2.0, b""),
                             ("<?ec", 0, 65520.0, b"k"), ("<Q", -1, 0.0, b"")],
    "ints_native": [(1, -2, 3, -4, 5, -6), (-128, 32767, -2**31, -2**63, 2**63 - 1, 0), (128, 0, 0, 0, 0, 0)],
    "uints_native": [(255, 65535, 2**32 - 1, 2**63 - 1, 2**63 - 1, 7), (0, 0, 0, 0, 0, 0), (0, 0, 0, -1, 0, 0)],
    "ints_little": [(1, -2, 3, -4, 5), (0, 0, 0, 2**31, 0)],
    "uints_big": [(1, 2, 3, 4, 5), (0, 0, 0, 2**32, 0), (0, 0, 0, 0, -1)],
    "one_int": [(c, v) for c in range(12) for v in _EDGE_INTS],
    "floats": [(x,) for x in _FLOATS],
    "half": [(x,) for x in _HALVES],
    "unpack_half": [(bytes([a, b]),) for a, b in ((0, 0), (0x80, 0), (0x7c, 0), (0xfc, 0), (0x7c, 1), (0x7e, 0),
                                                  (0, 1), (0x3c, 0), (0x7b, 0xff), (0x03, 0xff), (0xfe, 0x00))],
    "unpack_float": [(b"\x00\x00\x80\x7f",), (b"\x01\x00\x80\x7f",), (b"\x00\x00\x00\x80",), (b"\x01\x00\x00\x00",)],
    "mixed": [(True, b"a", b"hello world", 2.5, 65535), (False, b"", b"", 0.0, 0),
              (True, b"ab", b"x", 1.0, 1), (True, b"a", b"x", 1.0, 65536)],
    "mixed_roundtrip": [(True, b"\xff", b"hi", -1.5, 513), (False, b"a", b"abcdefg", 0.5, 0)],
    "aligned": [(1, 2, 3), (-1, -2, -3)],
    "bools": [(0, 0.0, ""), (5, -0.5, "x")],
    "repeat_counts": [([1, -1, 2**31 - 1, -2**31],), ([0, 0, 0, 2**31],)],
    "unpack_ints": [(bytes(range(9)),), (b"\xff" * 9,), (b"\xff" * 8,), (b"",)],
    "unpack_wide": [(bytes(16),), (b"\x7f" + b"\xff" * 15,), (b"\x80" + bytes(7) + b"\x80" + bytes(7),), (b"\xff" * 16,)],
    "unpack_strings": [(b"abcd\x02xyz",), (b"abcd\x09xyz",), (b"abcd\x00xyz",), (b"abc",)],
    "unpack_from": [(b"\x01\x00\x02\x00\x03\x00", o) for o in (0, 1, 2, 3, -4, -5, -6, -7, 6)],
    "iter_unpack": [(b"",), (bytes(range(12)),), (bytes(7),)],
    "iter_unpack_loop": [(bytes(range(16)),), (b"\x00\x00\x00",)],
    "pack_into": [(8, 0, 1), (8, 4, 2**32 - 1), (8, 5, 1), (8, -4, 7), (8, -9, 1), (8, -2, 1), (3, 0, 1), (8, 0, -1)],
    "sizes": [()],
    "strings": [(b"",), (b"abc",), (b"abcdefgh",)],
    "long_pascal": [(10,), (254,), (255,), (299,)],
    "bytes_format": [(513,), (70000,)],
    "catch": [(1,), (65536,)],
}
