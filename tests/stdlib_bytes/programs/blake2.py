"""hashlib.blake2b and blake2s against CPython's: every length around the block sizes, fed at
once and in pieces of every size around a block, every digest size, keys, salts and
personalizations of every length up to their limits, hashlib.new by name, copy, the attributes,
and CPython's ValueErrors for sizes out of range."""
import hashlib
import random


def both(data: bytes) -> tuple[str, str, bytes, bytes]:
    return (hashlib.blake2b(data).hexdigest(), hashlib.blake2s(data).hexdigest(),
            hashlib.blake2b(data, digest_size=20).digest(), hashlib.blake2s(data, digest_size=16).digest())


def lengths(n: int) -> list[str]:
    data = bytes([(i * 131 + 7) % 256 for i in range(n)])
    out = []
    for k in range(n + 1):
        out.append(hashlib.blake2b(data[:k]).hexdigest())
        out.append(hashlib.blake2s(data[:k]).hexdigest())
    return out


def chunked(data: bytes, size: int, name: str) -> tuple[str, str, int, int, str]:
    h = hashlib.new(name)
    for i in range(0, len(data), size):
        h.update(data[i:i + size])
    snapshot = h.copy()
    h.update(b"more")
    return (h.hexdigest(), snapshot.hexdigest(), h.digest_size, h.block_size, h.name)


def keyed_b(data: bytes, size: int, key: bytes, salt: bytes, person: bytes) -> str:
    return hashlib.blake2b(data, digest_size=size, key=key, salt=salt, person=person).hexdigest()


def keyed_s(data: bytes, size: int, key: bytes, salt: bytes, person: bytes) -> str:
    h = hashlib.blake2s(digest_size=size, key=key, salt=salt, person=person)
    h.update(data)
    return h.hexdigest()


def sizes() -> list[str]:
    out = []
    for n in range(1, 65):
        out.append(hashlib.blake2b(b"abc", digest_size=n).hexdigest())
    for n in range(1, 33):
        out.append(hashlib.blake2s(b"abc", digest_size=n).hexdigest())
    return out


def keys() -> list[str]:
    out = []
    for n in range(0, 65):
        out.append(hashlib.blake2b(b"msg", key=bytes(range(n))).hexdigest())
    for n in range(0, 33):
        out.append(hashlib.blake2s(b"msg", key=bytes(range(n))).hexdigest())
        out.append(hashlib.blake2s(key=bytes(range(n))).hexdigest())
    return out


def attributes(name: str, size: int) -> tuple[str, int, int]:
    h = hashlib.blake2b(digest_size=size) if name == "b" else hashlib.blake2s(digest_size=size)
    return (h.name, h.digest_size, h.block_size)


_rng = random.Random(11)
_LARGE = [bytes(_rng.randrange(256) for _ in range(n)) for n in (1000, 70000)]

CASES = {
    "both": [(b"",), (b"abc",), (b"a" * 63,), (b"a" * 64,), (b"a" * 65,), (b"a" * 127,), (b"a" * 128,),
             (b"a" * 129,), (b"a" * 256,)] + [(d,) for d in _LARGE],
    "lengths": [(300,), (0,)],
    "chunked": [(d, size, name) for d in _LARGE for size in (1, 63, 64, 65, 127, 128, 129, 1000)
                for name in ("blake2b", "blake2s", "BLAKE2B")],
    "keyed_b": [(d, size, key, salt, person) for d in (b"", b"x" * 200) for size in (1, 32, 64)
                for key in (b"", b"k", bytes(range(64))) for salt in (b"", b"s" * 7, b"s" * 16)
                for person in (b"", b"p" * 16)]
    + [(b"", 0, b"", b"", b""), (b"", 65, b"", b"", b""), (b"", 64, b"k" * 65, b"", b""),
       (b"", 64, b"", b"s" * 17, b""), (b"", 64, b"", b"", b"p" * 17), (b"", -1, b"", b"", b"")],
    "keyed_s": [(d, size, key, salt, person) for d in (b"", b"x" * 100) for size in (1, 16, 32)
                for key in (b"", b"k", bytes(range(32))) for salt in (b"", b"s" * 3, b"s" * 8)
                for person in (b"", b"p" * 8)]
    + [(b"", 0, b"", b"", b""), (b"", 33, b"", b"", b""), (b"", 32, b"k" * 33, b"", b""),
       (b"", 32, b"", b"s" * 9, b""), (b"", 32, b"", b"", b"p" * 9)],
    "sizes": [()],
    "keys": [()],
    "attributes": [("b", 64), ("b", 7), ("s", 32), ("s", 1)],
}
