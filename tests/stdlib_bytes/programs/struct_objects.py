"""struct.Struct objects made at module level (a record layout read many times): S.size and
S.format fold to constants, S.pack/unpack/unpack_from/pack_into/iter_unpack are struct's
functions on S's format, with CPython's struct.error messages."""
import struct

HEADER = struct.Struct("<If")
PAIR = struct.Struct(">hh")
NATIVE = struct.Struct("@bq")


def unpack(b: bytes) -> tuple[int, float]:
    return HEADER.unpack(b)


def unpack_at(b: bytes, offset: int) -> tuple[tuple[int, int], tuple[int, float]]:
    return PAIR.unpack_from(b, offset), HEADER.unpack_from(b, offset=offset)


def pack(n: int, x: float) -> tuple[bytes, int, str, int]:
    return HEADER.pack(n, x), HEADER.size, HEADER.format, NATIVE.size


def pack_into(n: int, offset: int) -> bytearray:
    buf = bytearray(8)
    PAIR.pack_into(buf, offset, n, -n)
    return buf


def records(b: bytes) -> list[tuple[int, int]]:
    return [PAIR.unpack(b[i:i + PAIR.size]) for i in range(0, len(b) - PAIR.size + 1, PAIR.size)]


def iterated(b: bytes) -> list[tuple[int, int]]:
    return list(PAIR.iter_unpack(b))


CASES = {
    "unpack": [(struct.pack("<If", 7, 1.5),), (b"\x00" * 8,), (b"\x00" * 7,), (b"",)],
    "unpack_at": [(bytes(range(16)), o) for o in (0, 3, 8, 9, -8, -9, 20)],
    "pack": [(0, 0.0), (2**32 - 1, -2.5), (2**32, 1.0), (-1, 1.0), (5, 1e300)],
    "pack_into": [(1, 0), (300, 4), (5, 6), (5, -4), (40000, 0)],
    "records": [(bytes(range(12)),), (b"",), (b"\x01\x02\x03",)],
    "iterated": [(bytes(range(8)),), (b"",), (b"\x01\x02\x03",)],
}
