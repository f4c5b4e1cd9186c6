"""bytes and bytearray: operators, methods, the builtins that make them, str.encode and
bytes.decode, int.from_bytes and int.to_bytes, with CPython's semantics.

C++: the types in include/muna/python/bytes.hpp, one header per method in
include/muna/python/bytes/ (a method both kinds have runs the same template, which returns the
receiver's kind: bytearray.upper() is a bytearray), bytearray's own in-place methods in
include/muna/python/bytearray/, the codecs in include/muna/python/codecs/.
"""
from __future__ import annotations

import builtins
import codecs

from ..build_ir import call, const, convert
from ..registry import REGISTRY, Resolved, op
from ..types import (BOOL, BYTEARRAY, BYTES, INT, NONE, STR, BytesT, IterT, ListT, OptionalT, SetT, SliceT,
                     Str, TupleT, strip_literal)

KINDS = {"bytes": BYTES, "bytearray": BYTEARRAY}


def is_bytes(t) -> bool:
    return isinstance(strip_literal(t), BytesT)


def _ints(t) -> bool:
    t = strip_literal(t)
    return t in (INT, BOOL)


def _int_arg(b, name):
    e = b.args[name]
    if not _ints(e.type):
        b.fail(f"{b.op.name}() argument '{name}' must be int, got {e.type}")
    return convert(e, INT)


def _optional_int(b, name):
    e = b.args[name]
    t = strip_literal(e.type)
    if t == NONE or t == OptionalT(INT):
        return e
    if not _ints(t):
        b.fail(f"{b.op.name}() argument '{name}' must be int or None, got {t}")
    return convert(e, INT)


def _bytes_arg(b, name, none_ok=False):
    e = b.args[name]
    t = strip_literal(e.type)
    if none_ok and (t == NONE or isinstance(t, OptionalT) and is_bytes(t.item)):
        return e
    if not is_bytes(t):
        b.fail(f"{b.op.name}() argument '{name}' must be a bytes-like object (bytes or bytearray), not '{t}'")
    return e


def _needle(b, name="sub"):
    """A search needle: bytes, or one byte given as an int."""
    e = b.args[name]
    if _ints(e.type):
        return convert(e, INT)
    return _bytes_arg(b, name)


def _affixes(b, name):
    """startswith/endswith's prefix: bytes, or a tuple of them."""
    e = b.args[name]
    t = strip_literal(e.type)
    if isinstance(t, TupleT) and t.items and all(is_bytes(i) for i in t.items):
        return e
    return _bytes_arg(b, name)


def codec_of(b, name="encoding") -> str:
    """The C++ codec an encoding name means, resolved at compile time as codecs.lookup does."""
    e = b.args[name]
    value = e.attr("value") if e.op == "const" else None
    if not isinstance(value, str):
        b.fail(f"{b.op.name}(): the encoding must be a str constant such as 'utf-8' (muna resolves it "
               "at compile time)")
    try:
        canonical = codecs.lookup(value).name
    except LookupError:
        b.fail(f"unknown encoding: {value}")
    codec = {"utf-8": "utf_8", "ascii": "ascii", "iso8859-1": "latin_1"}.get(canonical)
    if codec is None:
        b.fail(f"the encoding '{value}' is not supported; muna implements 'utf-8', 'ascii' and 'latin-1'")
    return codec


def _errors(b, name="errors"):
    e = b.args[name]
    if strip_literal(e.type) != STR:
        b.fail(f"{b.op.name}() argument '{name}' must be str, got {e.type}")
    return e


def _emit_with_codec(cpp):
    """`f(self, muna::python::codecs::Codec::<codec>, errors)`: the codec travels as the call's
    template attribute, decided by the rule."""
    return lambda args, r: f"{cpp}({args[0]}, muna::python::codecs::Codec::{r.attr('template')[0]}, {args[1]})"


# --- methods both kinds have -----------------------------------------------------------------
# name: (parameters, result: "self", "int", "bool", "str", "list", "tuple3", and what each
# parameter takes).
SAME = "self"
METHODS = {
    **{m: ("self", SAME, {}) for m in ("lower", "upper", "swapcase", "capitalize", "title")},
    **{m: ("self", "bool", {}) for m in ("isalnum", "isalpha", "isascii", "isdigit", "islower",
                                         "isspace", "istitle", "isupper")},
    **{m: ("self, sub, start=None, end=None", "int", {"sub": "needle", "start": "optint", "end": "optint"})
       for m in ("find", "rfind", "index", "rindex", "count")},
    "startswith": ("self, prefix, start=None, end=None", "bool", {"prefix": "affixes", "start": "optint", "end": "optint"}),
    "endswith": ("self, suffix, start=None, end=None", "bool", {"suffix": "affixes", "start": "optint", "end": "optint"}),
    **{m: ("self, sep=None, maxsplit=-1", "list", {"sep": "optbytes", "maxsplit": "int"}) for m in ("split", "rsplit")},
    **{m: ("self, bytes=None", SAME, {"bytes": "optbytes"}) for m in ("strip", "lstrip", "rstrip")},
    "replace": ("self, old, new, count=-1", SAME, {"old": "bytes", "new": "bytes", "count": "int"}),
    "join": ("self, iterable_of_bytes", SAME, {"iterable_of_bytes": "parts"}),
    **{m: ("self, sep", "tuple3", {"sep": "bytes"}) for m in ("partition", "rpartition")},
    "removeprefix": ("self, prefix", SAME, {"prefix": "bytes"}),
    "removesuffix": ("self, suffix", SAME, {"suffix": "bytes"}),
    **{m: ("self, width, fillchar=b' '", SAME, {"width": "int", "fillchar": "bytes"}) for m in ("center", "ljust", "rjust")},
    "zfill": ("self, width", SAME, {"width": "int"}),
    "expandtabs": ("self, tabsize=8", SAME, {"tabsize": "int"}),
    "splitlines": ("self, keepends=False", "list", {"keepends": "bool"}),
}


def _method_rule(name, result, takes):
    def rule(b):
        self_t = strip_literal(b.type("self"))
        args = [b.args["self"]]
        for pname, _ in b.op.params[1:]:
            what = takes[pname]
            if what == "needle":
                args.append(_needle(b, pname))
            elif what == "affixes":
                args.append(_affixes(b, pname))
            elif what == "optint":
                args.append(_optional_int(b, pname))
            elif what == "int":
                args.append(_int_arg(b, pname))
            elif what == "bytes":
                args.append(_bytes_arg(b, pname))
            elif what == "optbytes":
                args.append(_bytes_arg(b, pname, none_ok=True))
            elif what == "bool":
                if strip_literal(b.type(pname)) != BOOL:
                    b.fail(f"{b.op.name}() argument '{pname}' must be bool")
                args.append(b.args[pname])
            elif what == "parts":
                t = strip_literal(b.type(pname))
                if not (isinstance(t, ListT) and is_bytes(t.item)):
                    b.fail(f"{b.op.name}() takes a list of bytes, got {t}")
                args.append(b.args[pname])
        types = {SAME: self_t, "int": INT, "bool": BOOL, "str": STR, "list": ListT(self_t),
                 "tuple3": TupleT((self_t,) * 3)}
        return Resolved(types[result], tuple(args))
    return rule


def _register(kind, name, params, rule, header=None, cpp=None, **kwargs):
    """A method of `kind`; bytearray's copy of a bytes method runs bytes' C++ template."""
    op(f"{kind}.{name}", params, method_of=kind, kind="method", header=header or f"muna/python/bytes/{name}.hpp", cpp=cpp or f"muna::python::bytes::{name}",
       **kwargs)(rule)


for _kind in KINDS:
    for _name, (_params, _result, _takes) in METHODS.items():
        _register(_kind, _name, _params, _method_rule(_name, _result, _takes))


def _hex(b):
    sep = b.args["sep"]
    t = strip_literal(sep.type)
    if t == NONE:
        return Resolved(STR, (b.args["self"],))
    if not (t == STR or is_bytes(t)):
        b.fail(f"{b.op.name}() argument 'sep' must be str or bytes, got {t}")
    return Resolved(STR, (b.args["self"], sep, _int_arg(b, "bytes_per_sep")))


def _decode(b):
    codec = codec_of(b)
    return Resolved(STR, (b.args["self"], _errors(b)), template=(codec,))


def _translate(b):
    table = b.args["table"]
    if strip_literal(table.type) != NONE:
        table = _bytes_arg(b, "table")
    return Resolved(strip_literal(b.type("self")), (b.args["self"], table, _bytes_arg(b, "delete")))


for _kind in KINDS:
    _register(_kind, "translate", "self, table, delete=b''", _translate)
    _register(_kind, "hex", "self, sep=None, bytes_per_sep=1", _hex)
    _register(_kind, "decode", "self, encoding='utf-8', errors='strict'", _decode,
              emit=_emit_with_codec("muna::python::bytes::decode"))


# --- operators and the data model -------------------------------------------------------------
def _operator(kind, name, params, rule, **kwargs):
    op(f"{kind}.{name}", params, kind="operator", **kwargs)(rule)


def _getitem(b):
    self_t = strip_literal(b.type("self"))
    key = b.args["key"]
    kt = strip_literal(key.type)
    kind = str(self_t)
    if isinstance(kt, SliceT):
        return Resolved(self_t, (b.args["self"], key), op=f"{kind}.slice")
    if _ints(kt):
        return Resolved(INT, (b.args["self"], convert(key, INT)), op=f"{kind}.getitem")
    b.fail(f"{'byte' if kind == 'bytes' else kind} indices must be integers or slices, not {kt}")


def _contains(b):
    x = b.args["x"]
    if _ints(x.type):
        return Resolved(BOOL, (b.args["self"], convert(x, INT)))
    if is_bytes(x.type):
        return Resolved(BOOL, (b.args["self"], x))
    b.fail(f"a bytes-like object is required, not '{strip_literal(x.type)}'")


def _add(b):
    if not is_bytes(b.type("other")):
        return None  # unsupported operand types, said by the operator rule
    return Resolved(strip_literal(b.type("self")), (b.args["self"], b.args["other"]))


def _mul(b):
    if not _ints(b.type("n")):
        return None
    return Resolved(strip_literal(b.type("self")), (b.args["self"], convert(b.args["n"], INT)))


def _compare(b):
    if not is_bytes(b.type("other")):
        return None
    return Resolved(BOOL, (b.args["self"], b.args["other"]))


def _format(b):
    if strip_literal(b.type("format_spec")) != STR:
        b.fail("format() spec must be a str")
    return Resolved(STR, (b.args["self"], b.args["format_spec"]))


for _kind in KINDS:
    _operator(_kind, "__len__", "self", lambda b: Resolved(INT, (b.args["self"],)),
              emit=lambda args, r: f"{args[0]}.size()")
    # Iterating a bytes is iterating the C++ value itself: its iterator yields ints.
    _operator(_kind, "__iter__", "self", lambda b: Resolved(IterT(INT), (b.args["self"],)),
              emit=lambda args, r: args[0])
    _operator(_kind, "__getitem__", "self, key", _getitem)
    op(f"{_kind}.getitem", "self, index", header="muna/python/bytes/getitem.hpp",
       cpp="muna::python::bytes::getitem")(lambda b: None)
    op(f"{_kind}.slice", "self, key", header="muna/python/bytes/slice.hpp",
       cpp="muna::python::bytes::slice")(lambda b: None)
    _operator(_kind, "__contains__", "self, x", _contains, header="muna/python/bytes/contains.hpp",
              cpp="muna::python::bytes::contains")
    _operator(_kind, "__add__", "self, other", _add, header="muna/python/bytes/add.hpp",
              cpp="muna::python::bytes::add")
    for _name in ("__mul__", "__rmul__"):
        _operator(_kind, _name, "self, n", _mul, header="muna/python/bytes/mul.hpp",
                  cpp="muna::python::bytes::mul")
    for _name, _symbol in (("eq", "=="), ("ne", "!="), ("lt", "<"), ("le", "<="), ("gt", ">"), ("ge", ">=")):
        _operator(_kind, f"__{_name}__", "self, other", _compare,
                  emit=lambda args, r, _s=_symbol: f"({args[0]} {_s} {args[1]})")
    for _name in ("__repr__", "__str__"):  # str(b) is repr(b), as CPython prints bytes
        _operator(_kind, _name, "self", lambda b: Resolved(STR, (b.args["self"],)),
                  header="muna/python/bytes/repr.hpp", cpp="muna::python::bytes::repr")
    _operator(_kind, "__format__", "self, format_spec", _format, header="muna/python/bytes/format.hpp",
              cpp="muna::python::bytes::format")


# --- bytearray's own, in-place methods --------------------------------------------------------
def _bytearray_method(name, params, rule):
    op(f"bytearray.{name}", params, method_of="bytearray", kind="method")(rule)


_bytearray_method("append", "self, item", lambda b: Resolved(NONE, (b.args["self"], _int_arg(b, "item"))))
_bytearray_method("insert", "self, index, item",
                  lambda b: Resolved(NONE, (b.args["self"], _int_arg(b, "index"), _int_arg(b, "item"))))
_bytearray_method("pop", "self, index=-1", lambda b: Resolved(INT, (b.args["self"], _int_arg(b, "index"))))
_bytearray_method("remove", "self, value", lambda b: Resolved(NONE, (b.args["self"], _int_arg(b, "value"))))
for _name in ("clear", "reverse"):
    _bytearray_method(_name, "self", lambda b: Resolved(NONE, (b.args["self"],)))
_bytearray_method("copy", "self", lambda b: Resolved(BYTEARRAY, (b.args["self"],)))


def _int_items(t) -> bool:
    t = strip_literal(t)
    return isinstance(t, ListT) and _ints(t.item)


def _iadd(b):
    if not is_bytes(b.type("other")):
        b.fail(f"can't concat {b.type('other')} to bytearray")
    return Resolved(NONE, (b.args["self"], b.args["other"]))


# ba += x and ba *= n change ba in place (every alias sees it), as in Python.
op("bytearray.__iadd__", "self, other", kind="operator", header="muna/python/bytearray/extend.hpp",
   cpp="muna::python::bytearray::extend")(_iadd)
op("bytearray.__imul__", "self, n", kind="operator", header="muna/python/bytearray/imul.hpp",
   cpp="muna::python::bytearray::imul")(lambda b: Resolved(NONE, (b.args["self"], _int_arg(b, "n"))))


@op("bytearray.extend", "self, iterable_of_ints", method_of="bytearray", kind="method")
def _extend(b):
    e = b.args["iterable_of_ints"]
    if is_bytes(e.type) or (_int_items(e.type) and strip_literal(e.type).item == INT):
        return Resolved(NONE, (b.args["self"], e))
    b.fail(f"bytearray.extend() takes bytes, a bytearray or a list of int, got {e.type}")


@op("bytearray.__setitem__", "self, key, value", kind="operator", header="muna/python/bytearray/setitem.hpp",
    cpp="muna::python::bytearray::setitem")
def _setitem(b):
    key, value = b.args["key"], b.args["value"]
    kt, vt = strip_literal(key.type), strip_literal(value.type)
    if _ints(kt):
        if not _ints(vt):
            b.fail(f"an integer is required to assign to a bytearray item, not {vt}")
        return Resolved(NONE, (b.args["self"], convert(key, INT), convert(value, INT)))
    if isinstance(kt, SliceT):
        if is_bytes(vt) or (_int_items(vt) and vt.item == INT):
            return Resolved(NONE, (b.args["self"], key, value))
        b.fail(f"a slice of a bytearray takes bytes, a bytearray or a list of int, not {vt}")
    b.fail(f"bytearray indices must be integers or slices, not {kt}")


# --- making bytes -----------------------------------------------------------------------------
def _constructor(result):
    name = str(result)

    def rule(b):
        source, encoding, errors = b.args["source"], b.args["encoding"], b.args["errors"]
        t = strip_literal(source.type)
        has_encoding = strip_literal(encoding.type) != NONE
        has_errors = strip_literal(errors.type) != NONE
        if isinstance(t, Str):
            if not has_encoding:
                b.fail(f"{name}(str) needs an encoding: string argument without an encoding")
            errs = _errors(b) if has_errors else const("strict", b.loc)
            encoded = call("str.encode", BYTES, (source, errs), b.loc, (codec_of(b),))
            if result == BYTES:
                return Resolved(BYTES, (source, errs), (codec_of(b),), op="str.encode")
            return Resolved(result, (encoded,))
        if has_encoding or has_errors:
            b.fail(f"{'encoding' if has_encoding else 'errors'} without a string argument")
        if is_bytes(t):
            return Resolved(result, (source,))
        if _ints(t):
            return Resolved(result, (convert(source, INT),))
        if isinstance(t, (ListT, IterT, SetT)) and _ints(t.item) or (
                isinstance(t, TupleT) and t.items and all(_ints(i) for i in t.items)):
            return Resolved(result, (source,))
        b.fail(f"cannot convert '{t}' object to {name}")
    return rule


op("builtins.bytes", "source=b'', encoding=None, errors=None", obj=builtins.bytes)(_constructor(BYTES))
op("builtins.bytearray", "source=b'', encoding=None, errors=None", obj=builtins.bytearray)(_constructor(BYTEARRAY))


def _fromhex(result):
    def rule(b):
        if strip_literal(b.type("string")) != STR:
            b.fail(f"fromhex() argument must be str, not {b.type('string')}")
        return Resolved(result, (b.args["string"],))
    return rule


op("bytes.fromhex", "string")(_fromhex(BYTES))
op("bytearray.fromhex", "string")(_fromhex(BYTEARRAY))
REGISTRY.class_methods[(bytes, "fromhex")] = "bytes.fromhex"


# A static method: one object, found by identity (bytearray's is another object, the same op).
@op("bytes.maketrans", "frm, to", obj=bytes.maketrans)
def _maketrans(b):
    return Resolved(BYTES, (_bytes_arg(b, "frm"), _bytes_arg(b, "to")))


REGISTRY.by_object[id(bytearray.maketrans)] = "bytes.maketrans"
REGISTRY.class_methods[(bytearray, "fromhex")] = "bytearray.fromhex"


@op("str.encode", "self, encoding='utf-8', errors='strict'", method_of="str", kind="method",
    header="muna/python/str/encode.hpp", emit=_emit_with_codec("muna::python::str::encode"))
def _encode(b):
    return Resolved(BYTES, (b.args["self"], _errors(b)), template=(codec_of(b),))


# --- int <-> bytes ----------------------------------------------------------------------------
def _byteorder(b):
    e = b.args["byteorder"]
    if strip_literal(e.type) != STR:
        b.fail(f"{b.op.name}() argument 'byteorder' must be str, not {e.type}")
    return e


def _signed(b):
    e = b.args["signed"]
    if strip_literal(e.type) != BOOL:
        b.fail(f"{b.op.name}() argument 'signed' must be bool")
    return e


@op("int.from_bytes", "bytes, byteorder='big', signed=False")
def _from_bytes(b):
    data = b.args["bytes"]
    t = strip_literal(data.type)
    if not (is_bytes(t) or (_int_items(t) and t.item == INT)):
        b.fail(f"int.from_bytes() takes bytes, a bytearray or a list of int, got {t}")
    return Resolved(INT, (data, _byteorder(b), _signed(b)))


REGISTRY.class_methods[(int, "from_bytes")] = "int.from_bytes"


@op("int.to_bytes", "self, length=1, byteorder='big', signed=False", method_of="int", kind="method")
def _to_bytes(b):
    return Resolved(BYTES, (convert(b.args["self"], INT), _int_arg(b, "length"), _byteorder(b), _signed(b)))
