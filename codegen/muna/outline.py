"""Outlined dispatches: the switch of a call on arrays of run-time dtype (dispatch.py) compiled
once per target and per content, not again in every library that makes the same call.

A dispatch's branches are its op's statically typed code once per combination of dtypes: a
product of two bare arrays instantiates `multiply` for eight dtypes behind 64 cases, and such
code is most of what a function with open annotations takes longer to compile than its
annotated form. A dispatch made only of library ops and library types is emitted as a function
named by a digest of its text (`muna_outlined::d_<digest>`, parameters named by position, its
source location passed in), so that the same call in another function or program is the same
function. The generated translation unit holds the definition, and so still compiles on its own;
build.py builds the unit with MUNA_OUTLINED_LINKED (which leaves only declarations) and links the
cached objects that hold them. A dispatch the cache has not seen before is compiled in the unit
itself (MUNA_OUTLINED_HERE_<name>) and only marked seen: most calls are made by one function
only, and a compile of its own costs half a second before its first line. One seen before is
compiled into the cache, once per target (those one library lacks in one object).

In the unit a definition sits between two marker lines, which build.py reads back:

    // muna:outlined d_<digest> <header> <header> ...
    <the definition>
    // muna:outlined-end
"""
from __future__ import annotations

import hashlib

from .ir import Expr, walk_exprs
from .types import (DTypeT, DynTensorT, EllipsisT, ListT, NamedTupleT, NoneT, NumberT, NumpyScalar, OptionalT,
                    Scalar, SliceT, StaticT, Str, TensorT, TupleT, strip_literal)

BEGIN = "// muna:outlined "
END = "// muna:outlined-end"
LINKED_FLAG = "-DMUNA_OUTLINED_LINKED"
HERE = "MUNA_OUTLINED_HERE_"  # + a name: that definition compiled in the unit, not linked

# Expressions a branch may be made of: pure, and naming nothing of the function it came from.
_BRANCH_OPS = {"call", "subscript", "convert", "const", "dispatch_arg", "slice", "tuple", "list", "seq",
               "is_none", "ifexp", "not", "truth", "and", "or"}


def _library_type(t, inside_branch: bool) -> bool:
    """A type whose C++ spelling needs no declaration of the generated unit (no record, enum or
    user exception), and which a parameter can take by const reference (no container a branch
    might change)."""
    t = strip_literal(t)
    if isinstance(t, TupleT) and not isinstance(t, NamedTupleT):
        return all(_library_type(item, inside_branch) for item in t.items)
    if isinstance(t, OptionalT):
        return _library_type(t.item, inside_branch)
    if inside_branch and isinstance(t, ListT):
        return _library_type(t.item, inside_branch)
    if inside_branch and isinstance(t, StaticT):
        return True
    return isinstance(t, (Scalar, Str, NoneT, TensorT, DynTensorT, DTypeT, NumpyScalar, SliceT, EllipsisT, NumberT))


def outlinable(e: Expr, n_slots: int, builtin_exception) -> bool:
    """Whether the dispatch `e` (its first `n_slots` arguments the hoisted operands) can be a
    function of its operands alone: each operand of a library type, each branch made of
    library ops on them, each refusal a builtin exception."""
    operands, branches = e.args[:n_slots], e.args[n_slots:]
    if not _library_type(e.type, False) or not all(_library_type(a.type, False) for a in operands):
        return False
    if not all(builtin_exception(raises) for _, raises, _ in e.attr("refused")):
        return False
    return all(x.op in _BRANCH_OPS and _library_type(x.type, True) for b in branches for x in walk_exprs(b))


def name_of(definition: str, headers) -> str:
    """The function's name: a digest of its text (written with NAME for its name) and headers."""
    digest = hashlib.sha256("\0".join([definition, *sorted(headers)]).encode()).hexdigest()[:20]
    return f"d_{digest}"


def blocks(cpp_text: str) -> list:
    """The outlined definitions of a generated unit: (name, headers, definition) each."""
    out, lines = [], cpp_text.split("\n")
    i = 0
    while i < len(lines):
        if lines[i].startswith(BEGIN):
            name, *headers = lines[i][len(BEGIN):].split()
            end = lines.index(END, i)
            out.append((name, headers, "\n".join(lines[i + 1:end])))
            i = end
        i += 1
    return out


def source(blocks) -> str:
    """The translation unit that compiles outlined definitions ((name, headers, definition)
    each; with the prelude, build.py) into one object. Each is inline, so that it is its own
    COMDAT group: two objects that both define one are linked as one copy, and a library that
    links an object for one of its functions drops the others (--gc-sections)."""
    headers = sorted({h for _, hs, _ in blocks for h in hs})
    definitions = [f"inline __attribute__((used)) {definition}" for _, _, definition in blocks]
    return "".join(f"#include <{h}>\n" for h in headers) + "namespace muna_outlined {\n" + "\n".join(definitions) + "\n}\n"
