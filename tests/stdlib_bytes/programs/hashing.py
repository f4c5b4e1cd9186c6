"""hashlib against CPython's (OpenSSL's) digests: every algorithm on every length 0..200 and
large inputs, fed at once and in pieces, hashlib.new by name, copy, and the attributes."""
import hashlib
import random


def digests(data: bytes) -> list[str]:
    return [hashlib.md5(data).hexdigest(), hashlib.sha1(data).hexdigest(), hashlib.sha224(data).hexdigest(),
            hashlib.sha256(data).hexdigest(), hashlib.sha384(data).hexdigest(), hashlib.sha512(data).hexdigest()]


def raw_digests(data: bytes) -> tuple[bytes, bytes, bytes]:
    return (hashlib.md5(data).digest(), hashlib.sha256(data).digest(), hashlib.sha512(data).digest())


def lengths(n: int) -> list[str]:
    """Every prefix length 0..n of one pseudo-random message, for each algorithm."""
    data = bytes([(i * 131 + 7) % 256 for i in range(n)])
    out = []
    for k in range(n + 1):
        for name in ("md5", "sha1", "sha256", "sha512"):
            out.append(hashlib.new(name, data[:k]).hexdigest())
    return out


def chunked(data: bytes, size: int, name: str) -> tuple[str, str, int, int, str]:
    h = hashlib.new(name)
    alias = h
    for i in range(0, len(data), size):
        alias.update(data[i:i + size])
    snapshot = h.copy()
    h.update(b"more")
    return (h.hexdigest(), snapshot.hexdigest(), h.digest_size, h.block_size, h.name)


def updates(parts: list[bytes]) -> tuple[str, str, str]:
    a = hashlib.sha256()
    b = hashlib.md5(b"")
    c = hashlib.sha1()
    for p in parts:
        a.update(p)
        b.update(bytearray(p))
        c.update(p)
    return (a.hexdigest(), b.hexdigest(), c.hexdigest())


def digest_then_update(data: bytes) -> tuple[str, str]:
    h = hashlib.sha512(data)
    first = h.hexdigest()
    h.update(data)
    return (first, h.hexdigest())


def by_name(name: str, data: bytes) -> str:
    return hashlib.new(name, data).hexdigest()


def attributes(name: str) -> tuple[str, int, int]:
    h = hashlib.new(name)
    return (h.name, h.digest_size, h.block_size)


def helper_object(data: bytes) -> str:
    h = hashlib.sha256()
    _feed(h, data)
    _feed(h, data)
    return h.hexdigest()


def _feed(h, data: bytes):
    h.update(data)


def from_text(s: str) -> str:
    return hashlib.sha256(s.encode("utf-8")).hexdigest()[:16]


_rng = random.Random(5)
_LARGE = [bytes(_rng.randrange(256) for _ in range(n)) for n in (1000, 65536, 1_000_003)]

CASES = {
    "digests": [(b"",), (b"abc",), (b"a" * 55,), (b"a" * 56,), (b"a" * 64,), (b"a" * 111,), (b"a" * 112,),
                (b"a" * 128,), (b"The quick brown fox jumps over the lazy dog",)] + [(d,) for d in _LARGE],
    "raw_digests": [(b"",), (bytes(range(256)),)],
    "lengths": [(200,), (0,)],
    "chunked": [(d, size, name) for d in (_LARGE[0], _LARGE[1]) for size in (1, 63, 64, 65, 1000)
                for name in ("md5", "sha1", "sha224", "sha256", "sha384", "sha512")],
    "updates": [([],), ([b"a", b"", b"bc"],), ([bytes([i]) * i for i in range(150)],)],
    "digest_then_update": [(b"",), (b"x" * 200,)],
    "by_name": [(n, b"data") for n in ("md5", "SHA256", "Sha1", "sha384", "SHA512", "nope", "")],
    "attributes": [(n,) for n in ("md5", "sha1", "sha224", "sha256", "sha384", "sha512")],
    "helper_object": [(b"",), (b"abc",)],
    "from_text": [("héllo",), ("",)],
}
