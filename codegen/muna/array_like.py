"""Array parameters a function reads only through np.asarray and its kin.

`def confusion_matrix(y_true: np.ndarray, ...)` that begins `y_true = np.asarray(y_true,
dtype=np.int64)` works in Python on a list as well as on an array, and its callers pass lists.
Where every read of a parameter is the array argument of np.asarray, np.array, np.asanyarray,
np.ascontiguousarray or np.atleast_1d/2d/3d — until a top-level statement rebinds it — the
function cannot tell the list from the array NumPy makes of it, so the way in makes that array
(include/muna/abi/array_like.hpp) and the body is compiled for arrays alone. Any other read (a
`len(x)`, `x * 2`, `for v in x`, which differ between a list and an array) keeps the parameter
an array only, refused a list at the call as before."""
from __future__ import annotations

import ast

import numpy as np

CONVERTERS = ("asarray", "array", "asanyarray", "ascontiguousarray", "atleast_1d", "atleast_2d", "atleast_3d")
_FUNCTIONS = tuple(getattr(np, n) for n in CONVERTERS)


def _is_converter(func: ast.expr, globals_: dict) -> bool:
    """`np.asarray` (NumPy imported under any name) or `asarray` imported from numpy."""
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
        return globals_.get(func.value.id) is np and func.attr in CONVERTERS
    if isinstance(func, ast.Name):
        value = globals_.get(func.id)
        return any(value is f for f in _FUNCTIONS)
    return False


def _converted_reads(stmt: ast.stmt, name: str, globals_: dict) -> set:
    """The ids of the Name nodes in `stmt` that are a converter's array argument `name`."""
    out = set()
    for node in ast.walk(stmt):
        if isinstance(node, ast.Call) and _is_converter(node.func, globals_):
            first = node.args[0] if node.args else next((k.value for k in node.keywords if k.arg == "a"), None)
            if isinstance(first, ast.Name) and first.id == name:
                out.add(id(first))
    return out


def read_only_through_asarray(fn_tree: ast.FunctionDef, name: str, globals_: dict) -> bool:
    """Whether parameter `name` is read only as np.asarray's argument (and its kin's) until a
    top-level `name = ...` rebinds it. Conservative: a rebinding anywhere else (in a branch, a
    loop, a nested function) or any other read says no."""
    for stmt in fn_tree.body:
        uses = [n for n in ast.walk(stmt) if isinstance(n, ast.Name) and n.id == name]
        converted = _converted_reads(stmt, name, globals_)
        if any(isinstance(n.ctx, ast.Load) and id(n) not in converted for n in uses):
            return False
        if any(not isinstance(n.ctx, ast.Load) for n in uses):
            return (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1
                    and isinstance(stmt.targets[0], ast.Name) and stmt.targets[0].id == name)
    return True
