"""Small programs that decide the coverage page's status for names the registry does not list
one by one: torch.nn modules (muna compiles their own forward, library code included), and the
few names the frontend handles itself (`with torch.no_grad():`, `x.dtype`).

Each probe uses its name the way inference code does, in one common configuration: a module
built with typical arguments and called on a float32 input of a known shape. A probe passes when
muna compiles it (frontend, lowering and C++ emission; scripts/gen_coverage_doc.py runs them,
without a C++ build) and, in tests/test_coverage_doc.py, when the compiled library gives torch's
result. One configuration passing is not every configuration: a module's other arguments may
still be rejected (with a diagnostic).

`render()` writes the probes as one Python module, so one import builds every model.
"""
from __future__ import annotations

import re

# name -> (constructor, input shapes, call). Shapes are float32 inputs x0, x1, ...; a shape
# written ("int64", (2, 3)) is an int64 input of indices. `call` is how forward is called
# (m is the module, x0.. the inputs as tensors); its result is one tensor.
MODULES = {
    "torch.nn.Linear": ("nn.Linear(8, 4)", [(2, 8)], "m(x0)"),
    "torch.nn.Conv2d": ("nn.Conv2d(3, 4, 3, padding=1)", [(1, 3, 8, 8)], "m(x0)"),
    "torch.nn.Conv1d": ("nn.Conv1d(4, 6, 3, padding=1)", [(2, 4, 10)], "m(x0)"),
    "torch.nn.Conv3d": ("nn.Conv3d(2, 3, 3, padding=1)", [(1, 2, 4, 6, 6)], "m(x0)"),
    "torch.nn.ConvTranspose2d": ("nn.ConvTranspose2d(4, 3, 2, stride=2)", [(1, 4, 5, 5)], "m(x0)"),
    "torch.nn.ConvTranspose1d": ("nn.ConvTranspose1d(4, 3, 4, stride=2, padding=1)", [(1, 4, 7)], "m(x0)"),
    "torch.nn.Dropout": ("nn.Dropout(0.1)", [(2, 8)], "m(x0)"),
    "torch.nn.Dropout2d": ("nn.Dropout2d(0.1)", [(1, 3, 4, 4)], "m(x0)"),
    "torch.nn.LayerNorm": ("nn.LayerNorm(8)", [(2, 5, 8)], "m(x0)"),
    "torch.nn.GroupNorm": ("nn.GroupNorm(2, 4)", [(2, 4, 6, 6)], "m(x0)"),
    "torch.nn.BatchNorm2d": ("nn.BatchNorm2d(3)", [(2, 3, 5, 5)], "m(x0)"),
    "torch.nn.BatchNorm1d": ("nn.BatchNorm1d(4)", [(2, 4, 7)], "m(x0)"),
    "torch.nn.InstanceNorm2d": ("nn.InstanceNorm2d(3)", [(2, 3, 5, 5)], "m(x0)"),
    "torch.nn.Embedding": ("nn.Embedding(10, 4)", [("int64", (2, 3))], "m(x0)"),
    "torch.nn.ReLU": ("nn.ReLU()", [(2, 8)], "m(x0)"),
    "torch.nn.ReLU6": ("nn.ReLU6()", [(2, 8)], "m(x0)"),
    "torch.nn.GELU": ("nn.GELU()", [(2, 8)], "m(x0)"),
    "torch.nn.SiLU": ("nn.SiLU()", [(2, 8)], "m(x0)"),
    "torch.nn.Sigmoid": ("nn.Sigmoid()", [(2, 8)], "m(x0)"),
    "torch.nn.Tanh": ("nn.Tanh()", [(2, 8)], "m(x0)"),
    "torch.nn.Softmax": ("nn.Softmax(dim=-1)", [(2, 8)], "m(x0)"),
    "torch.nn.LogSoftmax": ("nn.LogSoftmax(dim=-1)", [(2, 8)], "m(x0)"),
    "torch.nn.LeakyReLU": ("nn.LeakyReLU(0.1)", [(2, 8)], "m(x0)"),
    "torch.nn.PReLU": ("nn.PReLU()", [(2, 8)], "m(x0)"),
    "torch.nn.ELU": ("nn.ELU()", [(2, 8)], "m(x0)"),
    "torch.nn.Hardswish": ("nn.Hardswish()", [(2, 8)], "m(x0)"),
    "torch.nn.Hardsigmoid": ("nn.Hardsigmoid()", [(2, 8)], "m(x0)"),
    "torch.nn.Hardtanh": ("nn.Hardtanh()", [(2, 8)], "m(x0)"),
    "torch.nn.Mish": ("nn.Mish()", [(2, 8)], "m(x0)"),
    "torch.nn.Softplus": ("nn.Softplus()", [(2, 8)], "m(x0)"),
    "torch.nn.GLU": ("nn.GLU()", [(2, 8)], "m(x0)"),
    "torch.nn.Identity": ("nn.Identity()", [(2, 8)], "m(x0)"),
    "torch.nn.Flatten": ("nn.Flatten()", [(2, 3, 4)], "m(x0)"),
    "torch.nn.Unflatten": ("nn.Unflatten(1, (2, 4))", [(2, 8)], "m(x0)"),
    "torch.nn.Sequential": ("nn.Sequential(nn.Linear(8, 8), nn.ReLU(), nn.Linear(8, 4))", [(2, 8)], "m(x0)"),
    "torch.nn.ModuleList": ("_Stack(nn.ModuleList([nn.Linear(8, 8), nn.Linear(8, 8)]))", [(2, 8)], "m(x0)"),
    "torch.nn.ModuleDict": ("_Pick(nn.ModuleDict({'a': nn.Linear(8, 4), 'b': nn.ReLU()}))", [(2, 8)], "m(x0)"),
    "torch.nn.Parameter": ("_Scale()", [(2, 8)], "m(x0)"),
    "torch.nn.ParameterList": ("_Params()", [(2, 8)], "m(x0)"),
    "torch.nn.MaxPool2d": ("nn.MaxPool2d(2)", [(1, 3, 8, 8)], "m(x0)"),
    "torch.nn.MaxPool1d": ("nn.MaxPool1d(2)", [(1, 3, 8)], "m(x0)"),
    "torch.nn.AvgPool2d": ("nn.AvgPool2d(2)", [(1, 3, 8, 8)], "m(x0)"),
    "torch.nn.AvgPool1d": ("nn.AvgPool1d(2)", [(1, 3, 8)], "m(x0)"),
    "torch.nn.AdaptiveAvgPool2d": ("nn.AdaptiveAvgPool2d(1)", [(1, 3, 8, 8)], "m(x0)"),
    "torch.nn.AdaptiveAvgPool1d": ("nn.AdaptiveAvgPool1d(1)", [(1, 3, 8)], "m(x0)"),
    "torch.nn.AdaptiveMaxPool2d": ("nn.AdaptiveMaxPool2d(1)", [(1, 3, 8, 8)], "m(x0)"),
    "torch.nn.Upsample": ("nn.Upsample(scale_factor=2, mode='nearest')", [(1, 3, 4, 4)], "m(x0)"),
    "torch.nn.PixelShuffle": ("nn.PixelShuffle(2)", [(1, 8, 3, 3)], "m(x0)"),
    "torch.nn.ZeroPad2d": ("nn.ZeroPad2d(1)", [(1, 3, 4, 4)], "m(x0)"),
    "torch.nn.ReflectionPad2d": ("nn.ReflectionPad2d(1)", [(1, 3, 4, 4)], "m(x0)"),
    "torch.nn.MultiheadAttention": ("nn.MultiheadAttention(8, 2, batch_first=True)",
                                    [(2, 5, 8), (2, 5, 8), (2, 5, 8)], "m(x0, x1, x2)[0]"),
    "torch.nn.TransformerEncoderLayer": ("nn.TransformerEncoderLayer(8, 2, 16, batch_first=True)",
                                         [(2, 5, 8)], "m(x0)"),
    "torch.nn.LSTM": ("nn.LSTM(8, 4, batch_first=True)", [(2, 5, 8)], "m(x0)[0]"),
    "torch.nn.GRU": ("nn.GRU(8, 4, batch_first=True)", [(2, 5, 8)], "m(x0)[0]"),
    "torch.nn.CosineSimilarity": ("nn.CosineSimilarity(dim=-1)", [(2, 8), (2, 8)], "m(x0, x1)"),
    "torch.nn.BatchNorm3d": ("nn.BatchNorm3d(2)", [(1, 2, 3, 4, 4)], "m(x0)"),
    "torch.nn.InstanceNorm1d": ("nn.InstanceNorm1d(3)", [(2, 3, 7)], "m(x0)"),
    "torch.nn.LSTMCell": ("nn.LSTMCell(8, 4)", [(2, 8)], "m(x0)[0]"),
    "torch.nn.GRUCell": ("nn.GRUCell(8, 4)", [(2, 8)], "m(x0)"),
    "torch.nn.RNN": ("nn.RNN(8, 4, batch_first=True)", [(2, 5, 8)], "m(x0)[0]"),
    "torch.nn.MaxPool3d": ("nn.MaxPool3d(2)", [(1, 2, 4, 4, 4)], "m(x0)"),
    "torch.nn.AvgPool3d": ("nn.AvgPool3d(2)", [(1, 2, 4, 4, 4)], "m(x0)"),
    "torch.nn.Unfold": ("nn.Unfold(2)", [(1, 2, 4, 4)], "m(x0)"),
    "torch.nn.PixelUnshuffle": ("nn.PixelUnshuffle(2)", [(1, 2, 4, 4)], "m(x0)"),
    "torch.nn.ReflectionPad1d": ("nn.ReflectionPad1d(2)", [(1, 3, 6)], "m(x0)"),
    "torch.nn.ReplicationPad2d": ("nn.ReplicationPad2d(1)", [(1, 3, 4, 4)], "m(x0)"),
    "torch.nn.ConstantPad1d": ("nn.ConstantPad1d(2, 0.5)", [(1, 3, 6)], "m(x0)"),
    "torch.nn.Dropout1d": ("nn.Dropout1d(0.1)", [(1, 3, 6)], "m(x0)"),
    "torch.nn.LocalResponseNorm": ("nn.LocalResponseNorm(2)", [(1, 4, 3, 3)], "m(x0)"),
    "torch.nn.ParameterDict": ("_ParamDict()", [(2, 8)], "m(x0)"),
}

# Names handled by the frontend rather than by one registry entry: name -> a function body over
# the float32 input x0 (2, 8), returning an ndarray.
SNIPPETS = {
    "torch.no_grad": "with torch.no_grad():\n        y = torch.from_numpy(x0) * 2.0\n    return y.numpy()",
    "torch.inference_mode": "with torch.inference_mode():\n        y = torch.from_numpy(x0) * 2.0\n    return y.numpy()",
    "torch.Tensor.dtype": "t = torch.from_numpy(x0)\n    return torch.zeros(3, dtype=t.dtype).numpy()",
    "torch.Tensor.device": "t = torch.from_numpy(x0)\n    return torch.zeros(3, device=t.device).numpy()",
    "numpy.ndarray.dtype": "return np.zeros(3, dtype=x0.dtype)",
    "torch.device": "return torch.from_numpy(x0).to(torch.device('cpu')).numpy()",
    "torch.finfo": "return torch.from_numpy(x0).clamp(min=torch.finfo(torch.float32).min).numpy()",
    "torch.iinfo": "return torch.full((2,), torch.iinfo(torch.int32).max).numpy()",
    "numpy.finfo": "return np.maximum(x0, np.finfo(np.float32).eps)",
    "numpy.iinfo": "return np.full(2, np.iinfo(np.int32).max)",
    "numpy.dtype": "return x0.astype(np.dtype('float64'))",
}

_HELPERS = '''
class _Stack(nn.Module):
    def __init__(self, layers):
        super().__init__()
        self.layers = layers

    def forward(self, x):
        for layer in self.layers:
            x = layer(x)
        return x


class _Pick(nn.Module):
    def __init__(self, parts):
        super().__init__()
        self.parts = parts

    def forward(self, x):
        return self.parts["b"](self.parts["a"](x))


class _Scale(nn.Module):
    def __init__(self):
        super().__init__()
        self.scale = nn.Parameter(torch.linspace(0.5, 1.5, 8))

    def forward(self, x):
        return x * self.scale


class _Params(nn.Module):
    def __init__(self):
        super().__init__()
        self.ps = nn.ParameterList([nn.Parameter(torch.ones(8)), nn.Parameter(torch.full((8,), 0.5))])

    def forward(self, x):
        for p in self.ps:
            x = x * p
        return x


class _ParamDict(nn.Module):
    def __init__(self):
        super().__init__()
        self.ps = nn.ParameterDict({"w": nn.Parameter(torch.full((8,), 2.0))})

    def forward(self, x):
        return x * self.ps["w"]
'''


def probe_name(name: str) -> str:
    """The probe function's name: probe_torch_nn_Linear."""
    return "probe_" + re.sub(r"\W", "_", name)


def _annotation(shape) -> str:
    dtype = "float32"
    if isinstance(shape[0], str):
        dtype, shape = shape
    dims = ", ".join("int" for _ in shape)
    return f"np.ndarray[tuple[{dims}], np.dtype[np.{dtype}]]"


def inputs(name: str, rng):
    """Example arguments for a probe (for the numerical check)."""
    import numpy as np
    shapes = MODULES[name][1] if name in MODULES else [(2, 8)]
    out = []
    for shape in shapes:
        if isinstance(shape[0], str):
            out.append(rng.randint(0, 10, size=shape[1]).astype(shape[0]))
        else:
            out.append(rng.randn(*shape).astype(np.float32))
    return out


def render() -> str:
    lines = ['"""Generated by scripts/coverage_probes.py: one probe function per name."""',
             "import numpy as np", "import torch", "import torch.nn as nn", "", "torch.manual_seed(0)", _HELPERS]
    for name, (ctor, shapes, call) in MODULES.items():
        model = probe_name(name).upper()
        params = ", ".join(f"x{i}: {_annotation(s)}" for i, s in enumerate(shapes))
        tensors = {f"x{i}": f"torch.from_numpy(x{i})" for i in range(len(shapes))}
        expr = re.sub(r"\bx(\d+)\b", lambda m: tensors[m.group(0)], call.replace("m(", f"{model}(", 1))
        lines += [f"{model} = {ctor}.eval()", "", "",
                  f"def {probe_name(name)}({params}) -> np.ndarray:",
                  "    with torch.no_grad():",
                  f"        y = {expr}",
                  "    return y.numpy()", "", ""]
    for name, body in SNIPPETS.items():
        lines += [f"def {probe_name(name)}(x0: {_annotation((2, 8))}) -> np.ndarray:",
                  f"    {body}", "", ""]
    return "\n".join(lines).rstrip() + "\n"


def names() -> list:
    return list(MODULES) + list(SNIPPETS)
