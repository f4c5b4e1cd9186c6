"""The seams between bytes and arrays: numpy.frombuffer, ndarray.tobytes and torch.frombuffer.

C++: include/muna/numpy/frombuffer.hpp, include/muna/numpy/ndarray/tobytes.hpp and
include/muna/torch/frombuffer.hpp (a function of its own rather than one of torch's family
headers: it is the only torch op on bytes). Both frombuffers copy where NumPy and torch view the
buffer; NumPy's read-only flag is kept.
"""
from __future__ import annotations

import numpy as np

from ..build_ir import convert
from ..registry import Resolved, op
from ..types import BOOL, BYTES, INT, TensorT, strip_literal
from .numpy_ops import cpp, dtype_arg
from .python_bytes import is_bytes
from .torch_common import dtype_name, torch


def _buffer_args(b):
    buffer = b.args["buffer"]
    if not is_bytes(buffer.type):
        b.fail(f"{b.op.name}() reads bytes or a bytearray, not {buffer.type}")
    for name in ("count", "offset"):
        if strip_literal(b.type(name)) not in (INT, BOOL):
            b.fail(f"{b.op.name}() argument '{name}' must be an int")
    return buffer, convert(b.args["count"], INT), convert(b.args["offset"], INT)


@op("numpy.frombuffer", "buffer, dtype=float, count=-1, offset=0, like=None", obj=np.frombuffer)
def _frombuffer(b):
    if not (b.args["like"].op == "const" and b.args["like"].attr("value") is None):
        b.fail("numpy.frombuffer(like=...) is not supported")
    dtype = dtype_arg(b, default="float64")
    return Resolved(TensorT("numpy", dtype, 1), _buffer_args(b), (cpp(dtype),))


@op("numpy.ndarray.tobytes", "self, order='C'", method_of="numpy.ndarray", kind="method")
def _tobytes(b):
    order = b.args["order"]
    if not (order.op == "const" and order.attr("value") == "C"):
        b.fail("ndarray.tobytes() takes only order='C' (the default)")
    return Resolved(BYTES, (b.args["self"],))


@op("torch.frombuffer", "buffer, dtype, count=-1, offset=0, requires_grad=False", obj="torch.frombuffer")
def _torch_frombuffer(b):
    if not (b.args["requires_grad"].op == "const" and b.args["requires_grad"].attr("value") is False):
        b.fail("torch.frombuffer(requires_grad=True) is not supported; muna compiles inference")
    dtype = dtype_name(b.const("dtype"), b)
    return Resolved(TensorT("torch", dtype, 1), _buffer_args(b), (cpp(dtype),))
