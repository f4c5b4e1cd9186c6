"""base64 (b64, urlsafe, standard, b32, b32hex, b16, encodebytes/decodebytes) and the binascii
functions under it (b2a_base64, a2b_base64, hexlify, unhexlify), with CPython's errors:
binascii.Error, a ValueError, with base64.py's messages.

C++: include/muna/python/base64/ and include/muna/python/binascii/.
"""
from __future__ import annotations

import base64
import binascii

from ..registry import Resolved, op
from ..types import BOOL, BYTES, NONE, STR, OptionalT, strip_literal
from .python_bytes import is_bytes


def _encodable(b, name="s"):
    """What an encoder takes: bytes or a bytearray (a str is CPython's TypeError)."""
    e = b.args[name]
    if not is_bytes(e.type):
        b.fail(f"{b.op.name}() takes bytes or a bytearray, not {e.type}"
               + ("; encode the str first, e.g. s.encode()" if strip_literal(e.type) == STR else ""))
    return e


def _decodable(b, name="s", none_ok=False):
    """What a decoder takes: bytes, a bytearray or an ASCII str."""
    e = b.args[name]
    t = strip_literal(e.type)
    if none_ok and (t == NONE or isinstance(t, OptionalT) and (is_bytes(t.item) or t.item == STR)):
        return e
    if not (is_bytes(t) or t == STR):
        b.fail(f"{b.op.name}() argument '{name}' should be a bytes-like object or ASCII string, not {t}")
    return e


def _flag(b, name):
    if strip_literal(b.type(name)) != BOOL:
        b.fail(f"{b.op.name}() argument '{name}' must be a bool")
    return b.args[name]


def _module_op(module, name, params, rule):
    op(f"{module.__name__}.{name}", params, obj=getattr(module, name))(rule)


def _encoder(b):
    return Resolved(BYTES, (_encodable(b),))


def _decoder(b):
    return Resolved(BYTES, (_decodable(b),))


for _name in ("standard_b64encode", "urlsafe_b64encode", "b32encode", "b32hexencode", "b16encode", "encodebytes"):
    _module_op(base64, _name, "s", _encoder)
for _name in ("standard_b64decode", "urlsafe_b64decode"):
    _module_op(base64, _name, "s", _decoder)


def _decodebytes(b):
    e = b.args["s"]
    if not is_bytes(e.type):
        b.fail(f"base64.decodebytes() expected a bytes-like object, not {e.type}")
    return Resolved(BYTES, (e,))


_module_op(base64, "decodebytes", "s", _decodebytes)


def _b64encode(b):
    alt = b.args["altchars"]
    if strip_literal(alt.type) != NONE and not is_bytes(alt.type):
        b.fail(f"base64.b64encode() altchars must be bytes, not {alt.type}")
    return Resolved(BYTES, (_encodable(b), alt))


def _b64decode(b):
    return Resolved(BYTES, (_decodable(b), _decodable(b, "altchars", none_ok=True), _flag(b, "validate")))


_module_op(base64, "b64encode", "s, altchars=None", _b64encode)
_module_op(base64, "b64decode", "s, altchars=None, validate=False", _b64decode)
_module_op(base64, "b32decode", "s, casefold=False, map01=None",
           lambda b: Resolved(BYTES, (_decodable(b), _flag(b, "casefold"), _decodable(b, "map01", none_ok=True))))
_module_op(base64, "b32hexdecode", "s, casefold=False",
           lambda b: Resolved(BYTES, (_decodable(b), _flag(b, "casefold"))))
_module_op(base64, "b16decode", "s, casefold=False",
           lambda b: Resolved(BYTES, (_decodable(b), _flag(b, "casefold"))))

# --- binascii --------------------------------------------------------------------------------
_module_op(binascii, "b2a_base64", "data, newline=True",
           lambda b: Resolved(BYTES, (_encodable(b, "data"), _flag(b, "newline"))))
_module_op(binascii, "a2b_base64", "data, strict_mode=False",
           lambda b: Resolved(BYTES, (_decodable(b, "data"), _flag(b, "strict_mode"))))
_module_op(binascii, "unhexlify", "hexstr", lambda b: Resolved(BYTES, (_decodable(b, "hexstr"),)))


def _hexlify(b):
    data = _encodable(b, "data")
    sep = b.args["sep"]
    t = strip_literal(sep.type)
    if t == NONE:
        return Resolved(BYTES, (data,))
    if not (t == STR or is_bytes(t)):
        b.fail(f"binascii.hexlify() sep must be str or bytes, not {t}")
    from .python_bytes import _int_arg
    return Resolved(BYTES, (data, sep, _int_arg(b, "bytes_per_sep")))


_module_op(binascii, "hexlify", "data, sep=None, bytes_per_sep=1", _hexlify)
