"""Module-level values baked into a library: their IR types and their C++ definitions.

Scalars and strings become C++ literals; lists, tuples and dicts are built once, on first use,
in a function-local static (thread-safe, never copied per call: containers share by reference);
arrays and tensors are written to the weight blob and read through read-only views of it.
"""
from __future__ import annotations

import json

from .function_values import is_function_value
from .types import (BOOL, FLOAT, INT, STR, NONE, DictT, ListT, TensorT, TupleT, Type, CPP_DTYPE, function_type)


def type_of_constant(value) -> Type | None:
    import numpy as np
    from .registry import REGISTRY
    from .types import ObjectT
    if is_function_value(value):  # an item of a container of functions (a dict of poolings)
        return function_type(value)
    kind = REGISTRY.object_kind(value)
    if kind is not None:
        return kind.type_of(value) if kind.type_of else ObjectT(kind.name, kind.cpp_type)
    import re
    if isinstance(value, re.RegexFlag):
        return INT  # re.I | re.M: flags are ints to re's functions
    import enum
    if isinstance(value, enum.Enum):
        from .types import EnumT
        return EnumT(type(value))
    if isinstance(value, bool):
        return BOOL
    if isinstance(value, int):
        return INT
    if isinstance(value, float):
        return FLOAT
    if isinstance(value, str):
        return STR
    if isinstance(value, bytes):  # bytearray is mutable: never shared by every call
        from .types import BYTES
        return BYTES
    if value is None:
        return NONE
    if isinstance(value, np.ndarray):
        if value.dtype.name not in CPP_DTYPE:
            return None
        return TensorT("numpy", value.dtype.name, value.ndim)
    torch = _torch()
    if torch is not None and isinstance(value, torch.Tensor):
        name = str(value.dtype).replace("torch.", "")
        if name not in CPP_DTYPE:
            return None
        return TensorT("torch", name, value.dim())
    if isinstance(value, tuple):
        items = [type_of_constant(v) for v in value]
        return None if None in items else TupleT(tuple(items))
    if isinstance(value, list) and value:
        item = _joined([type_of_constant(v) for v in value])
        return ListT(item) if item is not None else None
    if isinstance(value, (set, frozenset)) and value:
        item = _joined([type_of_constant(v) for v in value])
        if item is not None:
            from .types import SetT
            return SetT(item)
        return None
    if isinstance(value, dict) and value:
        key = _joined([type_of_constant(k) for k in value])
        val = _joined([type_of_constant(v) for v in value.values()])
        import collections
        kind = ("counter" if isinstance(value, collections.Counter) else
                "defaultdict" if isinstance(value, collections.defaultdict) else "dict")
        if kind == "defaultdict" and value.default_factory not in (list, set, dict, int, float, str):
            return None
        if key is not None and val is not None:
            return DictT(key, val, kind)
    return None


def _joined(types):
    """One type for a container constant's items: theirs when they agree, else the join (a
    dict of mixed values holds Objects: CONFIG = {"threshold": 0.5, "labels": [...]})."""
    from .scope import join
    from .types import AnyT, TensorT
    if None in types:
        return None
    out = types[0]
    for t in types[1:]:
        out = join(out, t)
        if out is None:
            return None
    if isinstance(out, AnyT) and any(isinstance(t, TensorT) for t in types):
        return None  # arrays are baked into the weight section, never inside an Object literal
    return out


def _torch():
    import sys
    return sys.modules.get("torch")


def cpp_literal(value, t: Type) -> str:
    """A C++ expression for a scalar, string, tuple or container constant."""
    if t == BOOL:
        return "true" if value else "false"
    if t == INT:
        return f"int64_t{{{int(value)}}}" if value != -2**63 else "std::numeric_limits<int64_t>::min()"
    if t == FLOAT:
        if value != value:
            return "std::numeric_limits<double>::quiet_NaN()"
        if value in (float("inf"), float("-inf")):
            return ("-" if value < 0 else "") + "std::numeric_limits<double>::infinity()"
        return repr(float(value))
    if t == STR:
        return "std::string(" + json.dumps(value, ensure_ascii=False) + f", {len(value.encode())})"
    if t == NONE:
        return "muna::None"
    from .types import EnumT, FunctionT
    if isinstance(t, FunctionT):
        return f"int64_t{{{t.number_of(value)}}}"
    if isinstance(t, EnumT):  # a member is its index among the class's members
        return f"int64_t{{{list(t.cls).index(value)}}}"
    from .types import BytesT
    if isinstance(t, BytesT):
        return f"{t.cpp()}({bytes_literal(bytes(value))}, {len(value)})"
    if isinstance(t, TupleT):
        return "std::make_tuple(" + ", ".join(cpp_literal(v, it) for v, it in zip(value, t.items)) + ")"
    if isinstance(t, ListT):
        return f"{t.cpp()}{{" + ", ".join(cpp_literal(v, t.item) for v in value) + "}"
    from .types import SetT
    if isinstance(t, SetT):
        # Sorted, so the generated code is the same on every run (set order follows hashes).
        return f"{t.cpp()}{{" + ", ".join(cpp_literal(v, t.item) for v in sorted(value)) + "}"
    if isinstance(t, DictT):
        return (f"{t.cpp()}{{" + ", ".join(
            f"{{{cpp_literal(k, t.key)}, {cpp_literal(v, t.value)}}}" for k, v in value.items()) + "}")
    from .types import AnyT, NumberT, OptionalT
    if isinstance(t, (AnyT, NumberT)):  # an item of a container of mixed items: as its own type
        return f"{t.cpp()}({cpp_literal(value, type_of_constant(value))})"
    if isinstance(t, OptionalT):
        return f"{t.cpp()}()" if value is None else f"{t.cpp()}({cpp_literal(value, t.item)})"
    raise TypeError(f"no C++ literal for {t}")


def bytes_literal(data: bytes) -> str:
    """A C++ string literal holding exactly `data`: octal escapes (at most three digits, so a
    following digit is never taken into one, as it would be into a \\x escape)."""
    out = []
    for c in data:
        ch = chr(c)
        if ch in '"\\?':
            out.append("\\" + ch)
        elif 0x20 <= c < 0x7F:
            out.append(ch)
        else:
            out.append(f"\\{c:03o}")
    return '"' + "".join(out) + '"'


class Blob:
    """The weight blob: every array constant, each 64-byte aligned, little-endian, C order."""

    def __init__(self):
        self.parts = []
        self.size = 0

    def add(self, array) -> int:
        import numpy as np
        data = np.ascontiguousarray(array)
        offset = (self.size + 63) // 64 * 64
        if offset > self.size:
            self.parts.append(b"\0" * (offset - self.size))
        raw = data.tobytes()
        self.parts.append(raw)
        self.size = offset + len(raw)
        return offset

    def add_bytes(self, data: bytes) -> int:
        import numpy as np
        return self.add(np.frombuffer(data, dtype=np.uint8))

    def bytes(self) -> bytes:
        return b"".join(self.parts)


def bf16_bits(array):
    """float32 values as bfloat16 bits (uint16), rounded to nearest even as torch's .bfloat16()
    and muna's kernels::float_to_bf16 do; a NaN stays a quiet NaN."""
    import numpy as np
    u = np.ascontiguousarray(array, dtype=np.float32).view(np.uint32)
    rounded = ((u + np.uint32(0x7FFF) + ((u >> 16) & np.uint32(1))) >> 16).astype(np.uint16)
    nan = (u & np.uint32(0x7FFFFFFF)) > np.uint32(0x7F800000)
    return np.where(nan, ((u >> 16) | np.uint32(0x40)).astype(np.uint16), rounded)


def array_of(value):
    """A NumPy array with the constant's bytes (torch tensors included, bfloat16 as uint16)."""
    import numpy as np
    torch = _torch()
    if torch is not None and isinstance(value, torch.Tensor):
        t = value.detach().cpu().contiguous()
        if t.dtype == torch.bfloat16:
            return t.view(torch.int16).numpy().view(np.uint16)
        return t.numpy()
    return np.asarray(value)
