"""hashlib: md5, sha1, sha224, sha256, sha384, sha512, blake2b and blake2s (constructors and
hashlib.new; blake2's digest_size, key, salt and person), and the hash object's update, digest, hexdigest, copy, name, digest_size and block_size.

C++: include/muna/python/hashlib/ (the algorithms written there, checked against CPython's
hashlib, which uses OpenSSL: a compiled library needs neither).
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass

from ..registry import Resolved, op
from ..types import BOOL, INT, NONE, STR, BYTES, Type, strip_literal
from .python_bytes import is_bytes

ALGORITHMS = ("md5", "sha1", "sha224", "sha256", "sha384", "sha512", "blake2b", "blake2s")


@dataclass(frozen=True)
class HashT(Type):
    """A hash object (what hashlib.sha256() returns): mutable, shared by reference."""

    def cpp(self):
        return "muna::python::hashlib::Hash"

    def __str__(self):
        return "hashlib.hash"


HASH = HashT()


def _data(b, name):
    e = b.args[name]
    t = strip_literal(e.type)
    if not is_bytes(t):
        hint = "; encode it first, e.g. s.encode()" if t == STR else ""
        b.fail(f"{b.op.name}() hashes bytes or a bytearray, not {t}{hint}")
    return e


def _used_for_security(b):
    if strip_literal(b.type("usedforsecurity")) != BOOL:
        b.fail("usedforsecurity must be a bool")


for _name in ALGORITHMS[:6]:
    @op(f"hashlib.{_name}", "string=b'', usedforsecurity=True", obj=getattr(hashlib, _name))
    def _constructor(b):
        _used_for_security(b)
        return Resolved(HASH, (_data(b, "string"),))


BLAKE2_TREE = {"fanout": 1, "depth": 1, "leaf_size": 0, "node_offset": 0, "node_depth": 0, "inner_size": 0,
               "last_node": False}


def _blake2(b):
    """blake2b/blake2s(data, *, digest_size, key, salt, person): the tree-hashing parameters
    must keep their defaults (sequential hashing)."""
    for name, default in BLAKE2_TREE.items():
        e = b.args[name]
        if not (e.op == "const" and e.attr("value") == default):
            b.fail(f"{b.op.name}({name}=...) is not supported; muna hashes sequentially (tree parameters at their defaults)")
    _used_for_security(b)
    size = b.args["digest_size"]
    if strip_literal(size.type) not in (INT, BOOL):
        b.fail(f"{b.op.name}() digest_size must be an int, not {size.type}")
    return Resolved(HASH, (_data(b, "data"), size, _data(b, "key"), _data(b, "salt"), _data(b, "person")))


for _name, _size in (("blake2b", 64), ("blake2s", 32)):
    op(f"hashlib.{_name}", f"data=b'', digest_size={_size}, key=b'', salt=b'', person=b'', " + ", ".join(f"{k}={v}" for k, v in BLAKE2_TREE.items())
       + ", usedforsecurity=True", obj=getattr(hashlib, _name))(_blake2)


@op("hashlib.new", "name, data=b'', usedforsecurity=True", obj=hashlib.new)
def _new(b):
    name = b.args["name"]
    if strip_literal(name.type) != STR:
        b.fail(f"hashlib.new() name must be a str, got {name.type}")
    if name.op == "const" and name.attr("value").lower() not in ALGORITHMS:
        value = name.attr("value")
        if value.lower() in hashlib.algorithms_available:
            b.fail(f"hashlib.new('{value}') is not supported; muna implements {', '.join(ALGORITHMS)}")
        b.fail(f"unsupported hash type {value}")
    _used_for_security(b)
    return Resolved(HASH, (name, _data(b, "data")))


def _method(name, params, rule, kind="method"):
    op(f"hashlib.hash.{name}", params, method_of="hashlib.hash", kind=kind)(rule)


_method("update", "self, data", lambda b: Resolved(NONE, (b.args["self"], _data(b, "data"))))
_method("digest", "self", lambda b: Resolved(BYTES, (b.args["self"],)))
_method("hexdigest", "self", lambda b: Resolved(STR, (b.args["self"],)))
_method("copy", "self", lambda b: Resolved(HASH, (b.args["self"],)))
_method("name", "self", lambda b: Resolved(STR, (b.args["self"],)), kind="property")
_method("digest_size", "self", lambda b: Resolved(INT, (b.args["self"],)), kind="property")
_method("block_size", "self", lambda b: Resolved(INT, (b.args["self"],)), kind="property")
