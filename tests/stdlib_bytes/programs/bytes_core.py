"""bytes and bytearray themselves: literals, constants, operators, indexing and slicing,
iteration, membership, repr/str/f-strings, the constructors, and bytes in containers."""
import random
from typing import Optional

MAGIC = b"\x89PNG\r\n\x1a\n"
TABLE = bytes(range(256)) * 40  # 10 KiB: baked into the weight blob, not a C++ literal
WORDS = (b"alpha", b"beta", b"\x00\xff")
NAMES = [b"x", b"yy", b""]
BY_NAME = {"png": MAGIC, "empty": b""}


def concat_repeat(a: bytes, b: bytes, n: int) -> tuple[bytes, bytes, bytes, int, bytes]:
    return (a + b, a * n, n * b, len(a + b), b"" + a + b"!")


def compare(a: bytes, b: bytes) -> tuple[bool, bool, bool, bool, bool, bool]:
    return (a == b, a != b, a < b, a <= b, a > b, a >= b)


def compare_mixed(a: bytes, b: bytearray) -> tuple[bool, bool, bool, bool, bytes, bytearray]:
    return (a == b, b == a, a < b, b < a, a + b, b + a)


def index(b: bytes, i: int) -> int:
    return b[i]


def slices(b: bytes, start: int, stop: int, step: int) -> tuple[bytes, bytes, bytes, bytes, bytes, bytes]:
    return (b[start:stop], b[start:], b[:stop], b[::step], b[start:stop:step], b[::-1])


def iterate(b: bytes) -> tuple[list[int], list[int], int, list[tuple[int, int]], list[int], list[int], bool]:
    doubled = []
    for x in b:
        doubled.append(x * 2)
    total = 0
    for i in range(len(b)):
        total += b[i]
    return (doubled, [y for y in b if y % 2 == 0], total, list(enumerate(b)), list(b), sorted(b),
            any([z > 127 for z in b]))


def reductions(b: bytes) -> tuple[int, int, bool, bool]:
    return (sum(b), sum(b, 10), any(b), all(b))


def extremes(b: bytes) -> tuple[int, int]:
    return (min(b), max(b))


def membership(b: bytes, x: int, sub: bytes) -> tuple[bool, bool, bool]:
    return (x in b, sub in b, sub not in b)


def representations(b: bytes) -> tuple[str, str, str, str, str, str]:
    return (repr(b), str(b), f"{b}", f"<{b!r}>", ascii(b), f"{b!s}|{len(b)}")


def format_spec(b: bytes, spec: str) -> str:
    return format(b, spec)


def bytearray_repr(b: bytearray) -> tuple[str, str, str]:
    return (repr(b), str(b), f"{b}")


def truthiness(b: bytes) -> tuple[bool, bool, bytes, str]:
    kind = "full" if b else "empty"
    return (bool(b), not b, b or b"default", kind)


def make_bytes(n: int, ints: list[int]) -> tuple[bytes, bytes, bytes, bytes, bytes]:
    return (bytes(n), bytes(ints), bytes(range(n % 300)), bytes(), bytes(bytes(ints)))


def make_from_str(s: str, errors: str) -> tuple[bytes, bytearray, str]:
    return (bytes(s, "utf-8"), bytearray(s, "ascii", errors), str(bytes(s, "utf-8"), "utf-8"))


def make_bytearray(n: int, ints: list[int]) -> tuple[bytearray, bytearray, bytearray, bytes]:
    return (bytearray(n), bytearray(ints), bytearray(), bytes(bytearray(ints)))


def constants() -> tuple[bytes, int, int, bytes, bytes, bytes, bytes, bool]:
    return (MAGIC, len(TABLE), TABLE[300], TABLE[-3:], WORDS[1], NAMES[1], BY_NAME["png"][:4], b"PNG" in MAGIC)


def in_containers(parts: list[bytes], key: str, d: dict[str, bytes]) -> tuple[list[bytes], bytes, dict[str, bytes], bool, list[bytes]]:
    out = list(parts)
    out.append(b"tail")
    d[key] = b"new"
    return (out, d.get("missing", b"?"), d, b"tail" in out, sorted(out))


def bytes_keys(keys: list[bytes]) -> dict[bytes, int]:
    counts: dict[bytes, int] = {}
    for k in keys:
        counts[k] = counts.get(k, 0) + 1
    return counts


def bytes_key_lookup(d: dict[bytes, int], k: bytes) -> int:
    return d[k]


def bytearray_key(b: bytearray) -> int:
    s = {b}
    return len(s)


def isinstance_checks(b: bytes, a: bytearray) -> tuple[bool, bool, bool, bool]:
    return (isinstance(b, bytes), isinstance(a, bytearray), isinstance(b, bytearray), isinstance(a, bytes))


def bytearray_mutation(data: bytes, x: int, i: int) -> tuple[bytearray, bytearray, int, bytearray, bytes]:
    ba = bytearray(data)
    alias = ba
    alias.append(x)
    ba.insert(i, 33)
    ba.extend(b"xy")
    ba.extend([1, 2])
    popped = ba.pop()
    copy = ba.copy()
    copy.reverse()
    return (ba, alias, popped, copy, bytes(ba))


def bytearray_inplace(data: bytes, n: int) -> tuple[bytearray, bytearray, bytes]:
    ba = bytearray(data)
    alias = ba
    ba += b"!"
    ba *= n
    b = data
    b += b"?"
    return (ba, alias, b)


def bytearray_setitem(data: bytes, i: int, x: int) -> bytearray:
    ba = bytearray(data)
    ba[i] = x
    ba[0] += 1
    return ba


def bytearray_setslice(data: bytes, start: int, stop: int, value: bytes) -> bytearray:
    ba = bytearray(data)
    ba[start:stop] = value
    return ba


def bytearray_setslice_step(data: bytes, step: int, value: bytes) -> bytearray:
    ba = bytearray(data)
    ba[::step] = value
    return ba


def bytearray_setslice_ints(data: bytes, ints: list[int]) -> bytearray:
    ba = bytearray(data)
    ba[1:2] = ints
    return ba


def bytearray_pop(data: bytes, i: int) -> tuple[int, bytearray]:
    ba = bytearray(data)
    return (ba.pop(i), ba)


def bytearray_remove(data: bytes, x: int) -> bytearray:
    ba = bytearray(data)
    ba.remove(x)
    ba.clear() if x == 0 else None
    return ba


def bytearray_methods(ba: bytearray) -> tuple[bytearray, bytearray, list[bytearray], bytearray, int, bytearray, str]:
    return (ba.upper(), ba[1:], ba.split(), ba.replace(b"a", b"A"), ba[0], ba + b"!", ba.hex())


def bytearray_grows_while_iterated(data: bytes) -> list[int]:
    ba = bytearray(data)
    seen = []
    for x in ba:
        seen.append(x)
        if len(ba) < 2 * len(data):
            ba.append(x + 1)
    return seen


def helpers(b: bytes) -> tuple[bytes, int]:
    return (_twice(b), _checksum(b))


def _twice(b: bytes) -> bytes:
    return b + b


def _checksum(b: bytes) -> int:
    total = 0
    for x in b:
        total = (total * 31 + x) % 65521
    return total


def default_bytes(b: bytes = b"\x00default", n: int = 1) -> bytes:
    return b * n


def optional_bytes(b: Optional[bytes]) -> bytes:
    if b is None:
        return b"none"
    return b


def literal_escapes() -> tuple[bytes, bytes, bytes, int]:
    return (b"\x00\x01\"'\\?\t\n\r\x7f\x80\xff", b'"', b"'", len(b"??=??/"))


_rng = random.Random(7)
_SAMPLES = [b"", b"a", b"abc", b"\x00", b"\xff\x00\x7f\x80", b"hello world", b"'", b'"', b"'\"",
            b"\t\n\r\\", bytes(range(256)), bytes(_rng.randrange(256) for _ in range(1000))]

CASES = {
    "concat_repeat": [(a, b, n) for a, b in [(b"", b""), (b"ab", b"\x00"), (b"\xff", b"xyz")] for n in (-2, 0, 1, 3)],
    "compare": [(a, b) for a in (b"", b"a", b"ab", b"\xff", b"\x00") for b in (b"", b"a", b"b", b"\x80")],
    "compare_mixed": [(b"ab", bytearray(b"ab")), (b"a", bytearray(b"b")), (b"", bytearray())],
    "index": [(b"abc", i) for i in (-4, -3, -1, 0, 2, 3, 100)] + [(b"", 0), (b"\xff", 0)],
    "slices": [(b, start, stop, step) for b in (b"", b"abcdef", bytes(range(20)))
               for start, stop, step in ((0, 3, 1), (-3, -1, 2), (2, 100, -1), (5, 1, -2), (-100, 100, 3))]
              + [(b"abc", 0, 1, 0)],
    "iterate": [(s,) for s in _SAMPLES],
    "reductions": [(b"",), (b"\x00\x01",), (bytes(range(1, 256)),)],
    "extremes": [(b"\x05\x01\xff",), (b"",)],
    "membership": [(b"abc", 97, b"bc"), (b"abc", 0, b""), (b"", 5, b"x"), (b"\xff", 255, b"\xff\xff"),
                   (b"abc", 256, b"a"), (b"abc", -1, b"a")],
    "representations": [(s,) for s in _SAMPLES[:11]],
    "format_spec": [(b"ab", ""), (b"ab", "10"), (b"", "s")],
    "bytearray_repr": [(bytearray(s),) for s in (b"", b"a'b", b"\x00\xff")],
    "truthiness": [(b"",), (b"\x00",), (b"abc",)],
    "make_bytes": [(3, [0, 255, 65]), (0, []), (-1, [1]), (2, [256]), (299, [-1]), (5, [True, False])],
    "make_from_str": [("abc", "strict"), ("héllo", "replace"), ("héllo", "ignore"), ("héllo", "strict"), ("", "bogus")],
    "make_bytearray": [(3, [1, 2]), (-2, []), (1, [300])],
    "constants": [()],
    "in_containers": [([b"b", b"a"], "k", {"a": b"1"}), ([], "a", {})],
    "bytes_keys": [([b"a", b"b", b"a", b""],), ([],)],
    "bytes_key_lookup": [({b"a": 1, b"\xff": 2}, b"\xff"), ({b"a": 1}, b"a")],
    "bytearray_key": [(bytearray(b"a"),), (bytearray(),)],
    "isinstance_checks": [(b"a", bytearray(b"b")), (b"", bytearray())],
    "bytearray_mutation": [(b"abc", 100, 1), (b"", 0, 0), (b"x", 255, -5), (b"x", 256, 0), (b"abc", -1, 0)],
    "bytearray_inplace": [(b"ab", 2), (b"", 0), (b"x", -1)],
    "bytearray_setitem": [(b"abc", 1, 65), (b"abc", -1, 0), (b"abc", 3, 1), (b"abc", 0, 256), (b"\xff", 0, 1)],
    "bytearray_setslice": [(b"abcdef", 1, 3, b"XYZ"), (b"abcdef", 5, 1, b"xy"), (b"abc", 0, 100, b""),
                           (b"abc", -2, -1, b"\x00\x00")],
    "bytearray_setslice_step": [(b"abcdef", 2, b"XYZ"), (b"abcdef", 2, b"XY"), (b"abcdef", -1, b"123456")],
    "bytearray_setslice_ints": [(b"abc", [1, 2, 3]), (b"abc", [256]), (b"abc", [])],
    "bytearray_pop": [(b"abc", 0), (b"abc", -1), (b"abc", 3), (b"", -1)],
    "bytearray_remove": [(b"abca", 97), (b"abc", 0), (b"abc", 120), (b"abc", 300), (b"\x00", 0)],
    "bytearray_methods": [(bytearray(b"a b\tc"),), (bytearray(b"xa"),)],
    "bytearray_grows_while_iterated": [(b"ab",), (b"",)],
    "helpers": [(b"",), (b"xyz",), (bytes(range(256)),)],
    "default_bytes": [(), (b"x",), (b"ab", 3)],
    "optional_bytes": [(None,), (b"x",)],
    "literal_escapes": [()],
}
