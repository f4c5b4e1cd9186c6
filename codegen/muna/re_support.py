"""What the compiler knows about a regular expression: the types of re.Pattern and re.Match
values, the facts about a pattern known at compile time that decide the types of its results
(how many groups, their names, which groups every match sets), and the bytes a pattern is
baked into a library as. The facts come from CPython's own parser (re._parser), so they are
CPython's reading of the pattern.
"""
from __future__ import annotations

import re
import struct
from dataclasses import dataclass, field

from .types import ObjectT

PATTERN_KIND = "re.Pattern"
MATCH_KIND = "re.Match"
PATTERN_CPP = "muna::python::re::PatternObject"
MATCH_CPP = "muna::python::re::MatchObject"


@dataclass(frozen=True)
class RegexInfo:
    """A pattern known at compile time: its groups (1..groups), their names, and for each group
    whether every successful match sets it (then its text is a str, never None)."""
    pattern: str
    flags: int
    groups: int
    names: tuple  # ((name, group), ...) in definition order
    always: tuple  # always[g - 1] for group g

    def index(self, key):
        """The group a constant int or name refers to, or None if there is no such group."""
        if isinstance(key, bool) or not isinstance(key, (int, str)):
            return None
        if isinstance(key, str):
            return dict(self.names).get(key)
        return key if 0 <= key <= self.groups else None

    def is_always(self, group: int) -> bool:
        return group == 0 or self.always[group - 1]


@dataclass(frozen=True)
class RegexT(ObjectT):
    """re.Pattern or re.Match. `info` (a RegexInfo, or None for a pattern built at run time)
    refines result types but not the C++ type: two matches of different patterns are one type,
    and a variable holding either knows only what both patterns share (see merge)."""
    info: RegexInfo | None = field(default=None, compare=False)

    def __str__(self):
        # What decides result types shows (helpers are compiled once per argument types as
        # printed): each group, '?' when it may be None, and named ones as name:number.
        # re.Match[1,2?,day:3?]. Only identifier characters: the text is also used in C++.
        if self.info is None:
            return self.kind
        names = {g: n for n, g in self.info.names}
        groups = [(f"{names[g]}:" if g in names else "") + str(g) + ("" if self.info.always[g - 1] else "?")
                  for g in range(1, self.info.groups + 1)]
        return f"{self.kind}[{','.join(groups)}]"


def pattern_type(info: RegexInfo | None = None) -> RegexT:
    return RegexT(PATTERN_KIND, PATTERN_CPP, info)


def match_type(info: RegexInfo | None = None) -> RegexT:
    return RegexT(MATCH_KIND, MATCH_CPP, info)


def merge(a, b):
    """The type of a variable assigned values of regex types `a` and `b` (Optional and list
    items included): the facts both share, none when the patterns differ."""
    from .types import IterT, ListT, OptionalT
    if isinstance(a, RegexT) and isinstance(b, RegexT):
        return a if a.info == b.info else RegexT(a.kind, a.cpp_type, None)
    for wrapper in (OptionalT, ListT, IterT):
        if isinstance(a, wrapper) and isinstance(b, wrapper):
            from dataclasses import replace
            return replace(a, item=merge(a.item, b.item))  # a tuple[T, ...] stays one (ListT.frozen)
    return a


def _always_groups(subpattern) -> set:
    """The groups every match of a parsed (sre) subpattern sets."""
    from re import _constants as c
    out = set()
    for op, av in subpattern:
        if op is c.SUBPATTERN:
            group, _, _, body = av
            out |= _always_groups(body)
            if group:
                out.add(group)
        elif op is c.BRANCH:
            alternatives = [_always_groups(alt) for alt in av[1]]
            out |= set.intersection(*alternatives) if alternatives else set()
        elif op in (c.MAX_REPEAT, c.MIN_REPEAT, c.POSSESSIVE_REPEAT):
            if av[0] >= 1:
                out |= _always_groups(av[2])
        elif op is c.ATOMIC_GROUP:
            out |= _always_groups(av)
        elif op is c.ASSERT:  # a lookaround keeps what it captured
            out |= _always_groups(av[1])
        elif op is c.GROUPREF_EXISTS:
            yes = _always_groups(av[1])
            no = _always_groups(av[2]) if av[2] is not None else set()
            out |= yes & no
    return out


def info_of(compiled: re.Pattern) -> RegexInfo:
    from re import _parser
    parsed = _parser.parse(compiled.pattern, compiled.flags & ~re.DEBUG)  # DEBUG would print
    always = _always_groups(parsed)
    names = tuple(sorted(compiled.groupindex.items(), key=lambda kv: kv[1]))
    return RegexInfo(compiled.pattern, compiled.flags, compiled.groups, names,
                     tuple(g in always for g in range(1, compiled.groups + 1)))


def type_of_pattern(compiled: re.Pattern) -> RegexT:
    return pattern_type(info_of(compiled))


# The engine's opcodes (include/muna/text/regex/program.hpp, enum Opcode) and codes, in order.
OPCODES = ("FAILURE SUCCESS ANY ANY_ALL ASSERT ASSERT_NOT AT BRANCH GROUPREF GROUPREF_EXISTS IN JUMP LITERAL MARK "
           "MAX_UNTIL MIN_UNTIL NOT_LITERAL REPEAT REPEAT_ONE MIN_REPEAT_ONE ATOMIC_GROUP POSSESSIVE_REPEAT "
           "POSSESSIVE_REPEAT_ONE GROUPREF_IGNORE IN_IGNORE LITERAL_IGNORE NOT_LITERAL_IGNORE GROUPREF_UNI_IGNORE "
           "IN_UNI_IGNORE LITERAL_UNI_IGNORE NOT_LITERAL_UNI_IGNORE").split()
AT_CODES = ("AT_BEGINNING AT_BEGINNING_LINE AT_BEGINNING_STRING AT_BOUNDARY AT_NON_BOUNDARY AT_END AT_END_LINE "
            "AT_END_STRING AT_UNI_BOUNDARY AT_UNI_NON_BOUNDARY").split()
CATEGORY_CODES = ("CATEGORY_DIGIT CATEGORY_NOT_DIGIT CATEGORY_SPACE CATEGORY_NOT_SPACE CATEGORY_WORD CATEGORY_NOT_WORD "
                  "CATEGORY_UNI_DIGIT CATEGORY_UNI_NOT_DIGIT CATEGORY_UNI_SPACE CATEGORY_UNI_NOT_SPACE "
                  "CATEGORY_UNI_WORD CATEGORY_UNI_NOT_WORD").split()
SRE_MAGIC = 20220615  # CPython 3.11's sre: the code layout translated here


def sre_code(compiled: re.Pattern) -> list:
    """CPython's own compiled code for a pattern (what _sre runs)."""
    import _sre
    from re import _compiler, _parser
    if _sre.MAGIC != SRE_MAGIC:
        raise RuntimeError(f"muna translates the regular expression code of CPython 3.11 (sre {SRE_MAGIC}); "
                           f"this CPython's is {_sre.MAGIC}")
    flags = compiled.flags & ~re.DEBUG  # DEBUG only prints
    return _compiler._code(_parser.parse(compiled.pattern, flags), flags)


def _charset(code, j, opcode):
    """The inline character set of an IN op at code[j:], as the engine's Charset fields."""
    negate, chars, ranges, categories, uni = False, set(), [], [], []
    while True:
        name = code[j].name
        j += 1
        if name == "FAILURE":
            break
        if name == "NEGATE":
            if chars or ranges or categories or uni:
                raise ValueError("NEGATE inside a character set")
            negate = True
        elif name == "LITERAL":
            chars.add(code[j])
            j += 1
        elif name == "RANGE":
            ranges.append((code[j], code[j + 1]))
            j += 2
        elif name == "RANGE_UNI_IGNORE":
            uni.append((code[j], code[j + 1]))
            j += 2
        elif name == "CATEGORY":
            categories.append(CATEGORY_CODES.index(code[j].name))
            j += 1
        elif name == "CHARSET":
            words = code[j:j + 8]
            chars |= {c for c in range(256) if words[c >> 5] >> (c & 31) & 1}
            j += 8
        elif name == "BIGCHARSET":
            count = code[j]
            blocks = struct.pack("<64I", *code[j + 1:j + 65])  # block number per 256 characters
            words = code[j + 65:j + 65 + 8 * count]
            chars |= {c for c in range(65536) if words[blocks[c >> 8] * 8 + ((c & 255) >> 5)] >> (c & 31) & 1}
            j += 65 + 8 * count
        else:
            raise ValueError(f"unexpected {name} in a character set")
    for c in sorted(chars):
        if ranges and ranges[-1][1] + 1 == c:
            ranges[-1] = (ranges[-1][0], c)
        else:
            ranges.append((c, c))
    merged = []
    for lo, hi in sorted(ranges):
        if merged and lo <= merged[-1][1] + 1:
            merged[-1] = (merged[-1][0], max(merged[-1][1], hi))
        else:
            merged.append((lo, hi))
    return (opcode, negate, merged, categories, uni)


def translate(code: list):
    """sre code -> (the engine's code words, its character sets): the same operations and
    layout, except that each inline character set becomes an index into the set table and the
    INFO block (sre's search shortcuts) is dropped; every skip is recomputed."""
    out, charsets, fixups = [], [], []
    old_to_new = {}
    branch_words = {}  # old position -> "skip" (an alternative's skip) or "end" (BRANCH's 0)
    i = 1 + code[1] if code[0].name == "INFO" else 0

    def skip(base_old, base_new, target_old):
        fixups.append((len(out), base_new, target_old))
        out.append(0)

    while i < len(code):
        old_to_new[i] = len(out)
        if i in branch_words:
            if branch_words[i] == "end":
                out.append(0)
            else:
                skip(i, len(out), i + code[i])
            i += 1
            continue
        name = code[i].name
        out.append(OPCODES.index(name))
        if name in ("FAILURE", "SUCCESS", "ANY", "ANY_ALL", "MAX_UNTIL", "MIN_UNTIL"):
            i += 1
        elif name == "AT":
            out.append(AT_CODES.index(code[i + 1].name))
            i += 2
        elif name in ("LITERAL", "NOT_LITERAL", "LITERAL_IGNORE", "NOT_LITERAL_IGNORE", "LITERAL_UNI_IGNORE",
                      "NOT_LITERAL_UNI_IGNORE", "MARK", "GROUPREF", "GROUPREF_IGNORE", "GROUPREF_UNI_IGNORE"):
            out.append(int(code[i + 1]))
            i += 2
        elif name in ("IN", "IN_IGNORE", "IN_UNI_IGNORE"):
            out += [2, len(charsets)]
            charsets.append(_charset(code, i + 2, OPCODES.index(name)))
            i += 1 + code[i + 1]
        elif name == "JUMP":
            skip(i + 1, len(out), i + 1 + code[i + 1])
            i += 2
        elif name == "BRANCH":
            q = i + 1
            while code[q]:
                branch_words[q] = "skip"
                q += code[q]
            branch_words[q] = "end"
            i += 1
        elif name in ("REPEAT", "REPEAT_ONE", "MIN_REPEAT_ONE", "POSSESSIVE_REPEAT", "POSSESSIVE_REPEAT_ONE"):
            skip(i + 1, len(out), i + 1 + code[i + 1])
            out += [int(code[i + 2]), int(code[i + 3])]
            i += 4
        elif name in ("ASSERT", "ASSERT_NOT"):
            skip(i + 1, len(out), i + 1 + code[i + 1])
            out.append(int(code[i + 2]))
            i += 3
        elif name == "ATOMIC_GROUP":
            skip(i + 1, len(out), i + 1 + code[i + 1])
            i += 2
        elif name == "GROUPREF_EXISTS":
            out.append(int(code[i + 1]))
            skip(i + 2, len(out) - 1, i + 1 + code[i + 2])  # relative to the group operand
            i += 3
        else:
            raise ValueError(f"sre opcode {name} is not supported by muna's engine")
    old_to_new[len(code)] = len(out)
    for at, base_new, target_old in fixups:
        out[at] = old_to_new[target_old] - base_new
    return out, charsets


def to_blob(compiled: re.Pattern) -> bytes:
    """A compiled pattern as include/muna/python/re/detail/pattern.hpp's from_blob reads it: its
    text, then its program (text::regex::ProgramReader) translated from CPython's code."""
    words, charsets = translate(sre_code(compiled))

    def u32(*values) -> bytes:
        return struct.pack(f"<{len(values)}I", *values)

    def text(s: str) -> bytes:
        data = s.encode("utf-8")
        return u32(len(data)) + data

    def ranges(rs) -> bytes:
        return u32(len(rs)) + b"".join(u32(lo, hi) for lo, hi in rs)

    named = sorted(compiled.groupindex.items(), key=lambda kv: kv[1])
    out = [text(compiled.pattern), u32(compiled.flags, compiled.groups, len(named))]
    out += [text(name) + u32(g) for name, g in named]
    out += [u32(len(words), *words), u32(len(charsets))]
    for opcode, negate, rs, categories, uni in charsets:
        out += [u32(opcode, int(negate)), ranges(rs), u32(len(categories)), b"".join(u32(c, 0) for c in categories),
                ranges(uni)]
    return b"".join(out)


def compile_constant(pattern: str, flags: int, loc):
    """CPython's re.compile at compile time; a pattern it rejects is a CompileError with its
    message."""
    from .diagnostics import CompileError
    try:
        return re.compile(pattern, flags)
    except re.error as e:
        raise CompileError(loc, f"invalid regular expression: re.error: {e}")
    except (ValueError, OverflowError, TypeError) as e:
        raise CompileError(loc, f"invalid regular expression: {type(e).__name__}: {e}")
