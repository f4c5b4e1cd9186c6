"""Methods of Python's int and float (x.is_integer(), n.bit_length()), with CPython's results."""
from __future__ import annotations

from ..registry import Resolved, op
from ..types import BOOL, INT


@op("float.is_integer", "self", method_of="float", kind="method",
    emit=lambda args, r: f"muna::python::number::is_integer({args[0]})", header="muna/python/number.hpp")
def _is_integer(b):
    return Resolved(BOOL, (b.args["self"],))


@op("int.bit_length", "self", method_of="int", kind="method",
    emit=lambda args, r: f"muna::python::number::bit_length({args[0]})", header="muna/python/number.hpp")
def _bit_length(b):
    return Resolved(INT, (b.args["self"],))


@op("int.bit_count", "self", method_of="int", kind="method",
    emit=lambda args, r: f"muna::python::number::bit_count({args[0]})", header="muna/python/number.hpp")
def _bit_count(b):
    return Resolved(INT, (b.args["self"],))
