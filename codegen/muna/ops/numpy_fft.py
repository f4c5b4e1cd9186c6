"""numpy.fft: fft, ifft, rfft, irfft (n=, axis=, norm=), fftfreq, rfftfreq, fftshift, ifftshift.

As NumPy 1.24, every transform computes in double whatever the input dtype: fft, ifft and rfft
return complex128 (muna's complex dtype, numpy_complex.py), irfft float64. The FFT is muna's own
(kernels/muna/kernels/fft.hpp: mixed radix, Bluestein for large prime factors); its accuracy
against NumPy's pocketfft is measured by bench/numpy/fft_accuracy.py (docs/fft.md).
"""
from __future__ import annotations

import numpy as np

from ..registry import Resolved, op
from .numpy_ops import (COMPLEX_OPS, FLOAT, INT, NumpyScalar, Scalar, TensorT, array_arg, convert,
                        static, static_none, strip_literal)

# Relative to the largest magnitude of the result: the FFT's rounding differs from pocketfft's
# by a few units of 1e-16 times log n (measured in docs/fft.md).
FFT_TOLERANCE = "close:1e-12"
NORMS = (None, "backward", "ortho", "forward")


def _transform(result_dtype):
    def rule(b):
        t = array_arg(b)
        if not static_none(b, "n") and strip_literal(b.type("n")) != INT:
            b.fail(f"{b.op.name}: n must be an int or None")
        axis = static(b, "axis")
        if not isinstance(axis, int) or isinstance(axis, bool):
            b.fail(f"{b.op.name}: axis must be an int known at compile time")
        norm = static(b, "norm")
        if norm not in NORMS:
            b.fail(f'Invalid norm value {norm}; should be "backward", "ortho" or "forward".')
        if t.rank == 0:
            b.fail(f"{b.op.name} of a 0-d array: tuple index out of range (NumPy's IndexError)")
        n = b.args["n"] if static_none(b, "n") else convert(b.args["n"], INT)
        return Resolved(t.with_(dtype=result_dtype), (b.args["a"], n, convert(b.args["axis"], INT),
                                                      b.args["norm"]))
    return rule


for _name, _dtype in (("fft", "complex128"), ("ifft", "complex128"), ("rfft", "complex128"),
                      ("irfft", "float64")):
    op(f"numpy.fft.{_name}", "a, n=None, axis=-1, norm=None", obj=getattr(np.fft, _name),
       tolerance=FFT_TOLERANCE,
       doc="any length (mixed radix, Bluestein); computed in double as NumPy 1.24")(_transform(_dtype))
    COMPLEX_OPS.add(f"numpy.fft.{_name}")


def _freq(b):
    if strip_literal(b.type("n")) != INT:
        b.fail("n should be an integer")
    d = strip_literal(b.type("d"))
    if not isinstance(d, (Scalar, NumpyScalar)) or getattr(d, "dtype", "float64") not in (
            "float32", "float64", "int64", "int32", "int16", "int8", "uint8", "bool"):
        b.fail(f"{b.op.name}: d must be a number")
    return Resolved(TensorT("numpy", "float64", 1), (convert(b.args["n"], INT), convert(b.args["d"], FLOAT)))


op("numpy.fft.fftfreq", "n, d=1.0", obj=np.fft.fftfreq)(_freq)
op("numpy.fft.rfftfreq", "n, d=1.0", obj=np.fft.rfftfreq)(_freq)


def _shift(b):
    t = array_arg(b, "x")
    axes = static(b, "axes")
    if axes is not None:
        values = axes if isinstance(axes, tuple) else (axes,)
        if not all(isinstance(a, int) and not isinstance(a, bool) for a in values):
            b.fail(f"{b.op.name}: axes must be None, an int or a tuple of ints known at compile time")
        if t.rank is not None:
            for a in values:
                if not -t.rank <= a < t.rank:
                    b.fail("tuple index out of range")
    return Resolved(t, (b.args["x"], b.args["axes"]))


for _name in ("fftshift", "ifftshift"):
    op(f"numpy.fft.{_name}", "x, axes=None", obj=getattr(np.fft, _name))(_shift)
    COMPLEX_OPS.add(f"numpy.fft.{_name}")
