"""Python's math module: every function of CPython 3.11's math, with CPython's results and
exceptions (include/muna/python/math/, one header per function).

Where CPython calls the C library (sqrt, exp, sin, ...), so does muna, with the same wrapper
rules for errors, so results are bit for bit CPython's on the same libm. Where CPython computes
itself (gamma, lgamma, fsum, hypot, dist, remainder, isclose, ...), muna runs the same operations
in the same order. int arguments convert to float as CPython converts them (rounded once).
The constants (pi, e, tau, inf, nan) are floats of the module: they fold into the code.
"""
from __future__ import annotations

import math

from ..build_ir import convert
from ..registry import Resolved, op
from ..types import (BOOL, FLOAT, INT, AnyT, DynTensorT, ListT, NumberT, NumpyScalar, Scalar, TensorT, TupleT,
                     strip_literal)


def real(b, name):
    """A float argument: CPython takes any real number and converts it to float (an int rounded
    once, as C++'s int64 -> double conversion does; an array or tensor of one element through
    its __float__)."""
    e = b.args[name]
    t = strip_literal(e.type)
    if isinstance(t, (Scalar, NumpyScalar, NumberT)):
        return convert(e, FLOAT)
    if isinstance(t, (TensorT, AnyT)) and not isinstance(t, DynTensorT) and b.builder is not None:
        return b.builder.apply("builtins.float", [e], {}, b.builder.located(b.loc))  # its __float__
    b.fail(f"{b.op.name}() argument '{name}' must be a real number, not {t}")


def integer(b, name, e=None):
    """An int argument: an int or a bool (CPython's operator.index); a float is CPython's
    TypeError, known here at compile time."""
    e = b.args[name] if e is None else e
    t = strip_literal(e.type)
    if t in (INT, BOOL) or (isinstance(t, NumpyScalar) and t.dtype.startswith(("int", "uint"))):
        return convert(e, INT)
    if t == FLOAT:
        b.fail(f"{b.op.name}(): 'float' object cannot be interpreted as an integer")
    b.fail(f"{b.op.name}() argument '{name}' must be an int, not {t}")


def is_none(e):
    return e.op == "const" and e.attr("value") is None


def numbers(b, name, what):
    """A list or tuple of numbers (ints, floats, bools), passed as it is."""
    e = b.args[name]
    t = strip_literal(e.type)
    if isinstance(t, ListT) and isinstance(t.item, Scalar):
        return e
    if isinstance(t, TupleT) and all(isinstance(strip_literal(i), Scalar) for i in t.items):
        return e
    b.fail(f"{b.op.name}() takes {what} a list or tuple of numbers, not {t}")


def _float_function(name, arity=1, result=FLOAT):
    params = ", ".join(("x", "y")[:arity]) if arity <= 2 else ""
    op(f"math.{name}", params, obj=getattr(math, name))(
        lambda b: Resolved(result, tuple(real(b, p) for p, _ in b.op.params)))


# One float in, one float out: libm (or CPython's own code) with CPython's error rules.
for _name in ("sqrt", "exp", "exp2", "expm1", "log2", "log10", "log1p", "sin", "cos", "tan",
              "asin", "acos", "atan", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh", "fabs",
              "erf", "erfc", "gamma", "lgamma", "cbrt", "degrees", "radians", "ulp"):
    _float_function(_name)
for _name in ("atan2", "pow", "fmod", "remainder", "copysign", "nextafter"):
    _float_function(_name, 2)
for _name in ("isfinite", "isinf", "isnan"):
    _float_function(_name, 1, BOOL)
# atan2's parameters are (y, x) in Python; the order is all that matters here.


@op("math.log", "x, base=None", obj=math.log)
def _log(b):
    if is_none(b.args["base"]):
        return Resolved(FLOAT, (real(b, "x"),))
    return Resolved(FLOAT, (real(b, "x"), real(b, "base")))


def _rounding(name):
    def rule(b):
        t = strip_literal(b.type("x"))
        if t in (INT, BOOL):  # an int's __floor__/__ceil__/__trunc__ is the int itself
            return Resolved(INT, (convert(b.args["x"], INT),))
        if t == FLOAT:
            return Resolved(INT, (b.args["x"],))
        if isinstance(t, NumpyScalar):
            # NumPy scalars have no __floor__/__ceil__: CPython takes them as floats; only
            # float64 (a float subclass) has a __trunc__.
            if name == "trunc" and t.dtype != "float64":
                b.fail(f"math.trunc(): type numpy.{t.dtype} doesn't define __trunc__ method")
            return Resolved(INT, (convert(b.args["x"], FLOAT),))
        b.fail(f"math.{name}() of {t} is not supported; pass an int or a float")
    op(f"math.{name}", "x", obj=getattr(math, name))(rule)


for _name in ("floor", "ceil", "trunc"):
    _rounding(_name)


@op("math.frexp", "x", obj=math.frexp)
def _frexp(b):
    return Resolved(TupleT((FLOAT, INT)), (real(b, "x"),))


@op("math.modf", "x", obj=math.modf)
def _modf(b):
    return Resolved(TupleT((FLOAT, FLOAT)), (real(b, "x"),))


@op("math.ldexp", "x, i", obj=math.ldexp)
def _ldexp(b):
    if strip_literal(b.type("i")) == FLOAT:
        b.fail("math.ldexp(): Expected an int as second argument to ldexp.")
    return Resolved(FLOAT, (real(b, "x"), integer(b, "i")))


# rel_tol and abs_tol are keyword-only in CPython.
@op("math.isclose", "a, b, rel_tol=1e-09, abs_tol=0.0", obj=math.isclose)
def _isclose(b):
    return Resolved(BOOL, tuple(real(b, p) for p in ("a", "b", "rel_tol", "abs_tol")))


@op("math.fsum", "seq", obj=math.fsum)
def _fsum(b):
    return Resolved(FLOAT, (numbers(b, "seq", "an iterable:"),))


@op("math.prod", "iterable, start=1", obj=math.prod)
def _prod(b):
    items = b.args["iterable"]
    t = strip_literal(items.type)
    if not (isinstance(t, ListT) and isinstance(t.item, Scalar)):
        b.fail(f"math.prod() of {t} is not supported; pass a list of numbers")
    start = strip_literal(b.type("start"))
    if not isinstance(start, Scalar):
        b.fail(f"math.prod() start must be a number, not {start}")
    if t.item in (INT, BOOL) and start in (INT, BOOL):
        return Resolved(INT, (items, convert(b.args["start"], INT)))
    # CPython returns start itself for an empty list of floats (an int, by default): muna's
    # result is always a float here (docs/language.md).
    return Resolved(FLOAT, (items, convert(b.args["start"], FLOAT)))


def _integers(b):
    return tuple(integer(b, "integers", e) for e in b.args["integers"].args)


op("math.gcd", "*integers", obj=math.gcd)(lambda b: Resolved(INT, _integers(b)))
op("math.lcm", "*integers", obj=math.lcm)(lambda b: Resolved(INT, _integers(b)))
op("math.factorial", "n", obj=math.factorial)(lambda b: Resolved(INT, (integer(b, "n"),)))
op("math.isqrt", "n", obj=math.isqrt)(lambda b: Resolved(INT, (integer(b, "n"),)))
op("math.comb", "n, k", obj=math.comb)(lambda b: Resolved(INT, (integer(b, "n"), integer(b, "k"))))


@op("math.perm", "n, k=None", obj=math.perm)
def _perm(b):
    if is_none(b.args["k"]):
        return Resolved(INT, (integer(b, "n"),))
    return Resolved(INT, (integer(b, "n"), integer(b, "k")))


@op("math.hypot", "*coordinates", obj=math.hypot)
def _hypot(b):
    coordinates = []
    for e in b.args["coordinates"].args:
        t = strip_literal(e.type)
        if not isinstance(t, (Scalar, NumpyScalar)):
            b.fail(f"math.hypot() coordinates must be numbers, not {t}")
        coordinates.append(convert(e, FLOAT))
    return Resolved(FLOAT, tuple(coordinates))


@op("math.dist", "p, q", obj=math.dist)
def _dist(b):
    return Resolved(FLOAT, (numbers(b, "p", "points as"), numbers(b, "q", "points as")))
