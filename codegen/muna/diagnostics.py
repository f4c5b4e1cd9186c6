"""Compile errors reported at the user's own source line, as a C compiler reports them."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Loc:
    file: str
    line: int
    col: int  # 1-based, as editors count

    def __str__(self):
        return f"{self.file}:{self.line}:{self.col}"


class Rebuild(Exception):
    """A build learnt something its start assumed otherwise (a field or a list holding more
    types than its first value's): frontend.build_program builds the program again with it.
    Never a diagnostic, and never taken for one (dispatch's branches let it through)."""

    def __init__(self, key, t, loc):
        super().__init__(f"{key} widened to {t}")
        self.key, self.type, self.loc = key, t, loc


class ItemWidened(Rebuild):
    """An item of another type put into a list made empty (`xs = []`, `xs.append(0)`, then
    `xs.append(0.5)`): built again with the list holding both (scope.join_held), from the
    start. `key`: (the function, the PendingT id of the empty list)."""


class CompileError(Exception):
    """`file:line:col: error: <what> ...; <what to do>`, then the source line with a caret."""

    def __init__(self, loc: Loc, message: str, raises: str = "TypeError"):
        super().__init__(message)
        self.loc = loc
        self.message = message
        # The exception Python raises for the same call, where it is one Python would raise at
        # run time (an op given dtypes it refuses): what a branch for those dtypes raises
        # instead when the dtypes are known only at run time (dispatch.py).
        self.raises = raises

    def render(self) -> str:
        text = f"{self.loc}: error: {self.message}"
        source = _source_line(self.loc)
        if source is not None:
            text += f"\n    {source}\n    {' ' * (self.loc.col - 1)}^"
        return text


def note(loc: Loc, message: str):
    """`file:line:col: note: <what>` on stderr: the compile goes on, the user should know."""
    import sys
    print(f"{loc}: note: {message}", file=sys.stderr)


def _source_line(loc: Loc):
    try:
        with open(loc.file, encoding="utf-8") as f:
            lines = f.read().splitlines()
        return lines[loc.line - 1].rstrip() if 0 < loc.line <= len(lines) else None
    except OSError:
        return None


def loc_of(file: str, node, line_offset: int = 0) -> Loc:
    return Loc(file, getattr(node, "lineno", 1) + line_offset, getattr(node, "col_offset", 0) + 1)
