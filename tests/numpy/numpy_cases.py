"""The NumPy conformance cases, generated from the registry.

Every `numpy.*` op in the registry gets cases: families (unary and binary ufuncs, reductions)
are enumerated from the registry's own tables over every dtype NumPy accepts for them; other
ops take their expression templates from TEMPLATES. An op that ends up with no case fails
test_every_op_is_covered.

A case is one Python expression over the inputs: {x} and {y} are arrays of the case's dtype
(made inside the compiled function from float64 inputs a, b for float dtypes, from int64
inputs i, j otherwise, so views and conversions happen in compiled code), {k} is an int64
index array. The generator (numpy_generate.py) turns cases into a few modules of one function each.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

DTYPES = ("bool", "uint8", "int8", "int16", "int32", "int64", "float32", "float64")
FLOATS = ("float32", "float64")
INTS = ("uint8", "int8", "int16", "int32", "int64")
NUMERIC = INTS + FLOATS


@dataclass(frozen=True)
class Case:
    op: str          # the registry op this case covers
    template: str    # a Python expression over {x}, {y}, {k}
    dtype: str       # the dtype {x} and {y} are converted to
    inputs: str      # which input sets: "unary", "binary", "reduce", "matrix", "index", "linalg",
                     # "vector", "none", ... (numpy_inputs.py)
    tolerance: str = ""  # the registry op's when empty; a case computing through an FFT has the FFT's

    def expression(self) -> str:
        src = ("a", "b") if self.dtype in FLOATS else ("i", "j")
        if self.inputs in ("matrix", "matrix_rows", "index", "linalg"):  # rank-2 parameters: .shape and [i, j] typecheck
            src = ("ma", "mb") if self.dtype in FLOATS else ("mi", "mj")
        name = "bool_" if self.dtype == "bool" else self.dtype
        return self.template.format(x=f"{src[0]}.astype(np.{name})",
                                    y=f"{src[1]}.astype(np.{name})", k="k")


def _ufunc_dtypes(ufunc):
    """The dtypes NumPy accepts for this ufunc whose result muna supports."""
    out = []
    for dtype in DTYPES:
        args = [np.zeros(2, dtype)] * ufunc.nin
        try:
            with np.errstate(all="ignore"):
                result = ufunc(*args)
        except TypeError:
            continue
        if np.asarray(result).dtype.name in DTYPES:
            out.append(dtype)
    return out


VIEW_DTYPES = ("float32", "int32", "bool")        # transposed and strided views
SCALAR_DTYPES = ("float32", "float64", "int8", "int64", "bool")  # Python-scalar operands


def ufunc_cases(name, nin):
    """Every accepted dtype on contiguous inputs; views and scalar operands on a few dtypes
    (they exercise the iteration and promotion paths, which do not depend on the functor)."""
    f = f"numpy.{name}"
    cases = []
    for dtype in _ufunc_dtypes(getattr(np, name)):
        if nin == 1:
            cases.append(Case(f, f"np.{name}({{x}})", dtype, "unary"))
            if dtype in VIEW_DTYPES:
                cases += [Case(f, f"np.{name}({{x}}.T)", dtype, "matrix"),
                          Case(f, f"np.{name}({{x}}[::2])", dtype, "unary")]
            continue
        cases.append(Case(f, f"np.{name}({{x}}, {{y}})", dtype, "binary"))
        if dtype in VIEW_DTYPES:
            cases += [Case(f, f"np.{name}({{x}}.T, {{y}}[::-1])", dtype, "matrix"),
                      Case(f, f"np.{name}({{x}}[::2], {{y}}[::2])", dtype, "unary")]
        if dtype in SCALAR_DTYPES:
            scalar = "2.5" if dtype in FLOATS else ("True" if dtype == "bool" else "3")
            cases += [Case(f, f"np.{name}({{x}}, {scalar})", dtype, "unary"),
                      Case(f, f"np.{name}({scalar}, {{x}})", dtype, "unary")]
    # dtype= picks the loop, operands cast same_kind: int32 widened (unary), float64 narrowed.
    # One resolution path serves every ufunc (numpy_ufuncs.resolve_ufunc): a few stand for all.
    dtype, requested = ("int32", "float64") if nin == 1 else ("float64", "float32")
    if name in DTYPE_KEYWORD_UFUNCS and _takes_dtype(getattr(np, name), dtype, requested):
        operands = "{x}" if nin == 1 else "{x}, {y}"
        cases.append(Case(f, f"np.{name}({operands}, dtype=np.{requested})", dtype, "unary" if nin == 1 else "binary"))
    return cases


DTYPE_KEYWORD_UFUNCS = ("square", "sqrt", "exp", "absolute", "negative", "add", "multiply", "divide", "maximum",
                        "power")


def _takes_dtype(ufunc, dtype, requested):
    try:
        with np.errstate(all="ignore"):
            return np.asarray(ufunc(*[np.zeros(2, dtype)] * ufunc.nin, dtype=requested)).dtype.name in DTYPES
    except TypeError:
        return False


OPERATOR_FORMS = {  # the operator spellings the frontend maps onto each ufunc
    "add": "{x} + {y}", "subtract": "{x} - {y}", "multiply": "{x} * {y}", "divide": "{x} / {y}",
    "floor_divide": "{x} // {y}", "remainder": "{x} % {y}", "power": "{x} ** {y}",
    "equal": "{x} == {y}", "not_equal": "{x} != {y}", "less": "{x} < {y}",
    "less_equal": "{x} <= {y}", "greater": "{x} > {y}", "greater_equal": "{x} >= {y}",
    "bitwise_and": "{x} & {y}", "bitwise_or": "{x} | {y}", "bitwise_xor": "{x} ^ {y}",
    "left_shift": "{x} << {y}", "right_shift": "{x} >> {y}", "negative": "-{x}",
    "invert": "~{x}",
}


def reduction_cases(name, method=False):
    f = (lambda a, rest: f"{a}.{name}({rest})") if method else \
        (lambda a, rest: f"np.{name}({a}{', ' if rest else ''}{rest})")
    op_name = f"numpy.ndarray.{name}" if method else f"numpy.{name}"
    kinds = NUMERIC + ("bool",) if name in ("any", "all", "count_nonzero", "sum", "max", "min",
                                            "argmax", "argmin") else NUMERIC
    if name.startswith("nan") or name in ("median",):
        kinds = FLOATS + ("int32", "int64")
    cases = []
    for dtype in kinds:
        variants = ["", "axis=0", "axis=-1", "axis=(0, 1)", "axis=-1, keepdims=True",
                    "keepdims=True"]
        if dtype not in ("float32", "int32") or method:
            variants = ["", "axis=0"]
        if method and dtype not in ("float32", "int64", "bool"):
            continue
        for v in variants:
            cases.append(Case(op_name, f("{x}", v), dtype, "reduce"))
        if name in ("max", "min") and dtype in ("float32", "float64", "int32", "uint8", "bool") and not (
                method and dtype != "float32"):
            # initial= joins every row, is cast to the dtype as NumPy casts it, and is the result of
            # an empty row.
            below = "7" if dtype in ("uint8", "bool") else "-1"  # NumPy deprecates -1 as a uint8
            cases += [Case(op_name, f("{x}", f"initial={below}"), dtype, "reduce"),
                      Case(op_name, f("{x}", "axis=-1, initial=2.5"), dtype, "reduce"),
                      Case(op_name, f("{x}[:0]", "axis=0, initial=3"), dtype, "reduce")]
        if not method and dtype in ("float32", "int32"):
            cases.append(Case(op_name, f("{x}.T", "axis=0"), dtype, "reduce"))
            cases.append(Case(op_name, f("{x}[::2]", "axis=-1"), dtype, "reduce"))
    return cases


# Ops outside the generic families: templates and the dtypes they run on.
F, I = FLOATS, ("int32", "int64")
TEMPLATES = {
    # Python values out of arrays, wrapped back into an array for the comparison (a float64 one:
    # the Python ints and floats of every dtype hold exactly in it, and an empty list has no
    # dtype of its own). Size and truth errors are NumPy's ValueErrors.
    # Rank-2 inputs without an empty outer dimension: np.asarray([]) is 1-d in NumPy, which a
    # compiled list[list[float]] (rank 2 by its type) raises on instead (test_array_from_lists.py).
    "numpy.ndarray.tolist": [("np.asarray({x}.tolist(), dtype=np.float64)", DTYPES, "matrix_rows")],
    "numpy.ndarray.item": [("np.asarray({x}[1:2].item(), dtype=np.float64)", DTYPES, "curve"),
                           ("np.asarray({x}.item(), dtype=np.float64)", F, "vector")],
    "numpy.generic.item": [("np.asarray({x}.max().item(), dtype=np.float64)", DTYPES, "curve")],
    "numpy.generic.tolist": [("np.asarray({x}.max().tolist(), dtype=np.float64)", DTYPES, "curve")],
    "numpy.ndarray.__bool__": [("np.asarray(bool({x}[1:2]))", DTYPES, "curve"),
                               ("np.asarray(bool({x}))", F, "curve")],
    # Bytes: the array's memory read back as its own dtype and as bytes.
    "numpy.ndarray.tobytes": [("np.frombuffer({x}.tobytes(), dtype=np.{d})", DTYPES, "unary")],
    "numpy.frombuffer": [("np.frombuffer({x}.tobytes(), dtype=np.uint8)", NUMERIC, "unary"),
                         ("np.frombuffer({x}[::2].tobytes(), dtype=np.{d})", F + I, "unary")],
    "numpy.where": [("np.where({x} > {y}, {x}, {y})", F + I + ("bool",), "binary"),
                    ("np.where({x} > 0, {x}, 0.5)", F, "unary"),
                    ("UNPACK 2 0 || np.where({x})", F + I, "matrix")],
    "numpy.clip": [("np.clip({x}, -1, 2)", F + I, "unary"), ("np.clip({x}, {y}, 3)", F + I, "binary"),
                   ("np.clip({x}, None, 0.5)", F, "unary")],
    "numpy.ndarray.clip": [("{x}.clip(-1, 2)", F + I, "unary"), ("{x}.clip(max=0.5)", F, "unary")],
    "numpy.fix": [("np.fix({x})", F + I, "unary")],
    "numpy.around": [("np.around({x})", F + I, "unary"), ("np.around({x}, 2)", F, "unary"),
                     ("np.around({x}, -1)", F, "unary")],
    "numpy.round": [("np.round({x}, 1)", F, "unary")],
    "numpy.round_": [("np.round_({x}, 1)", F, "unary")],
    "numpy.ndarray.round": [("{x}.round(3)", F, "unary")],
    "numpy.nan_to_num": [("np.nan_to_num({x})", F + I, "unary"),
                         ("np.nan_to_num({x}, nan=-1.0, posinf=9.0, neginf=-9.0)", F, "unary")],
    "numpy.count_nonzero": [("np.count_nonzero({x})", F + I + ("bool",), "reduce"),
                            ("np.count_nonzero({x}, axis=0)", F + I, "reduce"),
                            ("np.count_nonzero({x}, axis=-1, keepdims=True)", F, "reduce")],
    "numpy.cumsum": [("np.cumsum({x})", NUMERIC + ("bool",), "reduce"),
                     ("np.cumsum({x}, axis=0)", F + I, "reduce"),
                     ("np.cumsum({x}.T, axis=-1)", F, "reduce"),
                     ("np.cumsum({x}, dtype=np.float64)", ("int32",), "reduce")],
    "numpy.cumprod": [("np.cumprod({x})", F + I, "reduce"), ("np.cumprod({x}, axis=-1)", F + I, "reduce")],
    "numpy.ndarray.cumsum": [("{x}.cumsum(axis=0)", F + I, "reduce")],
    "numpy.ndarray.cumprod": [("{x}.cumprod()", F, "reduce")],
    "numpy.median": [("np.median({x})", F + I, "reduce"), ("np.median({x}, axis=0)", F + I, "reduce"),
                     ("np.median({x}, axis=-1, keepdims=True)", F, "reduce")],
    # A 0-d result of a float32 row holding NaN is NumPy 1.24's float32 NaN (arr[-1]), float64
    # otherwise, a dtype a compiler cannot know (docs/ops.md): those cases use float64.
    "numpy.quantile": [("np.quantile({x}, 0.3)", ("float64",) + I, "vector"), ("np.quantile({x}, 0.75, axis=-1)", F, "reduce"),
                       ("np.quantile({x}, np.array([0.1, 0.5, 1.0]))", F + I, "vector"),
                       ("np.quantile({x}, np.array([0.25, 0.9]), axis=0, keepdims=True)", F, "reduce"),
                       # an integer q: NumPy's direct path keeps a's dtype
                       ("np.quantile({x}, 1)", F + I, "reduce"), ("np.quantile({x}, 0, axis=-1)", F, "reduce"),
                       ("np.quantile({x}, np.array([0, 1]), axis=0)", F + I, "reduce"),
                       ("np.quantile({x}, np.array([0.5, 1.5]))", ("float64",), "vector")],
    "numpy.percentile": [("np.percentile({x}, 50)", ("float64",) + I, "vector"),
                         ("np.percentile({x}, 90.0, axis=0, keepdims=True)", F, "reduce"),
                         ("np.percentile({x}, np.array([10.0, 50.0, 100.0]))", F + I, "vector"),
                         ("np.percentile({x}, np.array([[5, 95], [50, 0]]), axis=-1)", F, "reduce")],
    "numpy.average": [("np.average({x})", F + I, "reduce"),
                      ("np.average({x}, axis=0)", F, "reduce"),
                      ("np.average({x}, weights=np.abs({y}) + 1)", F, "reduce"),
                      ("np.average({x}, axis=-1, weights=np.abs({y}) + 1)", F, "reduce")],
    # creation
    "numpy.array": [("np.array([[1.5, -2.0, 3.0], [4.0, 5.0, -0.0]])", ("float64",), "none"),
                    ("np.array([1, 2, 3], dtype=np.{d})", NUMERIC, "none"),
                    ("np.array([[True, False]])", ("bool",), "none"),
                    ("np.array((1, 2.5, 3))", ("float64",), "none"),
                    ("np.array(3.5)", ("float64",), "none"),
                    ("np.array({x})", F + I, "unary"),
                    ("np.array({x}, dtype=np.int16)", F + I, "unary"),
                    ("np.array([{x}, {x} + 1])", F, "matrix"),
                    ("np.array([[1, 2], [3]])", ("int64",), "none")],
    "numpy.asarray": [("np.asarray({x}.T)", F, "matrix"), ("np.asarray([1.0, 2.0], dtype=np.float32)", ("float32",), "none")],
    "numpy.ascontiguousarray": [("np.ascontiguousarray({x}.T)", F + I, "matrix")],
    "numpy.zeros": [("np.zeros((2, 3))", ("float64",), "none"), ("np.zeros(4, dtype=np.{d})", NUMERIC + ("bool",), "none"),
                    ("np.zeros((0, 2), dtype=np.float32)", ("float32",), "none")],
    "numpy.ones": [("np.ones((2, 3))", ("float64",), "none"), ("np.ones(5, dtype=np.{d})", NUMERIC + ("bool",), "none"),
                   ("np.ones({x}.shape)", F, "matrix")],
    "numpy.empty": [("np.array(np.empty((3, 0)).shape)", ("float64",), "none"), ("np.empty(0)", ("float64",), "none")],
    "numpy.full": [("np.full((2, 2), 7)", ("int64",), "none"), ("np.full(3, 2.5, dtype=np.{d})", NUMERIC, "none"),
                   ("np.full((2, 1), np.nan)", ("float64",), "none")],
    "numpy.zeros_like": [("np.zeros_like({x})", F + I, "unary"), ("np.zeros_like({x}, dtype=np.int8)", F, "unary")],
    "numpy.ones_like": [("np.ones_like({x})", F + I + ("bool",), "unary")],
    "numpy.empty_like": [("np.array(np.empty_like({x}).shape)", F, "matrix")],
    "numpy.full_like": [("np.full_like({x}, 3)", F + I, "unary"), ("np.full_like({x}, 0.7, dtype=np.float32)", F, "unary")],
    "numpy.arange": [("np.arange(10)", ("int64",), "none"), ("np.arange(2, 11, 3)", ("int64",), "none"),
                     ("np.arange(0.0, 1.0, 0.1)", ("float64",), "none"),
                     ("np.arange(1, 2, 0.1, dtype=np.float32)", ("float32",), "none"),
                     ("np.arange(10, 0, -3)", ("int64",), "none"), ("np.arange(5, dtype=np.{d})", NUMERIC, "none"),
                     ("np.arange(3, 1)", ("int64",), "none")],
    "numpy.linspace": [("np.linspace(0.0, 1.0, 7)", ("float64",), "none"), ("np.linspace(-2, 5)", ("float64",), "none"),
                       ("np.linspace(0, 10, 4, endpoint=False)", ("float64",), "none"),
                       ("np.linspace(0, 10, 6, dtype=np.{d})", ("int32", "float32", "int64"), "none"),
                       ("np.linspace(1.0, 1.0, 1)", ("float64",), "none"), ("np.linspace(0.0, 1.0, 0)", ("float64",), "none")],
    "numpy.eye": [("np.eye(3)", ("float64",), "none"), ("np.eye(2, 4, 1, dtype=np.{d})", NUMERIC + ("bool",), "none"),
                  ("np.eye(4, k=-2)", ("float64",), "none")],
    "numpy.identity": [("np.identity(4, dtype=np.{d})", NUMERIC, "none")],
    "numpy.copy": [("np.copy({x}.T)", F + I, "matrix")],
    "numpy.ndarray.copy": [("{x}[::2].copy()", F + I, "unary")],
    # dtypes
    "numpy.ndarray.astype": [("{x}.astype(np.{e})", DTYPES, "unary")],
    "numpy.bool_": [("np.bool_({x})", NUMERIC, "unary"), ("np.asarray(np.bool_(3))", ("bool",), "none")],
    "numpy.uint8": [("np.uint8({x})", ("int64", "int8"), "unary")],
    "numpy.int8": [("np.int8({x})", ("int64", "uint8"), "unary")],
    "numpy.int16": [("np.int16({x})", ("int64", "uint8"), "unary")],
    "numpy.int32": [("np.int32({x})", ("int64", "float32"), "unary"), ("np.asarray(np.int32(7) + {x})", ("int8", "int64"), "unary")],
    "numpy.int64": [("np.int64({x})", ("int32", "float64"), "unary")],
    "numpy.float32": [("np.float32({x})", F + I, "unary"), ("{x} * np.float32(1.5)", F + I + ("int8",), "unary")],
    # NumPy's np.float64(array) of a size-1 array is a scalar: sliced to avoid size 1.
    "numpy.float64": [("np.float64({x}[:2])", ("float32", "int32"), "matrix"), ("{x} + np.float64(2)", ("float32", "int8"), "unary")],
    # indexing and properties
    "numpy.ndarray.__getitem__": [
        ("{x}[1]", F + I, "matrix"), ("{x}[-1, 2]", F, "matrix"), ("{x}[1:, ::2]", F + I, "matrix"),
        ("{x}[::-1]", F, "matrix"), ("{x}[None, :, 1]", F, "matrix"), ("{x}[..., 0]", F, "matrix"),
        ("{x}[:, None]", F, "matrix"), ("{x}[{k}]", F + I, "index"), ("{x}[:, {k}]", F, "index"),
        ("{x}[{x} > 0]", F + I, "matrix"), ("{x}[{x}[:, 0] > 0]", F, "matrix"),
        ("{x}[5]", F, "matrix"), ("{x}[2:-1][1]", F, "matrix"),
        # several arrays: broadcast together; their dims go where the advanced items stand
        # when those are adjacent in the key, in front otherwise
        ("{x}[{k}, {k}]", F + I, "index"), ("{x}[{k}[:, None], {k}[None, :]]", F, "index"),
        ("{x}[{k}, {k}[:2]]", F, "index"), ("np.stack(({x}, {y}))[0, :, {k}]", F + I, "index"),
        ("np.stack(({x}, {y}))[{k} % 2, :, {k}]", F, "index"), ("np.stack(({x}, {y}))[:, {k}, {k}]", F, "index"),
        ("np.stack(({x}, {y}))[:, {k}, 0]", F, "index"), ("{x}[{x} > 0, None][:, {k}[:1] * 0]", F, "matrix"),
        ("np.stack(({x}, {y}))[1, {x}[:, 0] > 0, {k}[:1]]", F, "index"),
    ],
    "numpy.ndarray.__setitem__": [
        # "SET target || key || value": target[key] = value, then the target is the result.
        ("SET {x} || 0 || 0.5", F, "matrix"), ("SET {x} || :, 1 || {y}[:, 0]", F, "matrix"),
        ("SET {x} || {x} < 0 || 0", F + I, "matrix"), ("SET {x} || {k} || -1", F + I, "index"),
        ("SET {x} || ..., -1 || 7", F, "matrix"), ("SET {x} || ::2 || {y}[::2]", F, "matrix"),
        ("SET {x} || 1:3, 1 || 2.5", F + I, "matrix"), ("SET {x}.T || 0 || 9", F, "matrix"),
        ("SET {x} || {k}, {k} || -1", F + I, "index"), ("SET {x} || {k}[:, None], {k}[None, :] || 5.5", F, "index"),
        ("SET {x} || {k}, {k} || {y}[0, :1]", F, "index"), ("SET {x} || {k}, {k}[:1] || {y}[:, 0][:1]", F, "index"),
    ],
    "numpy.ndarray.shape": [("np.array({x}.shape)", F, "matrix")],
    "numpy.ndarray.__len__": [("np.array(len({x}))", F + ("bool",), "unary")],
    "numpy.ndarray.ndim": [("np.array({x}.ndim)", F, "unary")],
    "numpy.ndarray.size": [("np.array({x}.size)", F + I, "unary")],
    "numpy.ndarray.T": [("{x}.T", F + I + ("bool",), "matrix"), ("{x}.T[0]", F, "matrix")],
    # shape
    "numpy.reshape": [("np.reshape({x}, -1)", F + I, "matrix"), ("np.reshape({x}.T, (1, -1))", F, "matrix"),
                      ("np.reshape({x}, (2, -1))", F, "matrix"), ("np.reshape({x}, (4, 4))", F, "matrix")],
    "numpy.ndarray.reshape": [("{x}.reshape(-1, 1)", F + I, "matrix"), ("{x}.reshape((3, -1))", F, "matrix")],
    "numpy.ravel": [("np.ravel({x}.T)", F + I, "matrix")],
    "numpy.ndarray.ravel": [("{x}.ravel()", F, "matrix")],
    "numpy.ndarray.flatten": [("{x}[::-1].flatten()", F + I, "matrix")],
    "numpy.transpose": [("np.transpose({x})", F + I, "matrix"), ("np.transpose({x}, (1, 0))", F, "matrix")],
    "numpy.ndarray.transpose": [("{x}.transpose()", F, "matrix"), ("{x}.transpose(1, 0)", F, "matrix"),
                                ("{x}.transpose((1, 0))", I, "matrix")],
    "numpy.swapaxes": [("np.swapaxes({x}, 0, 1)", F + I, "matrix")],
    "numpy.ndarray.swapaxes": [("{x}.swapaxes(0, -1)", F, "matrix")],
    "numpy.moveaxis": [("np.moveaxis({x}, 0, -1)", F + I, "matrix")],
    "numpy.squeeze": [("np.squeeze({x})", F + I, "matrix"), ("np.squeeze({x}[:1], axis=0)", F, "matrix")],
    "numpy.ndarray.squeeze": [("{x}[:, :1].squeeze()", F, "matrix")],
    "numpy.expand_dims": [("np.expand_dims({x}, 0)", F + I, "matrix"), ("np.expand_dims({x}, (0, -1))", F, "matrix")],
    "numpy.concatenate": [("np.concatenate(({x}, {y}))", F + I, "matrix"),
                          ("np.concatenate(({x}, {y}), axis=1)", F, "matrix"),
                          ("np.concatenate([{x}, {y}, {x}], axis=-1)", F, "matrix"),
                          ("np.concatenate(({x}, {y}), axis=None)", F, "matrix"),
                          ("np.concatenate(({x}, {x}[:1].astype(np.int8)))", F + I, "matrix")],
    "numpy.stack": [("np.stack(({x}, {y}))", F + I, "matrix"), ("np.stack(({x}, {y}), axis=-1)", F, "matrix")],
    "numpy.hstack": [("np.hstack(({x}, {y}))", F + I, "matrix"), ("np.hstack(({x}[0], {y}[1]))", F, "matrix")],
    "numpy.vstack": [("np.vstack(({x}, {y}))", F + I, "matrix"), ("np.vstack(({x}[0], {y}[1]))", F, "matrix")],
    "numpy.split": [("np.split({x}, 2, axis=1)[1]", F + I, "matrix"), ("np.split({x}, (1, 3))[0]", F, "matrix"),
                    ("np.split({x}, (1, 3))[2]", F, "matrix")],
    "numpy.array_split": [("np.array_split({x}, 3)[0]", F + I, "matrix"), ("np.array_split({x}, 3, axis=1)[2]", F, "matrix")],
    "numpy.tile": [("np.tile({x}, 2)", F + I, "matrix"), ("np.tile({x}, (2, 1, 2))", F, "matrix")],
    "numpy.repeat": [("np.repeat({x}, 2)", F + I, "matrix"), ("np.repeat({x}, 3, axis=1)", F, "matrix"),
                     ("np.repeat({x}, np.abs({k}) % 3, axis=0)", F + I, "index"), ("np.repeat({x}, np.abs({k}) % 4)", F, "index"),
                     ("np.repeat({x}, np.abs({k}[:1]), axis=1)", F, "index"), ("np.repeat({x}, {k}, axis=0)", F, "index")],
    "numpy.ndarray.repeat": [("{x}.repeat(2, axis=0)", F, "matrix")],
    "numpy.broadcast_to": [("np.broadcast_to({x}[0, :1], (2, 3))", F + I, "matrix"),
                           ("np.broadcast_to({x}, (2, 2))", F, "matrix")],
    "numpy.flip": [("np.flip({x})", F + I, "matrix"), ("np.flip({x}, 1)", F, "matrix"), ("np.flip({x}, (0, 1))", F, "matrix")],
    "numpy.roll": [("np.roll({x}, 2)", F + I, "matrix"), ("np.roll({x}, -1, axis=1)", F, "matrix"),
                   ("np.roll({x}, (1, -2), axis=(0, 1))", F + I, "matrix"), ("np.roll({x}, (2, 3), axis=1)", F, "matrix"),
                   ("np.roll({x}, 3, axis=(0, 1))", F, "matrix"), ("np.roll({x}, (1, 4))", F, "matrix")],
    "numpy.pad": [("np.pad({x}, 2)", F + I, "matrix"), ("np.pad({x}, ((1, 0), (2, 3)), constant_values=7)", F, "matrix"),
                  ("np.pad({x}, 3, mode='edge')", F + I, "matrix"), ("np.pad({x}, (2, 1), mode='reflect')", F + I, "matrix"),
                  ("np.pad({x}, 9, mode='reflect')", F, "matrix"), ("np.pad({x}, 2, mode='reflect')", F, "unary")],
    "numpy.meshgrid": [("np.meshgrid({x}, {y}[:3])[0]", F + I, "unary"), ("np.meshgrid({x}, {y})[1]", F, "unary"),
                       ("np.meshgrid({x}[0], {y}[1], indexing='ij')[0]", F, "matrix"),
                       ("np.meshgrid({x}[0], {y}[:, 0], indexing='ij')[1]", F + I, "matrix")],
    "numpy.fliplr": [("np.fliplr({x})", F + I, "matrix")],
    "numpy.flipud": [("np.flipud({x})", F + I, "matrix"), ("np.flipud({x}[0])", F, "matrix")],
    "numpy.triu": [("np.triu({x})", F + I, "matrix"), ("np.triu({x}, 1)", F, "matrix"), ("np.triu({x}, -2)", I, "matrix")],
    "numpy.tril": [("np.tril({x})", F + I, "matrix"), ("np.tril({x}, -1)", F, "matrix")],
    "numpy.isclose": [("np.isclose({x}, {y})", F + I, "binary"), ("np.isclose({x}, {x} + 1e-6)", F, "unary"),
                      ("np.isclose({x}, {x}, equal_nan=True)", F, "unary"), ("np.isclose({x}, 1.0, atol=0.5)", F, "unary")],
    "numpy.allclose": [("np.asarray(np.allclose({x}, {x}))", F + I, "unary"),
                       ("np.asarray(np.allclose({x}, {x}, equal_nan=True))", F, "unary"),
                       ("np.asarray(np.allclose({x}, {y}, rtol=0.5))", F, "binary")],
    "numpy.diff": [("np.diff({x})", F + I + ("bool",), "matrix"), ("np.diff({x}, 2, axis=0)", F, "matrix"),
                   ("np.diff({x}, prepend=0)", F + I, "matrix"), ("np.diff({x}, axis=0, append={y}[:1])", F + I, "matrix"),
                   ("np.diff({x}, 2, prepend=1.5, append={y})", F + ("int8",), "matrix"),
                   ("np.diff({x}, axis=0, prepend={y}[:, :1])", F, "matrix")],
    # sorting and searching
    "numpy.nonzero": [("UNPACK 2 0 || np.nonzero({x})", F + I + ("bool",), "matrix"), ("UNPACK 2 1 || np.nonzero({x})", F, "matrix")],
    "numpy.ndarray.nonzero": [("UNPACK 2 1 || {x}.nonzero()", F + I, "matrix")],
    "numpy.flatnonzero": [("np.flatnonzero({x})", F + I + ("bool",), "unary")],
    "numpy.argwhere": [("np.argwhere({x})", F + I, "unary")],
    "numpy.sort": [("np.sort({x})", F + I + ("bool",), "unary"), ("np.sort({x}, axis=0)", F + I, "matrix"),
                   ("np.sort({x}, axis=None)", F, "matrix"), ("np.sort({x}.T, kind='stable')", F, "matrix")],
    "numpy.argsort": [("np.argsort({x}, kind='stable')", F + I, "unary"), ("np.argsort({x}, axis=0, kind='stable')", F + I, "matrix"),
                      ("np.argsort({x}, axis=None, kind='mergesort')", F, "matrix")],
    "numpy.ndarray.argsort": [("{x}.argsort(kind='stable')", F + I, "matrix")],
    "numpy.ndarray.sort": [("INPLACE {x}.copy() || V.sort()", F + I + ("bool",), "matrix"),
                           ("INPLACE {x}.copy() || V.sort(axis=0, kind='stable')", F + I, "matrix")],
    # what NumPy guarantees: the kth element of each lane where a sort puts it
    "numpy.partition": [("np.partition({x}, 2)[..., 2]", F + I, "unary"), ("np.partition({x}, 1, axis=0)[1]", F, "matrix")],
    "numpy.argpartition": [("np.take_along_axis({x}, np.argpartition({x}, 2), -1)[..., 2]", F + I, "unary")],
    "numpy.searchsorted": [("np.searchsorted(np.sort({x}), {y})", F + I, "binary"),
                           ("np.searchsorted(np.sort({x}), {y}, side='right')", F + I, "binary"),
                           ("np.searchsorted(np.sort({x}), 0.5)", F, "unary")],
    "numpy.unique": [("np.unique({x})", F + I + ("bool",), "unary"),
                     ("UNPACK 2 1 || np.unique({x}, return_counts=True)", F + I, "unary"),
                     ("UNPACK 2 1 || np.unique({x}, return_inverse=True)", F + I, "unary"),
                     ("UNPACK 3 1 || np.unique({x}, return_index=True, return_counts=True)", F + I, "unary")],
    # linear algebra ("matrix" inputs: x and y of one shape)
    "numpy.matmul": [("np.matmul({x}, {y}.T)", F + I, "matrix"), ("{x} @ {y}.T", F, "matrix"),
                     ("np.matmul({x}[0], {y}.T)", F, "matrix"), ("np.matmul({x}, {y}[0])", F, "matrix"),
                     ("np.matmul({x}[None], np.stack(({y}.T, {y}.T)))", F, "matrix"),
                     ("np.matmul({x}, {y})", F, "matrix")],
    "numpy.dot": [("np.dot({x}, {y}.T)", F + I, "matrix"), ("np.asarray(np.dot({x}[0], {y}[0]))", F, "matrix"),
                  ("np.dot({x}, {y}[0])", F, "matrix"), ("np.dot({x}, 2.0)", F, "matrix")],
    "numpy.vdot": [("np.asarray(np.vdot({x}, {y}))", F + I, "matrix")],
    "numpy.inner": [("np.inner({x}, {y})", F + I, "matrix"), ("np.asarray(np.inner({x}[0], {y}[0]))", F, "matrix")],
    "numpy.outer": [("np.outer({x}[0], {y}[:, 0])", F + I, "matrix"), ("np.outer({x}, {y})", F, "matrix")],
    "numpy.tensordot": [("np.tensordot({x}, {y}, 2)", F + I, "matrix"), ("np.tensordot({x}, {y}, ((1,), (1,)))", F, "matrix"),
                        ("np.tensordot({x}, {y}.T, 1)", F, "matrix"), ("np.tensordot({x}, {y}, ((0,), (0,)))", F, "matrix")],
    "numpy.einsum": [("np.einsum('ij,kj->ik', {x}, {y})", F + I, "matrix"), ("np.einsum('ij->ji', {x})", F, "matrix"),
                     ("np.asarray(np.einsum('ij,ij', {x}, {y}))", F, "matrix"), ("np.asarray(np.einsum('ii', {x}))", F, "matrix"),
                     ("np.einsum('ij,j', {x}, {y}[0])", F, "matrix"), ("np.einsum('ij->i', {x})", F + I, "matrix"),
                     # no 'ii->i': NumPy 1.24 reads out of bounds for shape (0, 3)
                     ("np.einsum('ij,kl->ijkl', {x}, {y})", F, "matrix"),
                     ("np.einsum('...j,kj->...k', {x}, {y})", F + I, "matrix"), ("np.einsum('i...->...', {x})", F, "matrix"),
                     ("np.einsum('...', {x})", F, "matrix"), ("np.einsum('...ij,...jk', np.stack(({x}, {y})), {y}.T)", F, "matrix"),
                     ("np.einsum('...i,...i->...', {x}[None], {y})", F, "matrix")],
    "numpy.trace": [("np.asarray(np.trace({x}))", F + I + ("bool",), "matrix"), ("np.asarray(np.trace({x}, 1))", F, "matrix")],
    "numpy.ndarray.trace": [("np.asarray({x}.trace(-1))", F + I, "matrix")],
    "numpy.diagonal": [("np.diagonal({x})", F + I, "matrix"), ("np.diagonal({x}, -1)", F, "matrix")],
    "numpy.ndarray.diagonal": [("{x}.diagonal(1)", F, "matrix")],
    "numpy.diag": [("np.diag({x})", F + I, "matrix"), ("np.diag({x}[0])", F + I, "matrix"), ("np.diag({x}[0], -2)", F, "matrix"),
                   ("np.diag({x}, 2)", F, "matrix")],
    # element-wise extras
    "numpy.divmod": [("UNPACK 2 0 || np.divmod({x}, {y})", F + I, "binary"), ("UNPACK 2 1 || np.divmod({x}, {y})", F + I, "binary"),
                     ("UNPACK 2 1 || np.divmod({x}, 3)", I, "unary"), ("UNPACK 2 0 || np.divmod(2.5, {x})", F, "unary")],
    "numpy.array_equal": [("np.asarray(np.array_equal({x}, {y}))", F + I + ("bool",), "binary"),
                          ("np.asarray(np.array_equal({x}, {x}))", F + I, "unary"),
                          ("np.asarray(np.array_equal({x}, {x}, equal_nan=True))", F, "unary"),
                          ("np.asarray(np.array_equal({x}, {x}.astype(np.float32)))", I, "unary")],
    "numpy.nanvar": [("np.nanvar({x})", F + I, "reduce"), ("np.nanvar({x}, axis=0)", F + I, "reduce"),
                     ("np.nanvar({x}, axis=-1, keepdims=True)", F, "reduce"), ("np.nanvar({x}, ddof=1)", F + I, "reduce"),
                     ("np.nanvar({x}, axis=(0, 1), ddof=2)", F, "reduce"), ("np.nanvar({x}.T, axis=0)", F, "reduce")],
    "numpy.nanstd": [("np.nanstd({x})", F + I, "reduce"), ("np.nanstd({x}, axis=-1)", F, "reduce"),
                     ("np.nanstd({x}, axis=0, ddof=1, keepdims=True)", F, "reduce")],
    # shape extras
    "numpy.atleast_1d": [("np.atleast_1d({x})", F + I, "unary"), ("np.atleast_1d({x}.T)", F, "matrix")],
    "numpy.atleast_2d": [("np.atleast_2d({x})", F + I, "unary"), ("np.atleast_2d({x}[0])", F, "matrix")],
    "numpy.column_stack": [("np.column_stack(({x}, {y}))", F + I, "matrix"), ("np.column_stack(({x}[0], {y}[1]))", F, "matrix"),
                           ("np.column_stack(({x}[:, 0], {y}))", F, "matrix")],
    "numpy.dstack": [("np.dstack(({x}, {y}))", F + I, "matrix"), ("np.dstack(({x}[0], {y}[1]))", F, "matrix")],
    "numpy.broadcast_arrays": [("UNPACK 2 0 || np.broadcast_arrays({x}, {y})", F + I, "binary"),
                               ("UNPACK 2 1 || np.broadcast_arrays({x}, {y})", F, "binary"),
                               ("UNPACK 3 2 || np.broadcast_arrays({x}, {y}, {x}[:1].astype(np.int8))", F, "binary")],
    # function forms of indexing ("index" inputs: x is (5, 6) or (5, 1), k an index vector)
    "numpy.take": [("np.take({x}, {k})", F + I, "index"), ("np.take({x}, {k}, axis=1)", F, "index"),
                   ("np.take({x}, {k}, axis=0)", F + I, "index"), ("np.asarray(np.take({x}, 3))", F, "index"),
                   ("np.take({x}, np.stack(({k}, {k})), axis=-1)", F, "index"), ("np.take({x}, 2, axis=1)", F, "index")],
    "numpy.take_along_axis": [("np.take_along_axis({x}, np.argsort({x}, axis=0), 0)", F + I, "matrix"),
                              ("np.take_along_axis({x}, {k}[None, :], 1)", F + I, "index"),
                              ("np.take_along_axis({x}, {k}[:, None], 1)", F, "index"),
                              ("np.take_along_axis({x}[0], {k}, None)", F, "index")],
    "numpy.put_along_axis": [("INPLACE {x} || np.put_along_axis(V, {k}[None, :], 7, 1)", F + I, "index"),
                             ("INPLACE {x} || np.put_along_axis(V, np.argmax(V, axis=0)[None, :], {y}[:1], 0)", F + I, "matrix"),
                             ("INPLACE {x} || np.put_along_axis(V, np.argsort(V, axis=1), -{y}, 1)", F, "matrix")],
    # counting, binning, interpolation, convolution, covariance
    "numpy.bincount": [("np.bincount(np.abs({x}) % 7)", I, "unary"), ("np.bincount(np.abs({x}) % 5, minlength=9)", I, "unary"),
                       # never an empty x with weights: NumPy 1.24 then returns int64 zeros (docs/ops.md)
                       ("np.bincount(np.concatenate((np.abs({x}).astype(np.int64) % 5, np.ones(1, np.int64))), "
                        "weights=np.concatenate(({y}, np.ones(1, np.{d}))))", F, "binary"),
                       ("np.bincount(np.concatenate((np.abs({x}) % 5, np.ones(1, np.int64))), "
                        "weights=np.concatenate(({y}, np.ones(1, np.int64))))", ("int64",), "binary"),
                       ("np.bincount({x})", I, "unary")],
    "numpy.histogram": [("UNPACK 2 0 || np.histogram({x}, 5, range=(-2.0, 3.0))", F + I, "unary"),
                        ("UNPACK 2 1 || np.histogram({x}, 4, range=(-1, 1))", F + I, "unary"),
                        ("UNPACK 2 0 || np.histogram({x})", F + I, "reduce"), ("UNPACK 2 1 || np.histogram({x}, 3)", F + I, "reduce"),
                        ("UNPACK 2 0 || np.histogram({x}, 7, range=(1.0, 1.0))", F, "reduce")],
    "numpy.digitize": [("np.digitize({x}, np.array([-1.0, 0.0, 2.5]))", F + I, "unary"),
                       ("np.digitize({x}, np.array([3.0, 1.0, 1.0, -2.0]), right=True)", F + I, "unary"),
                       ("np.digitize({x}, np.sort({y}))", F + I, "binary"), ("np.digitize({x}, {y})", F, "binary"),
                       ("np.asarray(np.digitize(0.5, np.sort({x})))", F, "unary")],
    "numpy.interp": [("np.interp({x}, np.array([-1.0, 0.0, 2.0, 2.5]), np.array([3.0, -1.0, 4.0, 4.5]))", F + I, "unary"),
                     ("np.interp({x}, np.array([0.0, 1.0]), np.array([1.0, 2.0]), left=-5.0, right=7.5)", F, "unary"),
                     ("np.interp({x}, np.array([0.5]), np.array([2.0]))", F, "unary"),
                     ("np.interp({x}, {y}[:2], {y})", ("float64",), "binary"), ("np.asarray(np.interp(0.25, np.array([0.0, 1.0]), np.array([1.0, 3.0])))", F, "none")],
    "numpy.convolve": [("np.convolve({x}, {y})", F + I, "binary"), ("np.convolve({x}, {y}[:3], 'same')", F + I, "binary"),
                       ("np.convolve({x}[:2], {y}, 'same')", F, "binary"), ("np.convolve({x}, {y}[:4], 'valid')", F + I, "binary")],
    "numpy.cov": [("np.cov({x})", F + I, "linalg"), ("np.cov({x}, rowvar=False)", F, "linalg"), ("np.cov({x}, bias=True)", F, "linalg"),
                  ("np.cov({x}, ddof=0)", F, "linalg"), ("np.cov({x}[0], {y}[0])", F + I, "linalg"), ("np.cov({x}, {y})", F, "linalg"),
                  ("np.cov({x}[0])", F, "linalg")],
    "numpy.corrcoef": [("np.corrcoef({x})", F + I, "linalg"), ("np.corrcoef({x}, {y})", F, "linalg"),
                       ("np.corrcoef({x}, rowvar=False)", F, "linalg"), ("np.corrcoef({x}[0])", F, "linalg")],
    "numpy.cross": [("np.cross({x}[:, :3], {y}[:, :3])", F + I, "matrix"), ("np.cross({x}[:, :2], {y}[:, :2])", F + I, "matrix"),
                    ("np.cross({x}[:, :2], {y}[:, :3])", F, "matrix"), ("np.cross({x}[:, :3], {y}[0, :2])", F, "matrix"),
                    ("np.cross({x}[0, :3], {y}[:, :3])", F, "matrix")],
    "numpy.linalg.norm": [("np.asarray(np.linalg.norm({x}))", F + I, "matrix"), ("np.linalg.norm({x}, axis=1)", F + I, "matrix"),
                          ("np.asarray(np.linalg.norm({x}, 1))", F, "matrix"), ("np.asarray(np.linalg.norm({x}, 1e400))", F, "matrix"),
                          ("np.asarray(np.linalg.norm({x}[0], 1))", F, "matrix"), ("np.asarray(np.linalg.norm({x}[0], -1e400))", F, "matrix"),
                          ("np.linalg.norm({x}, axis=0, keepdims=True)", F, "matrix"), ("np.linalg.norm({x}, ord=3, axis=1)", F, "matrix"),
                          ("np.asarray(np.linalg.norm({x}, 'fro'))", F, "matrix"), ("np.linalg.norm({x}, 0, axis=1)", F, "matrix"),
                          ("np.asarray(np.linalg.norm({x}, 2))", F + I, "linalg"), # the smallest singular value of an exactly singular matrix is rounding noise: compared
                          # beside the largest
                          ("np.asarray(np.linalg.norm({x}, -2) + np.linalg.norm({x}, 2))", F, "linalg"),
                          ("np.asarray(np.linalg.norm({x}, 'nuc'))", F + I, "linalg"),
                          ("np.linalg.norm(np.stack(({x}, {y})), 2, axis=(2, 0), keepdims=True)", F, "linalg"),
                          ("np.linalg.norm(np.stack(({x}, {y})), 'nuc', axis=(1, 2))", F, "linalg"),
                          ("np.linalg.norm({x}, np.inf, axis=(0, 1), keepdims=True)", F, "linalg")],
    # factorisations ("linalg" inputs: finite, well-conditioned; vectors compared through
    # sign-free forms: products that rebuild the input, or absolute values)
    "numpy.linalg.inv": [("np.linalg.inv({x})", F + I, "linalg"), ("np.linalg.inv(np.stack(({x}, {x}.T)))", F, "linalg")],
    "numpy.linalg.det": [("np.asarray(np.linalg.det({x}))", F + I, "linalg"), ("np.linalg.det(np.stack(({x}, {x} + 1)))", F, "linalg")],
    "numpy.linalg.solve": [("np.linalg.solve({x}, {y})", F + I, "linalg"), ("np.linalg.solve({x}, {y}[0])", F, "linalg"),
                           ("np.linalg.solve(np.stack(({x}, {x}.T)), {y})", F, "linalg"),
                           ("np.linalg.solve(np.stack(({x}, {x}.T)), np.stack(({y}[0], {y}[-1])))", F, "linalg")],
    "numpy.linalg.eigh": [("UNPACK 2 0 || np.linalg.eigh({x} + {x}.T)", F + I, "linalg"),
                          ("UNPACK 2 0 || np.linalg.eigh({x}, UPLO='U')", F, "linalg"),
                          ("np.linalg.eigh({x} + {x}.T)[1] * np.linalg.eigh({x} + {x}.T)[0] @ np.linalg.eigh({x} + {x}.T)[1].T", F, "linalg"),
                          ("UNPACK 2 0 || np.linalg.eigh(np.stack(({x} + {x}.T, {x} @ {x}.T)))", F, "linalg")],
    "numpy.linalg.svd": [("UNPACK 3 1 || np.linalg.svd({x})", F + I, "linalg"),
                         ("np.linalg.svd({x}, compute_uv=False)", F + I, "linalg"),
                         ("np.linalg.svd(np.stack(({x}, {y})), compute_uv=False)", F, "linalg"),
                         ("np.linalg.svd({x}, full_matrices=False)[0] * np.linalg.svd({x}, full_matrices=False)[1] @ np.linalg.svd({x}, full_matrices=False)[2]", F, "linalg"),
                         ("np.abs(np.linalg.svd({x})[0] @ np.diag(np.linalg.svd({x})[1]))", F, "linalg"),
                         ("np.array(np.linalg.svd({x})[2].shape)", F, "linalg")],
}
# "SET target || key || value" assigns and returns the target; "UNPACK n i || expr" unpacks an
# n-tuple result and returns item i; "INPLACE target || statement" runs the statement with V
# standing for a variable holding the target, then returns the target. Templates with {d} run once per listed dtype with that dtype spelled in; {e} likewise (astype
# from every dtype to every dtype).


def template_cases(name):
    out = []
    for template, dtypes, inputs in TEMPLATES.get(name, ()):
        for dtype in dtypes:
            if "{e}" in template:
                for target in DTYPES:
                    t = template.replace("{e}", "bool_" if target == "bool" else target)
                    out.append(Case(name, t, dtype, inputs))
            else:
                out.append(Case(name, template.replace("{d}", "bool_" if dtype == "bool" else dtype),
                                dtype, inputs))
    return out


def all_cases(registry):
    """Every case for every numpy.* op of the registry (aliases run through their own name)."""
    from muna.ops import numpy_ufuncs, numpy_reductions
    cases = []
    unary = {n for n, _ in numpy_ufuncs.UNARY} | {a for a, t in numpy_ufuncs.ALIASES.items()
                                                  if getattr(np, t).nin == 1}
    for name, op in sorted(registry.ops.items()):
        if not name.startswith("numpy."):
            continue
        short = name[len("numpy."):]
        if name in TEMPLATES:
            cases += template_cases(name)
        elif isinstance(getattr(np, short, None), np.ufunc):
            cases += ufunc_cases(short, getattr(np, short).nin)
            if short in OPERATOR_FORMS:
                form = OPERATOR_FORMS[short]
                cases += [Case(name, form, c.dtype, "unary" if short in unary else "binary")
                          for c in ufunc_cases(short, getattr(np, short).nin)[::5]]
        elif short.startswith("ndarray.") and short[8:] in numpy_reductions.METHODS:
            cases += reduction_cases(short[8:], method=True)
        elif short in {n for n, *_ in numpy_reductions.REDUCTIONS} | {"amax", "amin"}:
            cases += reduction_cases(short)
    from family_cases import family_cases  # numpy.fft, complex arrays, ufunc methods, ...
    cases += [c for c in family_cases() if c.op in registry.ops]
    return cases
