"""str methods and the builtins that produce or read strings, on the runtime in
include/muna/python/str/ and include/muna/python/builtins/ (CPython's exact semantics)."""
from __future__ import annotations

import builtins

from ..build_ir import const, convert
from ..registry import REGISTRY, Resolved, op
from ..types import (BOOL, FLOAT, INT, NONE, STR, AnyT, ListT, NumpyScalar, OptionalT, Scalar, Str,
                     TupleT, strip_literal)

LIST_STR = ListT(STR)
STR3 = TupleT((STR, STR, STR))

# method: (parameters as Python names them, result type, C++ returns std::vector -> List)
STR_METHODS = {
    **{m: ("self", STR) for m in ("lower", "upper", "casefold", "title", "capitalize", "swapcase")},
    **{m: ("self", BOOL) for m in ("isalpha", "isdecimal", "isdigit", "isnumeric", "isspace",
                                   "isalnum", "isupper", "islower", "istitle", "isprintable",
                                   "isascii")},
    **{m: ("self, chars=None", STR) for m in ("strip", "lstrip", "rstrip")},
    "split": ("self, sep=None, maxsplit=-1", LIST_STR),
    "rsplit": ("self, sep=None, maxsplit=-1", LIST_STR),
    "splitlines": ("self, keepends=False", LIST_STR),
    "join": ("self, iterable", STR),
    "replace": ("self, old, new, count=-1", STR),
    "startswith": ("self, prefix, start=None, end=None", BOOL),
    "endswith": ("self, suffix, start=None, end=None", BOOL),
    **{m: ("self, sub, start=None, end=None", INT) for m in ("find", "rfind", "index", "rindex", "count")},
    "zfill": ("self, width", STR),
    **{m: ("self, width, fillchar=' '", STR) for m in ("center", "ljust", "rjust")},
    "partition": ("self, sep", STR3),
    "rpartition": ("self, sep", STR3),
    "removeprefix": ("self, prefix", STR),
    "removesuffix": ("self, suffix", STR),
    "expandtabs": ("self, tabsize=8", STR),
}

OPTIONAL_INT = ("start", "end")
OPTIONAL_STR = ("chars", "sep")


def _method_rule(name, result):
    def rule(b):
        args = []
        for pname, _ in REGISTRY[f"str.{name}"].params:
            e = b.args[pname]
            t = strip_literal(e.type)
            if pname in OPTIONAL_INT and t not in (INT, BOOL, NONE):
                b.fail(f"str.{name}() argument '{pname}' must be int or None, got {t}")
            elif pname in OPTIONAL_STR and t not in (STR, NONE):
                b.fail(f"str.{name}() argument '{pname}' must be str or None, got {t}")
            elif pname in ("prefix", "suffix") and name in ("startswith", "endswith"):
                if not (t == STR or isinstance(t, TupleT) and all(i == STR for i in t.items)):
                    b.fail(f"str.{name}() takes a str or a tuple of str, got {t}")
            elif pname == "iterable":
                from ..types import PendingT
                if isinstance(t, ListT) and isinstance(t.item, PendingT):  # "".join(buf), buf = []
                    b.builder.resolve(t.item, STR)
                    b.args[pname] = e = b.builder.decided(e)
                    t = strip_literal(e.type)
                if not isinstance(t, (ListT, Str)):  # an iterator, a set, a tuple of strs: read whole
                    from .python_itertools import materialized
                    b.args[pname] = e = materialized(b, pname)
                    t = strip_literal(e.type)
                if not (isinstance(t, ListT) and t.item == STR):
                    b.fail(f"str.join() takes a list of str, got {t}")
            elif pname in ("maxsplit", "count", "width", "tabsize"):
                e = convert(e, INT) if t == BOOL else e
                if strip_literal(e.type) != INT:
                    b.fail(f"str.{name}() argument '{pname}' must be int, got {t}")
            elif pname == "keepends":
                if t != BOOL:
                    b.fail("str.splitlines() argument 'keepends' must be bool")
            elif pname not in ("self",) and t != STR and pname not in OPTIONAL_INT + OPTIONAL_STR:
                b.fail(f"str.{name}() argument '{pname}' must be str, got {t}")
            args.append(e)
        return Resolved(result, tuple(args))
    return rule


def _list_result(cpp):
    return lambda args, r: f"muna::python::List<std::string>({cpp}({', '.join(args)}))"


for _name, (_params, _result) in STR_METHODS.items():
    op(f"str.{_name}", _params, method_of="str", kind="method")(_method_rule(_name, _result))
    if _result == LIST_STR:
        REGISTRY[f"str.{_name}"].emit = _list_result(REGISTRY[f"str.{_name}"].cpp)
        REGISTRY[f"str.{_name}"].header = f"muna/python/str/{_name}.hpp"

# Operators and subscripts on str, reached from the operator rules in python_ops.
op("str.getitem", "self, index")(lambda b: None)
op("str.slice", "self, start, stop, step")(lambda b: None)
op("str.contains", "self, sub")(lambda b: None)
op("str.mul", "self, n")(lambda b: None)
op("str.iter", "self")(lambda b: None)


# --- builtins producing or reading str ----------------------------------------------------------
def _own_form(b, x, method, args=()):
    """str()/repr()/format() of a kind that registers its own (`bytes.__repr__`), or None."""
    from .python_ops import kind_method
    return kind_method(b, x.type, method, (x, *args))


def _printable(b, name):
    """The value as the C++ printers take it: a np.float32 stays a float (NumPy prints its own
    shortest digits), other NumPy scalars print as the Python number of their value;
    containers, None and Optionals of printable items print their items' repr."""
    x = b.args["object" if "object" in b.args else "obj"]
    t = strip_literal(x.type)
    if isinstance(t, NumpyScalar) and t.dtype != "float32":
        x = convert(x, BOOL if t.dtype == "bool" else FLOAT if t.dtype.startswith(("float", "bfloat")) else INT)
        t = strip_literal(x.type)
    if not _printable_type(t) or (name == "ascii" and not isinstance(t, (Scalar, Str))):
        b.fail(f"{name}() of {t} is not supported yet")
    return x


def _printable_type(t) -> bool:
    from ..types import DictT, ListT, NoneT, SetT, TupleT
    t = strip_literal(t)
    from ..types import AnyT, NumberT, RecordT
    if isinstance(t, (Scalar, Str, NoneT, AnyT, NumberT)) or isinstance(t, NumpyScalar) and t.dtype == "float32":
        return True
    if isinstance(t, RecordT):
        from ..records import printable_record
        return printable_record(t) and all(_printable_type(ft) for _, ft in t.fields)
    if isinstance(t, (ListT, SetT, OptionalT)):
        return _printable_type(t.item)
    if isinstance(t, DictT):
        return _printable_type(t.key) and _printable_type(t.value)
    if isinstance(t, TupleT):
        return all(_printable_type(i) for i in t.items)
    return False


def _enum_text(b, kind):
    """str(), repr() or format() of an Enum member: the text Python gives, from its table."""
    from ..types import EnumT
    x = b.args["object" if "object" in b.args else "obj" if "obj" in b.args else "value"]
    t = strip_literal(x.type)
    if not isinstance(t, EnumT):
        return None
    return Resolved(STR, (x,), (t.info,), op=f"enum.{kind}")


@op("builtins.str", "object='', encoding=None, errors=None", obj=builtins.str)
def _str(b):
    enum_text = _enum_text(b, "str")
    if enum_text is not None:
        return enum_text
    from ..types import EXCEPTION
    if strip_literal(b.type("encoding")) != NONE or strip_literal(b.type("errors")) != NONE:
        # str(b, encoding, errors) is b.decode(encoding, errors).
        from .python_bytes import codec_of, is_bytes
        if not is_bytes(b.type("object")):
            b.fail("decoding str is not supported: str(x, encoding) takes bytes or a bytearray")
        if strip_literal(b.type("encoding")) == NONE:
            b.args["encoding"] = const("utf-8", b.loc)
        if strip_literal(b.type("errors")) == NONE:
            b.args["errors"] = const("strict", b.loc)
        return Resolved(STR, (b.args["object"], b.args["errors"]), (codec_of(b),), op="bytes.decode")
    if strip_literal(b.type("object")) == EXCEPTION:
        return Resolved(STR, (b.args["object"],), op="exception.message")
    if isinstance(strip_literal(b.type("object")), OptionalT):
        item = strip_literal(b.type("object")).item
        if isinstance(item, AnyT):  # the variant value holds None as well: str() of that
            return Resolved(STR, (convert(b.args["object"], AnyT()),))
        if not isinstance(item, (Scalar, Str)):
            b.fail(f"str() of {b.type('object')} is not supported yet")
        return Resolved(STR, (b.args["object"],), op="builtins.str_optional")
    return _own_form(b, b.args["object"], "__str__") or Resolved(STR, (_printable(b, "str"),))


op("builtins.str_optional", "x")(lambda b: None)
op("exception.message", "self", emit=lambda args, r: f"{args[0]}.message()")(lambda b: None)


@op("builtins.repr", "obj", obj=builtins.repr)
def _repr(b):
    return _enum_text(b, "repr") or _own_form(b, b.args["obj"], "__repr__") or Resolved(STR, (_printable(b, "repr"),))


@op("builtins.ascii", "obj", obj=builtins.ascii)
def _ascii(b):
    from ..types import BytesT
    if isinstance(strip_literal(b.type("obj")), BytesT):  # its repr is ASCII already
        return _own_form(b, b.args["obj"], "__repr__")
    return Resolved(STR, (_printable(b, "ascii"),))


@op("builtins.format", "value, format_spec=''", obj=builtins.format)
def _format(b):
    if strip_literal(b.type("format_spec")) != STR:
        b.fail("format() spec must be a str")
    enum_text = _enum_text(b, "format")
    if enum_text is not None:
        return Resolved(STR, (b.args["value"], b.args["format_spec"]), enum_text.template, op="enum.format")
    own = _own_form(b, b.args["value"], "__format__", (b.args["format_spec"],))
    if own is not None:
        return own
    value = dict(b.args)
    value["object"] = value.pop("value")
    b.args = value
    x = _printable(b, "format")
    return Resolved(STR, (x, b.args["format_spec"]))


@op("builtins.ord", "c", obj=builtins.ord)
def _ord(b):
    if strip_literal(b.type("c")) != STR:
        b.fail(f"ord() expected a str, got {b.type('c')}")
    return Resolved(INT, (b.args["c"],))


@op("builtins.chr", "i", obj=builtins.chr)
def _chr(b):
    return Resolved(STR, (convert(b.args["i"], INT),))


for _name in ("hex", "oct", "bin"):
    @op(f"builtins.{_name}", "number", obj=getattr(builtins, _name))
    def _radix(b):
        if strip_literal(b.type("number")) not in (INT, BOOL):
            b.fail(f"{b.op.name}() needs an int")
        return Resolved(STR, (convert(b.args["number"], INT),))


@op("builtins.round", "number, ndigits=None", obj=builtins.round)
def _round(b):
    t = strip_literal(b.type("number"))
    from ..types import NumberT
    if isinstance(t, NumberT):
        nd = b.args["ndigits"]
        if strip_literal(nd.type) == NONE:
            return Resolved(INT, (b.args["number"],), op="number.round")
        return Resolved(t, (b.args["number"], convert(nd, INT)), op="number.round")
    nd = b.args["ndigits"]
    from ..types import AnyT, NumpyScalar
    if isinstance(t, AnyT) and strip_literal(nd.type) == NONE:
        # round(v) of a value of run-time type: the int of the number it holds (a NumPy
        # scalar's __round__ too), Python's TypeError for anything else
        return Resolved(INT, (convert(b.args["number"], NumberT()),), op="number.round")
    if isinstance(t, NumpyScalar) and strip_literal(nd.type) == NONE and t.dtype != "bool":
        # round(np.float32(3.5)) is the Python int of round(float(x)) (NumPy's __round__), with
        # its ValueError/OverflowError for NaN and infinities; an integer's own value.
        kind = FLOAT if t.dtype.startswith(("float", "bfloat")) else INT
        return Resolved(INT, (convert(b.args["number"], kind),))
    if t not in (INT, FLOAT, BOOL):
        b.fail(f"round() of {t} is not supported" + (
            "; use np.round(x, n), which rounds as NumPy's own round(x, n) does" if isinstance(t, NumpyScalar) else ""))
    x = convert(b.args["number"], INT if t == BOOL else t)
    if strip_literal(nd.type) == NONE:
        return Resolved(INT, (x,))
    return Resolved(strip_literal(x.type), (x, convert(nd, INT)))


@op("builtins.divmod", "a, b", obj=builtins.divmod)
def _divmod(b):
    from ..types import join_numbers
    ta, tb = strip_literal(b.type("a")), strip_literal(b.type("b"))
    if not (isinstance(ta, Scalar) and isinstance(tb, Scalar)):
        b.fail(f"divmod() of {ta} and {tb} is not supported")
    t = join_numbers(ta, tb)
    t = INT if t == BOOL else t
    return Resolved(TupleT((t, t)), (convert(b.args["a"], t), convert(b.args["b"], t)))


# Enum members (include/muna/python/enum.hpp): the template argument is the class's table.
for _name, _params in (("str", "x"), ("repr", "x"), ("format", "x, spec"), ("name", "x"), ("value", "x"),
                       ("from_value", "v"), ("from_name", "s")):
    op(f"enum.{_name}", _params, header="muna/python/enum.hpp", cpp=f"muna::python::enum_::{_name}")(lambda b: None)
