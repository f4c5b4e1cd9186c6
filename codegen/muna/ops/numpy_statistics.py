"""Counting, binning, interpolation, convolution and covariance: bincount, histogram,
digitize, interp, convolve, cov and corrcoef. Results have NumPy's dtypes (bincount int64, or
float64 with weights; histogram int64 counts and edges in NumPy's bin dtype; interp, cov and
corrcoef float64); inputs are converted here so the C++ side (include/muna/numpy/) sees one
element type per argument."""
from __future__ import annotations

from ..build_ir import const
from ..registry import REGISTRY, Resolved, op
from .numpy_ops import (FLOAT, INT, ListT, NumpyScalar, Scalar, TensorT, TupleT, array_arg, convert,
                        cpp, emit_item, np, operand_to, static, static_none, strip_literal,
                        supported_dtype, trial_value)

INTEGERS = ("bool", "uint8", "int8", "int16", "int32", "int64")


def _vector(b, name):
    """A 1-d array argument (NumPy's error for more dimensions)."""
    t = array_arg(b, name)
    if t.rank is not None and t.rank > 1:
        b.fail("object too deep for desired array")
    return t


@op("numpy.bincount", "x, weights=None, minlength=0", obj=np.bincount)
def _bincount(b):
    t = _vector(b, "x")
    if t.dtype not in INTEGERS:
        b.fail(f"Cannot cast array data from dtype('{t.dtype}') to dtype('int64') according to "
               "the rule 'safe'")
    weights = b.args["weights"]
    if not static_none(b, "weights"):
        _vector(b, "weights")
        weights = operand_to(weights, "float64")
    dtype = "int64" if static_none(b, "weights") else "float64"
    return Resolved(TensorT(t.lib, dtype, 1), (operand_to(b.args["x"], "int64"), weights,
                                                convert(b.args["minlength"], INT)))


@op("numpy.histogram", "a, bins=10, range=None, normed=None, weights=None, density=None",
    obj=np.histogram)
def _histogram(b):
    """(counts, edges) for an int number of equal bins (the edge dtype is NumPy's bin_type,
    decided from a's dtype and the range's values) or for an array of edges."""
    t = array_arg(b)
    if not all(static_none(b, n) or static(b, n) is False for n in ("normed", "weights", "density")):
        b.fail("numpy.histogram: weights= and density= are not supported")
    bins_t = strip_literal(b.type("bins"))
    if isinstance(bins_t, (TensorT, ListT)):
        return _histogram_edges(b, t)
    if bins_t != INT:
        b.fail("numpy.histogram: bins must be an int or an array of edges (estimators are not supported)")
    edge = np.dtype(t.dtype).type(0)
    if static_none(b, "range"):
        bounds, given = (const(0.0, b.loc), const(0.0, b.loc)), False
        trial = (edge, edge)
    else:
        range_ = b.args["range"]
        rt = strip_literal(range_.type)
        if range_.op != "tuple" or len(rt.items) != 2:
            b.fail("numpy.histogram: range must be a pair (min, max)")
        bounds, given = tuple(convert(e, FLOAT) for e in range_.args), True
        trial = tuple(e.attr("value") if e.op == "const" else 0.0 for e in range_.args)
    bin_type = np.result_type(*trial, np.zeros(1, t.dtype))
    if np.issubdtype(bin_type, np.integer) or bin_type == np.bool_:
        bin_type = np.result_type(bin_type, float)
    dtype = supported_dtype(b, bin_type, "the bin edges")
    result = TupleT((TensorT(t.lib, "int64", 1), TensorT(t.lib, dtype, 1)))
    return Resolved(result, (b.args["a"], convert(b.args["bins"], INT), *bounds,
                             const(given, b.loc)), (cpp(dtype),))


def _histogram_edges(b, t):
    """Explicit edges (an array or a list, as np.asarray makes it); range= is then unused, as
    in NumPy. The edges come back as given; comparisons happen in the common dtype."""
    bins = b.args["bins"]
    if isinstance(strip_literal(bins.type), ListT):
        bins = REGISTRY.apply("numpy.asarray", {"a": bins}, b.loc, b.builder)
    e = strip_literal(bins.type)
    if e.rank not in (None, 1):
        b.fail("`bins` must be 1d, when an array")
    common = supported_dtype(b, np.result_type(np.dtype(t.dtype), np.dtype(e.dtype)))
    result = TupleT((TensorT(t.lib, "int64", 1), e.with_(rank=1)))
    return Resolved(result, (b.args["a"], bins), (cpp(common),))


@op("numpy.digitize", "x, bins, right=False", obj=np.digitize,
    emit=emit_item("muna::numpy::digitize"), header="muna/numpy/digitize.hpp")
def _digitize(b):
    bins = _vector(b, "bins")
    x = strip_literal(b.type("x"))
    if not isinstance(x, (TensorT, NumpyScalar, Scalar)):
        b.fail(f"numpy.digitize expects an array or a number for 'x', got {x}")
    dtype = supported_dtype(b, np.result_type(trial_value(b.args["x"]), np.zeros(1, bins.dtype)))
    result = TensorT(bins.lib, "int64", x.rank) if isinstance(x, TensorT) else NumpyScalar("int64")
    return Resolved(result, (operand_to(b.args["x"], dtype), operand_to(b.args["bins"], dtype),
                             b.args["right"]))


def _optional_float(b, name):
    if static_none(b, name):
        return b.args[name]
    if not isinstance(strip_literal(b.type(name)), (Scalar, NumpyScalar)):
        b.fail(f"numpy.interp: {name} must be a number or None")
    return convert(b.args[name], FLOAT)


@op("numpy.interp", "x, xp, fp, left=None, right=None, period=None", obj=np.interp,
    emit=emit_item("muna::numpy::interp"), header="muna/numpy/interp.hpp")
def _interp(b):
    """Real data, float64 throughout (NumPy converts to float64 too)."""
    if not static_none(b, "period"):
        b.fail("numpy.interp(period=...) is not supported")
    x = strip_literal(b.type("x"))
    for n in ("xp", "fp"):
        _vector(b, n)
    result = TensorT("numpy", "float64", x.rank) if isinstance(x, TensorT) else NumpyScalar("float64")
    left, right = (_optional_float(b, n) for n in ("left", "right"))
    return Resolved(result, (operand_to(b.args["x"], "float64"), operand_to(b.args["xp"], "float64"),
                             operand_to(b.args["fp"], "float64"), left, right))


@op("numpy.convolve", "a, v, mode='full'", obj=np.convolve, tolerance="close:1e-5")
def _convolve(b):
    for n in ("a", "v"):
        _vector(b, n)
    if static(b, "mode") not in ("full", "same", "valid"):
        b.fail("numpy.convolve: mode must be 'full', 'same' or 'valid'")
    dtype = supported_dtype(b, np.result_type(trial_value(b.args["a"]), trial_value(b.args["v"])))
    return Resolved(TensorT(array_arg(b).lib, dtype, 1),
                    (operand_to(b.args["a"], dtype), operand_to(b.args["v"], dtype), b.args["mode"]))


def _covariance_inputs(b, names):
    """m (and y) as float64, with NumPy's rank check; the result rank depends on run-time
    sizes (a single variable squeezes to 0-d), so it is left open."""
    args = []
    for n in names:
        if n == "y" and static_none(b, "y"):
            args.append(b.args["y"])
            continue
        t = array_arg(b, n)
        if t.rank is not None and t.rank > 2:
            b.fail(f"{n} has more than 2 dimensions")
        args.append(operand_to(b.args[n], "float64"))
    return args


@op("numpy.cov", "m, y=None, rowvar=True, bias=False, ddof=None, fweights=None, aweights=None, "
    "dtype=None", obj=np.cov, tolerance="close:1e-12")
def _cov(b):
    if not (static_none(b, "fweights") and static_none(b, "aweights") and static_none(b, "dtype")):
        b.fail("numpy.cov: fweights=, aweights= and dtype= are not supported")
    m, y = _covariance_inputs(b, ("m", "y"))
    ddof = b.args["ddof"] if static_none(b, "ddof") else convert(b.args["ddof"], INT)
    return Resolved(TensorT("numpy", "float64", None), (m, y, b.args["rowvar"], b.args["bias"], ddof))


@op("numpy.corrcoef", "x, y=None, rowvar=True, bias=None, ddof=None, dtype=None",
    obj=np.corrcoef, tolerance="close:1e-12")
def _corrcoef(b):
    if not (static_none(b, "bias") and static_none(b, "ddof") and static_none(b, "dtype")):
        b.fail("numpy.corrcoef: bias= and ddof= have no effect (deprecated) and dtype= is not "
               "supported")
    x, y = _covariance_inputs(b, ("x", "y"))
    return Resolved(TensorT("numpy", "float64", None), (x, y, b.args["rowvar"]))
