"""json.dumps of muna's static types (str, int, float, bool, None, Optional, lists, tuples and
dicts of them), with CPython's keywords: skipkeys, ensure_ascii, allow_nan, indent, separators,
sort_keys. What CPython could not serialize (bytes, sets, arrays) is a diagnostic here, since its
type is known.

json.loads of a str: a value of run-time type (AnyT, C++ Object), since its type depends on the
text: dicts are dict[str, Any], arrays list[Any].

C++: include/muna/python/json/dumps.hpp, loads.hpp.
"""
from __future__ import annotations

import json

from ..build_ir import convert
from ..registry import Resolved, op
from ..types import (BOOL, FLOAT, INT, NONE, STR, AnyT, DictT, ListT, NoneT, NumpyScalar, OptionalT, Scalar,
                     Str, TensorT, TupleT, strip_literal)

KEY_TYPES = (STR, INT, FLOAT, BOOL)


def _serializable(b, t, skipkeys: bool, where="obj"):
    """Fails with CPython's TypeError, as a diagnostic, where t cannot be written."""
    t = strip_literal(t)
    if isinstance(t, (Scalar, Str, NoneT, AnyT)):  # Any: written by its kind at run time
        return
    if isinstance(t, NumpyScalar) and t.dtype == "float64":
        return  # a float subclass, written as a float
    if isinstance(t, OptionalT):
        return _serializable(b, t.item, skipkeys, where)
    if isinstance(t, ListT):
        return _serializable(b, t.item, skipkeys, f"an item of {where}")
    if isinstance(t, TupleT):
        for i in t.items:
            _serializable(b, i, skipkeys, f"an item of {where}")
        return
    if isinstance(t, DictT):
        if strip_literal(t.key) not in KEY_TYPES and not skipkeys:
            b.fail(f"json.dumps: keys must be str, int, float, bool or None, not {t.key}")
        return _serializable(b, t.value, skipkeys, f"a value of {where}")
    name = t.dtype if isinstance(t, NumpyScalar) else "ndarray" if isinstance(t, TensorT) else str(t)
    b.fail(f"json.dumps: Object of type {name} is not JSON serializable ({where})")


def _flag(b, name):
    e = b.args[name]
    if strip_literal(e.type) != BOOL:
        b.fail(f"json.dumps() argument '{name}' must be a bool")
    return e


@op("json.dumps", "obj, skipkeys=False, ensure_ascii=True, check_circular=True, allow_nan=True, cls=None, "
    "indent=None, separators=None, default=None, sort_keys=False", obj=json.dumps)
def _dumps(b):
    for name in ("cls", "default"):
        e = b.args[name]
        if not (e.op == "const" and e.attr("value") is None):
            b.fail(f"json.dumps({name}=...) is not supported")
    skipkeys = b.args["skipkeys"]
    _flag(b, "check_circular")
    _serializable(b, b.type("obj"), skipkeys.op == "const" and skipkeys.attr("value") is True)
    obj = b.args["obj"]
    if isinstance(strip_literal(obj.type), NumpyScalar):
        obj = convert(obj, FLOAT)
    indent = b.args["indent"]
    it = strip_literal(indent.type)
    if not (it in (NONE, INT, BOOL, STR) or it in (OptionalT(INT), OptionalT(STR))):
        b.fail(f"json.dumps() indent must be None, an int or a str, got {it}")
    separators = b.args["separators"]
    st = strip_literal(separators.type)
    if not (st == NONE or st == TupleT((STR, STR))):
        b.fail(f"json.dumps() separators must be None or a (str, str) tuple, got {st}")
    return Resolved(STR, (obj, _flag(b, "skipkeys"), _flag(b, "ensure_ascii"), _flag(b, "allow_nan"), indent,
                          separators, _flag(b, "sort_keys")))


LOADS_HOOKS = ("cls", "object_hook", "parse_float", "parse_int", "parse_constant", "object_pairs_hook")


@op("json.loads", "s, " + ", ".join(f"{h}=None" for h in LOADS_HOOKS), obj=json.loads)
def _loads(b):
    for name in LOADS_HOOKS:
        e = b.args[name]
        if not (e.op == "const" and e.attr("value") is None):
            b.fail(f"json.loads({name}=...) is not supported")
    t = strip_literal(b.type("s"))
    if t != STR:
        b.fail(f"json.loads() reads a str, not {t}" + ("; decode it first, e.g. b.decode()" if "bytes" in str(t) else ""))
    return Resolved(AnyT(), (b.args["s"],))
