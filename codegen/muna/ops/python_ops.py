"""Python's operators, builtins and methods of str, list and dict on muna's scalar and
container types. An operator with an array operand is NumPy's ufunc (or Torch's)."""
from __future__ import annotations

from ..build_ir import call, convert
from ..ir import Expr
from ..registry import REGISTRY, Bound, Resolved, op
from ..types import (BOOL, FLOAT, INT, NONE, SLICE, STR, AnyT, DictT, DynTensorT, ListT, NumberT, NumpyScalar, Scalar, ScalarKindsT, Str, TensorT,
                     TupleT, join_numbers, strip_literal)
from . import numpy_ops

# Python operator -> the function it means on arrays: NumPy's ufunc, or Torch's function for
# torch tensors (falling back to the NumPy rule where Torch has no entry of its own).
NUMPY_OF = {"add": "add", "sub": "subtract", "mul": "multiply", "truediv": "divide",
            "floordiv": "floor_divide", "mod": "remainder", "pow": "power", "matmul": "matmul",
            "eq": "equal", "ne": "not_equal", "lt": "less", "le": "less_equal", "gt": "greater",
            "ge": "greater_equal", "and_": "bitwise_and", "or_": "bitwise_or",
            "xor": "bitwise_xor", "lshift": "left_shift", "rshift": "right_shift",
            "neg": "negative", "pos": "positive", "invert": "invert"}
TORCH_OF = {"add": "add", "sub": "sub", "mul": "mul", "truediv": "div", "floordiv": "floor_divide",
            "mod": "remainder", "pow": "pow", "matmul": "matmul", "eq": "eq", "ne": "ne",
            "lt": "lt", "le": "le", "gt": "gt", "ge": "ge", "and_": "bitwise_and",
            "or_": "bitwise_or", "xor": "bitwise_xor", "lshift": "bitwise_left_shift",
            "rshift": "bitwise_right_shift", "neg": "neg", "pos": "positive", "invert": "bitwise_not"}
INLINE = {"add": "+", "sub": "-", "mul": "*"}


def array_function(b, name, params=("x1", "x2")):
    """Resolves operator `name` on array operands through the registered NumPy/Torch op."""
    types = [strip_literal(e.type) for e in b.args.values()]
    lib = "torch" if any(isinstance(t, TensorT) and t.lib == "torch" for t in types) else "numpy"
    candidates = []
    if lib == "torch" and name in TORCH_OF:
        candidates.append(f"torch.{TORCH_OF[name]}")
    if name in NUMPY_OF:
        candidates.append(f"numpy.{NUMPY_OF[name]}")
    for target_name in candidates:
        if target_name in REGISTRY:
            target = REGISTRY[target_name]
            names = [p for p, _ in target.params]
            bound = Bound(target, dict(zip(names, b.args.values())), b.loc)
            for pname, default in target.params[len(b.args):]:
                from ..build_ir import const
                bound.args[pname] = const(default, b.loc)
            r = target.rule(bound)
            if isinstance(r, Resolved):  # (else the call already made: a 0-d result as a NumPy scalar)
                r.op = r.op or target.name
            return r
    b.fail(f"operator '{name.rstrip('_')}' on arrays is not supported yet (no {' or '.join(candidates)} in the registry)")


NUMPY_BOOL = NumpyScalar("bool")


def _numpy_scalar_dtype(b, name):
    """The dtype NumPy computes `a <name> b` in where an operand is a NumPy scalar: the
    operator itself on stand-ins (NumPy 1.24's scalar math promotes np.float32 * 2.0 to
    float64, where np.result_type says float32)."""
    import operator
    import numpy as np
    with np.errstate(all="ignore"):
        return np.asarray(getattr(operator, name)(numpy_ops.trial_value(b.args["a"]),
                                                  numpy_ops.trial_value(b.args["b"]))).dtype.name


def _numeric(t):
    return isinstance(t, (Scalar, NumpyScalar, NumberT))


NUMBER_OPS = ("add", "sub", "mul", "truediv", "floordiv", "mod", "pow")


# Python's binary operators as muna::python::Operator names them (python/object_operators.hpp).
OBJECT_OPERATORS = {"add": "Add", "sub": "Sub", "mul": "Mul", "truediv": "TrueDiv", "floordiv": "FloorDiv",
                    "mod": "Mod", "pow": "Pow", "lt": "Lt", "le": "Le", "gt": "Gt", "ge": "Ge", "eq": "Eq",
                    "ne": "Ne", "and_": "And", "or_": "Or", "xor": "Xor", "lshift": "LShift", "rshift": "RShift"}


def takes_object_operator(ta, tb) -> bool:
    """Whether `a <op> b` is decided when it runs, on values of run-time type: one operand is
    an Any, the other an Any, a NumPy value (an array of NumPy's, a NumPy scalar), a Python
    number or a list. Beside a number too: an Any may hold an array (`peak = -99999` until a row
    of an array replaces it), and `drop > 0`, `total += drop` are then NumPy's. (Items of
    module-level config dicts, the common Any beside a number, fold to their values:
    frontend.module_constant_item.) A torch tensor or a str beside an Any keeps its own rules."""
    if not (isinstance(ta, AnyT) or isinstance(tb, AnyT)):
        return False
    other = tb if isinstance(ta, AnyT) else ta
    if isinstance(other, (TensorT, DynTensorT)):
        return other.lib == "numpy"
    return isinstance(other, (AnyT, NumpyScalar, ScalarKindsT, Scalar, NumberT)) or (
        isinstance(other, (ListT, TupleT)) and AnyT.holds(other))  # (`active + [False]`: concatenation)


def object_operator(b, name):
    """`a <op> b` with a value of run-time type: Python's operator between Python values, NumPy's
    ufunc where an operand is a NumPy value, picked when it runs (one definition in the op
    core); the result a value of run-time type (an int, an ndarray, a NumPy scalar...)."""
    return Resolved(AnyT(), tuple(convert(b.args[k], AnyT()) for k in "ab"), op="object.operator",
                    template=(OBJECT_OPERATORS[name],))


def object_unary(b, param, name):
    """-x, ~x, abs(x) of a value of run-time type: Python's, or NumPy's ufunc on a NumPy value,
    when it runs (python/object_operators.hpp)."""
    return Resolved(AnyT(), (b.args[param],), op="object.unary", template=(name,))


def any_arithmetic(b, name, ta, tb):
    """An operator with a value of unknown type (Any): str + str when the other side is a str,
    else the operator decided when it runs."""
    other = tb if isinstance(ta, AnyT) else ta
    if name == "add" and isinstance(other, Str):
        return Resolved(STR, tuple(convert(b.args[k], STR) for k in "ab"), op="operator.concat")
    if takes_object_operator(ta, tb):
        return object_operator(b, name)
    b.fail(f"unsupported operand types for {name.rstrip('_')}: '{ta}' and '{tb}'")


def number_rule(b, name):
    """An operator on an `int | float` (NumberT): decided at run time by Python's rules."""
    if name not in NUMBER_OPS:
        b.fail(f"operator '{name.rstrip('_')}' needs ints; this value may be a float here")
    args = tuple(convert(b.args[k], NumberT()) for k in "ab")
    return Resolved(FLOAT if name == "truediv" else NumberT(), args, op=f"number.{name}")


def kind_method(b, t, method, args):
    """Python's data model for the kinds that register their own operators (bytes, ...): the op
    `<kind>.<method>` (`bytes.__add__`) resolved on `args`, or None when the kind has no such
    op or its rule declines these operands (Python's NotImplemented)."""
    from ..frontend import receiver_kind
    name = f"{receiver_kind(strip_literal(t))}.{method}"
    if name not in REGISTRY:
        return None
    target = REGISTRY[name]
    names = [p for p, _ in target.params]
    r = target.rule(Bound(target, dict(zip(names, args)), b.loc, b.builder))
    if isinstance(r, Resolved):  # (else None, or the call already made)
        r.op = r.op or name
    return r


REFLECTED = {"lt": "gt", "le": "ge", "gt": "lt", "ge": "le", "eq": "eq", "ne": "ne"}


def dunder_operator(b, name):
    """`a <op> b` by a's `__op__`, else b's reflected `__rop__` (`3 * b"x"` is bytes.__rmul__)."""
    a, c = b.args["a"], b.args["b"]
    op_name = name.rstrip("_")
    r = kind_method(b, a.type, f"__{op_name}__", (a, c))
    if r is None:
        reflected = REFLECTED.get(op_name, "r" + op_name)
        r = kind_method(b, c.type, f"__{reflected}__", (c, a))
    return r


def arithmetic_rule(name):
    def rule(b):
        from ..types import EnumT
        for k in "ab":  # a str or int Enum member computes as its value
            t = strip_literal(b.type(k))
            if isinstance(t, EnumT) and issubclass(t.cls, (str, int)):
                b.args[k] = b.builder.coerce(b.args[k], t.value_type, None, "value")
        ta, tb = strip_literal(b.type("a")), strip_literal(b.type("b"))
        if isinstance(ta, AnyT) or isinstance(tb, AnyT):
            return any_arithmetic(b, name, ta, tb)
        if isinstance(ta, TensorT) or isinstance(tb, TensorT):
            return array_function(b, name)
        if isinstance(ta, DictT) and ta.kind == "counter":
            from .python_collections import counter_arithmetic
            return counter_arithmetic(b, name, ta, tb)
        if (isinstance(ta, NumberT) or isinstance(tb, NumberT)) and _numeric(ta) and _numeric(tb):
            if isinstance(ta, NumpyScalar) or isinstance(tb, NumpyScalar):
                # NumPy's scalar result, whose dtype depends on the number's kind: the call
                # switches on it (frontend.apply, dispatch.py)
                b.fail(f"operator '{name}' of a NumPy scalar and a Python number of run-time kind")
            return number_rule(b, name)
        if name == "pow" and ta in (INT, BOOL) and tb in (INT, BOOL) and b.args["b"].op != "const":
            # int ** int is an int, or a float for a negative exponent: known at run time only.
            return number_rule(b, name)
        if isinstance(ta, NumpyScalar) or isinstance(tb, NumpyScalar):
            if name not in INLINE and name != "truediv":
                return array_function(b, name)  # NumPy's ufunc, which gives a NumPy scalar
            # NumPy decides the scalar dtype: the operator itself on stand-ins (NumPy 1.24's scalar
            # math promotes np.float32 * 2.0 to float64, where np.result_type says float32).
            dtype = _numpy_scalar_dtype(b, name)
            if name == "truediv" and dtype not in ("float32", "float64"):
                dtype = "float64"
            args = tuple(convert(b.args[k], NumpyScalar(dtype)) for k in "ab")
            if name in INLINE and not dtype.startswith(("float", "bfloat")):
                # Integers wrap modulo 2**bits as NumPy's do (C++ would promote uint8 + uint8
                # to int, and overflow a signed type undefined); bools add as `or`.
                return Resolved(NumpyScalar(dtype), args, op=f"numpy_scalar.{name}")
            return Resolved(NumpyScalar(dtype), args, op=f"operator.{name}")
        if isinstance(ta, Str) and isinstance(tb, Str) and name == "add":
            return Resolved(STR, (b.args["a"], b.args["b"]), op="operator.concat")
        if isinstance(ta, ListT) and ta == tb and name == "add":
            return Resolved(ta, (b.args["a"], b.args["b"]), op="operator.concat")
        from ..types import RecordTupleT, TupleT
        if name == "add" and isinstance(ta, (ListT, TupleT)) and isinstance(tb, (ListT, TupleT)) and (
                isinstance(ta, ListT) and ta.frozen) != (isinstance(tb, ListT) and tb.frozen):
            # `batch_dim + (9,)` of a shape of open length: a tuple of open length
            whole = ta if isinstance(ta, ListT) else tb
            parts = [_open_tuple(b.args[k], whole.item) for k in "ab"]
            if None not in parts:
                return Resolved(whole, tuple(parts), op="operator.concat")
        if name == "add" and all(isinstance(t, TupleT) and not isinstance(t, RecordTupleT) for t in (ta, tb)):
            return Resolved(TupleT(ta.items + tb.items), (b.args["a"], b.args["b"]), op="tuple.concat")
        if name == "mul" and {type(ta), type(tb)} & {Str, ListT} and (ta in (INT, BOOL) or tb in (INT, BOOL)):
            seq, n = ("a", "b") if isinstance(ta, (Str, ListT)) else ("b", "a")
            kind = "str" if isinstance(strip_literal(b.type(seq)), Str) else "list"
            return Resolved(strip_literal(b.type(seq)), (b.args[seq], convert(b.args[n], INT)), op=f"{kind}.mul")
        from ..types import SetT
        if isinstance(ta, SetT) and ta == tb and name in ("or_", "and_", "sub", "xor"):
            method = {"or_": "union", "and_": "intersection", "sub": "difference", "xor": "symmetric_difference"}[name]
            if f"set.{method}" not in REGISTRY:
                b.fail(f"set operator '{name.rstrip('_')}' is not supported yet")
            return Resolved(ta, (b.args["a"], b.args["b"]), op=f"set.{method}")
        if name in ("and_", "or_", "xor") and ta == BOOL and tb == BOOL:
            return Resolved(BOOL, (b.args["a"], b.args["b"]), op=f"operator.bit_{name.rstrip('_')}")
        if not (_numeric(ta) and _numeric(tb)) and (r := dunder_operator(b, name)) is not None:
            return r
        if not (_numeric(ta) and _numeric(tb)):
            b.fail(f"unsupported operand types for {name.rstrip('_')}: '{ta}' and '{tb}'")
        if name in ("and_", "or_", "xor", "lshift", "rshift") and not (ta in (INT, BOOL) and tb in (INT, BOOL)):
            b.fail(f"unsupported operand types for {name.rstrip('_')}: '{ta}' and '{tb}'")
        result = join_numbers(ta, tb)
        if result.name == "bool":
            result = INT
        if name == "truediv":
            result = FLOAT
        if name == "truediv" and ta in (INT, BOOL) and tb in (INT, BOOL):
            # int / int divides exactly and rounds once (builtins::truediv(int64_t, int64_t)):
            # converting both to float first rounds twice past 2**53.
            return Resolved(FLOAT, tuple(convert(b.args[k], INT) for k in "ab"))
        operands = tuple(convert(b.args[k], result if name != "truediv" else FLOAT) for k in "ab")
        if name == "pow" and result == INT:
            # int ** int is float for a negative exponent: the C++ op decides at run time only
            # the value, so the type must be settled here; a non-constant exponent stays int.
            exp = b.args["b"]
            if exp.op == "const" and exp.attr("value") < 0:
                return Resolved(FLOAT, tuple(convert(b.args[k], FLOAT) for k in "ab"))
        return Resolved(result, operands)
    return rule


def _inline(symbol):
    return lambda args, r: f"({args[0]} {symbol} {args[1]})"


for _name in ("add", "sub", "mul", "truediv", "floordiv", "mod", "pow", "matmul", "and_", "or_",
              "xor", "lshift", "rshift"):
    # Float + - * are exact C++ arithmetic; everything with Python-specific semantics (int
    # overflow, division by zero, floor rounding) goes through muna/python/builtins/<name>.hpp.
    op(f"operator.{_name}", "a, b", kind="operator")(arithmetic_rule(_name))


def _inline_or_call(name):
    base = REGISTRY[f"operator.{name}"]
    symbol = INLINE.get(name)

    def emit(args, r):
        if symbol and r.type in (FLOAT,) or isinstance(r.type, NumpyScalar) and symbol:
            return f"({args[0]} {symbol} {args[1]})"
        if isinstance(r.type, NumpyScalar) and name == "truediv":
            return f"({args[0]} / {args[1]})"
        return f"{base.cpp}({', '.join(args)})"
    # Python's semantics (overflow, zero division, floor rounding) live with the builtins.
    base.emit = emit
    base.header = f"muna/python/builtins/{name}.hpp"
    base.cpp = f"muna::python::builtins::{name}"


for _name in ("add", "sub", "mul", "truediv", "floordiv", "mod", "pow", "lshift", "rshift"):
    _inline_or_call(_name)
for _name, _symbol in (("and_", "&"), ("or_", "|"), ("xor", "^")):
    # On int64 these are exact in C++ (two's complement, as Python's infinite-precision ints
    # behave within 64 bits); bool & bool stays bool, as in Python.
    REGISTRY[f"operator.{_name}"].emit = _inline(_symbol)
    REGISTRY[f"operator.{_name}"].header = None
    op(f"operator.bit_{_name.rstrip('_')}", "a, b", emit=_inline(_symbol))(lambda b: None)


@op("operator.invert", "a", kind="operator")
def _invert(b):
    t = strip_literal(b.type("a"))
    if isinstance(t, AnyT):
        return object_unary(b, "a", "Invert")
    if isinstance(t, TensorT):
        return array_function(b, "invert")
    if t not in (INT, BOOL):
        b.fail(f"bad operand type for unary ~: '{t}'")
    return Resolved(INT, (convert(b.args["a"], INT),))


REGISTRY["operator.invert"].emit = lambda args, r: f"(~{args[0]})"
REGISTRY["operator.invert"].header = None


def _open_tuple(e, item):
    """`e`, a tuple of open length of `item`s, or a tuple of known length of them made one;
    else None."""
    t = strip_literal(e.type)
    if isinstance(t, ListT) and t.frozen and t.item == item:
        return e
    if not isinstance(t, TupleT) or type(t) is not TupleT or any(strip_literal(i) not in (item, BOOL) for i in t.items):
        return None
    items = e.args if e.op == "tuple" else [call("tuple.get", i, (e,), e.loc, (str(k),)) for k, i in enumerate(t.items)]
    return Expr("list", ListT(item, frozen=True), tuple(convert(i, item) for i in items), loc=e.loc)


@op("operator.concat", "a, b", kind="operator", emit=_inline("+"))
def _concat(b):
    return Resolved(b.type("a"), (b.args["a"], b.args["b"]))


REGISTRY["operator.concat"].header = "muna/python/operator/concat.hpp"
REGISTRY["operator.concat"].emit = lambda args, r: (
    f"({args[0]} + {args[1]})" if isinstance(r.type, Str) else f"muna::python::operator_::concat({args[0]}, {args[1]})")


@op("operator.neg", "a", kind="operator")
def _neg(b):
    t = strip_literal(b.type("a"))
    if isinstance(t, AnyT):
        return object_unary(b, "a", "Neg")
    if isinstance(t, TensorT):
        return array_function(b, "neg")
    if not _numeric(t):
        b.fail(f"bad operand type for unary -: '{t}'")
    if isinstance(t, NumberT):
        return Resolved(t, (b.args["a"],), op="number.neg")
    if isinstance(t, NumpyScalar) and not t.dtype.startswith(("float", "bfloat")):
        if t.dtype == "bool":
            b.fail("the numpy boolean negative, the `-` operator, is not supported, use the `~` operator "
                   "or the logical_not function instead")  # NumPy's own TypeError
        return Resolved(t, (b.args["a"],), op="numpy_scalar.neg")  # wraps, as NumPy's
    result = INT if t == BOOL else t
    return Resolved(result, (convert(b.args["a"], result),))


REGISTRY["operator.neg"].emit = lambda args, r: (
    f"muna::python::builtins::neg({args[0]})" if r.type == INT else f"(-{args[0]})")
REGISTRY["operator.neg"].header = "muna/python/builtins/neg.hpp"
for _name, _functor in (("add", "Add"), ("sub", "Subtract"), ("mul", "Multiply"), ("neg", "Negative")):
    op(f"numpy_scalar.{_name}", "a, b" if _name != "neg" else "a", header="muna/kernels/arith.hpp",
       cpp=f"muna::kernels::{_functor}::scalar",
       doc="integer NumPy scalar arithmetic, wrapping as NumPy's")(lambda b: None)


def compare_rule(b):
    ta, tb = strip_literal(b.type("a")), strip_literal(b.type("b"))
    name = b.op.name.split(".")[1]
    if takes_object_operator(ta, tb):
        return object_operator(b, name)
    if isinstance(ta, TensorT) or isinstance(tb, TensorT):
        return array_function(b, b.op.name.split(".")[1])
    kinds = {ta, tb}
    name = b.op.name.split(".")[1]
    from ..types import EnumT
    if isinstance(ta, EnumT) or isinstance(tb, EnumT):
        if ta == tb and name in ("eq", "ne"):  # members of one class: the same member or not
            return Resolved(BOOL, (b.args["a"], b.args["b"]))
        mixin = next((t for t in (ta, tb) if isinstance(t, EnumT) and issubclass(t.cls, (str, int))), None)
        if mixin is None:
            if name in ("eq", "ne"):  # an Enum member never equals another kind of value
                return Resolved(BOOL, (b.args["a"], b.args["b"]), op=f"builtins.constant_{name == 'ne'}")
            b.fail(f"'{name}' is not supported between {ta} and {tb}")
        # A str or int Enum member compares as its value.
        args = tuple(b.builder.coerce(b.args[k], mixin.value_type, None, "value") if isinstance(t, EnumT) else b.args[k]
                     for k, t in zip("ab", (ta, tb)))
        return b.builder.apply(b.op.name, list(args), {}, b.builder.located(b.loc))
    if any(isinstance(t, AnyT) for t in kinds):
        other = tb if isinstance(ta, AnyT) else ta
        if name in ("eq", "ne"):  # any two values compare (unequal when their types differ)
            return Resolved(BOOL, tuple(convert(b.args[k], AnyT()) for k in "ab"), op=f"object.{name}")
        if isinstance(other, Str):
            return Resolved(BOOL, tuple(convert(b.args[k], STR) for k in "ab"))
        return Resolved(BOOL, tuple(convert(b.args[k], NumberT()) for k in "ab"), op=f"number.{name}")
    if (any(isinstance(t, NumberT) for t in kinds) and all(isinstance(t, (Scalar, NumberT)) for t in kinds)) or (
            FLOAT in kinds and kinds & {INT, BOOL}):
        # int against float compares the values exactly, as Python (2**53 + 1 != 2.0**53).
        return Resolved(BOOL, tuple(convert(b.args[k], NumberT()) for k in "ab"), op=f"number.{b.op.name.split('.')[1]}")
    if isinstance(ta, NumpyScalar) or isinstance(tb, NumpyScalar):
        if not (_numeric(ta) and _numeric(tb)):
            if name in ("eq", "ne"):  # a NumPy number never equals a str, a list, None...
                return Resolved(NUMPY_BOOL, (b.args["a"], b.args["b"]), op=f"builtins.constant_{name == 'ne'}")
            b.fail(f"comparison between '{ta}' and '{tb}' is not supported")
        # NumPy compares in the dtype it computes the two in (np.int64(2**53 + 1) != 2**53, a
        # float32 against a Python float as float64) and gives np.bool_.
        if isinstance(ta, NumberT) or isinstance(tb, NumberT):
            b.fail("comparison of a NumPy scalar and a Python number of run-time kind is not supported yet")
        common = _numpy_scalar_dtype(b, "add")
        return Resolved(NUMPY_BOOL, tuple(convert(b.args[k], NumpyScalar(common)) for k in "ab"))
    if _numeric(ta) and _numeric(tb):
        common = join_numbers(ta, tb) if isinstance(ta, Scalar) and isinstance(tb, Scalar) else FLOAT
        return Resolved(BOOL, tuple(convert(b.args[k], common) for k in "ab"))
    if (name in ("eq", "ne") and isinstance(ta, TupleT) and isinstance(tb, TupleT) and ta.items != tb.items
            and all(b.args[k].op == "tuple" and all(i.op in ("var", "const") for i in b.args[k].args) for k in "ab")):
        return _itemwise_equality(b, name)
    if isinstance(ta, TupleT) and isinstance(tb, TupleT) and ta.items == tb.items and ta != tb:
        ta = tb = TupleT(ta.items)  # a NamedTuple compares as the tuple it is
    shape = _open_length_tuple(b, ta, tb)
    if shape is not None:  # x.shape == (3, 4) where x's rank is open: one tuple of its length
        return Resolved(BOOL, shape, op=None if name in ("eq", "ne") else f"sequence.{name}")
    if ta == tb and isinstance(ta, (ListT, TupleT)) and name in ("lt", "le", "gt", "ge"):
        # Python's sequence order: the first unequal items decide, then the lengths.
        return Resolved(BOOL, (b.args["a"], b.args["b"]), op=f"sequence.{name}")
    if ta == tb and isinstance(ta, (Str, ListT, TupleT)):
        return Resolved(BOOL, (b.args["a"], b.args["b"]))
    r = dunder_operator(b, b.op.name.split(".")[1])
    if r is not None:
        return r
    if name in ("eq", "ne") and _optional_of_scalars(ta, tb):
        # `m.get("role") == "system"`, `wid == w` over Optional[int]s: None equals only None, and
        # values compare as Python compares them (1 == 1.0), through the variant Object.
        return Resolved(BOOL, tuple(convert(b.args[k], AnyT()) for k in "ab"), op=f"object.{name}")
    b.fail(f"comparison between '{ta}' and '{tb}' is not supported")


def _open_length_tuple(b, ta, tb):
    """The operands of a comparison of a tuple of open length (`x.shape` of an array of open
    rank, a frozen list) with a tuple display of items of its type, the display made one of
    the same kind (Python compares tuples item by item, then by length); else None."""
    operands = {"a": b.args["a"], "b": b.args["b"]}
    for t_open, t_display, display in ((ta, tb, "b"), (tb, ta, "a")):
        e = operands[display]
        if (isinstance(t_open, ListT) and t_open.frozen and isinstance(t_display, TupleT)
                and e.op == "tuple" and all(strip_literal(i.type) == t_open.item for i in e.args)):
            operands[display] = Expr("list", t_open, e.args, loc=e.loc)
            return operands["a"], operands["b"]
    return None


def _itemwise_equality(b, name):
    """(h, w) == (new_h, new_w) with items of different types (an Any beside an int): equal
    lengths and each pair equal by its own ==, as Python compares tuples. Only for tuple
    displays of names and constants, whose items can be compared in any order and as often as
    needed (nothing is evaluated but the names)."""
    from ..ir import Expr
    items_a, items_b = b.args["a"].args, b.args["b"].args
    if len(items_a) != len(items_b):
        return Resolved(BOOL, (b.args["a"], b.args["b"]), op=f"builtins.constant_{name == 'ne'}")
    where = b.builder.located(b.loc)
    result = None
    for x, y in zip(items_a, items_b):
        same = b.builder.apply("operator.eq", [x, y], {}, where)
        if isinstance(strip_literal(same.type), AnyT):  # (decided when it runs) its truth, as a tuple's == takes it
            same = Expr("truth", BOOL, (same,), loc=b.loc)
        if strip_literal(same.type) != BOOL:
            b.fail(f"comparison between '{strip_literal(b.type('a'))}' and '{strip_literal(b.type('b'))}' is "
                   f"not supported (their items compare as {same.type})")
        result = same if result is None else Expr("and", BOOL, (result, same), loc=b.loc)
    return result if name == "eq" else Expr("not", BOOL, (result,), loc=b.loc)


def _optional_of_scalars(ta, tb) -> bool:
    """Some side Optional, and both sides None or (Optional) numbers or strs of one kind."""
    from ..types import NoneT, OptionalT
    if not (isinstance(ta, OptionalT) or isinstance(tb, OptionalT)):
        return False
    inner = [strip_literal(t.item) if isinstance(t, OptionalT) else t for t in (ta, tb)]
    inner = [t for t in inner if not isinstance(t, NoneT)]
    return all(t in (INT, FLOAT, BOOL) or isinstance(t, NumberT) for t in inner) or all(isinstance(t, Str) for t in inner)


for _name, _symbol in (("eq", "=="), ("ne", "!="), ("lt", "<"), ("le", "<="), ("gt", ">"),
                       ("ge", ">=")):
    op(f"operator.{_name}", "a, b", kind="operator", emit=_inline(_symbol))(compare_rule)
for _name in ("lt", "le", "gt", "ge"):
    op(f"sequence.{_name}", "a, b", header="muna/python/compare.hpp",
       cpp=f"muna::python::compare::{_name}")(lambda b: None)


# --- builtins ---------------------------------------------------------------------------------
import builtins  # noqa: E402


@op("builtins.len", "obj", obj=builtins.len)
def _len(b):
    t = strip_literal(b.type("obj"))
    obj = b.args["obj"]
    if obj.op == "call" and obj.attr("op") == "builtins.range":  # range is a sequence: its length
        return Resolved(INT, obj.args, op="builtins.range_len")
    from ..types import SetT
    if isinstance(t, (ListT, DictT, SetT)):
        return Resolved(INT, (b.args["obj"],), op="builtins.len")
    if isinstance(t, Str):
        return Resolved(INT, (b.args["obj"],), op="str.__len__")
    if isinstance(t, TensorT):
        return Resolved(INT, (b.args["obj"],), op="numpy.ndarray.__len__")
    from ..types import TupleT
    if isinstance(t, TupleT):
        return Resolved(INT, (b.args["obj"],), op="tuple.__len__", template=(str(len(t.items)),))
    if isinstance(t, AnyT):
        return Resolved(INT, (b.args["obj"],), op="object.len")
    r = kind_method(b, t, "__len__", (b.args["obj"],))
    if r is not None:
        return r
    b.fail(f"object of type '{t}' has no len()")


REGISTRY["builtins.len"].emit = lambda args, r: f"{args[0]}.size()"
op("builtins.range_len", "start, stop=None, step=None", header="muna/python/builtins/range_len.hpp",
   doc="len(range(...))")(lambda b: None)
op("python.detail.check_bound", "bound, name", header="muna/python/unbound.hpp", cpp="muna::python::check_bound",
   doc="a local that may be unbound, read: UnboundLocalError unless it was assigned")(lambda b: None)


@op("str.__len__", "self", emit=lambda args, r: f"muna::python::str::len({args[0]})")
def _str_len(b):
    return Resolved(INT, (b.args["self"],))


REGISTRY["str.__len__"].header = "muna/python/str/len.hpp"


@op("numpy.ndarray.__len__", "self", emit=lambda args, r: f"muna::numpy::ndarray::len({args[0]})")
def _array_len(b):
    return Resolved(INT, (b.args["self"],))


REGISTRY["numpy.ndarray.__len__"].header = "muna/numpy/ndarray/len.hpp"


# --- subscripts -------------------------------------------------------------------------------
def _dict_read(t: DictT) -> str:
    """d[k]'s op: a Counter reads 0 for a missing key; a defaultdict inserts its value type's
    empty value; a dict raises KeyError."""
    return {"counter": "counter.__getitem__", "defaultdict": "defaultdict.__getitem__"}.get(t.kind, "dict.__getitem__")


@op("operator.getitem", "a, b", kind="operator")
def _getitem(b):
    ta, tb = strip_literal(b.type("a")), strip_literal(b.type("b"))
    from ..types import SliceT, TupleT
    if isinstance(tb, SliceT) and isinstance(ta, ListT):
        return Resolved(ta, (b.args["a"], b.args["b"]), op="list.slice")
    if isinstance(tb, SliceT) and isinstance(ta, Str):
        parts = b.args["b"].args
        return Resolved(STR, (b.args["a"], *parts), op="str.slice")
    if isinstance(ta, TupleT) and isinstance(tb, SliceT):
        parts = b.args["b"].args
        if all(p.op == "const" for p in parts):
            picked = list(range(len(ta.items)))[slice(*(p.attr("value") for p in parts))]
            return Resolved(TupleT(tuple(ta.items[i] for i in picked)), (b.args["a"],), op="tuple.pick",
                            template=tuple(str(i) for i in picked))
        if ta.items and all(i == ta.items[0] for i in ta.items):
            return Resolved(ListT(ta.items[0], frozen=True), (b.args["a"], b.args["b"]), op="tuple.slice")
        b.fail("a tuple of mixed types can only be sliced with constant bounds")
    if isinstance(ta, TupleT):
        index = b.args["b"]
        if index.op != "const" or not isinstance(index.attr("value"), int):
            if ta.items and all(i == ta.items[0] for i in ta.items) and tb in (INT, BOOL):
                return Resolved(ta.items[0], (b.args["a"], convert(index, INT)), op="tuple.at")
            b.fail("a tuple of mixed types can only be indexed by a constant")
        i = index.attr("value")
        if not -len(ta.items) <= i < len(ta.items):
            b.fail("tuple index out of range")
        i %= len(ta.items)
        return Resolved(ta.items[i], (b.args["a"],), op="tuple.get", template=(str(i),))
    from ..diagnostics import CompileError
    if isinstance(ta, AnyT) and tb == SLICE:  # x[i:j] of a value of unknown type: sliced by its kind, at run time
        return Resolved(AnyT(), (b.args["a"], b.args["b"]), op="object.getslice")
    if isinstance(ta, AnyT):  # x[k] of a value of unknown type: its own __getitem__, at run time
        return Resolved(AnyT(), (b.args["a"], convert(b.args["b"], AnyT())), op="object.getitem")
    if isinstance(ta, DictT) and isinstance(tb, AnyT):
        return Resolved(ta.value, (b.args["a"], convert(b.args["b"], ta.key)), op=_dict_read(ta))
    if isinstance(ta, ListT) and isinstance(tb, AnyT):
        return Resolved(ta.item, (b.args["a"], convert(b.args["b"], INT)), op="list.__getitem__")
    if isinstance(tb, NumpyScalar) and tb.dtype != "bool" and not tb.dtype.startswith(("float", "bfloat")) and \
            isinstance(ta, (ListT, Str, TupleT)):
        # labels[np.argmax(p)]: a NumPy integer indexes as the int it is (its __index__).
        b.args["b"] = convert(b.args["b"], INT)
        tb = INT
    if isinstance(ta, ListT) and isinstance(tb, Scalar) and tb.name in ("int", "bool"):
        return Resolved(ta.item, (b.args["a"], convert(b.args["b"], INT)), op="list.__getitem__")
    if isinstance(ta, (ListT, Str)) and not isinstance(tb, SliceT) and tb not in (INT, BOOL):
        raise CompileError(b.args["b"].loc or b.loc, f"{'list' if isinstance(ta, ListT) else 'string'} indices must "
                           f"be integers or slices, not {tb}")
    if isinstance(ta, DictT):
        if strip_literal(tb) != ta.key:
            from ..types import PendingT
            if isinstance(ta.key, PendingT):
                b.builder.resolve(ta.key, tb)
            elif isinstance(ta.key, Scalar) and isinstance(tb, Scalar) and join_numbers(ta.key, tb) == ta.key or \
                    isinstance(ta.key, AnyT) and AnyT.holds(tb):
                b.args["b"] = convert(b.args["b"], ta.key)
            else:
                raise CompileError(b.args["b"].loc or b.loc, f"dict key must be {ta.key}, got {tb}")
        return Resolved(ta.value, (b.args["a"], b.args["b"]), op=_dict_read(ta))
    if isinstance(ta, Str) and isinstance(tb, Scalar) and tb.name in ("int", "bool"):
        return Resolved(STR, (b.args["a"], convert(b.args["b"], INT)), op="str.getitem")
    # Arrays and other registered kinds: their own __getitem__ op decides.
    from ..frontend import receiver_kind
    name = f"{receiver_kind(ta)}.__getitem__"
    if name in REGISTRY:
        target = REGISTRY[name]
        r = target.rule(Bound(target, {"self": b.args["a"], "key": b.args["b"]}, b.loc, b.builder))
        if r is not None:
            r.op = r.op or name
            return r
    b.fail(f"'{ta}' indexed by '{tb}' is not supported")


REGISTRY["operator.getitem"].emit = lambda args, r: f"{args[0]}[{args[1]}]"
op("tuple.__len__", "self", emit=lambda args, r: f"int64_t{{{r.attr('template')[0]}}}")(lambda b: None)
op("tuple.get", "self", emit=lambda args, r: f"std::get<{r.attr('template')[0]}>({args[0]})")(lambda b: None)
op("tuple.pick", "self", header="muna/python/tuple/pick.hpp", cpp="muna::python::tuple::pick")(lambda b: None)
op("tuple.slice", "self, key")(lambda b: None)
op("tuple.concat", "self, other", emit=lambda args, r: f"std::tuple_cat({args[0]}, {args[1]})")(lambda b: None)
op("tuple.at", "self, index", emit=lambda args, r: f"muna::python::builtins::list({args[0]}).at({args[1]})")(lambda b: None)
REGISTRY["tuple.at"].header = "muna/python/builtins/list.hpp"
op("list.slice", "self, key",
   emit=lambda args, r: (f"{r.type.cpp()}(muna::python::list::slice({args[0]}, {args[1]}))" if r.type.frozen
                         else f"muna::python::list::slice({args[0]}, {args[1]})"))(lambda b: None)
REGISTRY["list.slice"].header = "muna/python/list/slice.hpp"
op("list.__getitem__", "self, index", emit=lambda args, r: f"{args[0]}.at({args[1]})")(lambda b: None)
op("dict.__getitem__", "self, key", emit=lambda args, r: f"{args[0]}.at({args[1]})")(lambda b: None)


# --- list methods -----------------------------------------------------------------------------
@op("list.append", "self, object", method_of="list", kind="method",
    emit=lambda args, r: f"{args[0]}.push_back({args[1]})")
def _append(b):
    t = strip_literal(b.type("self"))
    from .python_containers import _fits
    item = _fits(b, b.args["object"], t.item, f"list.append to {t}", t)
    from ..types import NONE
    return Resolved(NONE, (b.args["self"], item))


# range() is only iterated (for loops, comprehensions): the emitter spells it as a loop.
@op("builtins.range", "start, stop=None, step=None", obj=builtins.range,
    emit=lambda args, r: f"muna::python::Range({', '.join(args)})")
def _range(b):
    from ..types import IterT, NONE
    args = [b.args[k] for k in ("start", "stop", "step") if strip_literal(b.args[k].type) != NONE or k == "start"]
    # (an int | float, or a value of run-time type: its int, else Python's TypeError when it runs)
    args = [convert(a, NumberT()) if isinstance(strip_literal(a.type), AnyT) else a for a in args]
    for a in args:
        if strip_literal(a.type) not in (INT, BOOL) and not isinstance(strip_literal(a.type), NumberT):
            b.fail(f"range() takes int arguments, got {a.type}")
    return Resolved(IterT(INT), tuple(convert(a, INT) for a in args))


# --- numeric builtins -------------------------------------------------------------------------
def _conversion(target):
    """int(x), float(x), bool(x) with Python's rules (int() truncates and raises on inf/nan,
    int("42") and float("1e-3") parse as CPython does): include/muna/python/builtins/."""
    def rule(b):
        x = b.args["x"]
        t = strip_literal(x.type)
        if target == BOOL:
            if isinstance(t, TensorT):  # NumPy's and Torch's bool(): one element, else an error
                return Resolved(BOOL, (x,), op=f"{'torch.Tensor' if t.lib == 'torch' else 'numpy.ndarray'}.__bool__")
            return Resolved(BOOL, (x,), op="builtins.truth")
        if isinstance(t, NumpyScalar):
            x = convert(x, FLOAT if t.dtype.startswith(("float", "bfloat")) else INT)
            t = strip_literal(x.type)
        from ..types import EnumT
        if isinstance(t, EnumT) and issubclass(t.cls, (int, str)):
            x = b.builder.coerce(x, t.value_type, None, "value")
            t = strip_literal(x.type)
        if isinstance(t, NumberT):
            return Resolved(target, (x,), op=f"number.to_{target.name}")
        from ..types import OptionalT
        if isinstance(t, OptionalT) and (isinstance(t.item, (AnyT, Str)) or t.item in (INT, FLOAT, BOOL)):
            x, t = convert(x, AnyT()), AnyT()  # None raises CPython's TypeError (object.to_float)
        if isinstance(t, AnyT):
            return Resolved(target, (x,), op=f"object.to_{target.name}")
        if isinstance(t, TensorT):  # float(x), int(x) of a one-element array or tensor
            return Resolved(target, (x,), (target.cpp(),), op=f"tensor.scalar_{t.lib}")
        if isinstance(t, (Scalar, Str)):
            return Resolved(target, (x,))
        b.fail(f"{target.name}() of {t} is not supported")
    return rule


op("builtins.float", "x=0.0", obj=builtins.float)(_conversion(FLOAT))
def _int(b):
    """int(x), and int(text, base) parsing `text` in that base as CPython does."""
    base = b.args["base"]
    del b.args["base"]
    if strip_literal(base.type) == NONE:
        return _conversion(INT)(b)
    if not isinstance(strip_literal(b.args["x"].type), Str):
        b.fail("int() can't convert non-string with explicit base")
    if strip_literal(base.type) not in (INT, BOOL):
        b.fail(f"'{strip_literal(base.type)}' object cannot be interpreted as an integer")
    return Resolved(INT, (b.args["x"], convert(base, INT)))


op("builtins.int", "x=0, base=None", obj=builtins.int)(_int)
op("builtins.bool", "x=False", obj=builtins.bool)(_conversion(BOOL))
op("builtins.truth", "x", emit=lambda args, r: f"muna::python::truth({args[0]})")(lambda b: None)
for _lib, _kind in (("numpy", "numpy.ndarray"), ("torch", "torch.Tensor")):
    op(f"{_kind}.__bool__", "self", header="muna/python/truth.hpp", cpp=f"muna::python::truth_{_lib}")(lambda b: None)
REGISTRY["builtins.truth"].header = "muna/python/truth.hpp"


@op("builtins.abs", "x", obj=builtins.abs)
def _abs(b):
    t = strip_literal(b.type("x"))
    if isinstance(t, AnyT):
        return object_unary(b, "x", "Abs")
    if isinstance(t, TensorT):
        return array_function(b, "abs") if "numpy.absolute" in REGISTRY else b.fail("abs() of arrays needs numpy.absolute")
    if t == BOOL:
        return Resolved(INT, (convert(b.args["x"], INT),))
    if isinstance(t, NumberT):
        return Resolved(t, (b.args["x"],), op="number.abs")
    if isinstance(t, (Scalar, NumpyScalar)):
        return Resolved(t, (b.args["x"],))
    b.fail(f"bad operand type for abs(): '{t}'")


def _minmax(kind):
    """min/max of several values (a common type) or of one list, optionally by key=; Python
    keeps the first of equal extremes, as `std::min({...})` and the runtime's loops do."""
    def rule(b):
        items = list(b.args["args"].args)
        if not items:
            b.fail(f"{kind} expected at least 1 argument, got 0")
        key = b.args["key"]
        has_key = not (key.op == "const" and key.attr("value") is None)
        default = b.args["default"]
        has_default = not (default.op == "const" and default.attr("value") is Ellipsis)
        if has_default and len(items) != 1:
            b.fail(f"Cannot specify a default for {kind}() with multiple positional arguments")
        if len(items) == 1:
            from ..build_ir import call
            from .python_itertools import materialized
            b.args["_only"] = _as_list(items[0])
            items = [materialized(b, "_only")]  # an iterator, range(), a set: read whole; bytes: its ints
            t = strip_literal(items[0].type)
            if isinstance(t, DictT):  # over a dict: its keys
                items = [call("dict.keys", ListT(t.key), (items[0],), b.loc)]
                t = ListT(t.key)
            if not isinstance(t, ListT):  # a set, a tuple of one type, a str, range(), rows: as a list
                from .python_containers import _items_of, _iterable_args
                b.args["iterable"] = items[0]
                _iterable_args(b, "iterable")
                item = _items_of(b, kind, b.args["iterable"].type)
                items = [call("builtins.list", ListT(item), (b.args["iterable"],), b.loc)]
                t = ListT(item)
            args = (items[0], b.callable(key, (t.item,))) if has_key else (items[0],)
            if has_default:
                # The extreme, or `default` for an empty iterable: a value of either type.
                from ..scope import join
                result = join(t.item, default.type)
                if result is None:
                    b.fail(f"{kind}() gives {t.item} or the default's {strip_literal(default.type)}; "
                           "give a default of the items' type")
                fallback = convert(default, result) if strip_literal(default.type) != result else default
                return Resolved(result, (args[0], fallback) + args[1:], op=f"builtins.{kind}_of_list_or")
            return Resolved(t.item, args, op=f"builtins.{kind}_of_list")
        types = [strip_literal(i.type) for i in items]
        if any(isinstance(t, (TensorT, DynTensorT)) for t in types):
            b.fail(f"{kind}() of arrays or tensors (Python compares them with <, which needs one element each) "
                   f"is not supported; use np.{'minimum' if kind == 'min' else 'maximum'} / "
                   f"torch.{'minimum' if kind == 'min' else 'maximum'}, or float(...) of each")
        if all(t == types[0] for t in types):
            common = types[0]
        elif all(isinstance(t, (Scalar, NumberT)) for t in types):
            common = NumberT()  # max(0, -1.5) is the int 0: Python returns the item itself
        elif ScalarKindsT.of(*types) is not None:
            common = ScalarKindsT.of(*types)  # max(x.max(), 1e-12): the NumPy scalar or the float
        elif any(isinstance(t, AnyT) for t in types) and all(AnyT.holds(t) for t in types):
            common = AnyT()  # min(at, n) of an item of an unannotated list: compared as Python does, when it runs
        else:
            b.fail(f"'{kind}' of different types ({', '.join(map(str, types))}) is not supported")
        values = tuple(convert(i, common) for i in items)
        if has_key:
            from ..ir import Expr
            as_list = Expr("list", ListT(common), values, loc=b.loc)
            return Resolved(common, (as_list, b.callable(key, (common,))), op=f"builtins.{kind}_of_list")
        return Resolved(common, values)
    return rule


for _kind in ("min", "max"):
    op(f"builtins.{_kind}", "*args, key=None, default=...", obj=getattr(builtins, _kind),
       emit=lambda args, r, _k=_kind: f"std::{_k}({{{', '.join(args)}}})")(_minmax(_kind))
    REGISTRY[f"builtins.{_kind}"].header = "algorithm"
    op(f"builtins.{_kind}_of_list", "iterable, key=None")(lambda b: None)
    op(f"builtins.{_kind}_of_list_or", "iterable, default, key=None",
       header=f"muna/python/builtins/{_kind}_of_list.hpp")(lambda b: None)


def _as_list(e):
    """bytes where a list of ints is walked (sum, min, max, any, all): the list of its ints; a
    tuple of numbers (a helper's *args): the list of them, each of the widest kind."""
    from ..build_ir import call
    from ..types import BytesT, TupleT
    t = strip_literal(e.type)
    if isinstance(t, BytesT):
        return call("builtins.list", ListT(INT), (e,), e.loc)
    if isinstance(t, TupleT) and all(isinstance(strip_literal(i), Scalar) for i in t.items):
        from .numpy_shape import tuple_items
        item = INT
        for i in t.items:
            item = join_numbers(item, strip_literal(i))
        return Expr("list", ListT(item), tuple(convert(i, item) for i in tuple_items(e)), loc=e.loc)
    return e


@op("builtins.sum", "iterable, start=0", obj=builtins.sum)
def _sum(b):
    from .python_itertools import materialized
    b.args["iterable"] = _as_list(b.args["iterable"])
    b.args["iterable"] = materialized(b, "iterable")  # an iterator, range(), a set: read whole
    t = strip_literal(b.type("iterable"))
    if not isinstance(t, ListT) or not isinstance(t.item, (Scalar, NumberT, AnyT)):
        b.fail(f"sum() of {t} is not supported; sum a list of numbers")
    start = strip_literal(b.type("start"))
    if NumberT() in (t.item, start) or isinstance(t.item, AnyT):
        result = NumberT()
    elif not isinstance(start, Scalar):
        b.fail(f"sum() with a start of {start} is not supported; start from a number")
    else:
        result = join_numbers(t.item, start)
    result = INT if result == BOOL else result
    if result == FLOAT and start in (INT, BOOL) and not (b.args["iterable"].op == "list" and b.args["iterable"].args):
        # CPython's sum of nothing is its start: sum([]) of a list of floats is the int 0
        # (a display with items is never empty).
        result = NumberT()
    return Resolved(result, (b.args["iterable"], convert(b.args["start"], result)))


for _kind in ("any", "all"):
    @op(f"builtins.{_kind}", "iterable", obj=getattr(builtins, _kind))
    def _anyall(b):
        b.args["iterable"] = _as_list(b.args["iterable"])
        t = strip_literal(b.type("iterable"))
        from ..types import IterT
        if not isinstance(t, IterT):  # an iterator is read only as far as it decides (C++ any/all)
            from .python_itertools import materialized
            b.args["iterable"] = materialized(b, "iterable")
            t = strip_literal(b.type("iterable"))
        if not isinstance(t, (ListT, IterT)):
            b.fail(f"{b.op.name}() needs a list, got {t}")
        return Resolved(BOOL, (b.args["iterable"],))


op("list.mul", "self, n")(lambda b: None)


# x.shape[i] on any array: the size of one dimension (negative i counts from the end).
op("tensor.shape_at", "self, index", emit=lambda args, r: f"{args[0]}.shape({args[1]})")(lambda b: None)
# x.dtype of an array of run-time dtype (muna::Array::dtype): a muna::DType, read by branching on it.
op("tensor.dtype", "self", emit=lambda args, r: f"{args[0]}.dtype()")(lambda b: None)
op("array.list_as", "items", header="muna/python/list_of_arrays.hpp", cpp="muna::list_as",
   doc="a list of arrays of run-time dtypes, each cast to the one they promote to (dispatch.py)")(lambda b: None)
op("tensor.unpack_shape", "self", header="muna/core/unpack_shape.hpp", cpp="muna::unpack_shape")(lambda b: None)
op("tensor.unpack_row", "self, index, expected", header="muna/core/rows.hpp", cpp="muna::unpack_row",
   doc="`a, b = x` of an array or tensor: row `index`, x's length checked")(lambda b: None)
op("tensor.rows", "self", header="muna/core/rows.hpp", cpp="muna::rows",
   doc="iterating over an array or tensor: its rows (a 1-d array's elements)")(lambda b: None)
op("python.detail.star_list", "items", emit=lambda args, r: args[0],
   doc="`*xs` of a list of run-time length, kept for an op that takes it whole (Op.star_list)")(lambda b: None)
op("tensor.open_rows", "self", header="muna/core/rows.hpp", cpp="muna::open_rows",
   doc="iterating over a NumPy array of a rank known when it runs: a 1-d one's elements, a higher one's rows")(lambda b: None)
op("tensor.unpack_open_row", "self, index, expected", header="muna/core/rows.hpp", cpp="muna::unpack_open_row",
   doc="`a, b = x` of a NumPy array of a rank known when it runs: row (or element) `index`, x's length checked")(
    lambda b: None)
op("tensor.known_rank", "self", emit=lambda args, r: args[0],
   doc="an array of open rank whose rank is now known (`h, w = x.shape` checked it): the same value")(lambda b: None)
op("tensor.shape_of", "self", header="muna/core/shape_of.hpp", cpp="muna::shape_of",
   doc="the shape of an array or tensor of unknown rank: tuple[int, ...]")(lambda b: None)


# --- `int | float` values (NumberT): include/muna/python/number.hpp ------------------------------
for _name in NUMBER_OPS + ("eq", "ne", "lt", "le", "gt", "ge", "abs", "round", "to_float", "to_int", "neg"):
    op(f"number.{_name}", "a, b=None", header="muna/python/number.hpp", cpp=f"muna::python::number::{_name}",
       emit=(lambda args, r, _n=_name: f"muna::python::number::{_n}({', '.join(args)})"))(lambda b: None)


op("number.is_float", "a", header="muna/python/number.hpp", emit=lambda args, r: f"{args[0]}.is_float()",
   doc="isinstance(x, float) of an `int | float`")(lambda b: None)


# --- values of unknown type (AnyT): include/muna/python/object.hpp ------------------------------
op("object.getslice", "x, key", header="muna/python/object_slice.hpp", cpp="muna::python::object::getslice",
   doc="x[i:j:k] of a value of run-time type")(lambda b: None)
op("object.unary", "x", header="muna/python/object_operators.hpp", doc="-x, ~x, abs(x) of a value of run-time type",
   emit=lambda args, e: f"muna::python::apply_unary(muna::python::UnaryOperator::{e.attr('template')[0]}, {args[0]})",
   )(lambda b: None)
for _name, _cpp, _doc in (("operator", "apply_operator", "a binary operator (Python's, or NumPy's ufunc)"),
                          ("ufunc", "apply_ufunc", "a binary NumPy ufunc")):
    # (the template: the muna::python::Operator, OBJECT_OPERATORS' name)
    op(f"object.{_name}", "a, b", header="muna/python/object_operators.hpp", doc=f"{_doc} on values of run-time type",
       emit=lambda args, e, _f=_cpp: f"muna::python::{_f}(muna::python::Operator::{e.attr('template')[0]}, "
                                     f"{args[0]}, {args[1]})")(lambda b: None)
for _name, _params in (("eq", "a, b"), ("ne", "a, b"), ("to_float", "x"), ("to_int", "x"), ("len", "x"),
                       ("getitem", "x, key"), ("contains", "container, x"), ("iterate", "x"),
                       ("get", "d, key, default"), ("isinstance", "x, name"), ("not_a_tuple", "x")):
    op(f"object.{_name}", _params, header="muna/python/object.hpp", cpp=f"muna::python::object::{_name}")(lambda b: None)


# --- arrays to Python values: tolist(), item(), float(x), int(x) (muna/core/to_python.hpp) ------
def python_number(dtype: str):
    return BOOL if dtype == "bool" else FLOAT if dtype in ("float32", "float64", "bfloat16") else INT


def _tolist(b):
    t = strip_literal(b.type("self"))
    if not isinstance(t, TensorT):
        b.fail(f"tolist() expects an array, got {t}")
    if t.rank is None:
        # Nested as deep as the array turns out to be: lists of Objects (typing.Any).
        return Resolved(AnyT(), (b.args["self"],), op="tensor.tolist_any")
    out = python_number(t.dtype)
    for _ in range(t.rank):
        out = ListT(out)
    return Resolved(out, (b.args["self"],), (out.cpp(),), op="tensor.tolist")


for _kind in ("numpy.ndarray", "torch.Tensor"):
    op(f"{_kind}.tolist", "self", method_of=_kind, kind="method", header="muna/core/to_python.hpp",
       doc="nested lists of Python numbers (Any when the rank is not known)")(_tolist)
op("tensor.tolist", "self", header="muna/core/to_python.hpp", cpp="muna::tolist")(lambda b: None)
op("tensor.tolist_any", "self", header="muna/core/tolist_any.hpp", cpp="muna::tolist_any")(lambda b: None)


@op("numpy.ndarray.item", "self", method_of="numpy.ndarray", kind="method", header="muna/core/to_python.hpp",
    cpp="muna::item_numpy", doc="the one element as a Python number")
def _numpy_item(b):
    t = strip_literal(b.type("self"))
    out = python_number(t.dtype)
    return Resolved(out, (b.args["self"],), (out.cpp(),))


op("tensor.scalar_numpy", "x", header="muna/core/to_python.hpp", cpp="muna::scalar_numpy")(lambda b: None)
op("tensor.scalar_torch", "x", header="muna/core/to_python.hpp", cpp="muna::scalar_torch")(lambda b: None)


# NumPy scalars' methods that hand back the Python number (np.float32(x).item()).
for _m in ("item", "tolist"):
    op(f"numpy.generic.{_m}", "self", method_of="numpy.generic", kind="method",
       doc="the Python number of a NumPy scalar")(
        lambda b: Resolved(python_number(strip_literal(b.type("self")).dtype),
                           (convert(b.args["self"], python_number(strip_literal(b.type("self")).dtype)),),
                           op="builtins.identity"))
op("builtins.identity", "x", emit=lambda args, r: args[0])(lambda b: None)


# --- the user's records (records.py; include/muna/python/record.hpp) ----------------------------
op("record.new", "*fields", header="muna/python/record.hpp",
   emit=lambda args, r: f"{r.type.cpp()}({', '.join(args)})")(lambda b: None)
op("record.get", "self", header="muna/python/record.hpp",
   emit=lambda args, r: f"{args[0]}.template get<{r.attr('template')[0]}>()")(lambda b: None)
op("record.set", "self, value", header="muna/python/record.hpp",
   emit=lambda args, r: f"{args[0]}.template set<{r.attr('template')[0]}>({args[1]})")(lambda b: None)

for _value in (False, True):
    op(f"builtins.constant_{_value}", "a, b", emit=lambda args, r, _v=_value: "true" if _v else "false")(lambda b: None)


# `a, b = x` of a value of unknown type (a Union without a static form): checked at run time.
op("object.unpack_item", "x, index, expected", header="muna/python/object.hpp",
   cpp="muna::python::object::unpack_item")(lambda b: None)

# A slice bound of unknown type (text[span["start"]:span["end"]]): None or an int at run time.
op("object.slice_bound", "x", emit=lambda args, r: f"muna::python::object::slice_bound({args[0]})",
   header="muna/python/object.hpp")(lambda b: None)
