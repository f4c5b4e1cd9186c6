"""`muna.load("lib.so")`: a compiled library as a Python callable with the original signature.

Arguments are converted to ABI values (numpy arrays and torch tensors are passed without a
copy, as borrowed views valid for the call); results come back as the Python kinds the original
returns: numpy arrays for ndarray and Tensor results, Python scalars, str, bytes and bytearray,
lists, tuples, dicts.
"""
from __future__ import annotations

import ctypes
import json
import os

MUNA_NONE, MUNA_BOOL, MUNA_INT, MUNA_FLOAT, MUNA_STR, MUNA_TENSOR, MUNA_LIST, MUNA_TUPLE, MUNA_DICT, MUNA_BYTES, MUNA_SET = \
    range(11)
DTYPES = ["bool", "uint8", "int8", "int16", "int32", "int64", "float32", "float64", "bfloat16",
          "complex64", "complex128"]


class MunaError(Exception):
    """A compiled function raised or rejected its arguments: `type` is the Python exception
    name (ValueError, TypeError, ...), `message` its text."""

    def __init__(self, text: str):
        kind, _, message = text.partition(": ")
        super().__init__(text)
        self.type = kind
        self.message = message


_P = ctypes.c_void_p

# libgomp (under oneDNN and muna's parallel loops) spins 300,000 rounds at every barrier by
# default. When another process holds one of the cores, a thread then burns its time slice
# waiting for a partner that is not running: 2-thread EmbeddingGemma ran 4-7x slower than
# 1-thread on this project's shared 2-core machine, and a bounded spin removed that without
# costing the quiet case (docs/perf.md). libgomp reads this once, when it is first loaded, so
# it is set before the library is; a user's own OMP_WAIT_POLICY or GOMP_SPINCOUNT wins.
OPENMP_SPIN_COUNT = "10000"


def bound_openmp_spinning(env=os.environ):
    """Sets GOMP_SPINCOUNT in `env` unless the user chose a spin count or wait policy."""
    if "OMP_WAIT_POLICY" not in env:
        env.setdefault("GOMP_SPINCOUNT", OPENMP_SPIN_COUNT)


def _declare(lib):
    sig = {
        "muna_signature": (ctypes.c_char_p, []),
        "muna_call": (ctypes.c_int, [ctypes.POINTER(_P), ctypes.c_size_t, ctypes.POINTER(_P)]),
        "muna_functions": (ctypes.c_char_p, []),
        "muna_call_function": (ctypes.c_int, [ctypes.c_char_p, ctypes.POINTER(_P), ctypes.c_size_t, ctypes.POINTER(_P)]),
        "muna_last_error": (ctypes.c_char_p, []),
        "muna_set_num_threads": (None, [ctypes.c_int]),
        "muna_target": (ctypes.c_char_p, []), "muna_profile": (ctypes.c_char_p, []),
        "muna_none": (_P, []), "muna_bool": (_P, [ctypes.c_int]), "muna_int": (_P, [ctypes.c_int64]),
        "muna_float": (_P, [ctypes.c_double]), "muna_str": (_P, [ctypes.c_char_p, ctypes.c_size_t]),
        "muna_tensor_view": (_P, [ctypes.c_int, ctypes.c_int, ctypes.POINTER(ctypes.c_int64), _P]),
        "muna_list": (_P, []), "muna_tuple": (_P, []), "muna_dict": (_P, []), "muna_set": (_P, []),
        "muna_append": (ctypes.c_int, [_P, _P]), "muna_dict_set": (ctypes.c_int, [_P, _P, _P]),
        "muna_value_free": (None, [_P]),
        "muna_value_kind": (ctypes.c_int, [_P]), "muna_value_bool": (ctypes.c_int, [_P]),
        "muna_value_int": (ctypes.c_int64, [_P]), "muna_value_float": (ctypes.c_double, [_P]),
        "muna_value_str": (_P, [_P, ctypes.POINTER(ctypes.c_size_t)]),
        "muna_tensor_dtype": (ctypes.c_int, [_P]), "muna_tensor_ndim": (ctypes.c_int, [_P]),
        "muna_tensor_shape": (ctypes.POINTER(ctypes.c_int64), [_P]), "muna_tensor_data": (_P, [_P]),
        "muna_len": (ctypes.c_size_t, [_P]), "muna_item": (_P, [_P, ctypes.c_size_t]),
        "muna_dict_key": (_P, [_P, ctypes.c_size_t]), "muna_dict_value": (_P, [_P, ctypes.c_size_t]),
        "muna_value_scalar_dtype": (ctypes.c_int, [_P]),
        "muna_value_type_name": (ctypes.c_char_p, [_P]), "muna_value_set_type_name": (ctypes.c_int, [_P, ctypes.c_char_p]),
    }
    for name, (res, args) in sig.items():
        f = getattr(lib, name)
        f.restype, f.argtypes = res, args
    # Libraries built before bytes crossed the ABI lack this; they take no bytes either.
    if hasattr(lib, "muna_bytes"):
        lib.muna_bytes.restype, lib.muna_bytes.argtypes = _P, [ctypes.c_char_p, ctypes.c_size_t]
    # (nor this: they take NumPy scalars as Python numbers)
    if hasattr(lib, "muna_value_set_scalar_dtype"):
        lib.muna_value_set_scalar_dtype.restype, lib.muna_value_set_scalar_dtype.argtypes = ctypes.c_int, [_P, ctypes.c_int]


class CompiledFunction:
    def __init__(self, path: str, function: str | None = None):
        self.path = path
        bound_openmp_spinning()
        self._lib = ctypes.CDLL(path)
        _declare(self._lib)
        functions = json.loads(self._lib.muna_functions().decode())
        if function is None:
            self.signature = functions[0]
        else:
            matches = [f for f in functions if f["name"] == function]
            if not matches:
                raise AttributeError(f"{path} exports no function '{function}' "
                                     f"(it has {', '.join(f['name'] for f in functions)})")
            self.signature = matches[0]
        self.__name__ = self.signature["name"]
        self._name = self.__name__.encode()
        self._params = [p["name"] for p in self.signature["params"]]

    def profile(self) -> list:
        """Per-statement timings of a library compiled with --profile (calls, total and self ms),
        summed over every call so far."""
        report = self._lib.muna_profile()
        if report is None:
            raise RuntimeError(f"{self.path} was not compiled with --profile")
        return json.loads(report.decode())

    @property
    def target(self) -> str:
        """The instruction-set level of the code that runs ("x86-64-v4", ...): in a library built
        for several, the one picked for this CPU (or by MUNA_TARGET)."""
        return self._lib.muna_target().decode()

    def set_num_threads(self, threads: int):
        """Threads for this library's parallel kernels (0: MUNA_NUM_THREADS or all cores)."""
        self._lib.muna_set_num_threads(int(threads))

    def __repr__(self):
        params = ", ".join(f"{p['name']}: {p['type']}" + (f" ({' | '.join(p['accepts'])})" if "accepts" in p else "")
                           for p in self.signature["params"])
        return f"<muna function {self.__name__}({params}) -> {self.signature['returns']} from {self.path}>"

    def __call__(self, *args, **kwargs):
        lib = self._lib
        if len(args) > len(self._params):
            raise TypeError(f"{self.__name__}() takes {len(self._params)} arguments but {len(args)} were given")
        slots = list(args) + [_MISSING] * (len(self._params) - len(args))
        for k, v in kwargs.items():
            if k not in self._params:
                raise TypeError(f"{self.__name__}() got an unexpected keyword argument '{k}'")
            i = self._params.index(k)
            if slots[i] is not _MISSING:
                raise TypeError(f"{self.__name__}() got multiple values for argument '{k}'")
            slots[i] = v
        keep = []  # arrays whose memory the borrowed views point at
        values = []
        for name, v in zip(self._params, slots):
            try:
                values.append(None if v is _MISSING else self._to_value(v, keep))
            except TypeError as e:  # a value no compiled function takes (a str array): the call's TypeError
                raise MunaError(f"TypeError: argument '{name}': expected a value muna passes, got {e}") from None
        try:
            array = (_P * max(len(values), 1))(*values)
            out = _P()
            status = lib.muna_call_function(self._name, array, len(values), ctypes.byref(out))
            if status != 0:
                raise MunaError(lib.muna_last_error().decode("utf-8", "replace"))
            # Result arrays view the value's memory; it is freed when the last of them is gone.
            return self._counter(self._from_value(out.value, _Owned(lib, out.value)))
        finally:
            for v in values:
                if v:
                    lib.muna_value_free(v)

    # --- Python -> ABI ------------------------------------------------------------------------
    def _to_value(self, x, keep):
        import numpy as np
        lib = self._lib
        if x is None:
            return lib.muna_none()
        import enum
        if isinstance(x, enum.Enum):  # a member crosses as its value
            return self._to_value(x.value, keep)
        if isinstance(x, np.generic) and x.dtype.name in DTYPES[:8] and hasattr(lib, "muna_value_set_scalar_dtype"):
            # A NumPy scalar stays one (np.float32 * 2.0 is float64, np.int8 + 1 wraps)
            v = self._to_value(x.item(), keep)
            lib.muna_value_set_scalar_dtype(v, DTYPES.index(x.dtype.name))
            return v
        if isinstance(x, (bool, np.bool_)):
            return lib.muna_bool(int(x))
        if isinstance(x, (int, np.integer)):
            if not -2**63 <= int(x) < 2**63:
                raise OverflowError("int too large for muna's 64-bit int")
            return lib.muna_int(int(x))
        if isinstance(x, (float, np.floating)):
            return lib.muna_float(float(x))
        if isinstance(x, str):
            b = x.encode("utf-8", "surrogatepass")
            return lib.muna_str(b, len(b))
        if isinstance(x, (bytes, bytearray, memoryview)):
            if not hasattr(lib, "muna_bytes"):
                raise TypeError(f"{self.path} predates bytes arguments; recompile it")
            b = bytes(x)
            return lib.muna_bytes(b, len(b))
        if isinstance(x, (set, frozenset)):
            c = lib.muna_set()
            for item in x:
                lib.muna_append(c, self._to_value(item, keep))
            return c
        if isinstance(x, (list, tuple)):
            c = lib.muna_list() if isinstance(x, list) else lib.muna_tuple()
            for item in x:
                lib.muna_append(c, self._to_value(item, keep))
            return c
        import dataclasses
        if dataclasses.is_dataclass(x) and not isinstance(x, type):
            d = lib.muna_dict()
            for f in dataclasses.fields(x):
                name = f.name.encode()
                lib.muna_dict_set(d, lib.muna_str(name, len(name)), self._to_value(getattr(x, f.name), keep))
            lib.muna_value_set_type_name(d, type(x).__qualname__.encode())
            return d
        if isinstance(x, dict):
            d = lib.muna_dict()
            for k, v in x.items():
                lib.muna_dict_set(d, self._to_value(k, keep), self._to_value(v, keep))
            return d
        torch = _torch()
        if torch is not None and isinstance(x, torch.Tensor):
            t = x.detach().cpu().contiguous()
            if t.dtype == torch.bfloat16:
                keep.append(t)
                return self._tensor(DTYPES.index("bfloat16"), t.shape, t.data_ptr(), keep)
            x = t.numpy()
        if isinstance(x, np.ndarray):
            # ascontiguousarray would turn a 0-d array into shape (1,); a 0-d array is contiguous.
            a = x if x.flags.c_contiguous else np.ascontiguousarray(x)
            if a.dtype.name not in DTYPES:
                raise TypeError(f"an array of dtype {a.dtype}")
            keep.append(a)
            return self._tensor(DTYPES.index(a.dtype.name), a.shape, a.ctypes.data, keep)
        raise TypeError(f"a {type(x).__name__}")

    def _tensor(self, dtype, shape, ptr, keep):
        dims = (ctypes.c_int64 * max(len(shape), 1))(*shape)
        keep.append(dims)
        return self._lib.muna_tensor_view(dtype, len(shape), dims, ptr)

    # --- ABI -> Python ------------------------------------------------------------------------
    def _counter(self, result):
        """A result declared as a Counter crossed the ABI as a dict; it is given back its type.
        (A NumPy scalar result comes back tagged with its dtype, _from_value.)"""
        if self.signature["returns"].startswith("Counter[") and isinstance(result, dict):
            import collections
            return collections.Counter(result)
        return result

    def _instance(self, name, fields):
        """A NamedTuple or dataclass instance from its items or fields (a plain tuple or dict
        when the class cannot be found); a dataclass is filled without running __init__, as
        the compiled function already did."""
        info = self.signature.get("classes", {}).get(name)
        cls = _user_class(info) if info else None
        if cls is None:
            return tuple(fields) if isinstance(fields, list) else fields
        if isinstance(fields, list):
            return cls(*fields)
        obj = object.__new__(cls)
        for k, val in fields.items():
            object.__setattr__(obj, k, val)
        return obj

    def _from_value(self, v, owner):
        """The Python value of `v`, a part of the result `owner` holds. Tensors are NumPy arrays
        over the library's own buffer (no copy): each keeps `owner` alive."""
        import numpy as np
        lib = self._lib
        kind = lib.muna_value_kind(v)
        if kind == MUNA_NONE:
            return None
        if kind in (MUNA_INT, MUNA_STR) and lib.muna_value_type_name(v):
            # An Enum member: its class, called with the value.
            plain = int(lib.muna_value_int(v)) if kind == MUNA_INT else ctypes.string_at(
                lib.muna_value_str(v, ctypes.byref(n := ctypes.c_size_t())), n.value).decode("utf-8")
            info = self.signature.get("classes", {}).get(lib.muna_value_type_name(v).decode())
            cls = _user_class(info) if info else None
            return cls(plain) if cls is not None else plain
        if kind in (MUNA_BOOL, MUNA_INT, MUNA_FLOAT):
            value = (bool(lib.muna_value_bool(v)) if kind == MUNA_BOOL else int(lib.muna_value_int(v))
                     if kind == MUNA_INT else float(lib.muna_value_float(v)))
            dtype = lib.muna_value_scalar_dtype(v)
            if dtype >= 0:  # a NumPy scalar result: given back its type
                import numpy as np
                return np.dtype(DTYPES[dtype] if DTYPES[dtype] != "bfloat16" else "float32").type(value)
            return value
        if kind == MUNA_STR:
            n = ctypes.c_size_t()
            p = lib.muna_value_str(v, ctypes.byref(n))
            # A result may hold lone surrogates, as chr(0xD800) or errors="surrogateescape"
            # make them in CPython too.
            return ctypes.string_at(p, n.value).decode("utf-8", "surrogatepass")
        if kind == MUNA_BYTES:
            n = ctypes.c_size_t()
            p = lib.muna_value_str(v, ctypes.byref(n))
            data = ctypes.string_at(p, n.value)
            return bytearray(data) if lib.muna_value_bool(v) else data
        if kind in (MUNA_LIST, MUNA_TUPLE):
            items = [self._from_value(lib.muna_item(v, i), owner) for i in range(lib.muna_len(v))]
            if kind == MUNA_TUPLE and lib.muna_value_type_name(v):
                return self._instance(lib.muna_value_type_name(v).decode(), items)
            return items if kind == MUNA_LIST else tuple(items)
        if kind == MUNA_SET:
            return {self._from_value(lib.muna_item(v, i), owner) for i in range(lib.muna_len(v))}
        if kind == MUNA_DICT:
            d = {self._from_value(lib.muna_dict_key(v, i), owner): self._from_value(lib.muna_dict_value(v, i), owner)
                 for i in range(lib.muna_len(v))}
            if lib.muna_value_type_name(v):
                return self._instance(lib.muna_value_type_name(v).decode(), d)
            return d
        if kind == MUNA_TENSOR:
            dtype = DTYPES[lib.muna_tensor_dtype(v)]
            ndim = lib.muna_tensor_ndim(v)
            shape = tuple(lib.muna_tensor_shape(v)[i] for i in range(ndim))
            np_dtype = np.uint16 if dtype == "bfloat16" else np.dtype(dtype)
            count = int(np.prod(shape, dtype=np.int64))
            nbytes = count * np.dtype(np_dtype).itemsize
            if nbytes == 0:
                return np.empty(shape, np.float32 if dtype == "bfloat16" else np_dtype)
            buffer = (ctypes.c_char * nbytes).from_address(lib.muna_tensor_data(v))
            buffer.owner = owner
            out = np.frombuffer(buffer, dtype=np_dtype).reshape(shape)
            if dtype == "bfloat16":  # widen to float32, the closest NumPy has
                out = (out.astype(np.uint32) << 16).view(np.float32)
            return out
        raise MunaError(f"RuntimeError: unknown value kind {kind}")


def _user_class(info: dict):
    """The caller's class a record result is an instance of: from the module already loaded
    from the function's source file (so `type(result) is MyClass`), else imported from it."""
    import importlib.util
    import sys
    path = os.path.abspath(info.get("file") or "")
    for module in list(sys.modules.values()):
        f = getattr(module, "__file__", None)
        if f and os.path.abspath(f) == path:
            obj = module
            for part in info["qualname"].split("."):
                obj = getattr(obj, part, None)
            if isinstance(obj, type):
                return obj
    if path and os.path.isfile(path):
        spec = importlib.util.spec_from_file_location(f"_muna_classes_{abs(hash(path))}", path)
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module  # the instances pickle
        spec.loader.exec_module(module)
        obj = module
        for part in info["qualname"].split("."):
            obj = getattr(obj, part, None)
        return obj if isinstance(obj, type) else None
    return None


class _Owned:
    """A result value, freed when the last Python object that holds this is gone (the arrays
    over its tensors hold it through their buffers)."""

    __slots__ = ("free", "value")

    def __init__(self, lib, value):
        self.free, self.value = lib.muna_value_free, value

    def __del__(self):
        self.free(self.value)


class _Missing:
    pass


_MISSING = _Missing()


def _torch():
    import sys
    return sys.modules.get("torch")


def load(path: str, function: str | None = None) -> CompiledFunction:
    """The library's default function, or the exported function named `function`."""
    return CompiledFunction(path, function)
