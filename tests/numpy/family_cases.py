"""Conformance templates of the NumPy families added beside numpy_cases.TEMPLATES (which merges
them in): numpy.fft and complex arrays, the ufunc methods, the nan-functions, append / insert /
delete, every numpy.pad mode, searchsorted(sorter=), lexsort, partition, meshgrid, polyfit /
polyval, trapz, gradient, ndindex / ndenumerate and the stride tricks.

The format is numpy_cases.TEMPLATES': (template, dtypes, input kind), and optionally the case's
own tolerance. Complex inputs are made in
the compiled function from real ones (np.fft.fft of an input), since a Python complex constant
does not compile. Partitions are compared only on what NumPy guarantees: the kth elements and
the order relations around them.
"""
from __future__ import annotations

F, I, B = ("float32", "float64"), ("int32", "int64"), ("bool",)
FFT_TOLERANCE = "close:1e-12"  # numpy_fft.FFT_TOLERANCE
F64, F32 = ("float64",), ("float32",)
# complex64 absolute and angle, per element: muna calls glibc's hypotf / atan2f (within 1 ulp);
# NumPy 1.24 on an AVX-512 CPU runs its own AVX512F complex absolute (hypot as larger times
# sqrt(1 + ratio^2)) and SVML's arctan2, each a few ulp off (on AVX2 CPUs it is glibc's too).
C64_ULPS = "ulp:4"

FFT = {
    "numpy.fft.fft": [("np.fft.fft({x})", F + I + B, "signal"), ("np.fft.fft({x}, 12)", F, "signal"),
                      ("np.fft.fft({x}, n=5, axis=0)", F64, "signal"), ("np.fft.fft({x}, norm='ortho')", F, "signal"),
                      ("np.fft.fft(np.fft.fft({x}), norm='forward')", F64, "signal"),
                      ("np.fft.fft(np.fft.fft({x}).astype(np.complex64))", F64, "signal"),
                      ("np.fft.fft({x}.T)", F64, "signal")],
    "numpy.fft.ifft": [("np.fft.ifft({x})", F + I, "signal"), ("np.fft.ifft(np.fft.fft({x}))", F64, "signal"),
                       ("np.fft.ifft(np.fft.fft({x}), 7, norm='ortho')", F64, "signal"),
                       ("np.fft.ifft({x}, axis=0, norm='forward')", F32, "signal")],
    "numpy.fft.rfft": [("np.fft.rfft({x})", F + I + B, "signal"), ("np.fft.rfft({x}, 9)", F, "signal"),
                       ("np.fft.rfft({x}, n=16, axis=0, norm='ortho')", F64, "signal"),
                       ("np.fft.rfft({x}, norm='forward')", F32, "signal")],
    "numpy.fft.irfft": [("np.fft.irfft(np.fft.rfft({x}))", F + I, "signal"),
                        ("np.fft.irfft(np.fft.rfft({x}), 11)", F64, "signal"),
                        ("np.fft.irfft(np.fft.fft({x}), norm='ortho')", F64, "signal"),
                        ("np.fft.irfft({x}, 6, axis=0, norm='forward')", F, "signal")],
    "numpy.fft.fftfreq": [("np.fft.fftfreq({x}.size)", F64, "signal"), ("np.fft.fftfreq(8, 0.1)", F64, "none"),
                          ("np.fft.fftfreq(7, d=2)", F64, "none"), ("np.fft.fftfreq(0)", F64, "none")],
    "numpy.fft.rfftfreq": [("np.fft.rfftfreq({x}.size, 1 / 16000)", F64, "signal"), ("np.fft.rfftfreq(9)", F64, "none"),
                           ("np.fft.rfftfreq(-3)", F64, "none")],
    "numpy.fft.fftshift": [("np.fft.fftshift({x})", F + I + B, "signal"), ("np.fft.fftshift({x}, axes=0)", F64, "signal"),
                           ("np.fft.fftshift({x}.astype(np.complex64), axes=(-1,))", F64, "signal")],
    "numpy.fft.ifftshift": [("np.fft.ifftshift({x})", F + I, "signal"),
                            ("np.fft.ifftshift(np.fft.fftshift({x}, axes=-1), axes=-1)", F64, "signal")],
}

COMPLEX = {
    "numpy.real": [("np.real(np.fft.fft({x}))", F, "signal"), ("np.real({x})", F + I, "unary")],
    "numpy.imag": [("np.imag(np.fft.fft({x}))", F, "signal"), ("np.imag({x})", F + I, "unary")],
    "numpy.ndarray.real": [("np.fft.rfft({x}).real", F, "signal"), ("np.fft.fft({x}).astype(np.complex64).real", F64, "signal")],
    "numpy.ndarray.imag": [("np.fft.rfft({x}).imag", F, "signal"), ("{x}.imag", F, "unary")],
    # (without the DC and Nyquist bins of a real input: their imaginary parts are 0 in muna and
    # may be rounding noise in NumPy, whose sign flips the angle between pi and -pi)
    "numpy.angle": [("np.angle(np.fft.rfft({x})[..., 1:-1])", F, "signal"),
                    ("np.angle(np.fft.rfft({x})[..., 1:-1], deg=True)", F64, "signal"),
                    ("np.angle(np.fft.rfft({x})[..., 1:-1].astype(np.complex64))", F64, "signal", C64_ULPS), ("np.angle({x})", F + I, "unary")],
    "numpy.conjugate": [("np.conjugate(np.fft.fft({x}))", F64, "signal")],
    "numpy.conj": [("np.conj(np.fft.rfft({x}))", F64, "signal"), ("np.conj({x})", F + I, "unary")],
    "numpy.ndarray.conj": [("np.fft.fft({x}).conj()", F64, "signal")],
    "numpy.ndarray.conjugate": [("np.fft.fft({x}).astype(np.complex64).conjugate()", F64, "signal")],
    # complex arithmetic and the ufuncs that take complex operands, with NumPy's promotion
    "numpy.add": [("np.fft.fft({x}) + {x}", F, "signal"), ("np.fft.fft({x}).astype(np.complex64) + 2.5", F64, "signal")],
    "numpy.subtract": [("np.fft.fft({x}) - np.fft.ifft({x})", F64, "signal")],
    "numpy.multiply": [("np.fft.fft({x}) * np.conj(np.fft.fft({x}))", F64, "signal"),
                       ("np.fft.rfft({x}).astype(np.complex64) * {x}[..., :1]", F, "signal")],
    "numpy.divide": [("np.fft.fft({x}) / (np.fft.ifft({x}) + 1.0)", F64, "signal"),
                     ("np.fft.fft({x}).astype(np.complex64) / np.fft.fft({x} * 2 + 1).astype(np.complex64)", F64, "signal",
                      "close:1e-5")],  # complex64 parts rounded from transforms that differ in the last bits
    "numpy.absolute": [("np.absolute(np.fft.fft({x}))", F, "signal"), ("np.abs(np.fft.rfft({x}).astype(np.complex64))", F64, "signal", C64_ULPS)],
    "numpy.abs": [("np.abs(np.fft.rfft({x}))", F, "signal")],
    "numpy.square": [("np.square(np.fft.fft({x}))", F64, "signal")],
    "numpy.negative": [("-np.fft.fft({x})", F64, "signal")],
    "numpy.equal": [("np.fft.fft({x}) == np.fft.fft({x})", F64, "signal")],
    "numpy.isfinite": [("np.isfinite(np.fft.fft({x}) / 0.0)", F64, "signal")],
    "numpy.ndarray.astype": [("np.fft.fft({x}).astype(np.float32)", F64, "signal"), ("{x}.astype(np.complex64)", F + I, "unary")],
    "numpy.ndarray.__getitem__": [("np.fft.fft({x})[..., 1:3]", F64, "signal"), ("np.fft.fft({x})[::-1]", F64, "signal")],
    "numpy.reshape": [("np.reshape(np.fft.fft({x}), -1)", F64, "signal")],
    "numpy.concatenate": [("np.concatenate((np.fft.fft({x}), np.fft.ifft({x})), axis=-1)", F64, "signal")],
}

# ufunc.reduce / accumulate / reduceat / outer / at: (ufunc, dtypes of each kind of case)
ARITHMETIC = ("add", "subtract", "multiply", "divide", "floor_divide", "remainder", "fmod", "maximum",
              "minimum", "fmax", "fmin")
PREDICATES = ("logical_and", "logical_or", "logical_xor", "bitwise_and", "bitwise_or", "bitwise_xor",
              "equal", "not_equal", "less", "less_equal", "greater", "greater_equal")
COMPARISONS = ("equal", "not_equal", "less", "less_equal", "greater", "greater_equal")
REORDERABLE = ("add", "multiply", "maximum", "minimum", "fmax", "fmin", "logical_and", "logical_or",
               "logical_xor", "bitwise_and", "bitwise_or", "bitwise_xor")


def ufunc_method_templates():
    out = {}
    for name in ARITHMETIC + PREDICATES:
        u = f"numpy.{name}"
        wide = ("float32", "int32", "bool") + (("float64", "int8", "int64") if name in ("add", "maximum", "multiply") else ())
        few = ("float64", "int32") if name in ARITHMETIC else ("bool",) if name in COMPARISONS else ("bool", "int64")
        reduce = [(f"np.{name}.reduce({{x}})", wide, "reduce"),
                  (f"np.{name}.reduce({{x}}, axis=-1, keepdims=True)", few, "reduce")]
        if name in REORDERABLE:
            reduce.append((f"np.asarray(np.{name}.reduce({{x}}, axis=None))", few, "reduce"))
            reduce.append((f"np.{name}.reduce({{x}}, axis=(0, 1))", few[:1], "matrix"))
        if name in ("maximum", "minimum"):  # initial= (add's would change NumPy's pairwise order)
            reduce.append((f"np.asarray(np.{name}.reduce({{x}}, axis=None, initial=5))", few, "reduce"))
        if name == "subtract":
            reduce.append((f"np.{name}.reduce({{x}}.T, axis=0)", few, "matrix"))
        out[f"{u}.reduce"] = reduce
        out[f"{u}.accumulate"] = [(f"np.{name}.accumulate({{x}})", few, "reduce"),
                                  (f"np.{name}.accumulate({{x}}, axis=-1)", few[:1], "matrix")]
        out[f"{u}.reduceat"] = [(f"np.{name}.reduceat({{x}}, np.array([0, 2, 1]), axis=-1)", few, "reduce"),
                                (f"np.{name}.reduceat({{x}}, np.array([1, 0, 3]), axis=0)", few[:1], "matrix")]
        out[f"{u}.outer"] = [(f"np.{name}.outer({{x}}[:4], {{y}}[:3])", few, "binary")]
        out[f"{u}.at"] = [(f"INPLACE {{x}} || np.{name}.at(V, {{k}}, {{y}}[0, :1])", few, "index"),
                          (f"INPLACE {{x}} || np.{name}.at(V, ({{k}}, {{k}} % 1), 3)", few[:1], "index")]
    # float add reduceat: NumPy's first element then the pairwise sum of the rest
    out["numpy.add.reduceat"].append(("np.add.reduceat({x}, np.array([0, 150, 149]))", F, "long"))
    return out


REST = {
    # window functions: lengths known when the function runs, 0 and 1 included
    **{f"numpy.{w}": [(f"np.{w}({{x}}.size)", F64, "signal"), (f"np.{w}(7)", F64, "none"),
                      (f"np.{w}(1)", F64, "none"), (f"np.{w}(0)", F64, "none"), (f"np.{w}(-3)", F64, "none")]
       for w in ("hanning", "hamming", "blackman", "bartlett")},
    # out=: the result written into an array (broadcast to it, cast same_kind), which is the value
    "numpy.sqrt": [("np.sqrt({x}, {x})", F, "unary")],
    "numpy.multiply": [("np.multiply({x}, {y}, out={x})", F + I, "binary")],
    "numpy.add": [("np.add({x}, 2, out=({x},))", F + I, "unary")],
    # nan-functions ("reduce" inputs hold NaN, +-inf and empty shapes)
    "numpy.nanmedian": [("np.nanmedian({x})", F + I, "reduce"), ("np.nanmedian({x}, axis=0)", F + I, "reduce"),
                        ("np.nanmedian({x}, axis=-1, keepdims=True)", F, "reduce")],
    "numpy.nanquantile": [("np.nanquantile({x}, 0.3)", F64 + I, "vector"), ("np.nanquantile({x}, 0.75, axis=-1)", F64, "reduce"),
                          ("np.nanquantile({x}, np.array([0.1, 0.5, 1.0]))", F + I, "rows"),
                          ("np.nanquantile({x}, 1)", F + I, "rows")],
    "numpy.nanpercentile": [("np.nanpercentile({x}, 50)", F64 + I, "vector"),
                            ("np.nanpercentile({x}, 90.0, axis=0, keepdims=True)", F64, "rows"),
                            ("np.nanpercentile({x}, np.array([10.0, 50.0]), axis=-1)", F64, "rows")],
    "numpy.nanargmax": [("np.asarray(np.nanargmax({x}))", F + I, "reduce"), ("np.nanargmax({x}, axis=0)", F + I, "reduce"),
                        ("np.nanargmax({x}, axis=-1, keepdims=True)", F, "reduce")],
    "numpy.nanargmin": [("np.asarray(np.nanargmin({x}))", F + I, "reduce"), ("np.nanargmin({x}, axis=-1)", F, "reduce")],
    "numpy.nancumsum": [("np.nancumsum({x})", F + I + B, "reduce"), ("np.nancumsum({x}, axis=0)", F, "reduce"),
                        ("np.nancumsum({x}, axis=-1, dtype=np.float64)", F32 + ("int32",), "reduce")],
    "numpy.nancumprod": [("np.nancumprod({x})", F + I, "reduce"), ("np.nancumprod({x}, axis=-1)", F, "reduce")],
    # append / insert / delete
    "numpy.append": [("np.append({x}, {y})", F + I + B, "binary"), ("np.append({x}, 5)", F + ("int8",), "unary"),
                     ("np.append({x}, {y}, axis=0)", F + I, "matrix"), ("np.append({x}, {y}[:, :2], axis=1)", F, "matrix"),
                     ("np.append({x}, 2.5)", F, "matrix")],
    "numpy.insert": [("np.insert({x}, 1, 9)", F + I + B, "unary"), ("np.insert({x}, -1, {y}[:2])", F, "binary"),
                     ("np.insert({x}, 1, {y}[:, 0], axis=1)", F + I, "matrix"), ("np.insert({x}, 0, 7.5, axis=0)", F, "matrix"),
                     ("np.insert({x}, {k}, 3)", F + I, "index"), ("np.insert({x}, {k}, -1, axis=1)", F, "index"),
                     ("np.insert({x}, {k}[:1], {y}[:1, 0], axis=0)", F, "index"), ("np.insert({x}, [0, 2, 2], 5)", F, "unary"),
                     ("np.insert({x}, 9, 1)", F, "unary")],
    "numpy.delete": [("np.delete({x}, 1)", F + I + B, "unary"), ("np.delete({x}, -1, axis=0)", F + I, "matrix"),
                     ("np.delete({x}, {k}, axis=1)", F + I, "index"), ("np.delete({x}, {k})", F, "index"),
                     ("np.delete({x}, {x}[:, 0] > 0, axis=0)", F, "matrix"), ("np.delete({x}, [0, 0, -1])", F, "unary"),
                     ("np.delete({x}, 7)", F, "unary")],
    # pad: every mode
    "numpy.pad": [("np.pad({x}, 2)", F + I, "matrix"), ("np.pad({x}, ((1, 0), (2, 3)), constant_values=7)", F, "matrix"),
                  ("np.pad({x}, ((1, 2), (3, 0)), constant_values=((1.5, -2), (3, 4)))", F + I, "matrix"),
                  ("np.pad({x}, 3, mode='edge')", F + I, "matrix"), ("np.pad({x}, (2, 1), mode='reflect')", F + I, "matrix"),
                  ("np.pad({x}, 9, mode='reflect')", F, "matrix"), ("np.pad({x}, 2, mode='reflect')", F, "unary"),
                  ("np.pad({x}, ((2, 5), (7, 1)), mode='reflect', reflect_type='odd')", F + I, "matrix"),
                  ("np.pad({x}, ((2, 5), (7, 1)), mode='symmetric')", F + I + B, "matrix"),
                  ("np.pad({x}, (4, 9), mode='symmetric', reflect_type='odd')", F, "matrix"),
                  ("np.pad({x}, ((1, 2), (3, 4)), mode='wrap')", F + I, "matrix"), ("np.pad({x}, 8, mode='wrap')", F, "matrix"),
                  ("np.pad({x}, ((1, 2), (3, 4)), mode='linear_ramp', end_values=((1.5, -2.0), (3.0, 4.0)))", F + I, "matrix"),
                  ("np.pad({x}, 3, mode='linear_ramp')", F + I, "matrix"),
                  ("np.pad({x}, 3, mode='mean')", F + I, "matrix"), ("np.pad({x}, (2, 3), mode='mean', stat_length=2)", F + I, "unary"),
                  ("np.pad({x}, ((1, 2), (3, 4)), mode='median', stat_length=2)", F + I, "matrix"),
                  ("np.pad({x}, ((1, 2), (3, 4)), mode='maximum', stat_length=((1, 2), (3, 1)))", F + I, "matrix"),
                  ("np.pad({x}, 2, mode='minimum')", F + I, "matrix"), ("np.pad({x}, 0, mode='wrap')", F, "matrix"),
                  ("np.pad({x}, 2, mode='minimum', stat_length=0)", F, "matrix")],
    # sorting and searching
    "numpy.searchsorted": [("np.searchsorted({x}, {y}, sorter=np.argsort({x}, kind='stable'))", F + I, "binary"),
                           ("np.searchsorted({x}, {y}, side='right', sorter=np.argsort({x}, kind='stable'))", F + I, "binary"),
                           ("np.searchsorted({x}, 0.5, sorter=np.arange({x}.size)[::-1])", F, "unary")],
    "numpy.lexsort": [("np.lexsort(({x}, {y}))", F + I + B, "binary"), ("np.lexsort(({x} % 3, {x}))", I, "unary"),
                      ("np.lexsort(({x}, np.floor({x} / 2), {x} > 0))", F, "matrix"), ("np.lexsort(({x}, {y}), axis=0)", F, "matrix"),
                      ("np.lexsort({x})", F + I, "matrix")],
    "numpy.partition": [("np.partition({x}, 2)[..., 2]", F + I, "unary"), ("np.partition({x}, 1, axis=0)[1]", F, "matrix"),
                        # the parts on either side of kth hold the same elements as a sort's
                        ("np.sort(np.partition({x}, 2)[..., :2], axis=-1)", F + I, "unary"),
                        ("np.sort(np.partition({x}, 2)[..., 3:], axis=-1)", F + I, "unary"),
                        ("np.partition({x}, (1, -1), axis=None)[np.array([1, -1])]", F + I, "matrix"),
                        ("np.sort(np.partition({x}, 3, axis=-1), axis=-1)", F, "matrix")],
    "numpy.argpartition": [("{x}[np.argpartition({x}, 2)[2]]", F + I, "unary"),
                           ("np.sort(np.argpartition({x}, 1, axis=0), axis=0)", F + I, "matrix"),
                           ("np.sort(np.take_along_axis({x}, np.argpartition({x}, 2), -1)[..., 3:], axis=-1)", F, "unary"),
                           ("np.take_along_axis({x}, np.argpartition({x}, (0, 2), axis=1), 1)[:, np.array([0, 2])]", F + I, "matrix")],
    "numpy.unique": [("UNPACK 4 1 || np.unique({x}, return_index=True, return_inverse=True, return_counts=True)", F + I, "matrix"),
                     ("UNPACK 4 2 || np.unique({x}, return_index=True, return_inverse=True, return_counts=True)", F + I + B, "matrix"),
                     ("UNPACK 4 3 || np.unique({x}, return_index=True, return_inverse=True, return_counts=True)", F, "unary"),
                     ("np.unique({x}, axis=None)", F, "unary")],
    "numpy.meshgrid": [("np.meshgrid({x}, {y}[:3])[0]", F + I, "unary"), ("np.meshgrid({x}, {y})[1]", F, "unary"),
                       ("np.meshgrid({x}[0], {y}[1], indexing='ij')[0]", F, "matrix"),
                       ("np.meshgrid({x}[0], {y}[:, 0], indexing='ij')[1]", F + I, "matrix"),
                       ("np.meshgrid({x}[0], {y}[:, 0], {x}[:2, 0])[2]", F, "matrix"),
                       ("np.meshgrid({x}[0], {y}[:2, 0], {x}[:3, 1], indexing='ij')[0]", F + I, "matrix"),
                       ("np.meshgrid({x}, {y}[:2], sparse=True)[0]", F, "unary"),
                       ("np.meshgrid({x}, {y}[:2], sparse=True, indexing='ij')[1]", F, "unary"),
                       ("np.meshgrid({x}, {y}[:2], copy=False)[1]", F, "unary"),
                       ("np.meshgrid({x}, {y}[:2].astype(np.int8))[1]", F, "unary")],
    # polynomials, integration, differences ("curve" inputs: finite)
    "numpy.polyfit": [("np.polyfit({x}, {y}, 1)", F + I, "curve"), ("np.polyfit({x}, {y}, 3)", F64, "curve"),
                      ("np.polyfit({x}, np.stack(({y}, {x} * 2), axis=1), 2)", F64, "curve"),
                      ("np.polyfit({x}, {y}, 0)", F64, "curve"), ("np.polyfit({x}, {y}, 2, rcond=1e-3)", F64, "curve")],
    "numpy.polyval": [("np.polyval({y}[:3], {x})", F + I, "curve"), ("np.polyval({y}[:4].astype(np.float64), {x})", F32 + I, "curve"),
                      ("np.asarray(np.polyval({y}[:2], 2.5))", F, "curve"), ("np.polyval({y}[:0], {x})", F, "curve")],
    "numpy.trapz": [("np.asarray(np.trapz({x}))", F + I + B, "curve"), ("np.asarray(np.trapz({x}, dx=0.5))", F, "curve"),
                    ("np.asarray(np.trapz({y}, {x}))", F + I, "curve"), ("np.trapz({x}, axis=0)", F + I, "matrix"),
                    ("np.trapz({x}, {y}[0], axis=1)", F, "matrix"), ("np.trapz({x}, {y}, axis=0)", F64, "matrix")],
    "numpy.gradient": [("np.gradient(np.ravel({x}))", F + I, "curve"), ("np.gradient(np.ravel({x}), 0.5)", F, "curve"),
                       ("np.gradient(np.ravel({x}), edge_order=2)", F + I, "curve"),
                       ("np.gradient(np.ravel({y}), np.cumsum(np.abs({x}) + 1))", F, "curve"),
                       ("np.gradient(np.ravel({y}), np.cumsum(np.abs({x}) + 1), edge_order=2)", F, "curve"),
                       ("np.gradient(np.ravel({y}), np.arange({x}.size) * 2)", F + I, "curve"),
                       ("np.gradient({x})[0]", F + I, "matrix"), ("np.gradient({x}, 2.0, 3.0)[1]", F, "matrix"),
                       ("np.gradient({x}, axis=1, edge_order=2)", F, "matrix"), ("np.gradient({x}, axis=(1, 0))[0]", F, "matrix")],
    "numpy.ndindex": [("np.array([p * 10 + q for p, q in np.ndindex({x}.shape)], dtype=np.int64)", F, "matrix"),
                      ("np.array([p[0] for p in np.ndindex(len({x}))], dtype=np.int64)", F, "unary"),
                      ("np.array([p * 100 + q * 10 + r for p, q, r in np.ndindex(2, 3, 1)], dtype=np.int64)", F, "none")],
    "numpy.ndenumerate": [("np.array([float(v) + ij[0] * 10 + ij[1] for ij, v in np.ndenumerate({x})])", F + I, "matrix")],
    "numpy.lib.stride_tricks.sliding_window_view": [
        ("np.lib.stride_tricks.sliding_window_view({x}, 3)", F + I + B, "vector"),
        ("np.lib.stride_tricks.sliding_window_view({x}, (2, 3))", F, "matrix"),
        ("np.lib.stride_tricks.sliding_window_view({x}, 2, axis=0)", F + I, "matrix"),
        ("np.lib.stride_tricks.sliding_window_view({x}, (2, 2), axis=(1, 1))", F, "matrix"),
        ("np.lib.stride_tricks.sliding_window_view({x}, 4)[::2].sum(axis=-1)", F, "vector")],
    "numpy.lib.stride_tricks.as_strided": [
        ("np.lib.stride_tricks.as_strided(np.ravel({x}), shape=(({x}.size - 3) // 2, 3), "
         "strides=(np.ravel({x}).strides[0] * 2, np.ravel({x}).strides[0]))", F + I, "vector"),
        ("np.lib.stride_tricks.as_strided({x}, shape=({x}.shape[1], {x}.shape[0]), strides=({x}.strides[1], {x}.strides[0]))", F, "matrix"),
        ("np.lib.stride_tricks.as_strided({x})", F, "matrix")],
    # (not of empty arrays, whose strides NumPy sets its own way)
    "numpy.ndarray.strides": [("np.array({x}.strides)", F + ("int8",), "index"), ("np.array({x}[:, ::2].strides)", F, "index")],
    "numpy.ndarray.itemsize": [("np.array({x}.itemsize)", F + I + B, "unary")],
}


# Array conversions, take as a method, trim_zeros, explicit histogram edges, reps and
# sequences computed at run time or mixing lists with arrays, outer of mixed dtypes.
ARRAYS = {
    "numpy.asanyarray": [("np.asanyarray({x}.T)", F + I, "matrix"), ("np.asanyarray([1, 2.5])", F64, "none")],
    "numpy.asfarray": [("np.asfarray({x})", F + I + B, "unary"), ("np.asfarray({x}, dtype=np.float32)", F + I, "unary"),
                       ("np.asfarray({x}, np.int8)", I, "unary"), ("np.asfarray([1, 2])", F64, "none")],
    "numpy.ndarray.take": [("{x}.take({k})", F + I, "index"), ("{x}.take({k}, axis=1)", F, "index"),
                           ("{x}.take({k}[:2], 0)", I, "index"), ("np.asarray({x}.take(-1))", F, "index")],
    "numpy.fromiter": [("np.fromiter(range(5), dtype=np.float32)", F32, "none"),
                       ("np.fromiter([1, 2, 3], np.int64, count=2)", F64, "none")],
    "numpy.ndarray.__contains__": [("np.asarray({x}[0, 0] in {x})", F + I, "matrix"),
                                   ("np.asarray(123 in {x})", F + I, "matrix")],
    "numpy.trim_zeros": [("np.trim_zeros({x}[0] * ({x}[0] > 1))", F + I, "matrix"),
                         ("np.trim_zeros({x}[:, 0] * ({x}[:, 0] < 0), 'f')", F + I, "matrix"),
                         ("np.trim_zeros({x}[0] * ({x}[0] > 0), trim='b')", F, "matrix"),
                         ("np.trim_zeros(np.concatenate((np.zeros(2, np.{d}), {x}[0], np.zeros(1, np.{d}))), 'FB')", F + I, "matrix"),
                         ("np.trim_zeros({x}[0] * 0)", F, "matrix"), ("np.trim_zeros({x}[0, ::-2] * ({x}[0, ::-2] > 0))", F, "matrix")],
    "numpy.histogram": [("UNPACK 2 0 || np.histogram({x}, np.array([-1.0, 0.0, 0.5, 3.0]))", F + I, "unary"),
                        ("UNPACK 2 1 || np.histogram({x}, np.array([-2, 0, 2]))", F + I, "unary"),
                        ("UNPACK 2 0 || np.histogram({x}, [0, 1, 1, 2.5])", F + I, "reduce"),
                        ("UNPACK 2 0 || np.histogram({x}, np.sort({y}))", F + I, "vector"),
                        ("UNPACK 2 0 || np.histogram({x}, {y})", F, "vector"),
                        ("UNPACK 2 1 || np.histogram({x}, np.array([1.0], np.float32))", F, "vector"),
                        ("UNPACK 2 0 || np.histogram({x}, np.zeros(0, np.float32))", F, "vector")],
    "numpy.tile": [("np.tile({x}, [2, {x}.shape[0] % 3])", F, "matrix"), ("np.tile({x}, ({x}.shape[1], 1))", F + I, "matrix"),
                   ("np.tile({x}, [1, {x}.shape[0] - 5])", F, "matrix")],
    "numpy.outer": [("np.outer({x}[0], {y}[:, 0].astype(np.int8))", F + I, "matrix"),
                    ("np.outer({x}, np.arange(3))", F + ("int32",), "matrix"),
                    ("np.outer({x}[0].astype(np.float32), {y}[0])", F64 + I, "matrix")],
    "numpy.concatenate": [("np.concatenate(([0.0], {x}, [1.0]))", F + I, "vector"),
                          ("np.concatenate(({x}, [[1, 2, 3, 4, 5, 6]]))", F + I, "matrix"),
                          ("np.concatenate(([True], {x}[0]))", I, "matrix"), ("np.concatenate(([0.5], {x}))", F, "unary")],
    "numpy.stack": [("np.stack(([0.5, 1.5, 2.5], {x}[0, :3]))", F + I, "matrix")],
    "numpy.r_": [("np.r_[0:5, {x}]", F + I, "vector"), ("np.r_[{x}, {x}.size - 1]", F + I + ("int8",), "vector"),
                 ("np.r_[{x}, 2.5, [1, 2]]", F + I, "unary"), ("np.r_[{x}[0], {y}[1], 0:4:2]", F, "matrix"),
                 ("np.r_[{x}, -1:3, np.float32(0.5)]", ("int8",), "vector"), ("np.r_[{x}]", F, "matrix"),
                 ("np.r_[:{x}.size]", F, "vector"), ("np.r_[{x}, 0.5:2:0.5]", F + I, "vector")],
    "numpy.c_": [("np.c_[{x}[0], {y}[1]]", F + I, "matrix"), ("np.c_[{x}, {y}]", F, "matrix"),
                 ("np.c_[{x}, {x}[:, 0]]", F + I, "matrix"), ("np.c_[{x}[:1], 7]", F + ("int8",), "matrix"),
                 ("np.c_[0:3, {x}[0, :3]]", F, "matrix")],
}


def family_templates():
    out = {}
    for table in (FFT, COMPLEX, ufunc_method_templates(), REST, ARRAYS):
        for name, cases in table.items():
            out.setdefault(name, []).extend(cases)
    return out


def family_cases():
    """numpy_cases.Case list of every template above (added to the registry-derived cases)."""
    from numpy_cases import Case
    out = []
    for name, cases in family_templates().items():
        for template, dtypes, inputs, *own in cases:
            # A case computing through a transform compares within the FFT's tolerance.
            through_fft = any(f"np.fft.{t}(" in template for t in ("fft", "ifft", "rfft", "irfft"))
            tol = own[0] if own else FFT_TOLERANCE if through_fft else ""
            for dtype in dtypes:
                out.append(Case(name, template.replace("{d}", "bool_" if dtype == "bool" else dtype), dtype, inputs, tol))
    return out
