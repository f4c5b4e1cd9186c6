"""Python's statistics module on lists of numbers: the averages, order statistics, modes,
variances and quantiles of CPython 3.11, with its exact results (it sums exact fractions and
rounds once: include/muna/python/statistics/detail/exact.hpp does the same with big integers)
and its StatisticsError (a ValueError).

CPython returns an int from mean, median, variance and pvariance of ints when the value is
integral; a muna type is decided at compile time, so these return a float of the same value.
"""
from __future__ import annotations

import statistics

from ..build_ir import convert
from ..registry import Resolved, op
from ..types import BOOL, FLOAT, INT, STR, IterT, ListT, Scalar, SetT, Str, TupleT, strip_literal
from .python_math import integer, is_none


def data(b, name="data", kinds=(Scalar,)):
    """The data: a list of numbers (or, where CPython takes them too, of strs); another iterable
    (range(), a tuple of one type, a set) as the list of its items."""
    t = strip_literal(b.type(name))
    if isinstance(t, (IterT, SetT, TupleT)) or (isinstance(t, Str) and Str in kinds):
        from .python_heapq import iterable_list
        e, t = iterable_list(b, name)
        if isinstance(t.item, kinds):
            return e, t.item
    if isinstance(t, ListT) and isinstance(t.item, kinds):
        return b.args[name], t.item
    what = "numbers" if kinds == (Scalar,) else "numbers or strs"
    b.fail(f"{b.op.name}() takes a list of {what}, not {t}")


def centre(b, name):
    """xbar= / mu=: a number (its own type decides CPython's arithmetic of the deviations)."""
    e = b.args[name]
    t = strip_literal(e.type)
    if t == BOOL:
        return convert(e, INT)
    if t in (INT, FLOAT):
        return e
    b.fail(f"{b.op.name}() argument '{name}' must be a number or None, not {t}")


op("statistics.mean", "data", obj=statistics.mean)(lambda b: Resolved(FLOAT, (data(b)[0],)))
op("statistics.median", "data", obj=statistics.median)(lambda b: Resolved(FLOAT, (data(b)[0],)))


@op("statistics.fmean", "data, weights=None", obj=statistics.fmean)
def _fmean(b):
    values = data(b)[0]
    if is_none(b.args["weights"]):
        return Resolved(FLOAT, (values,))
    return Resolved(FLOAT, (values, data(b, "weights")[0]))


def _item_valued(name):
    def rule(b):
        values, item = data(b, kinds=(Scalar, Str))
        return Resolved(item, (values,))
    op(f"statistics.{name}", "data", obj=getattr(statistics, name))(rule)


for _name in ("median_low", "median_high", "mode"):
    _item_valued(_name)


@op("statistics.multimode", "data", obj=statistics.multimode)
def _multimode(b):
    values, item = data(b, kinds=(Scalar, Str))
    return Resolved(ListT(item), (values,))


def _spread(name, centre_name):
    def rule(b):
        values = data(b)[0]
        if is_none(b.args[centre_name]):
            return Resolved(FLOAT, (values,))
        return Resolved(FLOAT, (values, centre(b, centre_name)))
    op(f"statistics.{name}", f"data, {centre_name}=None", obj=getattr(statistics, name))(rule)


for _name, _centre in (("variance", "xbar"), ("stdev", "xbar"), ("pvariance", "mu"), ("pstdev", "mu")):
    _spread(_name, _centre)


# n and method are keyword-only in CPython.
@op("statistics.quantiles", "data, n=4, method='exclusive'", obj=statistics.quantiles)
def _quantiles(b):
    method = b.args["method"]
    if strip_literal(method.type) != STR:
        b.fail("statistics.quantiles() method must be a str")
    return Resolved(ListT(FLOAT), (data(b)[0], integer(b, "n"), method))
