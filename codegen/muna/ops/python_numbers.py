"""Methods of Python's int and float (x.is_integer(), n.bit_length()), with CPython's results."""
from __future__ import annotations

from ..registry import Resolved, op
from ..types import BOOL, INT

# op -> (receiver kind, result type); the C++ is muna::python::number::<method>(x).
METHODS = {"float.is_integer": ("float", BOOL), "int.bit_length": ("int", INT), "int.bit_count": ("int", INT)}

for _name, (_kind, _result) in METHODS.items():
    op(_name, "self", method_of=_kind, kind="method", header="muna/python/number.hpp",
       emit=lambda args, r, _m=_name.split(".")[1]: f"muna::python::number::{_m}({args[0]})")(
        lambda b, _r=_result: Resolved(_r, (b.args["self"],)))
