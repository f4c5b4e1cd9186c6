"""struct: pack, pack_into, unpack, unpack_from, iter_unpack and calcsize, for a format string
known at compile time (pack, unpack, unpack_from and calcsize also take one known only at run
time, and pack a starred list of run-time length: run_time_format). The format is checked with
CPython's own struct (calcsize) and read here for the values it takes and gives, so unpack's
result is a tuple of known types; the C++ side (include/muna/python/struct/) lays it out again
at run time as CPython's _struct.c does and raises struct.error for values out of range or
buffers of the wrong size.
"""
from __future__ import annotations

import struct

from ..build_ir import const, convert
from ..ir import Expr
from ..registry import Resolved, op
from ..types import BOOL, BYTEARRAY, BYTES, FLOAT, INT, NONE, STR, AnyT, ListT, TupleT, strip_literal
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


def run_time_format(b, name="format") -> bool:
    """Whether the format is a str known only when the function runs (an f-string of a count:
    `f"<{len(ids)}I"`): laid out then, by the same code (python/struct/run_time.hpp)."""
    e = b.args[name]
    if e.op == "const":
        return False
    if strip_literal(e.type) != STR:
        b.fail(f"{b.op.name}() takes its format as a str, not {e.type}")
    return True


def _run_time_values(b, values):
    """Values packed by a format read when the function runs: ints, floats, bools or bytes, each
    checked then against its code with CPython's messages."""
    for e in values:
        t = strip_literal(e.type)
        if t not in (INT, BOOL, FLOAT) and not is_bytes(t):
            b.fail(f"{b.op.name}(): a value of type {t} packed by a format known only at run time; pass ints, "
                   "floats, bools or bytes")
    return values


@op("struct.pack", "format, *v", obj=struct.pack, star_list=True)
def _pack(b):
    items = b.args["v"]
    if isinstance(strip_literal(items.type), ListT):  # `*ids`: a list of run-time length
        item = strip_literal(items.type).item
        if not (item in (INT, BOOL, FLOAT) or is_bytes(item) or isinstance(item, AnyT)):
            b.fail(f"struct.pack(): a list of {item} packed; pass ints, floats, bools or bytes")
        if not run_time_format(b):
            format_codes(b)  # (checked now)
        return Resolved(BYTES, (b.args["format"], items), op="struct.detail.pack_list")
    if run_time_format(b):
        return Resolved(BYTES, (b.args["format"], *_run_time_values(b, list(items.args))))
    fmt, codes = format_codes(b)
    values = _packed_values(b, fmt, codes, list(items.args))
    return Resolved(BYTES, (const(fmt, b.loc), *values))


op("struct.detail.pack_list", "format, v", header="muna/python/struct/run_time.hpp",
   cpp="muna::python::struct_::pack_list", doc="struct.pack(format, *values) of a list of run-time length")(
    lambda b: None)
op("struct.detail.unpack_any", "format, buffer", header="muna/python/struct/run_time.hpp",
   cpp="muna::python::struct_::unpack_any", doc="struct.unpack with a format known when it runs")(lambda b: None)
op("struct.detail.unpack_from_any", "format, buffer, offset", header="muna/python/struct/run_time.hpp",
   cpp="muna::python::struct_::unpack_from_any", doc="struct.unpack_from with a format known when it runs")(
    lambda b: None)

# What unpacking by a format read when the function runs gives: a tuple of values of run-time
# type (ints, floats, bools, bytes), its length known then.
RUN_TIME_RECORD = ListT(AnyT(), frozen=True)


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
    if run_time_format(b):
        return Resolved(RUN_TIME_RECORD, (b.args["format"], _buffer(b)), op="struct.detail.unpack_any")
    fmt, t = _record(b)
    return Resolved(t, (const(fmt, b.loc), _buffer(b)), (t.cpp(),))


@op("struct.unpack_from", "format, buffer, offset=0", obj=struct.unpack_from)
def _unpack_from(b):
    if strip_literal(b.type("offset")) not in (INT, BOOL):
        b.fail("struct.unpack_from() offset must be an int")
    if run_time_format(b):
        return Resolved(RUN_TIME_RECORD, (b.args["format"], _buffer(b), convert(b.args["offset"], INT)),
                        op="struct.detail.unpack_from_any")
    fmt, t = _record(b)
    return Resolved(t, (const(fmt, b.loc), _buffer(b), convert(b.args["offset"], INT)), (t.cpp(),))


@op("struct.iter_unpack", "format, buffer", obj=struct.iter_unpack)
def _iter_unpack(b):
    fmt, t = _record(b)
    return Resolved(ListT(t), (const(fmt, b.loc), _buffer(b)), (t.cpp(),))


@op("struct.calcsize", "format", obj=struct.calcsize, emit=lambda args, r: args[0])
def _calcsize(b):
    if run_time_format(b):
        return Resolved(INT, (b.args["format"],), op="struct.detail.calcsize_any")
    fmt, _ = format_codes(b)
    return Resolved(INT, (const(struct.calcsize(fmt), b.loc),))


op("struct.detail.calcsize_any", "format", header="muna/python/struct/run_time.hpp",
   cpp="muna::python::struct_::calcsize_any", doc="struct.calcsize of a format known when it runs")(lambda b: None)
