"""The recurrent layers torch's nn.RNN/LSTM/GRU and nn.RNNCell/LSTMCell/GRUCell forwards reach in
C++ (`torch._VF.gru(...)`, which is `torch.gru`): the module's own Python forward is compiled as
written (argument checks, zero initial states, unbatched inputs) and these ops do the
recurrence (include/muna/torch/detail/rnn.hpp). The weight list (`self._flat_weights`) arrives
as a tuple of constants; each float32 matrix is passed packed once for the GEMM."""
from __future__ import annotations

from ..build_ir import const
from ..ir import Expr
from ..registry import REGISTRY, Op, Resolved, parse_params
from ..types import NONE, TensorT, TupleT, strip_literal
from .torch_common import is_none, tensor_type, torch

HEADER = "muna/torch/detail/rnn.hpp"
TOLERANCE = ("float32: rtol 1e-5, atol 1e-6 (the GEMM's sums in another order; sigmoid/tanh within a few ulp, "
             "compounded over the steps)")
LAYER = "input, hx, params, has_biases, num_layers, dropout, train, bidirectional, batch_first"
CELL = "input, hx, w_ih, w_hh, b_ih=None, b_hh=None"


def _dtype(b, name="input"):
    t = tensor_type(b, name)
    if t.dtype not in ("float32", "float64"):
        b.fail(f"{b.op.name} supports float32 and float64 inputs, got {t.dtype}")
    return t


def _weight(b, e, dtype, what):
    """One weight argument: a float32 constant matrix goes packed; others as they are."""
    t = strip_literal(e.type)
    if t == NONE:
        return e
    if not isinstance(t, TensorT):
        b.fail(f"{b.op.name}: {what} must be a tensor, got {t}")
    if t.dtype != dtype:
        b.fail(f"{b.op.name}: expected {what} to have dtype {dtype} (the input's), got {t.dtype}")
    if e.op == "global" and t.dtype == "float32" and t.rank == 2:
        return Expr("global", e.type, attrs=e.attrs + (("packed", True),), loc=e.loc)
    return e


def _state(b, name, dtype, pair):
    e = b.args[name]
    t = strip_literal(e.type)
    if pair:
        if not (isinstance(t, TupleT) and len(t.items) == 2 and all(isinstance(strip_literal(i), TensorT)
                                                                    for i in t.items)):
            b.fail(f"{b.op.name} expects hx to be a tuple of two tensors (h, c), got {t}")
        items = [strip_literal(i) for i in t.items]
    else:
        items = [tensor_type(b, name)]
    for i in items:
        if i.dtype != dtype:
            b.fail(f"{b.op.name}: expected hx to have dtype {dtype} (the input's), got {i.dtype}")
    return e


def _layer(kind):
    lstm = kind == "lstm"

    def rule(b):
        t = _dtype(b)
        params = b.args["params"]
        if params.op not in ("tuple", "list"):
            b.fail(f"{b.op.name} needs its weights as a list or tuple it can count at compile time "
                   f"(a module's _flat_weights), got {params.type}")
        for flag in ("has_biases", "bidirectional", "batch_first", "train"):
            v = b.const(flag)
            if not isinstance(v, bool):
                b.fail(f"argument '{flag}' of {b.op.name} must be a bool constant")
        layers = b.const("num_layers")
        if not isinstance(layers, int) or isinstance(layers, bool) or layers < 1:
            b.fail(f"argument 'num_layers' of {b.op.name} must be a positive int constant")
        dropout = b.const("dropout")
        if b.const("train") and layers > 1 and dropout:
            b.fail("RNN dropout between layers is random (training mode); muna compiles inference: call "
                   "model.eval() first")
        dirs = 2 if b.const("bidirectional") else 1
        per = (4 if b.const("has_biases") else 2) + (1 if lstm and len(params.args) == layers * dirs * (
            5 if b.const("has_biases") else 3) else 0)
        if len(params.args) != layers * dirs * per:
            b.fail(f"{b.op.name}: got {len(params.args)} weights for {layers} layer(s) x {dirs} direction(s)")
        weights = tuple(_weight(b, w, t.dtype, f"weight {i}") for i, w in enumerate(params.args))
        hx = _state(b, "hx", t.dtype, lstm)
        out = TensorT("torch", t.dtype, 3)
        result = TupleT((out, out, out) if lstm else (out, out))
        flags = tuple(const(b.const(n)) for n in ("has_biases",)) + (const(layers),) + tuple(
            const(b.const(n)) for n in ("bidirectional", "batch_first"))
        return Resolved(result, (b.args["input"], hx) + flags + weights)
    return rule


def _cell(kind):
    lstm = kind == "lstm_cell"

    def rule(b):
        t = _dtype(b)
        hx = _state(b, "hx", t.dtype, lstm)
        weights = tuple(_weight(b, b.args[n], t.dtype, n) for n in ("w_ih", "w_hh", "b_ih", "b_hh"))
        for n in ("w_ih", "w_hh"):
            if is_none(b.args[n]):
                b.fail(f"{b.op.name}: {n} must be a tensor")
        out = TensorT("torch", t.dtype, 2)
        return Resolved(TupleT((out, out)) if lstm else out, (b.args["input"], hx) + weights)
    return rule


for _name in ("rnn_tanh", "rnn_relu", "gru", "lstm"):
    REGISTRY.add(Op(f"torch.{_name}", parse_params(LAYER), _layer(_name), header=HEADER, tolerance=TOLERANCE,
                    doc="what nn.RNN/LSTM/GRU call (torch._VF); weights as a list/tuple known at compile time; "
                        "evaluation mode; no PackedSequence"),
                 f"torch.{_name}")
for _name in ("rnn_tanh_cell", "rnn_relu_cell", "gru_cell", "lstm_cell"):
    REGISTRY.add(Op(f"torch.{_name}", parse_params(CELL), _cell(_name), header=HEADER, tolerance=TOLERANCE,
                    doc="what nn.RNNCell/LSTMCell/GRUCell call (torch._VF)"),
                 f"torch.{_name}")
