"""Complex arrays (complex64, complex128): what code does with numpy.fft's results.

A complex array is a muna tensor of std::complex (NumPy's layout: interleaved real and imaginary
parts), so it crosses the ABI and the Python loader as NumPy's complex arrays do. Only the ops
listed here take one (numpy_ops.COMPLEX_OPS); every other rule refuses a complex operand with a
diagnostic, so no C++ template written for real numbers ever sees one:

- the ufuncs add, subtract, multiply, divide (NumPy's Smith division), negative, positive,
  conjugate, absolute (hypot), square, equal, not_equal, isnan, isinf, isfinite, with NumPy's
  promotion of mixed real and complex operands (and their operator forms);
- numpy.real / imag and the .real / .imag properties (views for complex arrays, as NumPy),
  numpy.angle (deg=), ndarray.conj / conjugate, astype to and from complex;
- shape and indexing ops whose C++ is element-type generic (COMPLEX_SHAPE_OPS).

Python complex numbers (1j) and complex NumPy scalars are not supported: an element of a complex
array is taken by slicing, or through .real / .imag.
"""
from __future__ import annotations

import numpy as np

from ..registry import Resolved, op
from .numpy_ops import (COMPLEX_DTYPES, COMPLEX_OPS, TensorT, array_arg,
                        broadcast_rank, operand_to, rename_self, static, strip_literal,
                        supported_dtype, tensor_lib, trial_value)

# ufunc -> (C++ functor in muna/numpy/detail/complex.hpp, tolerance of its complex results)
COMPLEX_UFUNCS = {
    "add": "Add", "subtract": "Subtract", "multiply": "Multiply", "divide": "Divide",
    "negative": "Negative", "positive": "Positive", "conjugate": "Conjugate",
    "absolute": "Absolute", "square": "Square", "equal": "Equal", "not_equal": "NotEqual",
    "isnan": "IsNan", "isinf": "IsInf", "isfinite": "IsFinite",
}
# Element-type generic ops (views, copies, indexing) that complex arrays pass through.
COMPLEX_SHAPE_OPS = (
    "numpy.reshape", "numpy.ndarray.reshape", "numpy.ravel", "numpy.ndarray.ravel",
    "numpy.ndarray.flatten", "numpy.transpose", "numpy.ndarray.transpose", "numpy.ndarray.T",
    "numpy.swapaxes", "numpy.ndarray.swapaxes", "numpy.moveaxis", "numpy.squeeze",
    "numpy.ndarray.squeeze", "numpy.expand_dims", "numpy.copy", "numpy.ndarray.copy",
    "numpy.flip", "numpy.roll", "numpy.concatenate", "numpy.stack", "numpy.ndarray.astype",
    "numpy.ndarray.__getitem__", "numpy.ndarray.__setitem__", "numpy.zeros_like",
    "numpy.ones_like", "numpy.asarray", "numpy.array", "numpy.ascontiguousarray",
)
COMPLEX_OPS.update(COMPLEX_SHAPE_OPS)


def is_complex(t) -> bool:
    return getattr(strip_literal(t), "dtype", None) in COMPLEX_DTYPES


def real_dtype(dtype: str) -> str:
    return {"complex64": "float32", "complex128": "float64"}.get(dtype, dtype)


def complex_ufunc(b, ufunc, names):
    """A ufunc with a complex operand: NumPy's result dtype (asked of NumPy on stand-ins), the
    operands converted to the complex loop dtype, and muna's complex functor."""
    name = ufunc.__name__
    if name not in COMPLEX_UFUNCS:
        b.unsupported(f"numpy.{name} of complex values is not supported; muna's complex arrays take "
               f"{', '.join(sorted(COMPLEX_UFUNCS))} (or take np.abs(...), .real or .imag first)")
    types = [strip_literal(b.type(n)) for n in names]
    trial = [trial_value(b.args[n]) for n in names]
    with np.errstate(all="ignore"):
        out = np.asarray(ufunc(*trial)).dtype.name
    loop = np.result_type(*trial).name
    if loop not in COMPLEX_DTYPES or out not in COMPLEX_DTYPES + ("float32", "float64", "bool"):
        b.fail(f"{b.op.name} on {', '.join(map(str, types))} is not supported")
    lib = tensor_lib(*types)
    args = tuple(operand_to(b.args[n], loop, lib) for n in names)
    if not any(isinstance(t, TensorT) for t in types):
        b.fail(f"{b.op.name} of complex NumPy scalars is not supported; use arrays")
    result = TensorT(lib, out, broadcast_rank(*types))
    functor = f"muna::numpy::detail::complex_ops::{COMPLEX_UFUNCS[name]}"
    return Resolved(result, args, (functor,), op=f"numpy.detail.complex_ufunc{len(names)}")


for _n, _params in ((1, "x"), (2, "x1, x2")):
    op(f"numpy.detail.complex_ufunc{_n}", _params, header="muna/numpy/detail/complex.hpp",
       cpp=f"muna::numpy::detail::complex_ufunc{_n}", doc="internal: a ufunc on complex arrays")(lambda b: None)
    COMPLEX_OPS.add(f"numpy.detail.complex_ufunc{_n}")
for _name in COMPLEX_UFUNCS:
    COMPLEX_OPS.add(f"numpy.{_name}")
COMPLEX_OPS.update({"numpy.abs", "numpy.true_divide", "numpy.conj"})


# --- real, imag, conj, angle -----------------------------------------------------------------
def _part(b):
    if "self" in b.args:
        rename_self(b, to="val")
    t = array_arg(b, "val")
    return Resolved(t.with_(dtype=real_dtype(t.dtype)), (b.args["val"],))


for _part_name in ("real", "imag"):
    op(f"numpy.{_part_name}", "val", obj=getattr(np, _part_name),
       doc="a view of the complex array's parts; of a real array: itself (real), read-only zeros (imag)"
       )(_part)
    op(f"numpy.ndarray.{_part_name}", "self", method_of="numpy.ndarray", kind="property",
       header=f"muna/numpy/{_part_name}.hpp", cpp=f"muna::numpy::{_part_name}",
       doc=f"numpy.{_part_name}")(_part)
    COMPLEX_OPS.update({f"numpy.{_part_name}", f"numpy.ndarray.{_part_name}"})


def _conjugate(b):
    """conjugate of a complex array; of a real one, a copy (NumPy's ufunc on real loops)."""
    if "self" in b.args:
        rename_self(b, to="x")
    from .numpy_ufuncs import ufunc_output
    if is_complex(b.type("x")):
        return complex_ufunc(b, np.conjugate, ["x"])
    return Resolved(*ufunc_output(b, np.conjugate, ["x"]))


op("numpy.conjugate", "x", obj=np.conjugate, tolerance="exact")(_conjugate)
op("numpy.conj", "x", header="muna/numpy/conjugate.hpp", cpp="muna::numpy::conjugate",
   tolerance="exact", doc="alias of numpy.conjugate")(_conjugate)
for _method in ("conj", "conjugate"):
    op(f"numpy.ndarray.{_method}", "self", method_of="numpy.ndarray", kind="method",
       header="muna/numpy/conjugate.hpp", cpp="muna::numpy::conjugate", tolerance="exact",
       doc="method form of numpy.conjugate")(_conjugate)
    COMPLEX_OPS.add(f"numpy.ndarray.{_method}")


@op("numpy.angle", "z, deg=False", obj=np.angle, tolerance="ulp:2")
def _angle(b):
    """arctan2(z.imag, z.real) (libm's atan2, as NumPy's scalar loop): float32 for complex64
    and float32, float64 otherwise; deg=True scales by 180/pi in that dtype."""
    t = array_arg(b, "z")
    if not isinstance(static(b, "deg"), bool):
        b.fail("numpy.angle: deg must be True or False")
    if t.dtype in COMPLEX_DTYPES:
        dtype = real_dtype(t.dtype)
    else:
        dtype = supported_dtype(b, np.arctan2(0, np.zeros(1, t.dtype)).dtype)
    return Resolved(t.with_(dtype=dtype), (b.args["z"], b.args["deg"]),
                    ("float" if dtype == "float32" else "double",))


COMPLEX_OPS.add("numpy.angle")
