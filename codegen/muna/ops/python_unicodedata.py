"""Python's unicodedata module, on include/muna/python/unicodedata/ and the Unicode tables str
methods and the tokenizers share (generated from the CPython running
scripts/gen_unicode_tables.py; unicodedata.unidata_version folds to that CPython's value).

Arguments are positional as in CPython; a str of length other than 1 where a character is
expected is CPython's TypeError at run time, a non-str argument a compile-time diagnostic.
`default` may be left out (CPython's ValueError when there is no value), None (the result is
Optional) or a value of the result's own type, so that the result keeps one type.
"""
from __future__ import annotations

import unicodedata

from ..build_ir import convert
from ..registry import REGISTRY, REQUIRED, Op, Resolved
from ..types import BOOL, FLOAT, INT, NONE, STR, OptionalT, strip_literal


class _Absent:
    """The default of a `default` parameter that was not passed (CPython: <unrepresentable>)."""

    def __repr__(self):
        return "<unrepresentable>"


ABSENT = _Absent()


def _str_arg(b, pname):
    t = strip_literal(b.type(pname))
    if t != STR:
        b.fail(f"{b.op.name}() argument '{pname}' must be str, got {t}")
    return b.args[pname]


def _absent(b):
    e = b.args["default"]
    return e.op == "const" and e.attr("value") is ABSENT


def _character_rule(result):
    def rule(b):
        return Resolved(result, (_str_arg(b, "chr"),))
    return rule


def _with_default_rule(result, alternative):
    """numeric/decimal/digit/name: result type, or Optional[result] with a None default."""
    def rule(b):
        chr_ = _str_arg(b, "chr")
        if _absent(b):
            return Resolved(result, (chr_,))
        t = strip_literal(b.type("default"))
        if t == NONE:
            return Resolved(OptionalT(result), (chr_, b.args["default"]))
        if t == BOOL and result == INT:
            return Resolved(result, (chr_, convert(b.args["default"], INT)))
        if t != result:
            b.fail(f"{b.op.name}() default of type {t} is not supported: the result would be "
                   f"{result} or {t}; pass a default of type {result} ({alternative}) or None")
        return Resolved(result, (chr_, b.args["default"]))
    return rule


def _form_rule(result):
    def rule(b):
        return Resolved(result, (_str_arg(b, "form"), _str_arg(b, "unistr")))
    return rule


def _add(name, params, rule, doc):
    REGISTRY.add(Op(f"unicodedata.{name}", params, rule, doc=doc), getattr(unicodedata, name))


CHR = (("chr", REQUIRED),)
CHR_DEFAULT = (("chr", REQUIRED), ("default", ABSENT))
FORM = (("form", REQUIRED), ("unistr", REQUIRED))

_add("category", CHR, _character_rule(STR), "general category, e.g. 'Lu'")
_add("bidirectional", CHR, _character_rule(STR), "bidirectional class ('' when unassigned)")
_add("combining", CHR, _character_rule(INT), "canonical combining class")
_add("east_asian_width", CHR, _character_rule(STR), "East Asian width")
_add("mirrored", CHR, _character_rule(INT), "1 when mirrored in bidirectional text")
_add("decomposition", CHR, _character_rule(STR), "decomposition mapping, '<tag> XXXX ...'")
_add("numeric", CHR_DEFAULT, _with_default_rule(FLOAT, "e.g. -1.0"), "numeric value")
_add("decimal", CHR_DEFAULT, _with_default_rule(INT, "e.g. -1"), "decimal digit value")
_add("digit", CHR_DEFAULT, _with_default_rule(INT, "e.g. -1"), "digit value")
_add("name", CHR_DEFAULT, _with_default_rule(STR, "e.g. ''"),
     "character name; links the name tables (about 260 KB per target)")
_add("lookup", (("name", REQUIRED),), lambda b: Resolved(STR, (_str_arg(b, "name"),)),
     "character of a name; links the name tables (about 260 KB per target)")
_add("normalize", FORM, _form_rule(STR), "NFC, NFD, NFKC, NFKD")
_add("is_normalized", FORM, _form_rule(BOOL), "whether normalize would change nothing")
