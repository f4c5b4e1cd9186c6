"""Python's re module on muna's regular expression engine (include/muna/text/regex/, the one the
tokenizers' patterns are meant for too) with the Python layer in include/muna/python/re/.

A pattern known at compile time (a literal, a str constant, or a module-level re.compile(...)) is
compiled by CPython's re when the library is built (a CompileError with CPython's message if
CPython rejects it) and baked into the library as CPython's own compiled code, which the engine
runs as sre would (re_support.translate). Its groups decide result types: `m.group(1)` is str
when every match sets group 1, Optional[str] otherwise; findall of a pattern with groups gives
tuples. A pattern built at run time is compiled by the engine's port of CPython's parser and
compiler at run time (an invalid one raises re.error), through a cache, as CPython's.
"""
from __future__ import annotations

import re
import sys

from ..build_ir import const, convert
from ..diagnostics import CompileError
from ..ir import Expr
from ..re_support import (MATCH_KIND, PATTERN_CPP, PATTERN_KIND, RegexT, compile_constant, match_type,
                          pattern_type, sre_code, to_blob, translate, type_of_pattern)
from ..registry import REGISTRY, ObjectKind, Resolved, op
from ..types import (BOOL, INT, NONE, STR, DictT, IterT, ListT, NoneT, OptionalT, StaticT, Str, TupleT,
                     strip_literal)

OPTIONAL_STR = OptionalT(STR)
MAXSIZE = sys.maxsize
TEXT_CPP = {STR: "std::string", OPTIONAL_STR: "std::optional<std::string>"}

REGISTRY.object_kinds[re.Pattern] = ObjectKind(re.Pattern, PATTERN_KIND, PATTERN_CPP, "muna/python/re/detail/pattern.hpp",
                                               to_blob, type_of=type_of_pattern)


# --- arguments --------------------------------------------------------------------------------
def _is_text(e) -> bool:
    return isinstance(strip_literal(e.type), Str)


def _text(b, name):
    e = b.args[name]
    if not _is_text(e):
        b.fail(f"{b.op.name}() argument '{name}' must be a str, got {e.type}")
    return e


def _int(b, name):
    e = b.args[name]
    t = strip_literal(e.type)
    if t == BOOL:
        return convert(e, INT)
    if t != INT:
        b.fail(f"{b.op.name}() argument '{name}' must be an int, got {e.type}")
    if e.op == "const":
        return const(int(e.attr("value")), e.loc)  # re.I is an IntFlag: its plain value
    return e


def _pattern_info(e):
    t = strip_literal(e.type)
    return t.info if isinstance(t, RegexT) and t.kind == PATTERN_KIND else None


def _is_pattern(e) -> bool:
    t = strip_literal(e.type)
    return isinstance(t, RegexT) and t.kind == PATTERN_KIND


def baked(b, pattern: str, flags: int, loc):
    """A pattern known at compile time: checked by CPython, then a constant of the library."""
    compiled = compile_constant(pattern, flags, loc)
    try:
        pattern.encode("utf-8")
    except UnicodeEncodeError:
        raise CompileError(loc, "a pattern with a lone surrogate is not supported; muna's str is UTF-8")
    try:
        translate(sre_code(compiled))
    except (ValueError, RuntimeError) as e:  # every str pattern CPython 3.11 compiles translates
        raise CompileError(loc, f"this regular expression is not supported by muna's engine: {e}")
    t = type_of_pattern(compiled)
    name = b.builder.program.constant_name("re_pattern", compiled, t)
    return Expr("global", t, attrs=(("name", name),), loc=loc)


def _module_pattern(b):
    """The pattern argument of a module function (re.search(pattern, ...)): a baked constant when
    the pattern and flags are known at compile time, else the value (str or Pattern)."""
    e, flags = b.args["pattern"], _int(b, "flags")
    if e.op == "const" and _is_text(e) and flags.op == "const":
        return baked(b, e.attr("value"), flags.attr("value"), e.loc or b.loc), None
    if _is_pattern(e) and flags.op == "const" and flags.attr("value") == 0:
        return e, None  # re.search(P, s) with a compiled P is P.search(s)
    if not (_is_text(e) or _is_pattern(e)):
        b.fail(f"{b.op.name}() takes a pattern (a str or a compiled re.Pattern), got {e.type}")
    return e, flags


def _delegate(b, method, result, rest, whole=False, template=()):
    """re.f(pattern, ...) as re.Pattern.f on the pattern baked at compile time (searching the
    whole string when `whole`: pos 0, endpos sys.maxsize), else re.f itself."""
    pattern, flags = _module_pattern(b)
    info = _pattern_info(pattern)
    t = result(info)
    if flags is None:
        bounds = (const(0), const(MAXSIZE)) if whole else ()
        return Resolved(t, (pattern, *rest, *bounds), _template(template, info), op=f"re.Pattern.{method}")
    return Resolved(t, (pattern, *rest, flags), _template(template, info))


def _template(template, info):
    return template(info) if callable(template) else template


# --- result types decided by the pattern ------------------------------------------------------
def _search_type(info):
    return OptionalT(match_type(info))


def _findall_type(info):
    if info is None or info.groups <= 1:
        return ListT(STR)
    return ListT(TupleT((STR,) * info.groups))


def _findall_template(info):
    return (str(info.groups),) if info is not None and info.groups > 1 else ()


def _split_item(info):
    if info is None or all(info.always):
        return STR
    return OPTIONAL_STR


def _split_template(info):
    return ("std::optional<std::string>",) if _split_item(info) == OPTIONAL_STR else ()


def _check_template(b, name, info):
    """A constant replacement template checked against a pattern known at compile time."""
    e = b.args[name]
    if info is None or e.op != "const" or not _is_text(e) or "\\" not in e.attr("value"):
        return
    from re import _parser
    try:
        _parser.parse_template(e.attr("value"), re.compile(info.pattern, info.flags))
    except re.error as err:
        raise CompileError(e.loc or b.loc, f"invalid replacement template: re.error: {err}")
    except IndexError as err:
        raise CompileError(e.loc or b.loc, f"invalid replacement template: IndexError: {err}")


def _repl(b, info):
    """sub's repl: a template str, or a function of the Match returning a str (or None)."""
    e = b.args["repl"]
    if _is_text(e):
        _check_template(b, "repl", info)
        return e
    if e.op == "const" and isinstance(e.type, StaticT):
        fn = b.callable(e, (match_type(info),))
        result = strip_literal(fn.type)
        if result not in (STR, OPTIONAL_STR, NONE):
            raise CompileError(e.loc or b.loc, f"the replacement function must return a str, it returns {fn.type}")
        return fn
    b.fail(f"{b.op.name}() argument 'repl' must be a str or a function of the match, got {e.type}")


# --- module functions -------------------------------------------------------------------------
def _register_module(name, params, rule):
    op(f"re.{name}", params, obj=getattr(re, name))(rule)


def _compile(b):
    pattern, flags = _module_pattern(b)
    if flags is None:
        return Resolved(pattern.type, (pattern,), op="re._constant")
    return Resolved(pattern_type(_pattern_info(pattern)), (pattern, flags))


_register_module("compile", "pattern, flags=0", _compile)
op("re._constant", "pattern", emit=lambda args, r: args[0])(lambda b: None)

for _name in ("search", "match", "fullmatch"):
    _register_module(_name, "pattern, string, flags=0",
                     lambda b, _n=_name: _delegate(b, _n, _search_type, (_text(b, "string"),), True))
_register_module("findall", "pattern, string, flags=0",
                 lambda b: _delegate(b, "findall", _findall_type, (_text(b, "string"),), True, _findall_template))
_register_module("finditer", "pattern, string, flags=0",
                 lambda b: _delegate(b, "finditer", lambda i: IterT(match_type(i)), (_text(b, "string"),), True))


def _sub_rule(method, result):
    def rule(b):
        pattern, flags = _module_pattern(b)
        info = _pattern_info(pattern)
        rest = (_repl(b, info), _text(b, "string"), _int(b, "count"))
        if flags is None:
            return Resolved(result, (pattern, *rest), op=f"re.Pattern.{method}")
        return Resolved(result, (pattern, *rest, flags))
    return rule


_register_module("sub", "pattern, repl, string, count=0, flags=0", _sub_rule("sub", STR))
_register_module("subn", "pattern, repl, string, count=0, flags=0", _sub_rule("subn", TupleT((STR, INT))))
_register_module("split", "pattern, string, maxsplit=0, flags=0",
                 lambda b: _delegate(b, "split", lambda i: ListT(_split_item(i)),
                                     (_text(b, "string"), _int(b, "maxsplit")), False, _split_template))


@op("re.escape", "pattern", obj=re.escape)
def _escape(b):
    return Resolved(STR, (_text(b, "pattern"),))


# --- re.Pattern -------------------------------------------------------------------------------
def _method(receiver, name, params, rule, kind="method"):
    op(f"{receiver}.{name}", params, method_of=receiver, kind=kind)(rule)


def _self_info(b):
    return _pattern_info(b.args["self"])


def _positions(b):
    return (_text(b, "string"), _int(b, "pos"), _int(b, "endpos"))


for _name in ("search", "match", "fullmatch"):
    _method(PATTERN_KIND, _name, f"self, string, pos=0, endpos={MAXSIZE}",
            lambda b: Resolved(_search_type(_self_info(b)), (b.args["self"], *_positions(b))))
_method(PATTERN_KIND, "findall", f"self, string, pos=0, endpos={MAXSIZE}",
        lambda b: Resolved(_findall_type(_self_info(b)), (b.args["self"], *_positions(b)),
                           _findall_template(_self_info(b))))
_method(PATTERN_KIND, "finditer", f"self, string, pos=0, endpos={MAXSIZE}",
        lambda b: Resolved(IterT(match_type(_self_info(b))), (b.args["self"], *_positions(b))))
for _name, _result in (("sub", STR), ("subn", TupleT((STR, INT)))):
    _method(PATTERN_KIND, _name, "self, repl, string, count=0",
            lambda b, _r=_result: Resolved(_r, (b.args["self"], _repl(b, _self_info(b)), _text(b, "string"),
                                                _int(b, "count"))))
_method(PATTERN_KIND, "split", "self, string, maxsplit=0",
        lambda b: Resolved(ListT(_split_item(_self_info(b))), (b.args["self"], _text(b, "string"), _int(b, "maxsplit")),
                           _split_template(_self_info(b))))
for _name, _result in (("pattern", STR), ("flags", INT), ("groups", INT), ("groupindex", DictT(STR, INT))):
    _method(PATTERN_KIND, _name, "self", lambda b, _r=_result: Resolved(_r, (b.args["self"],)), kind="property")


# --- re.Match ---------------------------------------------------------------------------------
def _match_info(b):
    t = strip_literal(b.type("self"))
    return t.info if isinstance(t, RegexT) else None


def _group_key(b, e, info):
    """A group argument (int or name) and the text type its group gives."""
    t = strip_literal(e.type)
    if t == BOOL:
        e, t = convert(e, INT), INT
    if t not in (INT, STR):
        raise CompileError(e.loc or b.loc, f"a group is named by an int or a str, got {e.type}")
    if e.op == "const":
        key = int(e.attr("value")) if t == INT else e.attr("value")
        e = const(key, e.loc)
        if info is not None:
            group = info.index(key)
            if group is None:
                raise CompileError(e.loc or b.loc, f"no such group {key!r} in the pattern {info.pattern!r} "
                                   "(IndexError: no such group)")
            return e, STR if info.is_always(group) else OPTIONAL_STR
        return e, STR if key == 0 else OPTIONAL_STR
    return e, STR if info is not None and all(info.always) else OPTIONAL_STR


def _group_call(b, keys):
    info = _match_info(b)
    if not keys:
        keys = [const(0, b.loc)]
    parts = [_group_key(b, k, info) for k in keys]
    if len(parts) == 1:
        key, t = parts[0]
        return Resolved(t, (b.args["self"], key), op="re.Match.group_text" if t == STR else "re.Match.group_optional")
    items = tuple(t for _, t in parts)
    return Resolved(TupleT(items), (b.args["self"], *(k for k, _ in parts)), tuple(TEXT_CPP[t] for t in items),
                    op="re.Match.group_tuple")


_method(MATCH_KIND, "group", "self, *groups", lambda b: _group_call(b, list(b.args["groups"].args)))
_method(MATCH_KIND, "__getitem__", "self, key", lambda b: _group_call(b, [b.args["key"]]))
_GROUP_HEADER = "muna/python/re/Match/group.hpp"
for _name, _cpp in (("group_text", "group_text"), ("group_optional", "group"), ("group_tuple", "group_tuple")):
    op(f"re.Match.{_name}", "self, *groups", header=_GROUP_HEADER, cpp=f"muna::python::re::Match::{_cpp}")(lambda b: None)


def _default(b):
    d = b.args["default"]
    t = strip_literal(d.type)
    if not (isinstance(t, NoneT) or t == STR):
        b.fail(f"{b.op.name}() default must be None or a str, got {d.type}")
    return d, t == STR


def _groups(b):
    info = _match_info(b)
    if info is None:
        b.fail("m.groups() needs the pattern known at compile time (its number of groups is the tuple's length); "
               "use m.group(i) for a pattern built at run time")
    d, is_str = _default(b)
    items = tuple(STR if is_str or a else OPTIONAL_STR for a in info.always)
    return Resolved(TupleT(items), (b.args["self"], d), tuple(TEXT_CPP[t] for t in items))


_method(MATCH_KIND, "groups", "self, default=None", _groups)


def _groupdict(b):
    info = _match_info(b)
    d, is_str = _default(b)
    named = [g for _, g in info.names] if info is not None else None
    value = STR if is_str or (named is not None and all(info.is_always(g) for g in named)) else OPTIONAL_STR
    return Resolved(DictT(STR, value), (b.args["self"], d), (TEXT_CPP[value],))


_method(MATCH_KIND, "groupdict", "self, default=None", _groupdict)
for _name, _result in (("start", INT), ("end", INT), ("span", TupleT((INT, INT)))):
    _method(MATCH_KIND, _name, "self, group=0",
            lambda b, _r=_result: Resolved(_r, (b.args["self"], _group_key(b, b.args["group"], _match_info(b))[0])))


def _expand(b):
    info = _match_info(b)
    _check_template(b, "template", info)
    return Resolved(STR, (b.args["self"], _text(b, "template")))


_method(MATCH_KIND, "expand", "self, template", _expand)
for _name, _result in (("string", STR), ("lastindex", OptionalT(INT)), ("lastgroup", OPTIONAL_STR), ("pos", INT),
                       ("endpos", INT)):
    _method(MATCH_KIND, _name, "self", lambda b, _r=_result: Resolved(_r, (b.args["self"],)), kind="property")
_method(MATCH_KIND, "re", "self", lambda b: Resolved(pattern_type(_match_info(b)), (b.args["self"],)), kind="property")

