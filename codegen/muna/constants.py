"""Module-level values baked into a library: their IR types and their C++ definitions.

Scalars and strings become C++ literals; lists, tuples and dicts are built once, on first use,
in a function-local static (thread-safe, never copied per call: containers share by reference);
arrays and tensors are written to the weight blob and read through read-only views of it.
"""
from __future__ import annotations

import json

from .types import (BOOL, FLOAT, INT, STR, NONE, DictT, ListT, TensorT, TupleT, Type, CPP_DTYPE)


def type_of_constant(value) -> Type | None:
    import numpy as np
    from .registry import REGISTRY
    from .types import ObjectT
    kind = REGISTRY.object_kind(value)
    if kind is not None:
        return ObjectT(kind.name, kind.cpp_type)
    if isinstance(value, bool):
        return BOOL
    if isinstance(value, int):
        return INT
    if isinstance(value, float):
        return FLOAT
    if isinstance(value, str):
        return STR
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
        items = {type_of_constant(v) for v in value}
        return ListT(items.pop()) if len(items) == 1 and None not in items else None
    if isinstance(value, (set, frozenset)) and value:
        items = {type_of_constant(v) for v in value}
        if len(items) == 1 and None not in items:
            from .types import SetT
            return SetT(items.pop())
        return None
    if isinstance(value, dict) and value:
        keys = {type_of_constant(k) for k in value}
        vals = {type_of_constant(v) for v in value.values()}
        if len(keys) == 1 and len(vals) == 1 and None not in keys | vals:
            return DictT(keys.pop(), vals.pop())
    return None


def _torch():
    import sys
    return sys.modules.get("torch")


def cpp_literal(value, t: Type) -> str:
    """A C++ expression for a scalar, string, tuple or container constant."""
    if t == BOOL:
        return "true" if value else "false"
    if t == INT:
        return f"int64_t{{{value}}}" if value != -2**63 else "std::numeric_limits<int64_t>::min()"
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
    raise TypeError(f"no C++ literal for {t}")


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
