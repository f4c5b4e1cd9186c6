"""torch tensors: creation, dtype conversions, shapes and views, cat/stack/split/chunk,
subscripts and item assignment, and the properties .shape/.T/.ndim."""
from __future__ import annotations

from ..build_ir import call, const, convert, settle_numbers
from ..ir import Expr
from ..registry import REGISTRY, Op, Resolved, parse_params
from .numpy_indexing import lists_as_index_arrays
from ..types import (BOOL, ELLIPSIS, FLOAT, INT, NONE, SLICE, STR, AnyT, ListT, NumpyScalar, Scalar, TensorT,
                     TupleT, strip_literal)
from .torch_common import (DEFAULT_FLOAT, check_dims, const_int, const_value, cpp, dtype_name, int_arg,
                           is_none, operand, register, result_dtype, shape_arg, tensor_result, tensor_type,
                           torch)

SIZE = ", ".join(["size"] + [f"size{i}=None" for i in range(1, 6)])
SIZE_NAMES = ["size"] + [f"size{i}" for i in range(1, 6)]
CREATE = "dtype=None, device=None, requires_grad=False"


def _dtype_or(b, fallback):
    d = b.const("dtype")
    return fallback if d is None else dtype_name(d, b)


def _check_device(b):
    dev = b.const("device") if "device" in b.args else None
    if dev not in (None, "cpu") and str(dev) != "cpu":
        b.fail(f"device {dev!r} is not supported; muna compiles for the CPU")


# --- creation --------------------------------------------------------------------------------
def _filled(kind):
    def rule(b):
        _check_device(b)
        shape, rank = shape_arg(b, SIZE_NAMES)
        if kind == "full":
            v = b.args["fill_value"]
            vt = strip_literal(v.type)
            if not isinstance(vt, Scalar):
                b.fail(f"torch.full expects a number for fill_value, got {vt}")
            fallback = {"bool": "bool", "int": "int64", "float": DEFAULT_FLOAT}[vt.name]
            dtype = _dtype_or(b, fallback)
            return Resolved(TensorT("torch", dtype, rank), (shape, v), (cpp(dtype),))
        dtype = _dtype_or(b, DEFAULT_FLOAT)
        return Resolved(TensorT("torch", dtype, rank), (shape,), (cpp(dtype),))
    return rule


for _kind in ("zeros", "ones", "empty"):
    register(_kind, f"{SIZE}, {CREATE}", _filled(_kind), "shape",
             doc="size as ints or one tuple/list; empty() is zero-filled")


def _full_rule(b):
    # torch.full(size, fill_value): size is one tuple/list here (torch's own signature).
    b.args.update({n: const(None) for n in SIZE_NAMES[1:]})
    return _filled("full")(b)


register("full", f"size, fill_value, {CREATE}", _full_rule, "shape")


def _like(kind):
    def rule(b):
        _check_device(b)
        t = tensor_type(b, "input")
        dtype = _dtype_or(b, t.dtype)
        args = [b.args["input"]]
        if kind == "full_like":
            v = b.args["fill_value"]
            if not isinstance(strip_literal(v.type), Scalar):
                b.fail("full_like expects a number for fill_value")
            args.append(v)
        return Resolved(tensor_result(t, dtype), tuple(args), (cpp(dtype),))
    return rule


for _kind in ("zeros_like", "ones_like", "empty_like"):
    register(_kind, f"input, {CREATE}", _like(_kind), "shape")
register("full_like", f"input, fill_value, {CREATE}", _like("full_like"), "shape")


def _arange(b):
    _check_device(b)
    given = [b.args[n] for n in ("start", "end", "step")]
    if is_none(given[1]):
        start, end = const(0), given[0]
    else:
        start, end = given[0], given[1]
    step = const(1) if is_none(given[2]) else given[2]
    kinds = []
    for e in (start, end, step):
        t = strip_literal(e.type)
        if t not in (INT, BOOL, FLOAT):
            b.fail(f"torch.arange expects numbers, got {t}")
        kinds.append(t)
    dtype = _dtype_or(b, DEFAULT_FLOAT if FLOAT in kinds else "int64")
    return Resolved(TensorT("torch", dtype, 1), (start, end, step), (cpp(dtype),))


register("arange", f"start, end=None, step=None, {CREATE}", _arange, "shape",
         tolerance="exact (elements are start + i * step)")


def _nested(t):
    depth = 0
    while isinstance(t, ListT):
        t, depth = strip_literal(t.item), depth + 1
    return t, depth


def _tensor(b):
    _check_device(b)
    data = b.args["data"] = settle_numbers(b.args["data"])
    t = strip_literal(data.type)
    if isinstance(t, TensorT):
        # torch.tensor(t) copies (torch warns to prefer clone()); with a dtype it converts.
        dtype = _dtype_or(b, t.dtype)
        if dtype == t.dtype:
            return Resolved(t.with_(), (data,), op="torch.clone")
        return Resolved(tensor_result(t, dtype), (data,), (cpp(dtype), cpp(t.dtype)), op="torch.Tensor.to")
    leaf, depth = _nested(t)
    if isinstance(leaf, AnyT) and b.const("dtype") is not None:
        # values of run-time type (an unannotated list's items): the tensor made when it runs
        dtype = _dtype_or(b, None)
        return Resolved(TensorT("torch", dtype, None), (convert(data, AnyT()), const(True)), (cpp(dtype),),
                        op="numpy.detail.array_of_object_as")
    if leaf not in (BOOL, INT, FLOAT):
        b.fail(f"torch.tensor expects a number or (nested) lists of numbers, got {t}" +
               (" (values of run-time type: give dtype=)" if isinstance(leaf, AnyT) else ""))
    dtype = _dtype_or(b, {"bool": "bool", "int": "int64", "float": DEFAULT_FLOAT}[leaf.name])
    return Resolved(TensorT("torch", dtype, depth), (data,), (cpp(dtype),))


register("tensor", f"data, {CREATE}", _tensor, "shape", doc="from a number or nested lists of numbers")


def _from_numpy(b):
    t = strip_literal(b.type("ndarray"))
    if not isinstance(t, TensorT) or t.lib != "numpy":
        b.fail(f"torch.from_numpy expects a NumPy array, got {t}")
    return Resolved(TensorT("torch", t.dtype, t.rank), (b.args["ndarray"],))


register("from_numpy", "ndarray", _from_numpy, "shape", doc="shares memory, as in torch")


def _numpy(b):
    t = tensor_type(b, "self")
    return Resolved(TensorT("numpy", t.dtype, t.rank), (b.args["self"],))


register("numpy", "self", _numpy, "shape", function=False, method="self")


# --- dtype conversions ------------------------------------------------------------------------
def _to(b):
    t = tensor_type(b, "self")
    device = b.args["device"]  # .to(device=..., dtype=...)
    if not is_none(device):
        named = device.attr("value") if device.op == "const" else None
        if isinstance(named, str) or isinstance(named, torch().device):
            if str(named) != "cpu":
                b.fail(f"device {str(named)!r} is not supported; muna compiles for the CPU")
        elif strip_literal(device.type) == STR:  # checked when it runs
            b.args["self"] = call("torch.Tensor.to_device", t, (b.args["self"], device), b.loc)
        else:
            b.fail(f"torch.Tensor.to: device must be a str or a torch.device, got {strip_literal(device.type)}")
    target = b.args["dtype"]
    device = target.attr("value") if target.op == "const" else None
    if isinstance(device, str) or isinstance(device, torch().device):
        # .to("cpu"), .to(x.device): compiled code runs on the CPU, where every tensor is.
        if str(device) != "cpu":
            b.fail(f"device {str(device)!r} is not supported; muna compiles for the CPU")
        return Resolved(t, (b.args["self"],), (cpp(t.dtype), cpp(t.dtype)))
    if is_none(target):
        return Resolved(t, (b.args["self"],), (cpp(t.dtype), cpp(t.dtype)))
    other = strip_literal(target.type)
    if isinstance(other, TensorT) and other.lib == "torch":  # .to(other): other's dtype (and device, the CPU)
        return Resolved(tensor_result(t, other.dtype), (b.args["self"],), (cpp(other.dtype), cpp(t.dtype)))
    if other == STR:  # a device named at run time
        return Resolved(t, (b.args["self"], target), op="torch.Tensor.to_device")
    dtype = dtype_name(b.const("dtype"), b)
    return Resolved(tensor_result(t, dtype), (b.args["self"],), (cpp(dtype), cpp(t.dtype)))


register("to", "self, dtype=None, non_blocking=False, copy=False", _to, "shape", function=False,
         method="self, dtype=None, non_blocking=False, copy=False, device=None, memory_format=None",
         doc="to(dtype), to(other) or to(device): 'cpu', or a str checked when it runs")
REGISTRY.add(Op("torch.Tensor.to_device", parse_params("self, device"), lambda b: None,
                header="muna/torch/device.hpp", cpp="muna::torch::to_device", kind="method",
                doc="x.to(device) of a device str known at run time"))

for _m, _d in (("float", "float32"), ("double", "float64"), ("long", "int64"), ("int", "int32"),
               ("short", "int16"), ("bool", "bool"), ("bfloat16", "bfloat16"), ("byte", "uint8"),
               ("char", "int8")):
    def _conv(b, _d=_d):
        t = tensor_type(b, "self")
        return Resolved(tensor_result(t, _d), (b.args["self"],), (cpp(_d), cpp(t.dtype)))
    REGISTRY.add(Op(f"torch.Tensor.{_m}", parse_params("self"), _conv, header="muna/torch/detail/shape.hpp",
                    cpp="muna::torch::Tensor::to", kind="method", doc=f"same as .to(torch.{_d})"),
                 method_of="torch.Tensor")


def _same(b):
    t = tensor_type(b, "self")
    return Resolved(t, (b.args["self"],))


for _m in ("clone", "contiguous", "detach", "cpu"):
    register(_m, "self", _same, "shape", function=_m == "clone", method="self",
             **({"obj": "torch.clone"} if _m == "clone" else {}))

# --- sizes ------------------------------------------------------------------------------------


def _size(b):
    t = tensor_type(b, "self")
    if is_none(b.args["dim"]):
        if t.rank is None:
            return Resolved(ListT(INT, frozen=True), (b.args["self"],), op="tensor.shape_of")
        return Resolved(TupleT((INT,) * t.rank), (b.args["self"],), (str(t.rank), cpp(t.dtype)),
                        op="torch.Tensor.shape")
    return Resolved(INT, (b.args["self"], int_arg(b, "dim")))


register("size", "self, dim=None", _size, "shape", function=False, method="self, dim=None",
         doc="size() is a tuple (rank known at compile time), size(d) an int")


def _shape(b):
    t = tensor_type(b, "self")
    if t.rank is None:
        return Resolved(ListT(INT, frozen=True), (b.args["self"],), op="tensor.shape_of")
    return Resolved(TupleT((INT,) * t.rank), (b.args["self"],), (str(t.rank), cpp(t.dtype)))


REGISTRY.add(Op("torch.Tensor.shape", parse_params("self"), _shape, header="muna/torch/detail/shape.hpp",
                kind="property", doc="a tuple of ints (the rank must be known)"), method_of="torch.Tensor")


def _int_of(method):
    def rule(b):
        tensor_type(b, "self")
        return Resolved(INT, (b.args["self"],))
    return rule


for _m in ("dim", "numel"):
    register(_m, "self", _int_of(_m), "shape", function=_m == "numel", method="self")


def _ndim(b):
    t = tensor_type(b, "self")
    return Resolved(INT, (b.args["self"],))


REGISTRY.add(Op("torch.Tensor.ndim", parse_params("self"), _ndim, header="muna/torch/detail/shape.hpp",
                cpp="muna::torch::Tensor::dim", kind="property"), method_of="torch.Tensor")


def _transposed(b):
    t = tensor_type(b, "self")
    return Resolved(t, (b.args["self"],))


REGISTRY.add(Op("torch.Tensor.T", parse_params("self"), _transposed, header="muna/torch/detail/shape.hpp",
                cpp="muna::torch::Tensor::T_", kind="property", doc="all dims reversed"),
             method_of="torch.Tensor")


def _item(b):
    t = tensor_type(b, "self")
    result = BOOL if t.dtype == "bool" else FLOAT if t.dtype in ("float32", "float64", "bfloat16") else INT
    return Resolved(result, (b.args["self"],), (result.cpp(), cpp(t.dtype)))


register("item", "self", _item, "shape", function=False, method="self", doc="a Python number")


# --- views and reshapes -----------------------------------------------------------------------
VARSHAPE = ", ".join(["self", "size"] + [f"size{i}=None" for i in range(1, 6)])


def _reshaping(kind):
    def rule(b):
        t = tensor_type(b, "input")
        names = ["shape"] if "shape" in b.args else SIZE_NAMES
        shape, rank = shape_arg(b, names)
        if kind == "expand" and t.rank is not None and rank is not None and rank < t.rank:
            b.fail(f"expand: the number of sizes provided ({rank}) must be greater or equal to the number of "
                   f"dimensions in the tensor ({t.rank})")
        return Resolved(tensor_result(t, rank=rank), (b.args["input"], shape))
    return rule


# view/expand/repeat exist only as methods; torch.reshape and torch.permute are also functions.
for _kind in ("view", "expand", "repeat"):
    register(_kind, "input, " + VARSHAPE.split(", ", 1)[1], _reshaping(_kind), "shape", function=False,
             method=VARSHAPE)
register("reshape", "input, shape", _reshaping("reshape"), "shape", method=VARSHAPE)


def _permute(b):
    t = tensor_type(b, "input")
    names = ["dims"] if "dims" in b.args else SIZE_NAMES
    dims, rank = shape_arg(b, names, "dims")
    if t.rank is not None and rank is not None and rank != t.rank:
        b.fail(f"permute: number of dims don't match in permute (tensor has {t.rank}, got {rank})")
    return Resolved(tensor_result(t, rank=rank), (b.args["input"], dims))


register("permute", "input, dims", _permute, "shape", method=VARSHAPE)


def _like_shape(kind):
    def rule(b):
        t = tensor_type(b, "self")
        o = tensor_type(b, "other")
        return Resolved(tensor_result(t, rank=o.rank), (b.args["self"], b.args["other"]))
    return rule


register("expand_as", "self, other", _like_shape("expand_as"), "shape", function=False, method="self, other")
register("view_as", "self, other", _like_shape("view_as"), "shape", function=False, method="self, other")


def _transpose(b):
    t = tensor_type(b, "input")
    for name in ("dim0", "dim1"):
        check_dims(b, const_int(b, name) if b.args[name].op == "const" else None, t.rank)
    return Resolved(t, (b.args["input"], int_arg(b, "dim0"), int_arg(b, "dim1")))


register("transpose", "input, dim0, dim1", _transpose, "shape", method="self, dim0, dim1")


def _t(b):
    t = tensor_type(b, "input")
    if t.rank is not None and t.rank > 2:
        b.fail(f"t() expects a tensor with <= 2 dimensions, but self is {t.rank}D")
    return Resolved(t, (b.args["input"],))


register("t", "input", _t, "shape", method="self")


def _unsqueeze(b):
    t = tensor_type(b, "input")
    if b.args["dim"].op == "const" and t.rank is not None:
        check_dims(b, const_int(b, "dim"), t.rank + 1)
    return Resolved(tensor_result(t, rank=None if t.rank is None else t.rank + 1),
                    (b.args["input"], int_arg(b, "dim")))


register("unsqueeze", "input, dim", _unsqueeze, "shape", method="self, dim")


def _squeeze(b):
    t = tensor_type(b, "input")
    dim = b.args["dim"]
    if is_none(dim):
        # Which dims are 1 is known only at run time.
        return Resolved(tensor_result(t, rank=None), (b.args["input"], dim))
    return Resolved(tensor_result(t, rank=None), (b.args["input"], int_arg(b, "dim")))


register("squeeze", "input, dim=None", _squeeze, "shape", method="self, dim=None",
         doc="the result's rank is decided at run time")


def _flatten(b):
    t = tensor_type(b, "input")
    start, end = b.args["start_dim"], b.args["end_dim"]
    rank = None
    if t.rank is not None and start.op == "const" and end.op == "const":
        n = max(t.rank, 1)
        s, e = start.attr("value") % n, end.attr("value") % n
        rank = max(t.rank - (e - s), 1)
    return Resolved(tensor_result(t, rank=rank), (b.args["input"], int_arg(b, "start_dim"), int_arg(b, "end_dim")))


register("flatten", "input, start_dim=0, end_dim=-1", _flatten, "shape", method="self, start_dim=0, end_dim=-1")


def _sequence(b, name):
    e = b.args[name]
    t = strip_literal(e.type)
    if isinstance(t, ListT) and isinstance(strip_literal(t.item), TensorT):
        return e, strip_literal(t.item)
    if isinstance(t, TupleT) and t.items and all(i == t.items[0] for i in t.items) and isinstance(t.items[0], TensorT):
        return e, t.items[0]
    if isinstance(t, TupleT) and t.items and all(isinstance(i, TensorT) for i in t.items):
        b.fail(f"{b.op.name} needs tensors of one dtype; got {t}: convert them first")
    b.fail(f"{b.op.name} expects a list or tuple of tensors, got {t}")


def _cat(b):
    e, item = _sequence(b, "tensors")
    return Resolved(tensor_result(item), (e, int_arg(b, "dim")))


def _stack(b):
    e, item = _sequence(b, "tensors")
    return Resolved(tensor_result(item, rank=None if item.rank is None else item.rank + 1), (e, int_arg(b, "dim")))


register("cat", "tensors, dim=0", _cat, "shape")
register("concat", "tensors, dim=0", _cat, "shape", cpp="muna::torch::cat")
register("stack", "tensors, dim=0", _stack, "shape")


def _split(b):
    t = tensor_type(b, "tensor")
    s = b.args["split_size_or_sections"]
    st = strip_literal(s.type)
    args = (b.args["tensor"], s if st != BOOL else convert(s, INT), int_arg(b, "dim"))
    if s.op in ("list", "tuple"):
        # A literal list of sizes: the count is known, so the result is an unpackable tuple.
        if not all(strip_literal(a.type) in (INT, BOOL) for a in s.args):
            b.fail("split sizes must be ints")
        sizes = Expr("tuple", TupleT((INT,) * len(s.args)), tuple(convert(a, INT) for a in s.args), loc=s.loc)
        return Resolved(TupleT((t,) * len(s.args)), (b.args["tensor"], sizes, int_arg(b, "dim")),
                        (str(len(s.args)),), op="torch.split_n")
    if st not in (INT, BOOL):
        b.fail("split_size_or_sections must be an int or a constant list/tuple of ints")
    return Resolved(ListT(t), args)


register("split", "tensor, split_size_or_sections, dim=0", _split, "shape",
         method="self, split_size_or_sections, dim=0",
         doc="an int gives a list; a constant list of sizes gives a tuple (unpackable)")


def _chunk(b):
    t = tensor_type(b, "input")
    n = b.args["chunks"]
    args = (b.args["input"], int_arg(b, "chunks"), int_arg(b, "dim"))
    if n.op == "const":
        return Resolved(TupleT((t,) * n.attr("value")), args, (str(n.attr("value")),), op="torch.chunk_n")
    return Resolved(ListT(t), args)


register("chunk", "input, chunks, dim=0", _chunk, "shape", method="self, chunks, dim=0",
         doc="constant chunks gives a tuple (unpackable; the count is checked at run time)")


def tuple_form(name, params, function):
    """torch.<name>_n: the list the C++ function returns, unpacked into N tensors (N the template
    argument), for results whose count is known at compile time."""
    op = REGISTRY.add(Op(f"torch.{name}_n", parse_params(params), lambda b: None,
                         header="muna/torch/detail/shape.hpp",
                         emit=lambda args, e: f"muna::torch::Tensor::as_tuple<{e.attr('template')[0]}>("
                                              f"muna::torch::{function}({', '.join(args)}))"))
    op.header = "muna/torch/detail/shape.hpp"


tuple_form("split", "tensor, sizes, dim", "split")
tuple_form("chunk", "input, chunks, dim", "chunk")


# --- subscripts -------------------------------------------------------------------------------
def _key_items(b, key):
    t = strip_literal(key.type)
    if isinstance(t, TupleT):
        if key.op == "tuple":
            return list(key.args), True
        return [Expr("const", i) for i in t.items], False
    return [key], False


def _index_key(b, t: TensorT):
    """(converted key, result rank or None)."""
    key = b.args["key"]
    items, literal = _key_items(b, key)
    out_items, rank_in, rank_out, tensors, ellipsis = [], 0, 0, 0, False
    for e in items:
        it = strip_literal(e.type)
        if it in (INT,):
            rank_in += 1
        elif it == BOOL:
            b.fail("indexing with a Python bool is not supported; use a bool tensor")
        elif it == SLICE:
            rank_in += 1
            rank_out += 1
        elif it == NONE:
            rank_out += 1
        elif it == ELLIPSIS:
            if ellipsis:
                b.fail("an index can only have a single ellipsis ('...')")
            ellipsis = True
        elif isinstance(it, TensorT):
            tensors += 1
            if it.dtype == "bool":
                if it.rank is None:
                    rank_in, rank_out = None, None
                else:
                    rank_in = None if rank_in is None else rank_in + it.rank
                    rank_out = None if rank_out is None else rank_out + 1
            else:
                if it.dtype not in ("int64", "int32", "int16", "int8", "uint8"):
                    b.fail(f"tensors used as indices must be long, int, byte or bool tensors, got {it.dtype}")
                if it.dtype == "uint8":
                    b.fail("uint8 masks are deprecated in torch; use a bool tensor")
                e = convert(e, TensorT(it.lib, "int64", it.rank)) if it.dtype != "int64" else e
                rank_in = None if rank_in is None else rank_in + 1
                rank_out = None if (rank_out is None or it.rank is None) else rank_out + it.rank
        elif isinstance(it, TupleT):
            b.fail("nested tuples in a subscript are not supported")
        else:
            b.fail(f"a tensor cannot be indexed by {it}")
        out_items.append(e)
    if tensors > 1:
        b.fail("indexing with more than one tensor is not supported; index one dim at a time "
               "(x[i][:, j]) or use torch.gather")
    if len(out_items) == 1 and not literal and not isinstance(strip_literal(key.type), TupleT):
        new_key = out_items[0]
    elif literal:
        new_key = Expr("tuple", TupleT(tuple(strip_literal(e.type) for e in out_items)), tuple(out_items), loc=key.loc)
    else:
        new_key = key
    rank = None
    if t.rank is not None and rank_in is not None and rank_out is not None:
        if rank_in > t.rank:
            b.fail(f"too many indices for tensor of dimension {t.rank}")
        rank = t.rank - rank_in + rank_out
    return new_key, rank


def _getitem(b):
    t = tensor_type(b, "self")
    lists_as_index_arrays(b, "torch.tensor", "data")
    key, rank = _index_key(b, t)
    return Resolved(tensor_result(t, rank=rank), (b.args["self"], key))


def _setitem(b):
    t = tensor_type(b, "self")
    lists_as_index_arrays(b, "torch.tensor", "data")
    key, _ = _index_key(b, t)
    v = b.args["value"]
    vt = strip_literal(v.type)
    if isinstance(vt, NumpyScalar):
        v = convert(v, NumpyScalar(t.dtype))
    elif not isinstance(vt, (Scalar, TensorT)):  # a Python number is checked as torch checks it
        b.fail(f"cannot assign {vt} into a tensor")
    return Resolved(NONE, (b.args["self"], key, v))


for _name, _params, _rule in (("__getitem__", "self, key", _getitem), ("__setitem__", "self, key, value", _setitem)):
    REGISTRY.add(Op(f"torch.Tensor.{_name}", parse_params(_params), _rule, header="muna/torch/detail/index.hpp",
                    kind="method", doc="ints, slices (step > 0), None, ..., one long or bool tensor"))


# --- triangles, eye, linspace, flip, outer, type_as ---------------------------------------------
def _triangle(b):
    t = tensor_type(b, "input")
    if t.rank is not None and t.rank < 2:
        b.fail(f"{b.op.name.split('.')[-1]}: input tensor must have at least 2 dimensions")
    return Resolved(t, (b.args["input"], int_arg(b, "diagonal")))


for _name in ("tril", "triu"):
    register(_name, "input, diagonal=0", _triangle, "shape", method="self, diagonal=0")


def _eye(b):
    _check_device(b)
    dtype = _dtype_or(b, DEFAULT_FLOAT)
    m = b.args["m"]
    return Resolved(TensorT("torch", dtype, 2), (int_arg(b, "n"), m if is_none(m) else int_arg(b, "m")), (cpp(dtype),))


register("eye", f"n, m=None, {CREATE}", _eye, "shape")


def _linspace(b):
    _check_device(b)
    for name in ("start", "end"):
        if strip_literal(b.type(name)) not in (INT, BOOL, FLOAT):
            b.fail(f"torch.linspace expects numbers for '{name}'")
    dtype = _dtype_or(b, DEFAULT_FLOAT)
    return Resolved(TensorT("torch", dtype, 1), (b.args["start"], b.args["end"], int_arg(b, "steps")), (cpp(dtype),))


register("linspace", f"start, end, steps, {CREATE}", _linspace, "shape",
         tolerance="float32: 1 ulp (torch counts the second half down from end)")


def _flip(b):
    t = tensor_type(b, "input")
    names = ["dims"] if "dims" in b.args else SIZE_NAMES
    dims, _ = shape_arg(b, names, "dims")
    return Resolved(t, (b.args["input"], dims))


register("flip", "input, dims", _flip, "shape", method=VARSHAPE.replace("size", "size", 1))


def _unfold(b):
    t = tensor_type(b, "input")
    rank = None if t.rank is None else t.rank + 1
    return Resolved(tensor_result(t, rank=rank), (b.args["input"], int_arg(b, "dimension"), int_arg(b, "size"),
                                                  int_arg(b, "step")))


register("unfold", "input, dimension, size, step", _unfold, "shape", function=False, cpp="muna::torch::unfold",
         method="self, dimension, size, step", doc="a copy of torch's view")


def _outer(b):
    """torch.outer promotes its vectors (int64 ⊗ float32 is float32: measured on 1.13)."""
    a, c = tensor_type(b, "input"), tensor_type(b, "vec2")
    dtype = result_dtype(b.args["input"], b.args["vec2"])
    return Resolved(tensor_result(a, dtype, rank=2), (operand(b.args["input"], dtype), operand(b.args["vec2"], dtype)))


register("outer", "input, vec2", _outer, "shape", method="self, vec2")


def _type_as(b):
    t, o = tensor_type(b, "self"), tensor_type(b, "other")
    return Resolved(tensor_result(t, o.dtype), (b.args["self"],), (cpp(o.dtype), cpp(t.dtype)), op="torch.Tensor.to")


register("type_as", "self, other", _type_as, "shape", function=False, method="self, other",
         doc="same as .to(other.dtype)")


def _repeat_interleave(b):
    t = tensor_type(b, "input")
    if isinstance(strip_literal(b.type("repeats")), TensorT):
        b.fail("repeat_interleave with a tensor of counts is not supported; pass an int")
    dim = b.args["dim"]
    rank = 1 if is_none(dim) else t.rank
    return Resolved(tensor_result(t, rank=rank), (b.args["input"], int_arg(b, "repeats"),
                                                  dim if is_none(dim) else int_arg(b, "dim")))


register("repeat_interleave", "input, repeats, dim=None", _repeat_interleave, "shape",
         method="self, repeats, dim=None", doc="int repeats")


def _unbind(b):
    t = tensor_type(b, "input")
    return Resolved(ListT(tensor_result(t, rank=None if t.rank is None else t.rank - 1)),
                    (b.args["input"], int_arg(b, "dim")))


register("unbind", "input, dim=0", _unbind, "shape", method="self, dim=0", doc="a list of views")


def _one_hot(b):
    t = tensor_type(b, "tensor")
    if t.dtype != "int64":
        b.fail("one_hot is only applicable to index tensor (int64)")
    return Resolved(tensor_result(t, rank=None if t.rank is None else t.rank + 1),
                    (b.args["tensor"], int_arg(b, "num_classes")))


REGISTRY.add(Op("torch.nn.functional.one_hot", parse_params("tensor, num_classes=-1"), _one_hot,
                header="muna/torch/detail/shape.hpp", cpp="muna::torch::one_hot", tolerance="exact"),
             "torch.nn.functional.one_hot")


# --- as_tensor, meshgrid, pad_sequence -------------------------------------------------------------
def _as_tensor(b):
    """torch.as_tensor: a tensor or a NumPy array is shared (no copy) unless dtype= converts it;
    numbers and nested lists are read as torch.tensor reads them."""
    _check_device(b)
    data = b.args["data"]
    t = strip_literal(data.type)
    if not isinstance(t, TensorT):
        r = _tensor(b)
        r.op = r.op or "torch.tensor"
        return r
    if t.lib == "numpy":
        data = call("torch.from_numpy", TensorT("torch", t.dtype, t.rank), (data,), b.loc)
    dtype = _dtype_or(b, t.dtype)
    shared = tensor_result(t, t.dtype)
    if dtype == t.dtype:
        return Resolved(shared, (data,), op="torch.Tensor.detach")
    return Resolved(tensor_result(t, dtype), (data,), (cpp(dtype), cpp(t.dtype)), op="torch.Tensor.to")


register("as_tensor", "data, dtype=None, device=None", _as_tensor, "shape", cpp="muna::torch::tensor",
         doc="numbers and lists as torch.tensor; a tensor or NumPy array is shared when the dtype is kept, "
             "else converted (.to)")


def _tensors_arg(b, name):
    """The tensors of torch.meshgrid(a, b) or torch.meshgrid([a, b]): (expression, item types)."""
    e = b.args[name]
    if e.op == "tuple" and len(e.args) == 1 and isinstance(strip_literal(e.args[0].type), (ListT, TupleT)):
        e = e.args[0]
    t = strip_literal(e.type)
    items = t.items if isinstance(t, TupleT) else None
    if isinstance(t, ListT) and isinstance(strip_literal(t.item), TensorT):
        items = None if e.op != "list" else (strip_literal(t.item),) * len(e.args)
        return e, items, strip_literal(t.item)
    if not items or not all(isinstance(strip_literal(i), TensorT) for i in items):
        b.fail(f"{b.op.name} expects tensors or one list or tuple of tensors, got {t}")
    items = tuple(strip_literal(i) for i in items)
    return e, items, items[0]


def _meshgrid(b):
    e, items, first = _tensors_arg(b, "tensors")
    if items is not None:
        if len({i.dtype for i in items}) > 1:
            b.fail("meshgrid expects all tensors to have the same dtype", "RuntimeError")
        if any(i.rank is not None and i.rank > 1 for i in items):
            b.fail("torch.meshgrid: Expected 0D or 1D tensor in the tensor list", "RuntimeError")
    indexing = b.const("indexing")
    if indexing is None:
        indexing = "ij"  # torch 1.13's default (it warns that one should be given)
    if indexing not in ("ij", "xy"):
        b.fail(f'torch.meshgrid: indexing must be one of "xy" or "ij", but received: {indexing}', "RuntimeError")
    args = (e, const(indexing, b.loc))
    if items is None:
        return Resolved(ListT(TensorT("torch", first.dtype, None)), args)
    grid = TensorT("torch", first.dtype, len(items))
    return Resolved(TupleT((grid,) * len(items)), args, (str(len(items)),), op="torch.meshgrid_n")


register("meshgrid", "*tensors, indexing=None", _meshgrid, "shape",
         doc="a tuple (the tensors' count known at compile time) of expanded views, as torch")
tuple_form("meshgrid", "tensors, indexing", "meshgrid")


def _pad_sequence(b):
    e, items, first = _tensors_arg(b, "sequences")
    if items is not None and len({i.dtype for i in items}) > 1:
        b.unsupported("pad_sequence of tensors of several dtypes is not supported; convert them to one dtype")
    v = strip_literal(b.type("padding_value"))
    if not isinstance(v, (Scalar, NumpyScalar)):
        b.fail(f"pad_sequence expects a number for padding_value, got {v}")
    rank = None if first.rank is None else first.rank + 1
    return Resolved(tensor_result(first, rank=rank), (e, convert(b.args["batch_first"], BOOL), b.args["padding_value"]))


REGISTRY.add(Op("torch.nn.utils.rnn.pad_sequence", parse_params("sequences, batch_first=False, padding_value=0.0"),
                _pad_sequence, header="muna/torch/detail/shape.hpp", cpp="muna::torch::pad_sequence",
                doc="a list or tuple of tensors of one dtype"), "torch.nn.utils.rnn.pad_sequence")
