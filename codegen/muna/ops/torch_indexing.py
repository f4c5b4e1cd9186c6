"""torch's selections by value and writes at indices: nonzero/argwhere (NumPy's C++: the results
are the same), masked_select, bincount, scatter/scatter_add, index_add, index_put_ and
fill_diagonal_. Index dtypes and operand dtypes are checked here with torch's messages; index
values are checked at run time (include/muna/torch/detail/scatter.hpp)."""
from __future__ import annotations

from ..build_ir import convert
from ..registry import REGISTRY, Resolved
from ..types import BOOL, ListT, NumpyScalar, Scalar, TensorT, TupleT, strip_literal
from .torch_common import (INT_DTYPES, check_dims, const_int, cpp, int_arg, is_none, register, tensor_result,
                           tensor_type)

# c10's ScalarType names, as torch's messages spell dtypes.
SCALAR_TYPE = {"float32": "Float", "float64": "Double", "bfloat16": "BFloat16", "int64": "Long", "int32": "Int",
               "int16": "Short", "int8": "Char", "uint8": "Byte", "bool": "Bool"}
INDEX = TensorT("torch", "int64", 1)


def _no_out(b):
    if not is_none(b.args["out"]):
        b.fail(f"{b.op.name}(out=...) is not supported; assign the result")


def _checked_dim(b, t):
    if b.args["dim"].op == "const" and t.rank is not None:
        check_dims(b, const_int(b, "dim"), t.rank)
    return int_arg(b, "dim")


def _long_index(b, what, name="index"):
    it = tensor_type(b, name)
    if it.dtype != "int64":
        b.fail(f"{what}(): Expected dtype int64 for index", "RuntimeError")
    return b.args[name]


# --- nonzero, argwhere, masked_select, bincount ---------------------------------------------------
def _nonzero(b):
    t = tensor_type(b, "input")
    if "out" in b.args:
        _no_out(b)
    as_tuple = b.const("as_tuple")
    if not isinstance(as_tuple, bool):
        b.fail("argument 'as_tuple' of nonzero must be True or False")
    if not as_tuple:
        return Resolved(TensorT("torch", "int64", 2), (b.args["input"],), op="torch.argwhere")
    if t.rank is None:  # one index tensor per dim, as many as it has when it runs
        return Resolved(ListT(INDEX, frozen=True), (b.args["input"],), ("-1",), op="numpy.nonzero")
    n = max(t.rank, 1)
    return Resolved(TupleT((INDEX,) * n), (b.args["input"],), (str(n),), op="numpy.nonzero")


register("nonzero", "input, out=None, as_tuple=False", _nonzero, "select", method="self, as_tuple=False",
         cpp="muna::numpy::argwhere", doc="as_tuple=True: a tuple of one index tensor per dim (muna::numpy::nonzero)")


def _argwhere(b):
    tensor_type(b, "input")
    return Resolved(TensorT("torch", "int64", 2), (b.args["input"],))


register("argwhere", "input", _argwhere, "select", method="self", cpp="muna::numpy::argwhere")
for _name in ("nonzero", "argwhere"):
    for _full in (f"torch.{_name}", f"torch.Tensor.{_name}"):
        REGISTRY[_full].header = "muna/numpy/nonzero.hpp"


def _masked_select(b):
    t = tensor_type(b, "input")
    m = tensor_type(b, "mask")
    if m.dtype == "uint8":
        b.unsupported("masked_select with a uint8 mask is deprecated in torch; use a bool mask")
    if m.dtype != "bool":
        b.fail("masked_select: expected BoolTensor or ByteTensor for mask", "RuntimeError")
    return Resolved(tensor_result(t, rank=1), (b.args["input"], b.args["mask"]))


register("masked_select", "input, mask", _masked_select, "select", method="self, mask",
         doc="the mask broadcasts with the input")


def _bincount(b):
    t = tensor_type(b, "input")
    if t.dtype not in INT_DTYPES:
        b.fail(f"\"bincount_cpu\" not implemented for '{SCALAR_TYPE[t.dtype]}'", "RuntimeError")
    x = convert(b.args["input"], tensor_result(t, "int64"))
    weights = b.args["weights"]
    if is_none(weights):
        return Resolved(tensor_result(t, "int64", 1), (x, weights, int_arg(b, "minlength")), ("int64_t",))
    wt = tensor_type(b, "weights", "a tensor or None")
    out = "float32" if wt.dtype == "float32" else "float64"
    weights = convert(weights, tensor_result(wt, out))
    return Resolved(tensor_result(t, out, 1), (x, weights, int_arg(b, "minlength")), (cpp(out),))


register("bincount", "input, weights=None, minlength=0", _bincount, "select",
         method="self, weights=None, minlength=0",
         doc="int64 counts; weighted sums float32 for float32 weights, else float64 (as torch)")


# --- scatter, scatter_add, index_add ------------------------------------------------------------
def _source(b, name, t, what):
    s = strip_literal(b.type(name))
    if isinstance(s, TensorT):
        if s.dtype != t.dtype:
            b.fail(f"{what}(): Expected self.dtype to be equal to src.dtype", "RuntimeError")
        return b.args[name]
    if not isinstance(s, (Scalar, NumpyScalar)):
        b.fail(f"{what}() expects a tensor or a number for '{name}', got {s}")
    return b.args[name]


def _scatter(b):
    t = tensor_type(b, "input")
    if not is_none(b.args["reduce"]):
        b.unsupported("scatter(reduce=...) is not supported; use scatter_add (or index_add)")
    src, value = b.args["src"], b.args["value"]
    if is_none(src) == is_none(value):
        b.fail("scatter() expects one of src (a tensor) or value (a number)")
    source = _source(b, "value" if is_none(src) else "src", t, "scatter")
    return Resolved(t, (b.args["input"], _checked_dim(b, t), _long_index(b, "scatter"), source))


def _scatter_add(b):
    t = tensor_type(b, "input")
    if not isinstance(strip_literal(b.type("src")), TensorT):
        b.fail(f"scatter_add() expects a tensor for 'src', got {strip_literal(b.type('src'))}")
    source = _source(b, "src", t, "scatter_add")
    return Resolved(t, (b.args["input"], _checked_dim(b, t), _long_index(b, "scatter_add"), source))


SCATTER = "dim, index, src=None, value=None, reduce=None"
for _name, _params, _rule in (("scatter", SCATTER, _scatter), ("scatter_add", "dim, index, src", _scatter_add)):
    register(_name, f"input, {_params}", _rule, "scatter", method=f"self, {_params}",
             doc="last write wins for repeated indices (torch's CPU order)" if _name == "scatter" else "")
    register(f"{_name}_", f"input, {_params}", _rule, "scatter", function=False, method=f"self, {_params}",
             cpp=f"muna::torch::{_name}_", doc="in place; returns self")


def _index_add(b):
    t = tensor_type(b, "input")
    it = tensor_type(b, "index")
    if it.dtype not in ("int64", "int32"):
        b.fail(f"index_add_(): Expected dtype int32/int64 for index but got: {SCALAR_TYPE[it.dtype]}", "RuntimeError")
    if it.rank is not None and it.rank > 1:
        b.fail(f"index_add_(): Index is supposed to be a vector, but got dim: {it.rank}", "IndexError")
    s = tensor_type(b, "source")
    if s.dtype != t.dtype:
        b.fail(f"index_add_(): self ({SCALAR_TYPE[t.dtype]}) and source ({SCALAR_TYPE[s.dtype]}) must have the same "
               "scalar type", "RuntimeError")
    alpha = b.args["alpha"]
    if not isinstance(strip_literal(alpha.type), (Scalar, NumpyScalar)):
        b.fail(f"index_add expects a number for alpha, got {strip_literal(alpha.type)}")
    index = convert(b.args["index"], tensor_result(it, "int64"))
    return Resolved(t, (b.args["input"], _checked_dim(b, t), index, b.args["source"], alpha))


register("index_add", "input, dim, index, source, alpha=1", _index_add, "scatter",
         method="self, dim, index, source, alpha=1")
register("index_add_", "input, dim, index, source, alpha=1", _index_add, "scatter", function=False,
         method="self, dim, index, source, alpha=1", cpp="muna::torch::index_add_", doc="in place; returns self")


# --- index_put_, fill_diagonal_ ------------------------------------------------------------------
def _index_put(b):
    t = tensor_type(b, "self")
    it = strip_literal(b.type("indices"))
    items = it.items if isinstance(it, TupleT) else (it.item,) if isinstance(it, ListT) else None
    if not items or not all(isinstance(strip_literal(i), TensorT) for i in items):
        b.fail(f"index_put_(): indices must be a tuple of tensors, got {it}")
    for i in map(strip_literal, items):
        if i.dtype == "bool":
            b.unsupported("index_put_ with a bool mask is not supported; use masked_fill_ or x[mask] = v")
        if i.dtype != "int64":
            b.fail("tensors used as indices must be long, byte or bool tensors", "IndexError")
    if isinstance(it, TupleT) and t.rank is not None and len(items) > max(t.rank, 1):
        b.fail(f"too many indices for tensor of dimension {t.rank}", "IndexError")
    v = tensor_type(b, "values")
    if v.dtype != t.dtype:
        b.fail(f"Index put requires the source and destination dtypes match, got {SCALAR_TYPE[t.dtype]} for the "
               f"destination and {SCALAR_TYPE[v.dtype]} for the source.", "RuntimeError")
    return Resolved(t, (b.args["self"], b.args["indices"], b.args["values"], convert(b.args["accumulate"], BOOL)))


register("index_put_", "self, indices, values, accumulate=False", _index_put, "scatter", function=False,
         method="self, indices, values, accumulate=False", cpp="muna::torch::index_put_",
         doc="int64 index tensors (broadcast together) over the leading dims; in place, returns self")


def _fill_diagonal(b):
    t = tensor_type(b, "self")
    if t.rank is not None and t.rank < 2:
        b.fail("dimensions must larger than 1", "RuntimeError")
    v = strip_literal(b.type("fill_value"))
    if not isinstance(v, (Scalar, NumpyScalar)):
        b.fail(f"fill_diagonal_ expects a number for fill_value, got {v}")
    return Resolved(t, (b.args["self"], b.args["fill_value"], convert(b.args["wrap"], BOOL)))


register("fill_diagonal_", "self, fill_value, wrap=False", _fill_diagonal, "scatter", function=False,
         method="self, fill_value, wrap=False", cpp="muna::torch::fill_diagonal_",
         doc="in place; wrap=True restarts a tall matrix's diagonal every width + 1 rows")
