"""Python's printf-style string formatting (`"%-8s %5.2f" % (name, x)`), read at compile time:
a constant template becomes literal text and fields, each field the format() spec that gives
the same text as CPython's `%` conversion of it (Objects/unicodeobject.c, PyUnicode_Format)."""
from __future__ import annotations

import re
from dataclasses import dataclass

_FIELD = re.compile(r"%(?:\((?P<key>[^)]*)\))?(?P<flags>[-+ #0]*)(?P<width>\*|\d+)?"
                    r"(?:\.(?P<precision>\*|\d*))?[hlL]?(?P<type>.?)")
_KINDS = {**dict.fromkeys("sra", "text"), **dict.fromkeys("diu", "int"), **dict.fromkeys("xXo", "int"),
          **dict.fromkeys("eEfFgG", "float"), "c": "char"}


class PrintfError(ValueError):
    pass


@dataclass(frozen=True)
class Field:
    key: str | None   # %(key)s: the mapping's key
    type: str         # the conversion letter
    kind: str         # "text" (s, r, a), "int" (d i u x X o), "float" (e f g), "char" (c)
    conversion: str   # "s"/"r"/"a" applied before format() (text fields), else ""
    spec: str         # the format() spec


def printf_fields(template: str) -> list:
    """The template as literal strs and Fields, in order; PrintfError names what Python's `%`
    would refuse (an unknown conversion, '*' widths, which take their width from the values)."""
    out, pos = [], 0
    for m in re.finditer(r"%", template):
        if m.start() < pos:
            continue
        field = _FIELD.match(template, m.start())
        if field.end() > len(template) or not field.group("type"):
            raise PrintfError("incomplete format")
        literal = template[pos:m.start()]
        pos = field.end()
        kind_letter = field.group("type")
        if kind_letter == "%" and field.end() - m.start() == 2:
            out.append(literal + "%")
            continue
        if kind_letter not in _KINDS:
            raise PrintfError(f"unsupported format character '{kind_letter}' ({ord(kind_letter):#x}) at index {m.start() + 1}")
        if "*" in (field.group("width") or "") + (field.group("precision") or ""):
            raise PrintfError("'*' widths and precisions are not supported (write the width into the template)")
        if literal:
            out.append(literal)
        out.append(_field(field, kind_letter))
    if template[pos:]:
        out.append(template[pos:])
    # Adjacent literal pieces (around a '%%') are one.
    merged = []
    for p in out:
        if merged and isinstance(p, str) and isinstance(merged[-1], str):
            merged[-1] += p
        else:
            merged.append(p)
    return merged


def _field(m, letter: str) -> Field:
    flags, width, precision = m.group("flags"), m.group("width") or "", m.group("precision")
    kind = _KINDS[letter]
    left = "-" in flags
    if kind in ("text", "char"):
        # printf right-aligns text (format() left-aligns it by default) and pads it with spaces.
        align = ("<" if left else ">") if width else ""
        spec = align + width + (f".{precision or 0}" if precision is not None and kind == "text" else "")
        return Field(m.group("key"), letter, kind, letter if kind == "text" else "", spec)
    sign = "+" if "+" in flags else " " if " " in flags else ""
    alternate = "#" if "#" in flags else ""
    zero = "0" if "0" in flags and not left else ""
    if kind == "int":
        if precision is not None:
            raise PrintfError("a precision on an integer conversion is not supported")
        letter = {"i": "d", "u": "d"}.get(letter, letter)
        return Field(m.group("key"), letter, kind, "", ("<" if left and width else "") + sign + alternate + zero + width + letter)
    # Floats: printf's default precision is 6, as format()'s is for e, f and g.
    prec = f".{precision or 0}" if precision is not None else ""
    return Field(m.group("key"), letter, kind, "", ("<" if left and width else "") + sign + alternate + zero + width + prec + letter)
