"""operator's operator functions (operator.add, operator.lt, ...) as values, and
operator.itemgetter and operator.attrgetter as function arguments (key= of sorted, min, max,
list.sort, heapq.nlargest/nsmallest/merge, bisect; map; filter): `itemgetter(1)` is compiled as
`lambda item: item[1]`, `itemgetter(0, 2)` as `lambda item: (item[0], item[2])`, and
`attrgetter("a.b")` as `lambda item: item.a.b`, so the usual rules of indexing and attributes
decide what they take. Their arguments must be constants; the getter itself is a compile-time
object (call it where a function is expected, not stored in a variable)."""
from __future__ import annotations

import ast
import operator

from . import python_ops  # noqa: F401  (registers the operator.<name> ops that + - < ... compile to)
from ..ir import Expr
from ..registry import REGISTRY, op
from ..types import StaticT

PARAM = "_item"

# operator.add(a, b) is a + b: the function (given to reduce, accumulate, sorted's key, or
# called) compiles to the op the expression compiles to, so the two never differ.
for _name in ("add", "sub", "mul", "truediv", "floordiv", "mod", "pow", "matmul", "and_", "or_", "xor",
              "lshift", "rshift", "neg", "invert", "eq", "ne", "lt", "le", "gt", "ge"):
    REGISTRY.by_object[id(getattr(operator, _name))] = f"operator.{_name}"


def _getter(b, build):
    """A compile-time lambda `lambda _item: <build(_item)>`, placed at the call's location so
    its diagnostics point there."""
    from ..frontend import _LambdaSource  # the frontend compiles it once the item type is known
    parts = b.args["items"].args
    if not parts:
        b.fail(f"{b.op.name} expected 1 argument, got 0")
    values = []
    for e in parts:
        if e.op != "const" or isinstance(e.type, StaticT):
            b.fail(f"the arguments of {b.op.name}() must be constants")
        values.append(e.attr("value"))
    builder = b.builder
    where = dict(lineno=b.loc.line - builder.line_offset, col_offset=b.loc.col - 1 - builder.indent)

    def item():
        return ast.Name(id=PARAM, ctx=ast.Load(), **where)

    bodies = [build(item, v) for v in values]
    body = bodies[0] if len(bodies) == 1 else ast.Tuple(elts=bodies, ctx=ast.Load(), **where)
    node = ast.Lambda(args=ast.arguments(posonlyargs=[], args=[ast.arg(arg=PARAM, **where)], vararg=None,
                                         kwonlyargs=[], kw_defaults=[], kwarg=None, defaults=[]),
                      body=body, **where)
    ast.fix_missing_locations(node)
    return Expr("const", StaticT(b.op.name), attrs=(("value", _LambdaSource(node)),), loc=b.loc)


def _subscript(item, key):
    return ast.Subscript(value=item(), slice=ast.Constant(value=key), ctx=ast.Load())


def _attributes(item, path):
    if not isinstance(path, str):
        raise TypeError("attribute name must be a string")
    e = item()
    for name in path.split("."):
        e = ast.Attribute(value=e, attr=name, ctx=ast.Load())
    return e


@op("operator.itemgetter", "*items", obj=operator.itemgetter)
def _itemgetter(b):
    return _getter(b, _subscript)


@op("operator.attrgetter", "*items", obj=operator.attrgetter)
def _attrgetter(b):
    for e in b.args["items"].args:
        if not (e.op == "const" and isinstance(e.attr("value"), str)):
            b.fail("operator.attrgetter() takes attribute names as constant strs")
    return _getter(b, _attributes)
