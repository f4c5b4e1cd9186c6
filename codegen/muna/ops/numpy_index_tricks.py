"""np.r_[...] and np.c_[...]: the index expressions that concatenate. The frontend hands the
subscript's items to these rules as one tuple, each slice already np.arange(start, stop, step);
each rule spells the result in other ops, as NumPy 1.24's AxisConcatenator builds it: a list is
an array, a number or NumPy scalar a one-element array; the dtype is
np.result_type of the arrays' dtypes and the numbers themselves (so a Python number does not
widen the arrays), then np.concatenate along axis 0 (r_) or along the last axis with 1-d items
as columns (c_). The string directives ('r', 'c', '0,2,1', ...) are refused by the frontend,
and complex steps (linspace) by np.arange."""
from __future__ import annotations

from ..build_ir import const
from ..ir import Expr
from ..registry import REGISTRY, Resolved, op
from ..types import NONE
from .numpy_ops import (ListT, NumpyScalar, Scalar, TensorT, TupleT, np, operand_to, strip_literal,
                        supported_dtype, trial_value)

HEADER, CPP = "muna/numpy/concatenate.hpp", "muna::numpy::concatenate"  # what they are spelled in


def _pieces(b):
    """[(Expr, is_scalar)] of the items, and the dtype NumPy concatenates them in."""
    pieces, trials = [], []
    for e in b.args["key"].args:
        t = strip_literal(e.type)
        if isinstance(t, (ListT, TupleT)):
            e = REGISTRY.apply("numpy.asarray", {"a": e}, b.loc, b.builder)
        elif isinstance(t, (Scalar, NumpyScalar)) and t != NONE:
            pieces.append((e, True))
            trials.append(trial_value(e))
            continue
        elif not isinstance(t, TensorT):
            b.fail(f"{b.op.name}[...] takes arrays, lists, numbers and slices, got {t}")
        pieces.append((e, False))
        trials.append(np.dtype(strip_literal(e.type).dtype))
    if not pieces:
        b.fail(f"{b.op.name}[()] is empty; NumPy returns an empty float64 array")
    return pieces, supported_dtype(b, np.result_type(*trials))


def _joined(b, axis, shaped):
    """np.concatenate of the items, each made what `shaped(item, is_scalar, dtype)` returns and
    converted to the common dtype."""
    pieces, dtype = _pieces(b)
    items = tuple(operand_to(shaped(e, scalar, dtype), dtype) for e, scalar in pieces)
    ranks = {strip_literal(i.type).rank for i in items}
    key = Expr("tuple", TupleT(tuple(strip_literal(i.type) for i in items)), items, loc=b.loc)
    return Resolved(TensorT("numpy", dtype, ranks.pop() if len(ranks) == 1 else None),
                    (key, const(axis, b.loc)), op="numpy.concatenate")


def _filled(b, shape, value, dtype):
    return REGISTRY.apply("numpy.full", {"shape": const(shape, b.loc), "fill_value": value,
                                         "dtype": const(dtype, b.loc)}, b.loc, b.builder)


@op("numpy.r_", "key", kind="function", header=HEADER, cpp=CPP,
    doc="np.r_[...]: arrays, lists, numbers and slices; no string directives")
def _r(b):
    def shaped(e, scalar, dtype):
        if scalar:
            return _filled(b, 1, e, dtype)
        if strip_literal(e.type).rank in (None, 0):
            return REGISTRY.apply("numpy.atleast_1d", {"arys": e}, b.loc, b.builder)
        return e
    return _joined(b, 0, shaped)


@op("numpy.c_", "key", kind="function", header=HEADER, cpp=CPP,
    doc="np.c_[...]: arrays of known rank (1-d ones as columns), lists, numbers and slices; no string directives")
def _c(b):
    def shaped(e, scalar, dtype):
        if scalar:
            return _filled(b, (1, 1), e, dtype)
        rank = strip_literal(e.type).rank
        if rank is None:
            b.fail("np.c_[...] needs arrays of a rank known at compile time (1-d items become columns)")
        if rank < 2:
            return REGISTRY.apply("numpy.expand_dims", {"a": e, "axis": const((-1,) if rank else (0, 1), b.loc)},
                                  b.loc, b.builder)
        return e
    return _joined(b, -1, shaped)
