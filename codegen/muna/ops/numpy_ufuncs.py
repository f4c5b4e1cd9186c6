"""NumPy's element-wise functions: the ufuncs (and their operator forms, which the frontend
maps onto them by name, and divmod's two outputs) plus where, clip, around, nan_to_num and
the comparisons of whole arrays (isclose, allclose, array_equal).

A ufunc's dtypes are decided by NumPy itself at compile time: the rule calls the real ufunc on
tiny stand-ins of the operands (trial_value) for the result dtype, and picks the inner loop the
way NumPy's legacy type resolver does: the first entry of `ufunc.types` producing that result
to which every operand casts safely (value-based for scalars). Operands are converted to the
loop's dtype, so C++ sees one element type and the functor computes in it.
"""
from __future__ import annotations

import numpy as np

from ..build_ir import call, const
from ..ir import Expr
from ..registry import Redispatch, Resolved, op
from ..types import NONE, NUMPY_ARRAY_DTYPES, AnyT, DynTensorT, NumberT
from .numpy_ops import (static, FLOAT, FLOAT_DTYPES, INT, NumpyScalar, TensorT, TupleT, Scalar, array_arg,
                        broadcast_rank,
                        check_operand, convert, cpp, dtype_arg, operand_to, strip_literal, supported_dtype,
                        tensor_lib, trial_value, value_based)

# Tolerances, read by the conformance suite: "exact", or "ulp:N" (within N units in the last
# place of the result dtype, NaN where NumPy has NaN).
EXACT = "exact"
LIBM = "ulp:2"      # the same libm NumPy calls, or an exact instruction, maybe another order
VECTOR = "ulp:4"    # Highway's vectorised form: ≤ 4 ulp by its docs, measured in docs/ops.md


def loop_dtype(ufunc, trial, out, casting="safe"):
    """The loop NumPy's legacy resolver picks: first of ufunc.types with output `out` to which
    every operand casts (safely; same_kind when dtype= chose the output). float16 loops (muna
    has no float16) widen to float32 when the result is not float16 itself (comparisons of
    small ints with a float constant)."""
    for sig in ufunc.types:
        ins, outs = sig.split("->")
        if any(c in "OMmFDGgU" for c in ins + outs) or np.dtype(outs[0]) != out:
            continue
        if all(np.can_cast(t, np.dtype(c), casting) for t, c in zip(trial, ins)):
            if len(set(ins)) != 1:
                return None
            name = np.dtype(ins[0]).name
            return "float32" if name == "float16" else name
    return None


def resolve_ufunc(b, ufunc, names):
    """(result dtype, loop dtype, operand types) of calling `ufunc` on the bound `names`."""
    types = [check_operand(b, n) for n in names]
    # dtype= picks the loop whose output is that dtype, operands cast same_kind (NumPy's rule).
    requested = dtype_arg(b) if "dtype" in b.args else None
    numbers = [k for k, t in enumerate(types) if isinstance(t, NumberT)]
    def outcome(trial):
        """(result dtype, loop dtype) of the ufunc on these stand-ins."""
        with np.errstate(all="ignore"):
            result = np.asarray(ufunc(*trial, **({"dtype": requested} if requested else {}))).dtype
        return result, loop_dtype(ufunc, trial, result, "same_kind" if requested else "safe")

    found = set()
    # An int | float operand (max(0, x), a name bound to either) is tried as each: NumPy's
    # result may not depend on which it is at run time (float32 array * 0 or * 0.5 is float32).
    for kinds in ([0], [0.0]) if numbers else ([],):
        trial = [kinds[0] if k in numbers else trial_value(b.args[n]) for k, n in enumerate(names)]
        try:
            found.add(outcome(trial))
        except (TypeError, ValueError) as e:  # NumPy's own message: no loop for these dtypes
            b.fail(f"{b.op.name}: {e}")
    if len(found) > 1:
        b.fail(f"{b.op.name} of {', '.join(map(str, types))}: the result's dtype depends on whether the "
               "int | float operand is an int or a float at run time; convert it with float(...) or int(...)")
    dtype, loop = found.pop()
    out = supported_dtype(b, dtype)
    if loop is None or loop not in ("bool", "uint8", "int8", "int16", "int32", "int64",
                                    "float32", "float64"):
        b.fail(f"{b.op.name} on {', '.join(map(str, types))} is not supported")
    return out, loop, types, value_based(b, names, trial, outcome)


def ufunc_output(b, ufunc, names):
    """(the type of one output, the operands converted to the loop dtype)."""
    out, loop, types, operands = resolve_ufunc(b, ufunc, names)
    lib = tensor_lib(*types)
    args = tuple(operand_to(e, loop, lib) for e in operands)
    if any(isinstance(t, TensorT) for t in types):
        return TensorT(lib, out, broadcast_rank(*types)), args
    return NumpyScalar(out), args


# The binary ufuncs the op core computes on values of run-time type, as muna::python::Operator
# names them (python/object_operators.hpp).
OBJECT_UFUNCS = {"add": "Add", "subtract": "Sub", "multiply": "Mul", "divide": "TrueDiv", "true_divide": "TrueDiv",
                 "floor_divide": "FloorDiv", "remainder": "Mod", "power": "Pow", "less": "Lt", "less_equal": "Le",
                 "greater": "Gt", "greater_equal": "Ge", "equal": "Eq", "not_equal": "Ne", "bitwise_and": "And",
                 "bitwise_or": "Or", "bitwise_xor": "Xor", "left_shift": "LShift", "right_shift": "RShift",
                 "maximum": "Maximum", "minimum": "Minimum"}


def object_ufunc(b, ufunc, names):
    """A ufunc with an operand of run-time type (an Any: `peak = -99999` then `peak = row`). One
    operand: the value read as NumPy reads it, then the ufunc on an array of run-time dtype and
    rank. Two: the op core's ufunc (NumPy's value-based promotion needs the values' kinds, known
    only when it runs), the result of run-time type."""
    if "dtype" in b.args and static(b, "dtype") is not None:
        b.fail(f"{b.op.name}(dtype=...) of a value of run-time type is not supported; give the value a static type")
    if len(names) == 1:
        raise Redispatch(names[0], call("numpy.detail.operand_of_object", DynTensorT("numpy", NUMPY_ARRAY_DTYPES),
                                        (b.args[names[0]],), b.loc))
    if len(names) == 2 and ufunc.__name__ in OBJECT_UFUNCS:
        return Resolved(AnyT(), tuple(convert(b.args[n], AnyT()) for n in names), op="object.ufunc",
                        template=(OBJECT_UFUNCS[ufunc.__name__],))
    b.fail(f"{b.op.name} of a value of run-time type beside other operands is not supported; give it a static type")


def into_out(b, rule):
    """A ufunc's out=: the result computed as without it, cast same_kind (NumPy's rule for an
    output) and written into `out` (broadcast to its shape); the call's value is `out` itself.
    `np.sqrt(length, length)` writes in place."""
    out = b.args["out"]
    if out.op == "tuple" and len(out.args) == 1:  # out=(y,)
        out = out.args[0]
    t = strip_literal(out.type)
    if not isinstance(t, TensorT) or isinstance(t, DynTensorT) or t.lib != "numpy":
        b.fail(f"{b.op.name}(out=...) takes a NumPy array of a dtype known at compile time")
    b.args["out"] = const(None, b.loc)
    r = rule(b)
    result = r if isinstance(r, Expr) else call(r.op or b.op.name, r.type, r.args, b.loc, r.template)
    dtype = strip_literal(result.type).dtype
    if not np.can_cast(dtype, t.dtype, "same_kind"):
        b.fail(f"Cannot cast ufunc '{b.op.name.split('.')[-1]}' output from dtype('{dtype}') to dtype('{t.dtype}') "
               "with casting rule 'same_kind'")
    return call("numpy.detail.into_out", t, (out, operand_to(result, t.dtype)), b.loc)


def ufunc_rule(ufunc, nin):
    def rule(b):
        names = [p for p, _ in b.op.params][:nin]
        if "out" in b.args and strip_literal(b.type("out")) != NONE:
            return into_out(b, rule)
        if any(isinstance(strip_literal(b.type(n)), AnyT) for n in names):
            return object_ufunc(b, ufunc, names)
        from .numpy_complex import complex_ufunc, is_complex
        if any(is_complex(b.type(n)) for n in names):  # complex operands: numpy_complex's loops
            if "dtype" in b.args and static(b, "dtype") is not None:
                b.fail(f"{b.op.name}(dtype=...) of complex operands is not supported")
            return complex_ufunc(b, ufunc, names)
        return scalar_of_zero_d(b, Resolved(*ufunc_output(b, ufunc, names)))
    return rule


def scalar_of_zero_d(b, r: Resolved):
    """NumPy hands a ufunc's 0-d result back as a NumPy scalar: `np.log10(np.asarray(2.0))` and
    `np.asarray(2.0) * 3` are np.float64, not 0-d arrays (torch keeps its 0-d tensors)."""
    t = r.type
    if isinstance(t, TensorT) and not isinstance(t, DynTensorT) and t.lib == "numpy" and t.rank == 0:
        return convert(call(r.op or b.op.name, t, r.args, b.loc, r.template), NumpyScalar(t.dtype))
    return r


op("numpy.detail.into_out", "out, result", header="muna/numpy/detail/into_out.hpp",
   cpp="muna::numpy::detail::into_out", doc="a ufunc's result written into its out= array")(lambda b: None)
op("numpy.detail.is_ndarray", "x", header="muna/numpy/detail/array_or_scalar.hpp", cpp="muna::numpy::detail::is_ndarray",
   doc="whether a NumPy value of a rank known when it runs is an ndarray (not a NumPy scalar)")(lambda b: None)
op("numpy.detail.type_name", "x", header="muna/numpy/detail/array_or_scalar.hpp", cpp="muna::numpy::detail::type_name",
   doc="type(x).__name__ of a NumPy value of a rank known when it runs: ndarray or its scalar type")(lambda b: None)
op("numpy.detail.value_based", "x, where", header="muna/numpy/detail/value_based.hpp",
   cpp="muna::numpy::detail::value_based",
   doc="an operand NumPy reads by its value, checked to keep the compiled result")(lambda b: None)


@op("numpy.divmod", "x1, x2", obj=np.divmod, tolerance=EXACT,
    doc="the pair (floor_divide, remainder)")
def _divmod(b):
    one, args = ufunc_output(b, np.divmod, ["x1", "x2"])
    return Resolved(TupleT((one, one)), args)


# name, tolerance; the C++ functor is muna::kernels::<CamelCase name> (see include/muna/numpy/).
UNARY = [
    ("exp", VECTOR), ("exp2", VECTOR), ("expm1", VECTOR), ("log", VECTOR), ("log2", VECTOR),
    ("log10", VECTOR), ("log1p", VECTOR), ("sqrt", EXACT), ("cbrt", VECTOR), ("square", EXACT),
    ("reciprocal", EXACT), ("sin", VECTOR), ("cos", VECTOR), ("tan", VECTOR), ("arcsin", VECTOR),
    ("arccos", VECTOR), ("arctan", VECTOR), ("sinh", VECTOR), ("cosh", VECTOR), ("tanh", VECTOR),
    ("arcsinh", VECTOR), ("arccosh", VECTOR), ("arctanh", VECTOR), ("deg2rad", EXACT),
    ("rad2deg", EXACT), ("radians", EXACT), ("degrees", EXACT), ("absolute", EXACT),
    ("fabs", EXACT), ("sign", EXACT), ("floor", EXACT), ("ceil", EXACT), ("trunc", EXACT),
    ("rint", EXACT), ("fix", EXACT), ("negative", EXACT), ("positive", EXACT),
    ("isnan", EXACT), ("isinf", EXACT), ("isfinite", EXACT), ("signbit", EXACT),
    ("logical_not", EXACT), ("invert", EXACT), ("spacing", EXACT),
]
BINARY = [
    ("add", EXACT), ("subtract", EXACT), ("multiply", EXACT), ("divide", EXACT),
    ("floor_divide", EXACT), ("remainder", EXACT), ("fmod", EXACT), ("power", VECTOR),
    ("maximum", EXACT), ("minimum", EXACT), ("fmax", EXACT), ("fmin", EXACT),
    ("float_power", LIBM), ("arctan2", VECTOR), ("hypot", LIBM), ("copysign", EXACT), ("heaviside", EXACT),
    ("logical_and", EXACT), ("logical_or", EXACT), ("logical_xor", EXACT),
    ("bitwise_and", EXACT), ("bitwise_or", EXACT), ("bitwise_xor", EXACT),
    ("left_shift", EXACT), ("right_shift", EXACT), ("equal", EXACT), ("not_equal", EXACT),
    ("less", EXACT), ("less_equal", EXACT), ("greater", EXACT), ("greater_equal", EXACT),
]
# Other names of the same NumPy objects: resolved by identity to the canonical entry above.
ALIASES = {"abs": "absolute", "mod": "remainder", "true_divide": "divide", "bitwise_not": "invert"}

for _name, _tol in UNARY:
    _ufunc = getattr(np, _name)
    if isinstance(_ufunc, np.ufunc):
        op(f"numpy.{_name}", "x, out=None, dtype=None", obj=_ufunc, tolerance=_tol)(ufunc_rule(_ufunc, 1))
for _name, _tol in BINARY:
    op(f"numpy.{_name}", "x1, x2, out=None, dtype=None", obj=getattr(np, _name), tolerance=_tol)(
        ufunc_rule(getattr(np, _name), 2))
for _alias, _target in ALIASES.items():
    _params = "x, out=None, dtype=None" if getattr(np, _target).nin == 1 else "x1, x2, out=None, dtype=None"
    op(f"numpy.{_alias}", _params, tolerance=dict(UNARY + BINARY)[_target],
       header=f"muna/numpy/{_target}.hpp", cpp=f"muna::numpy::{_target}",
       doc=f"alias of numpy.{_target}")(ufunc_rule(getattr(np, _target), getattr(np, _target).nin))


@op("numpy.fix", "x, out=None", obj=np.fix, tolerance=EXACT)
def _fix(b):
    """np.fix is a Python function (trunc towards zero) in NumPy: the same dtypes as trunc
    for floats, float64 for integers."""
    if static(b, "out") is not None:
        b.fail("numpy.fix(out=...) is not supported")
    out, loop, types, _ = resolve_ufunc(b, np.trunc, ["x"])
    t = types[0]
    if not isinstance(t, TensorT):
        b.fail("numpy.fix expects an array")
    return Resolved(t.with_(dtype=out), (operand_to(b.args["x"], loop),))


# --- element-wise functions that are not ufuncs --------------------------------------------

@op("numpy.where", "condition, x=None, y=None", obj=np.where, tolerance=EXACT)
def _where(b):
    """where(c, x, y) picks element-wise after broadcasting all three; x and y promote as in
    NumPy. where(c) alone is nonzero(c) (see numpy_sorting)."""
    if b.args["x"].op == "const" and b.args["x"].attr("value") is None:
        from .numpy_sorting import nonzero_rule
        return nonzero_rule(b, "condition", op_name="numpy.nonzero")
    for n in ("condition", "x", "y"):
        check_operand(b, n)
    trial = [np.zeros(1, bool), trial_value(b.args["x"]), trial_value(b.args["y"])]
    dtype = supported_dtype(b, np.result_type(*trial[1:]).name)
    types = [strip_literal(b.type(n)) for n in ("condition", "x", "y")]
    # (NumPy's dtype comes from x and y alone; the condition stands beside them as an array)
    x, y = value_based(b, ["condition", "x", "y"], trial, lambda t: np.result_type(*t[1:]))[1:]
    args = (operand_to(b.args["condition"], "bool"), operand_to(x, dtype), operand_to(y, dtype))
    if not any(isinstance(t, TensorT) for t in types):
        b.fail("numpy.where on three scalars is not supported; use a conditional expression")
    return Resolved(TensorT(tensor_lib(*types), dtype, broadcast_rank(*types)), args)


@op("numpy.clip", "a, a_min, a_max, out=None", obj=np.clip, tolerance=EXACT)
def _clip(b):
    """minimum(maximum(a, a_min), a_max) with NumPy's promotion of the three; None leaves that
    side open."""
    t = check_operand(b, "a")
    if static(b, "out") is not None:
        b.fail("numpy.clip(out=...) is not supported")
    bounds = [n for n in ("a_min", "a_max")
              if not (b.args[n].op == "const" and b.args[n].attr("value") is None)]
    if not bounds:
        b.fail("One of max or min must be given")
    trial = [trial_value(b.args[n]) for n in ["a"] + bounds]
    dtype = supported_dtype(b, np.result_type(*trial))
    operands = dict(zip(["a"] + bounds, value_based(b, ["a"] + bounds, trial, lambda t: np.result_type(*t))))
    args = [operand_to(operands["a"], dtype)]
    for n in ("a_min", "a_max"):
        args.append(operand_to(operands[n], dtype) if n in bounds else b.args[n])
    if not isinstance(t, TensorT):
        b.fail("numpy.clip expects an array")
    types = [strip_literal(a.type) for a in args]
    return Resolved(t.with_(dtype=dtype, rank=broadcast_rank(*types)), tuple(args))


@op("numpy.ndarray.clip", "self, min=None, max=None", method_of="numpy.ndarray", kind="method",
    tolerance=EXACT, header="muna/numpy/clip.hpp", cpp="muna::numpy::clip",
    doc="method form of numpy.clip")
def _clip_method(b):
    from .numpy_ops import rename_self
    b = rename_self(b)
    b.args = {"a": b.args["a"], "a_min": b.args["min"], "a_max": b.args["max"],
              "out": _none(b)}
    return _clip(b)


def _none(b):
    from ..build_ir import const
    return const(None, b.loc)


def _around(b):
    """NumPy's around: for floats, multiply by 10**decimals, round half to even, divide (so it
    shares NumPy's double rounding); integers with decimals >= 0 are returned as they are."""
    t = check_operand(b, "a")
    decimals = static(b, "decimals")
    if not isinstance(decimals, int) or isinstance(decimals, bool):
        b.fail("decimals must be an int known at compile time")
    if static(b, "out") is not None:
        b.fail(f"{b.op.name}(out=...) is not supported")
    if not isinstance(t, TensorT):
        b.fail(f"{b.op.name} expects an array")
    dtype = t.dtype
    if dtype == "bool":
        dtype = "float16"
        b.unsupported(f"{b.op.name} of a bool array gives float16, which muna does not support")
    return Resolved(t, (b.args["a"], convert(b.args["decimals"], INT)))


op("numpy.around", "a, decimals=0, out=None", obj=np.around, tolerance=EXACT)(_around)
op("numpy.round", "a, decimals=0, out=None", obj=np.round, tolerance=EXACT,
   header="muna/numpy/around.hpp", cpp="muna::numpy::around", doc="alias of numpy.around")(_around)
op("numpy.round_", "a, decimals=0, out=None", obj=np.round_, tolerance=EXACT,
   header="muna/numpy/around.hpp", cpp="muna::numpy::around", doc="alias of numpy.around")(_around)


@op("numpy.ndarray.round", "self, decimals=0, out=None", method_of="numpy.ndarray",
    kind="method", tolerance=EXACT, header="muna/numpy/around.hpp", cpp="muna::numpy::around",
    doc="alias of numpy.around")
def _round_method(b):
    from .numpy_ops import rename_self
    return _around(rename_self(b))


@op("numpy.nan_to_num", "x, copy=True, nan=0.0, posinf=None, neginf=None", obj=np.nan_to_num,
    tolerance=EXACT)
def _nan_to_num(b):
    """NaN -> nan, +inf -> posinf (default: the dtype's max), -inf -> neginf (its lowest);
    integer arrays are returned unchanged."""
    t = check_operand(b, "x")
    if not isinstance(t, TensorT):
        b.fail("numpy.nan_to_num expects an array")
    return Resolved(t, (b.args["x"], *nan_to_num_replacements(b)))


def nan_to_num_replacements(b):
    """nan=, posinf=, neginf= as the C++ takes them: None (the default) or a float. Shared with
    torch.nan_to_num, which calls the same C++."""
    out = []
    for n in ("nan", "posinf", "neginf"):
        e = b.args[n]
        if e.op == "const" and e.attr("value") is None:
            out.append(e)
        elif isinstance(strip_literal(e.type), Scalar):
            out.append(convert(e, FLOAT))
        else:
            b.fail(f"{b.op.name}: '{n}' must be a number")
    return out


def _isclose(b):
    """NumPy's isclose/allclose: compared in the operands' common dtype, tolerances as float."""
    for n in ("a", "b"):
        check_operand(b, n)
    dtype = supported_dtype(b, np.result_type(trial_value(b.args["a"]), trial_value(b.args["b"])))
    types = [strip_literal(b.type(n)) for n in ("a", "b")]
    args = (operand_to(b.args["a"], dtype), operand_to(b.args["b"], dtype),
            convert(b.args["rtol"], FLOAT), convert(b.args["atol"], FLOAT), b.args["equal_nan"])
    if b.op.name.endswith("allclose"):
        return Resolved(Scalar("bool"), args)
    return Resolved(TensorT(tensor_lib(*types), "bool", broadcast_rank(*types)), args)


op("numpy.isclose", "a, b, rtol=1e-05, atol=1e-08, equal_nan=False", obj=np.isclose)(_isclose)


@op("numpy.array_equal", "a1, a2, equal_nan=False", obj=np.array_equal)
def _array_equal(b):
    """Same shape and equal elements, compared in the arrays' common dtype."""
    for n in ("a1", "a2"):
        array_arg(b, n)
    dtype = supported_dtype(b, np.result_type(trial_value(b.args["a1"]), trial_value(b.args["a2"])))
    if not isinstance(static(b, "equal_nan"), bool):
        b.fail("numpy.array_equal: equal_nan must be True or False")
    return Resolved(Scalar("bool"), (operand_to(b.args["a1"], dtype),
                                     operand_to(b.args["a2"], dtype), b.args["equal_nan"]))
op("numpy.allclose", "a, b, rtol=1e-05, atol=1e-08, equal_nan=False", obj=np.allclose,
   header="muna/numpy/isclose.hpp")(_isclose)
