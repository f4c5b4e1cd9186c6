"""The generator's types: what a generated expression is in CPython at run time, exactly (an
`int` expression is never a bool or a float), with its annotation and random values of it.

Arrays carry their shape: a program's arrays have shapes fixed when it is generated, so the
generator knows which combine (broadcasting) and NumPy itself says each result's dtype and
shape (see `numpy_result`)."""
from __future__ import annotations

import math
import warnings
from dataclasses import dataclass

import numpy as np

DTYPES = ("bool", "uint8", "int8", "int16", "int32", "int64", "float32", "float64")
INT_DTYPES = ("uint8", "int8", "int16", "int32", "int64")
FLOAT_DTYPES = ("float32", "float64")
NP_NAME = {"bool": "np.bool_", **{d: f"np.{d}" for d in DTYPES if d != "bool"}}


@dataclass(frozen=True)
class Ty:
    kind: str  # int float bool str list dict set tuple opt arr npscalar num seq
    args: tuple = ()

    def __str__(self):
        return annotation(self)

    @property
    def item(self):
        return self.args[0]


INT, FLOAT, BOOL, STR = Ty("int"), Ty("float"), Ty("bool"), Ty("str")
# Type variables of generic helpers: NUM is int or float, SEQ is str or list[int], decided per call.
NUM, SEQ = Ty("num"), Ty("seq")


def List(t):
    return Ty("list", (t,))


def Dict(k, v):
    return Ty("dict", (k, v))


def Set(t):
    return Ty("set", (t,))


def Tuple(*ts):
    return Ty("tuple", tuple(ts))


def Opt(t):
    return Ty("opt", (t,))


def Arr(dtype, shape):
    """A NumPy array; shape None: 1-d of a length known only at run time (a masked selection)."""
    return Ty("arr", (dtype, shape))


def NpScalar(dtype):
    return Ty("npscalar", (dtype,))


def annotation(t: Ty, ranked: bool = False, open_arrays: bool = False) -> str:
    """`open_arrays`: arrays as bare `np.ndarray` (their dtype follows the arguments')."""
    k = t.kind
    if open_arrays and k != "arr":
        inner = {"list": lambda: f"list[{annotation(t.item, open_arrays=True)}]",
                 "set": lambda: f"set[{annotation(t.item, open_arrays=True)}]",
                 "opt": lambda: f"Optional[{annotation(t.item, open_arrays=True)}]",
                 "dict": lambda: f"dict[{annotation(t.args[0], open_arrays=True)}, {annotation(t.args[1], open_arrays=True)}]",
                 "tuple": lambda: "tuple[" + ", ".join(annotation(a, open_arrays=True) for a in t.args) + "]"}
        if k in inner:
            return inner[k]()
    if open_arrays and k == "arr":
        return "np.ndarray"
    if k in ("int", "float", "bool", "str"):
        return k
    if k == "list":
        return f"list[{annotation(t.item)}]"
    if k == "set":
        return f"set[{annotation(t.item)}]"
    if k == "dict":
        return f"dict[{annotation(t.args[0])}, {annotation(t.args[1])}]"
    if k == "tuple":
        return "tuple[" + ", ".join(annotation(a) for a in t.args) + "]"
    if k == "opt":
        return f"Optional[{annotation(t.item)}]"
    if k == "npscalar":
        return NP_NAME[t.item]
    if k == "arr":
        dtype, shape = t.args
        if ranked and shape is not None:
            dims = ", ".join("int" for _ in shape)
            return f"np.ndarray[tuple[{dims}], np.dtype[{NP_NAME[dtype]}]]"
        return f"npt.NDArray[{NP_NAME[dtype]}]"
    raise ValueError(f"no annotation for {t.kind}")


def is_array(t):
    return t.kind == "arr"


def dummy(t: Ty):
    """A value of type t for asking NumPy what an expression gives (dtype and shape)."""
    if t.kind == "arr":
        dtype, shape = t.args
        return np.ones(shape if shape is not None else (3,), dtype=dtype)
    if t.kind == "npscalar":
        return np.ones((), dtype=t.item)[()]
    return {"int": 3, "float": 1.5, "bool": True}[t.kind]


def numpy_result(fn, *args):
    """The type NumPy gives `fn(*args)` (args: types or Python literals), or None where it raises
    or gives what the generator does not track (float16, object, a Python scalar)."""
    values = [dummy(a) if isinstance(a, Ty) else a for a in args]
    try:
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore")
            r = fn(*values)
    except Exception:
        return None
    masked = any(isinstance(a, Ty) and a.kind == "arr" and a.args[1] is None for a in args)
    if isinstance(r, np.ndarray):
        if r.dtype.name not in DTYPES:
            return None
        shape = r.shape
        if masked:
            if r.ndim != 1:
                return None
            shape = None
        return Arr(r.dtype.name, shape)
    if isinstance(r, np.generic):
        return NpScalar(r.dtype.name) if r.dtype.name in DTYPES else None
    return None


# --- random values -------------------------------------------------------------------------------

INT_EDGES = [0, 1, -1, 2, -2, 3, 7, -7, 10, 100, -128, 255, 2**31 - 1, -2**31, 2**53 + 1, 2**62,
             -2**62, 2**63 - 1, -2**63, 3037000499, -3037000500]
FLOAT_EDGES = [0.0, -0.0, 1.0, -1.0, 0.5, 1.5, -2.25, 0.1, 1e-300, 5e-324, 1e308, -1e308, 1e16,
               2.5, -3.5, 3.0, 1e22, float("nan"), float("inf"), float("-inf"), 123.456, -7.0]
STR_POOL = ["", "a", "b", "ab", "abc", "Hello", " x ", "a,b,,c", "ß", "é", "日本", "AbC dE", "  ",
            "123", "-4", "x_y", "Ünïcode", "tab\tsep", "a b c", "aaa", "3.5", "nan", "İ", "ﬁ"]
KEY_POOL = ["a", "b", "k", "é", "x1", "", "ab"]


def random_int(rng):
    r = rng.random()
    if r < 0.45:
        return rng.randint(-10, 10)
    if r < 0.8:
        return rng.choice(INT_EDGES)
    return rng.randint(-10**6, 10**6)


def random_float(rng):
    r = rng.random()
    if r < 0.5:
        return rng.choice(FLOAT_EDGES)
    if r < 0.8:
        return rng.randint(-20, 20) / 4
    return rng.uniform(-1e3, 1e3)


def random_value(t: Ty, rng, shapes=None):
    k = t.kind
    if k == "int":
        return random_int(rng)
    if k == "float":
        return random_float(rng)
    if k == "bool":
        return rng.random() < 0.5
    if k == "str":
        return rng.choice(STR_POOL)
    if k == "list":
        n = rng.choice([0, 1, 2, 3, 4, 5, 6])
        return [random_value(t.item, rng) for _ in range(n)]
    if k == "set":
        return set(random_value(List(t.item), rng))
    if k == "dict":
        n = rng.choice([0, 1, 2, 3, 4])
        kt, vt = t.args
        return {(rng.choice(KEY_POOL) if kt == STR else random_value(kt, rng)): random_value(vt, rng)
                for _ in range(n)}
    if k == "tuple":
        return tuple(random_value(a, rng) for a in t.args)
    if k == "opt":
        return None if rng.random() < 0.35 else random_value(t.item, rng)
    if k == "arr":
        return random_array(t.args[0], t.args[1], rng)
    raise ValueError(k)


def random_array(dtype, shape, rng):
    n = math.prod(shape)
    if dtype == "bool":
        vals = [rng.random() < 0.5 for _ in range(n)]
    elif dtype in FLOAT_DTYPES:
        vals = [rng.choice([0.0, -0.0, 1.0, -1.5, 2.0, 0.25, 3.0, -4.0, float("nan"), float("inf"),
                            float("-inf"), 1e30, 7.5, 100.0]) if rng.random() < 0.4
                else rng.randint(-40, 40) / 4 for _ in range(n)]
    else:
        info = np.iinfo(dtype)
        edges = [info.min, info.max, 0, 1, -1 if info.min < 0 else 2, info.max - 1]
        vals = [rng.choice(edges) if rng.random() < 0.3 else rng.randint(max(info.min, -20), min(info.max, 20))
                for _ in range(n)]
    return np.array(vals, dtype=dtype).reshape(shape)


def literal(value) -> str:
    """Python source for a generated constant (floats exactly, nan/inf spelled as calls)."""
    if isinstance(value, float):
        if math.isnan(value):
            return 'float("nan")'
        if math.isinf(value):
            return 'float("inf")' if value > 0 else 'float("-inf")'
        text = repr(value)
        return f"({text})" if text.startswith("-") else text
    if isinstance(value, int) and not isinstance(value, bool):
        if value == -2**63:
            return "(-9223372036854775807 - 1)"  # the literal 9223372036854775808 is past int64
        return f"({value})" if value < 0 else str(value)
    return repr(value)


def ty_of_hint(hint) -> Ty:
    """The generator type of an annotation object (a repro's entry function's return)."""
    import typing
    if hint in (int, float, bool, str):
        return Ty(hint.__name__)
    if isinstance(hint, type) and issubclass(hint, np.generic):
        return NpScalar(np.dtype(hint).name)
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is list:
        return List(ty_of_hint(args[0]))
    if origin is set:
        return Set(ty_of_hint(args[0]))
    if origin is dict:
        return Dict(ty_of_hint(args[0]), ty_of_hint(args[1]))
    if origin is tuple:
        return Tuple(*(ty_of_hint(a) for a in args))
    if origin is typing.Union:
        return Opt(ty_of_hint(next(a for a in args if a is not type(None))))
    if origin is np.ndarray:
        dtype = typing.get_args(args[1])[0] if len(args) > 1 else np.float32
        return Arr(np.dtype(dtype).name, None)
    raise ValueError(f"no generator type for {hint!r}")
