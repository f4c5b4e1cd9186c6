"""struct: pack, pack_into, unpack, unpack_from, iter_unpack and calcsize, for a format string
known at compile time. The format is checked with CPython's own struct (calcsize) and read here
for the values it takes and gives, so unpack's result is a tuple of known types; the C++ side
(include/muna/python/struct/) lays it out again at run time as CPython's _struct.c does and
raises struct.error for values out of range or buffers of the wrong size.
"""
from __future__ import annotations

import struct

from ..build_ir import const, convert
from ..ir import Expr
from ..registry import Resolved, op
from ..types import BOOL, BYTEARRAY, BYTES, FLOAT, INT, NONE, ListT, TupleT, strip_literal
from .python_bytes import is_bytes

# Tuples beyond this many values would be unwieldy C++ types; such records read better as arrays.
MAX_ITEMS = 256
INTEGER_CODES = "bBhHiIlLqQnN"


def format_codes(b, name="format"):
    """(format as a str, [(code, count)]) of a constant format, or a diagnostic."""
    e = b.args[name]
    value = e.attr("value") if e.op == "const" else None
    if isinstance(value, bytes):
        value = value.decode("latin-1")
    if not isinstance(value, str):
        b.fail(f"{b.op.name}() needs its format as a constant str (muna lays it out at compile time)")
    try:
        struct.calcsize(value)
    except struct.error as err:
        b.fail(f"bad struct format {value!r}: {err}")
    codes, i = [], 0
    if value and value[0] in "@=<>!":
        i = 1
    while i < len(value):
        c = value[i]
        i += 1
        if c in " \t\n\r\x0b\x0c":
            continue
        count = 1
        if c.isdigit():
            j = i - 1
            while value[i].isdigit():
                i += 1
            count, c = int(value[j:i]), value[i]
            i += 1
        if c == "P":
            b.fail(f"{b.op.name}(): the 'P' (pointer) format is not supported")
        codes.append((c, count))
    return value, codes


def value_types(codes) -> list:
    """The types of the values a format packs or unpacks, in order."""
    out = []
    for c, count in codes:
        if c == "x":
            continue
        if c in "sp":
            out.append(BYTES)
            continue
        t = BYTES if c == "c" else BOOL if c == "?" else FLOAT if c in "efd" else INT
        out.extend([t] * count)
    return out


def _items(b, fmt, types):
    if len(types) > MAX_ITEMS:
        b.fail(f"{b.op.name}({fmt!r}) gives {len(types)} values; muna takes at most {MAX_ITEMS} "
               "(read long records with numpy.frombuffer)")


def _packed_values(b, fmt, codes, values, what="pack"):
    """The values converted to what their codes take, or CPython's complaint as a diagnostic."""
    types = value_types(codes)
    if len(values) != len(types):
        b.fail(f"{what} expected {len(types)} items for packing (got {len(values)})")
    out = []
    kinds = [c for c, n in codes for _ in range(1 if c in "sp" else n) if c != "x"]
    for e, want, code in zip(values, types, kinds):
        t = strip_literal(e.type)
        if want == INT:
            if t not in (INT, BOOL):
                b.fail(f"struct.{what}({fmt!r}): '{code}' takes an int, not {t} (required argument is not an integer)")
            out.append(convert(e, INT))
        elif want == FLOAT:
            if t not in (INT, BOOL, FLOAT):
                b.fail(f"struct.{what}({fmt!r}): '{code}' takes a float, not {t} (required argument is not a float)")
            out.append(convert(e, FLOAT))
        elif want == BOOL:
            out.append(e if t == BOOL else Expr("truth", BOOL, (e,), loc=e.loc))
        else:
            if code == "c" and t != BYTES:
                b.fail(f"struct.{what}({fmt!r}): 'c' takes bytes of length 1, not {t} "
                       "(char format requires a bytes object of length 1)")
            if not is_bytes(t):
                b.fail(f"struct.{what}({fmt!r}): '{code}' takes bytes, not {t} (argument for '{code}' must be a bytes object)")
            out.append(e)
    return out


def _buffer(b, name="buffer"):
    e = b.args[name]
    if not is_bytes(e.type):
        b.fail(f"{b.op.name}() reads bytes or a bytearray, not {e.type}")
    return e


@op("struct.pack", "format, *v", obj=struct.pack)
def _pack(b):
    fmt, codes = format_codes(b)
    values = _packed_values(b, fmt, codes, list(b.args["v"].args))
    return Resolved(BYTES, (const(fmt, b.loc), *values))


@op("struct.pack_into", "format, buffer, offset, *v", obj=struct.pack_into)
def _pack_into(b):
    fmt, codes = format_codes(b)
    if strip_literal(b.type("buffer")) != BYTEARRAY:
        b.fail(f"struct.pack_into() writes into a bytearray, not {b.type('buffer')}")
    if strip_literal(b.type("offset")) not in (INT, BOOL):
        b.fail("struct.pack_into() offset must be an int")
    values = _packed_values(b, fmt, codes, list(b.args["v"].args), "pack_into")
    return Resolved(NONE, (const(fmt, b.loc), b.args["buffer"], convert(b.args["offset"], INT), *values))


def _record(b):
    fmt, codes = format_codes(b)
    types = value_types(codes)
    _items(b, fmt, types)
    return fmt, TupleT(tuple(types))


@op("struct.unpack", "format, buffer", obj=struct.unpack)
def _unpack(b):
    fmt, t = _record(b)
    return Resolved(t, (const(fmt, b.loc), _buffer(b)), (t.cpp(),))


@op("struct.unpack_from", "format, buffer, offset=0", obj=struct.unpack_from)
def _unpack_from(b):
    fmt, t = _record(b)
    if strip_literal(b.type("offset")) not in (INT, BOOL):
        b.fail("struct.unpack_from() offset must be an int")
    return Resolved(t, (const(fmt, b.loc), _buffer(b), convert(b.args["offset"], INT)), (t.cpp(),))


@op("struct.iter_unpack", "format, buffer", obj=struct.iter_unpack)
def _iter_unpack(b):
    fmt, t = _record(b)
    return Resolved(ListT(t), (const(fmt, b.loc), _buffer(b)), (t.cpp(),))


@op("struct.calcsize", "format", obj=struct.calcsize, emit=lambda args, r: args[0])
def _calcsize(b):
    fmt, _ = format_codes(b)
    return Resolved(INT, (const(struct.calcsize(fmt), b.loc),))
