"""Byte-level plumbing around model I/O: cache keys, id packing, base64 payloads,
UTF-8 aware truncation and offsets, and stable hashing for sharding / dedup."""

import base64
import hashlib
import json
import struct
import unicodedata
from typing import Any, Dict, List, Optional, Sequence, Union

MAX_UINT32 = 2**32 - 1
_ID_FORMAT = "<I"
_HEADER = struct.Struct("<4sHI")  # magic, version, count
_MAGIC = b"TOKS"
_VERSION = 1


def cache_key(model_name: str, prompt: str, params: Optional[Dict[str, Any]] = None) -> str:
    """Deterministic sha256 key for a (model, prompt, generation params) request."""
    payload = {
        "model": model_name,
        "prompt": unicodedata.normalize("NFC", prompt),
        "params": params or {},
    }
    blob = json.dumps(payload, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()


def pack_token_ids(ids: Sequence[int], with_header: bool = True) -> bytes:
    """Little-endian uint32 packing of token ids, optionally with a small header."""
    for i in ids:
        if not 0 <= i <= MAX_UINT32:
            raise ValueError(f"token id {i} does not fit in uint32")
    body = struct.pack(f"<{len(ids)}I", *ids)
    if not with_header:
        return body
    return _HEADER.pack(_MAGIC, _VERSION, len(ids)) + body


def unpack_token_ids(data: bytes) -> List[int]:
    """Inverse of pack_token_ids (header required); validates magic, version and length."""
    if len(data) < _HEADER.size:
        raise ValueError("buffer too small for header")
    magic, version, count = _HEADER.unpack_from(data, 0)
    if magic != _MAGIC:
        raise ValueError(f"bad magic {magic!r}")
    if version != _VERSION:
        raise ValueError(f"unsupported version {version}")
    expected = _HEADER.size + count * struct.calcsize(_ID_FORMAT)
    if len(data) != expected:
        raise ValueError(f"expected {expected} bytes, got {len(data)}")
    return list(struct.unpack_from(f"<{count}I", data, _HEADER.size))


def ids_to_base64(ids: List[int]) -> str:
    """URL-safe base64 string of packed ids (handy for JSON APIs)."""
    return base64.urlsafe_b64encode(pack_token_ids(ids)).decode("ascii")


def base64_to_ids(encoded: str) -> List[int]:
    """Decode a string produced by ids_to_base64 (padding is optional)."""
    padded = encoded + "=" * (-len(encoded) % 4)
    try:
        raw = base64.urlsafe_b64decode(padded.encode("ascii"))
    except (ValueError, UnicodeEncodeError) as exc:
        raise ValueError(f"invalid base64 payload: {exc}") from exc
    return unpack_token_ids(raw)


def encode_embedding(vector: List[float], dtype: str = "float32") -> str:
    """Base64 of a float vector packed as float32 or float16 (like embedding APIs return)."""
    codes = {"float32": "f", "float16": "e", "float64": "d"}
    if dtype not in codes:
        raise ValueError(f"unsupported dtype {dtype!r}")
    raw = struct.pack(f"<{len(vector)}{codes[dtype]}", *vector)
    return base64.b64encode(raw).decode("ascii")


def decode_embedding(encoded: str, dtype: str = "float32") -> List[float]:
    """Inverse of encode_embedding."""
    sizes = {"float32": ("f", 4), "float16": ("e", 2), "float64": ("d", 8)}
    if dtype not in sizes:
        raise ValueError(f"unsupported dtype {dtype!r}")
    code, width = sizes[dtype]
    raw = base64.b64decode(encoded, validate=True)
    if len(raw) % width:
        raise ValueError(f"payload length {len(raw)} is not a multiple of {width}")
    return list(struct.unpack(f"<{len(raw) // width}{code}", raw))


def char_to_byte_offsets(text: str) -> List[int]:
    """Byte offset (in UTF-8) of every character, plus the total length at the end."""
    offsets = [0]
    for ch in text:
        offsets.append(offsets[-1] + len(ch.encode("utf-8")))
    return offsets


def truncate_utf8(text: str, max_bytes: int) -> str:
    """Longest prefix whose UTF-8 encoding fits in max_bytes, never splitting a code point."""
    if max_bytes < 0:
        raise ValueError("max_bytes must be non-negative")
    raw = text.encode("utf-8")
    if len(raw) <= max_bytes:
        return text
    return raw[:max_bytes].decode("utf-8", errors="ignore")


def safe_decode(data: Union[bytes, bytearray], encodings: Sequence[str] = ("utf-8", "utf-16")) -> str:
    """Decode bytes trying a BOM first, then each encoding, then UTF-8 with replacement."""
    data = bytes(data)
    if data.startswith(b"\xef\xbb\xbf"):
        return data[3:].decode("utf-8", errors="replace")
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return data.decode("utf-16", errors="replace")
    for enc in encodings:
        try:
            return data.decode(enc)
        except UnicodeDecodeError:
            continue
    return data.decode("utf-8", errors="replace")


def shard_for_text(text: str, num_shards: int) -> int:
    """Stable shard index from an md5 digest (unlike hash(), not salted per process)."""
    if num_shards <= 0:
        raise ValueError("num_shards must be positive")
    digest = hashlib.md5(text.encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big") % num_shards


def dedupe_by_fingerprint(texts: List[str]) -> List[Dict[str, Any]]:
    """Exact-dedup after case/space normalization; returns first occurrence with its sha1 and count."""
    first: Dict[str, Dict[str, Any]] = {}
    for i, t in enumerate(texts):
        norm = " ".join(unicodedata.normalize("NFKC", t).casefold().split())
        fp = hashlib.sha1(norm.encode("utf-8")).hexdigest()[:16]
        if fp in first:
            first[fp]["count"] += 1
        else:
            first[fp] = {"index": i, "text": t, "fingerprint": fp, "count": 1}
    return sorted(first.values(), key=lambda d: d["index"])


CASES = {
    "cache_key": [
        ("gpt-small", "Hello, world", {"temperature": 0.7, "max_tokens": 64}),
        ("gpt-small", "Hello, world", {"max_tokens": 64, "temperature": 0.7}),
        ("bert-base", ""),
        ("m", "cafe\u0301", None),
    ],
    "pack_token_ids": [
        ([101, 7592, 2088, 102],),
        ([], True),
        ([0, 4294967295], False),
        ([5, -1],),
        ([2**32],),
    ],
    "unpack_token_ids": [
        (b"TOKS\x01\x00\x02\x00\x00\x00e\x00\x00\x00f\x00\x00\x00",),
        (b"TOKS\x01\x00\x00\x00\x00\x00",),
        (b"TOKX\x01\x00\x00\x00\x00\x00",),
        (b"TOKS\x01\x00\x05\x00\x00\x00\x01\x00\x00\x00",),
        (b"",),
        (bytes(bytearray(b"TOKS\x02\x00\x00\x00\x00\x00")),),
    ],
    "ids_to_base64": [
        ([101, 7592, 2088, 102],),
        ([],),
        ([50256],),
    ],
    "base64_to_ids": [
        ("VE9LUwEABAAAAGUAAACoHQAAKAgAAGYAAAA=",),
        ("VE9LUwEAAAAAAA",),
        ("not*valid*base64!",),
        ("é",),
    ],
    "encode_embedding": [
        ([0.1, -0.5, 3.25],),
        ([1.0, 0.5, -2.0, 65504.0], "float16"),
        ([],),
        ([1.0], "int8"),
    ],
    "decode_embedding": [
        ("zczMPQAAAL8AAFBA",),
        ("ADwAOADA/3s=", "float16"),
        ("",),
        ("AAA=", "float32"),
        ("AAAAAA==", "bfloat16"),
    ],
    "char_to_byte_offsets": [
        ("héllo",),
        ("日本",),
        ("",),
        ("a😀b",),
    ],
    "truncate_utf8": [
        ("héllo wörld", 3),
        ("日本語", 7),
        ("short", 100),
        ("😀😀", 5),
        ("x", -1),
    ],
    "safe_decode": [
        ("naïve".encode("utf-8"),),
        (b"\xef\xbb\xbfbom text",),
        ("hi".encode("utf-16"),),
        (b"\xff\xfe\x00",),
        (b"caf\xe9", ("utf-8", "latin-1")),
        (bytearray(b"\x80abc"), ()),
    ],
    "shard_for_text": [
        ("hello world", 8),
        ("", 1),
        ("日本語", 3),
        ("x", 0),
    ],
    "dedupe_by_fingerprint": [
        (["Hello World", "hello   world", "Goodbye", "ＨＥＬＬＯ world"],),
        ([],),
        (["only one"],),
    ],
}
