"""Linear algebra: matmul (and @), dot, vdot, inner, outer, tensordot, einsum, trace,
diagonal, diag and linalg.norm (its SVD-based matrix norms share the factorisations' Eigen
driver, include/muna/numpy/linalg/detail/). Operands are promoted to NumPy's common dtype first; every
product runs through muna::numpy::detail::matmul_kernel (einsum's general contraction is a
direct loop)."""
from __future__ import annotations

import string

import numpy as np

from ..build_ir import const
from ..registry import Resolved, op
from .numpy_ops import (FLOAT, FLOAT_DTYPES, INT, NumpyScalar, TensorT, TupleT, array_arg,
                        axes_arg, emit_item, check_operand, convert, operand_to, rename_self, static,
                        strip_literal, supported_dtype, tensor_lib, trial_value)

PRODUCT = "close:1e-5"  # another summation order than OpenBLAS: relative 1e-5 (float32)


def _promoted(b, names, fn=None):
    """(dtype, operand types, operands converted to it): NumPy's promotion, or the dtype `fn`
    (the NumPy function itself) gives on stand-ins (dot and inner do not cast by value)."""
    for n in names:
        check_operand(b, n)
    trial = [trial_value(b.args[n]) for n in names]
    if fn is not None:
        trial = [np.zeros(1, t.dtype) if isinstance(t, np.ndarray) else t for t in trial]
        dtype = supported_dtype(b, np.asarray(fn(*trial)).dtype)
    else:
        dtype = supported_dtype(b, np.result_type(*trial))
    types = [strip_literal(b.type(n)) for n in names]
    return dtype, types, [operand_to(b.args[n], dtype) for n in names]


def _matmul_rank(b, ra, rb):
    if ra == 0 or rb == 0:
        b.fail("matmul: Input operand does not have enough dimensions (has 0, gufunc core "
               "with signature (n?,k),(k,m?)->(n?,m?) requires 1)")
    if ra is None or rb is None:
        return None
    batch = max(ra - 2, rb - 2, 0)
    return batch + (ra > 1) + (rb > 1)


@op("numpy.matmul", "x1, x2", obj=np.matmul, tolerance=PRODUCT)
def _matmul(b):
    dtype, types, args = _promoted(b, ("x1", "x2"))
    if not all(isinstance(t, TensorT) for t in types):
        b.fail("matmul: Input operand does not have enough dimensions (scalars)")
    rank = _matmul_rank(b, types[0].rank, types[1].rank)
    return Resolved(TensorT(tensor_lib(*types), dtype, rank), tuple(args))


@op("numpy.dot", "a, b, out=None", obj=np.dot, tolerance=PRODUCT)
def _dot(b):
    if static(b, "out") is not None:
        b.fail("numpy.dot(out=...) is not supported")
    dtype, types, args = _promoted(b, ("a", "b"), np.dot)
    ra, rb = [t.rank if isinstance(t, TensorT) else 0 for t in types]
    if ra is None or rb is None:
        rank = None
    elif ra == 0 or rb == 0:
        rank = max(ra, rb)
    else:
        rank = ra + rb - 2  # a's last axis meets b's last (1-d) or second-to-last axis
    result = NumpyScalar(dtype) if rank == 0 else TensorT(tensor_lib(*types), dtype, rank)
    if rank == 0:
        return Resolved(result, tuple(args), op="numpy.detail.item_of_dot")
    return Resolved(result, tuple(args))


@op("numpy.inner", "a, b", obj=np.inner, header="muna/numpy/dot.hpp", tolerance=PRODUCT)
def _inner(b):
    dtype, types, args = _promoted(b, ("a", "b"), np.inner)
    ra, rb = [t.rank if isinstance(t, TensorT) else 0 for t in types]
    rank = None if ra is None or rb is None else (max(ra, rb) if 0 in (ra, rb) else ra + rb - 2)
    if rank == 0:
        return Resolved(NumpyScalar(dtype), tuple(args), op="numpy.detail.item_of_inner")
    return Resolved(TensorT(tensor_lib(*types), dtype, rank), tuple(args))


@op("numpy.vdot", "a, b", obj=np.vdot, header="muna/numpy/dot.hpp", tolerance=PRODUCT,
    emit=lambda args, r: f"muna::numpy::dot(muna::numpy::ravel({args[0]}), "
                         f"muna::numpy::ravel({args[1]})).data()[0]")
def _vdot(b):
    dtype, types, args = _promoted(b, ("a", "b"))
    if not all(isinstance(t, TensorT) for t in types):
        b.fail("numpy.vdot expects arrays")
    return Resolved(NumpyScalar(dtype), tuple(args))


# A 0-d product as NumPy returns it: a NumPy scalar (the C++ result's single element).
op("numpy.detail.item_of_dot", "a, b", header="muna/numpy/dot.hpp",
   emit=lambda args, r: f"muna::numpy::dot({args[0]}, {args[1]}).data()[0]",
   doc="internal: dot of two vectors")(lambda b: None)
op("numpy.detail.item_of_inner", "a, b", header="muna/numpy/dot.hpp",
   emit=lambda args, r: f"muna::numpy::inner({args[0]}, {args[1]}).data()[0]",
   doc="internal: inner of two vectors")(lambda b: None)
from ..registry import REGISTRY  # noqa: E402

REGISTRY["numpy.vdot"].header = "muna/numpy/dot.hpp"
for _name in ("numpy.detail.item_of_dot", "numpy.detail.item_of_inner"):
    REGISTRY[_name].header = "muna/numpy/dot.hpp"


@op("numpy.outer", "a, b, out=None", obj=np.outer, header="muna/numpy/dot.hpp")
def _outer(b):
    dtype, types, args = _promoted(b, ("a", "b"))
    if not all(isinstance(t, TensorT) for t in types):
        b.fail("numpy.outer expects arrays")
    return Resolved(TensorT(tensor_lib(*types), dtype, 2), tuple(args))


@op("numpy.tensordot", "a, b, axes=2", obj=np.tensordot, header="muna/numpy/dot.hpp",
    tolerance=PRODUCT)
def _tensordot(b):
    dtype, types, args = _promoted(b, ("a", "b"))
    axes = static(b, "axes")
    ra, rb = types[0].rank, types[1].rank
    if isinstance(axes, int):
        n = axes
        axes_e = convert(b.args["axes"], INT)
    elif isinstance(axes, tuple) and len(axes) == 2:
        first, second = [(a,) if isinstance(a, int) else tuple(a) for a in axes]
        if len(first) != len(second):
            b.fail("shape-mismatch for sum")
        n = len(first)
        axes_e = b.args["axes"]
        if not (b.args["axes"].op == "tuple"):
            axes_e = const((first, second), b.loc)
    else:
        b.fail("numpy.tensordot: axes must be an int or a pair of axis sequences known at "
               "compile time")
    rank = None if ra is None or rb is None else ra + rb - 2 * n
    return Resolved(TensorT(tensor_lib(*types), dtype, rank), (*args, axes_e))


@op("numpy.einsum", "subscripts, x1, x2=None, out=None, dtype=None, order='K', "
    "casting='safe', optimize=False", obj=np.einsum, tolerance=PRODUCT)
def _einsum(b):
    """Subscripts are parsed here and checked against the operand ranks; '...' becomes labels
    of its own (digits, which no subscript uses), right-aligned so that the operands' extra
    axes broadcast as NumPy's do. C++ gets the operand labels and the output labels."""
    spec = static(b, "subscripts")
    if not isinstance(spec, str):
        b.fail("numpy.einsum: the subscripts must be a string constant")
    names = ["x1"] + ([] if b.args["x2"].op == "const" and b.args["x2"].attr("value") is None
                      else ["x2"])
    spec = spec.replace(" ", "")
    inputs, arrow, output = spec.partition("->")
    labels = inputs.split(",")
    if len(labels) != len(names):
        b.fail(f"numpy.einsum: {len(labels)} operand subscripts for {len(names)} operands")
    for l in labels + [output]:
        if any(c not in string.ascii_letters for c in l.replace("...", "", 1)):
            b.fail(f"invalid subscript in einstein sum string {spec!r}")
    dtype, types, args = _promoted(b, names)
    if static(b, "dtype") is not None:
        dtype = supported_dtype(b, np.dtype(static(b, "dtype")))
        args = [operand_to(b.args[n], dtype) for n in names]
    for t in types:
        if not isinstance(t, TensorT):
            b.fail("numpy.einsum operands must be arrays")
    ellipsis = ""
    if "..." in inputs:
        if any(t.rank is None for t in types):
            b.fail("numpy.einsum with '...' needs operands of known rank; annotate their shapes")
        extra = []
        for n, (l, t) in enumerate(zip(labels, types)):
            count = t.rank - (len(l) - 3) if "..." in l else 0
            if count < 0:
                b.fail("einstein sum subscripts string contains too many subscripts for "
                       f"operand {n}")
            extra.append(count)
        ellipsis = "0123456789"[:max(extra)]
        labels = [l.replace("...", ellipsis[len(ellipsis) - k:]) for l, k in zip(labels, extra)]
    if not arrow:  # implicit mode: the broadcast axes, then the labels seen once, sorted
        counts = {c: "".join(labels).count(c) for c in "".join(labels) if c.isalpha()}
        output = ellipsis + "".join(sorted(c for c, n in counts.items() if n == 1))
    elif "..." in output:
        output = output.replace("...", ellipsis)
    elif ellipsis:
        b.fail("output has more dimensions than subscripts given in einstein sum, but no '...' "
               "ellipsis provided to broadcast the extra dimensions.")
    for l, t in zip(labels, types):
        if t.rank is not None and len(l) != t.rank:
            b.fail("operand has more dimensions than subscripts given in einstein sum")
    rank = len(output)
    result = NumpyScalar(dtype) if rank == 0 else TensorT(tensor_lib(*types), dtype, rank)
    from .numpy_ops import cpp
    return Resolved(result, (const(",".join(labels), b.loc), const(output, b.loc), *args),
                    (cpp(dtype),))


# A full contraction is a NumPy scalar: the 0-d result's element.
REGISTRY["numpy.einsum"].emit = emit_item("muna::numpy::einsum")


def _diag_args(b):
    return (convert(b.args["offset"], INT), convert(b.args["axis1"], INT),
            convert(b.args["axis2"], INT))


def _trace(b):
    if "self" in b.args:
        rename_self(b)
    t = array_arg(b)
    if t.rank is not None and t.rank < 2:
        b.fail("diag requires an array of at least two dimensions")
    dtype = supported_dtype(b, static(b, "dtype") and np.dtype(static(b, "dtype"))
                            or np.add.reduce(np.zeros(1, t.dtype)).dtype)
    rank = None if t.rank is None else t.rank - 2
    result = NumpyScalar(dtype) if rank == 0 else t.with_(dtype=dtype, rank=rank)
    from .numpy_ops import cpp
    emit_item = rank == 0
    return Resolved(result, (b.args["a"], *_diag_args(b)), (cpp(dtype),),
                    op="numpy.detail.item_of_trace" if emit_item else None)


op("numpy.trace", "a, offset=0, axis1=0, axis2=1, dtype=None, out=None", obj=np.trace,
   header="muna/numpy/trace.hpp")(_trace)
op("numpy.ndarray.trace", "self, offset=0, axis1=0, axis2=1, dtype=None, out=None",
   method_of="numpy.ndarray", kind="method", header="muna/numpy/trace.hpp",
   cpp="muna::numpy::trace", doc="method form of numpy.trace")(_trace)
op("numpy.detail.item_of_trace", "a, offset, axis1, axis2", header="muna/numpy/trace.hpp",
   emit=lambda args, r: f"muna::numpy::trace<{r.attr('template')[0]}>({', '.join(args)}).data()[0]",
   doc="internal: trace of a matrix")(lambda b: None)
REGISTRY["numpy.detail.item_of_trace"].header = "muna/numpy/trace.hpp"


@op("numpy.diagonal", "a, offset=0, axis1=0, axis2=1", obj=np.diagonal,
    header="muna/numpy/trace.hpp")
def _diagonal(b):
    t = array_arg(b)
    return Resolved(t.with_(rank=None if t.rank is None else t.rank - 1),
                    (b.args["a"], *_diag_args(b)))


op("numpy.ndarray.diagonal", "self, offset=0, axis1=0, axis2=1", method_of="numpy.ndarray",
   kind="method", header="muna/numpy/trace.hpp", cpp="muna::numpy::diagonal",
   doc="method form of numpy.diagonal")(lambda b: _diagonal(rename_self(b)))


@op("numpy.diag", "v, k=0", obj=np.diag, header="muna/numpy/trace.hpp")
def _diag(b):
    t = array_arg(b, "v")
    if t.rank not in (None, 1, 2):
        b.fail("Input must be 1- or 2-d.")
    rank = None if t.rank is None else 3 - t.rank
    return Resolved(t.with_(rank=rank), (b.args["v"], convert(b.args["k"], INT)))


@op("numpy.linalg.norm", "x, ord=None, axis=None, keepdims=False", obj=np.linalg.norm,
    tolerance="close:1e-5")
def _norm(b):
    t = array_arg(b, "x")
    ord_ = static(b, "ord")
    axes = axes_arg(b, t.rank)
    keepdims = static(b, "keepdims")
    if ord_ == "fro":
        ord_ = None
    nuclear = ord_ == "nuc"
    if ord_ is not None and not nuclear and not isinstance(ord_, (int, float)):
        b.fail(f"Invalid norm order '{ord_}' for vectors")
    naxes = 0 if axes is None else len(axes)
    effective = naxes or t.rank
    if effective == 2 and ord_ not in (None, 1, -1, 2, -2, np.inf, -np.inf, "nuc"):
        b.fail("Invalid norm order for matrices.")
    if nuclear and effective != 2:
        b.fail(f"Invalid norm order '{ord_}' for vectors")
    if ord_ is not None and axes is None and t.rank not in (1, 2):
        b.fail("Improper number of dimensions to norm.")
    dtype = t.dtype if t.dtype in FLOAT_DTYPES else "float64"
    if keepdims:
        result = t.with_(dtype=dtype)
    elif axes is None:
        result = NumpyScalar(dtype)
    else:
        result = t.with_(dtype=dtype, rank=None if t.rank is None else t.rank - naxes)
    ord_value = float("nan") if ord_ is None or nuclear else float(ord_)
    return Resolved(result, (b.args["x"], const(ord_value, b.loc), b.args["axis"],
                             const(naxes, b.loc), const(bool(keepdims), b.loc),
                             const(nuclear, b.loc)),
                    (result.cpp(), "true" if nuclear or ord_ in (2, -2) else "false"))


@op("numpy.cross", "a, b, axisa=-1, axisb=-1, axisc=-1, axis=None", obj=np.cross)
def _cross(b):
    """Vectors along the last axes (the default axes only). Two 2-vectors give a result with
    one axis fewer, which depends on run-time lengths: the result rank is left open."""
    if (static(b, "axisa"), static(b, "axisb"), static(b, "axisc"), static(b, "axis")) != (-1, -1, -1, None):
        b.fail("numpy.cross with other axes than the last is not supported; move the axis first")
    for n in ("a", "b"):
        array_arg(b, n)
    dtype = supported_dtype(b, np.promote_types(trial_value(b.args["a"]).dtype,
                                                trial_value(b.args["b"]).dtype))
    types = [strip_literal(b.type(n)) for n in ("a", "b")]
    return Resolved(TensorT(tensor_lib(*types), dtype, None),
                    (operand_to(b.args["a"], dtype), operand_to(b.args["b"], dtype)))
