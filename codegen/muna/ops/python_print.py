"""print(*objects, sep=' ', end='\\n', file=None, flush=False): each object made a str as print
makes it (str(), a class's __str__ included), written to the library's stdout, or its stderr
with file=sys.stderr (include/muna/python/builtins/print.hpp, which flushes every call)."""
from __future__ import annotations

import builtins
import sys

from ..build_ir import call, const
from ..ir import Expr
from ..registry import op
from ..types import NONE, STR, ListT, NoneT, RecordT, Str, strip_literal


@op("builtins.print", "*objects, sep=None, end=None, file=None, flush=False", obj=builtins.print,
    header="muna/python/builtins/print.hpp", cpp="muna::python::builtins::print", star_list=True)
def _print(b):
    objects = b.args["objects"]
    if isinstance(strip_literal(objects.type), ListT):  # print(*names): a list of run-time length
        item = strip_literal(objects.type).item
        if isinstance(item, RecordT):
            b.unsupported(f"print(*xs) of a list of {item} (each printed with its class's __str__); "
                          "print them one by one")
        return call("builtins.detail.print_items", NONE, (objects, *_texts(b), _to_stderr(b)), b.loc)
    node = b.builder.located(b.loc)
    parts = tuple(b.builder.apply("builtins.str", [o], {}, node) for o in objects.args)
    listed = Expr("list", ListT(STR), parts, loc=b.loc)
    return call("builtins.print", NONE, (listed, *_texts(b), _to_stderr(b)), b.loc)


op("builtins.detail.print_items", "items, sep, end, to_stderr", header="muna/python/builtins/print.hpp",
   cpp="muna::python::builtins::print_items", doc="print(*items) of a list: str() of each item")(lambda b: None)


def _texts(b) -> list:
    """sep and end, as strs (None is their default)."""
    texts = []
    for name, default in (("sep", " "), ("end", "\n")):
        t = strip_literal(b.type(name))
        if isinstance(t, NoneT):
            texts.append(const(default, b.loc))
        elif isinstance(t, Str):
            texts.append(b.args[name])
        else:
            b.fail(f"{name} must be None or a string, not {t}")
    return texts


def _to_stderr(b) -> Expr:
    file = b.args["file"]
    stream = file.attr("value") if file.op == "const" else file
    if stream is not None and stream is not sys.stdout and stream is not sys.stderr:
        b.unsupported("print(file=...) to anything but sys.stdout or sys.stderr; return the text instead")
    return const(stream is sys.stderr, b.loc)
