"""Dtype conversions: ndarray.astype among NumPy's dtypes with NumPy's (unsafe) casting, and
the NumPy scalar types (np.float32(x), np.int64(x), ...) as constructors of NumPy scalars or
converters of arrays."""
from __future__ import annotations

import numpy as np

from ..registry import Resolved, op
from ..types import NumberT
from .numpy_ops import (static, NUMPY_DTYPES, NumpyScalar, Scalar, TensorT, array_arg, convert, cpp,
                        dtype_arg, strip_literal, supported_dtype)


@op("numpy.ndarray.astype", "self, dtype, order='K', casting='unsafe', subok=True, copy=True",
    method_of="numpy.ndarray", kind="method", tolerance="exact")
def _astype(b):
    """Always a new array (copy=False is accepted and copies anyway, which NumPy allows)."""
    t = strip_literal(b.type("self"))
    if not isinstance(t, TensorT):
        b.fail(f"astype expects an array, got {t}")
    if static(b, "casting") != "unsafe":
        b.fail("astype(casting=...) other than 'unsafe' is not supported")
    dtype = dtype_arg(b)
    if dtype is None:
        b.fail("astype needs a dtype")
    return Resolved(t.with_(dtype=dtype), (convert(b.args["self"], t.with_(dtype=dtype)),))


# ndarray.astype is emitted as the conversion node itself (muna::cast), so it has no header.
from ..registry import REGISTRY  # noqa: E402

REGISTRY["numpy.ndarray.astype"].emit = lambda args, r: args[0]
REGISTRY["numpy.ndarray.astype"].header = None


def scalar_type_rule(dtype):
    """np.float32(x): a NumPy scalar from a number; an array of that dtype from an array."""
    def rule(b):
        e = b.args["x"]
        t = strip_literal(e.type)
        if isinstance(t, TensorT):
            return Resolved(t.with_(dtype=dtype), (convert(e, t.with_(dtype=dtype)),))
        if isinstance(t, (Scalar, NumpyScalar, NumberT)):
            if isinstance(t, Scalar) and t.name not in ("bool", "int", "float"):
                b.fail(f"numpy.{dtype}() of {t} is not supported")
            return Resolved(NumpyScalar(dtype), (convert(e, NumpyScalar(dtype)),))
        b.fail(f"numpy.{dtype}() of {t} is not supported")
    return rule


_SCALAR_TYPES = {"bool": np.bool_, "uint8": np.uint8, "int8": np.int8, "int16": np.int16,
                 "int32": np.int32, "int64": np.int64, "float32": np.float32,
                 "float64": np.float64}
for _dtype, _type in _SCALAR_TYPES.items():
    _name = "bool_" if _dtype == "bool" else _dtype
    op(f"numpy.{_name}", "x=0", obj=_type, tolerance="exact",
       emit=lambda args, r: args[0], doc=f"the NumPy scalar type {_dtype}")(scalar_type_rule(_dtype))
