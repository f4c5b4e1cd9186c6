"""The types of muna's IR: decided at compile time, one C++ type each.

Python's int is int64 and float is float64. Tensors carry their library (numpy or torch, which
decides the result kinds of ops), dtype and rank (None when the annotation leaves it open).
"""
from __future__ import annotations

from dataclasses import dataclass

DTYPES = ("bool", "uint8", "int8", "int16", "int32", "int64", "float32", "float64", "bfloat16")
CPP_DTYPE = {
    "bool": "bool", "uint8": "uint8_t", "int8": "int8_t", "int16": "int16_t", "int32": "int32_t",
    "int64": "int64_t", "float32": "float", "float64": "double", "bfloat16": "muna::bfloat16",
}
FLOAT_DTYPES = ("float32", "float64", "bfloat16")


def python_kinds_of(dtype: str) -> tuple:
    """The Python scalar types that hold every value of a NumPy scalar dtype exactly."""
    if dtype == "bool":
        return ("bool", "int", "float")
    if dtype in FLOAT_DTYPES:
        return ("float",)
    return ("int", "float") if dtype in ("uint8", "int8", "int16", "int32") else ("int",)


class Type:
    """Base of all IR types; subclasses are frozen dataclasses so types compare by value."""

    def cpp(self) -> str:
        raise NotImplementedError

    def __str__(self) -> str:
        raise NotImplementedError


@dataclass(frozen=True)
class Scalar(Type):
    name: str  # "bool", "int", "float"

    def cpp(self):
        return {"bool": "bool", "int": "int64_t", "float": "double"}[self.name]

    def __str__(self):
        return self.name


@dataclass(frozen=True)
class Str(Type):
    def cpp(self):
        return "std::string"

    def __str__(self):
        return "str"


@dataclass(frozen=True)
class NoneT(Type):
    def cpp(self):
        return "muna::NoneType"

    def __str__(self):
        return "None"


@dataclass(frozen=True)
class ListT(Type):
    item: Type

    def cpp(self):
        return f"muna::python::List<{self.item.cpp()}>"

    def __str__(self):
        return f"list[{self.item}]"


@dataclass(frozen=True)
class DictT(Type):
    key: Type
    value: Type

    def cpp(self):
        return f"muna::python::Dict<{self.key.cpp()}, {self.value.cpp()}>"

    def __str__(self):
        return f"dict[{self.key}, {self.value}]"


@dataclass(frozen=True)
class TupleT(Type):
    items: tuple

    def cpp(self):
        return "std::tuple<" + ", ".join(t.cpp() for t in self.items) + ">"

    def __str__(self):
        return "tuple[" + ", ".join(str(t) for t in self.items) + "]"


@dataclass(frozen=True)
class OptionalT(Type):
    item: Type

    def cpp(self):
        return f"std::optional<{self.item.cpp()}>"

    def __str__(self):
        return f"Optional[{self.item}]"


@dataclass(frozen=True)
class LiteralT(Type):
    """A Literal[...] parameter: its base type plus the allowed values, checked on entry."""
    base: Type
    values: tuple

    def cpp(self):
        return self.base.cpp()

    def __str__(self):
        return "Literal[" + ", ".join(repr(v) for v in self.values) + "]"


@dataclass(frozen=True)
class TensorT(Type):
    lib: str  # "numpy" or "torch"
    dtype: str
    rank: int | None = None

    def cpp(self):
        return f"muna::Tensor<{CPP_DTYPE[self.dtype]}>"

    def __str__(self):
        name = "ndarray" if self.lib == "numpy" else "Tensor"
        rank = "" if self.rank is None else f", {self.rank}"
        return f"{name}[{self.dtype}{rank}]"

    def with_(self, dtype=None, rank=...):
        return TensorT(self.lib, dtype or self.dtype, self.rank if rank is ... else rank)


BOOL = Scalar("bool")
INT = Scalar("int")
FLOAT = Scalar("float")
STR = Str()
NONE = NoneT()


def strip_literal(t: Type) -> Type:
    return t.base if isinstance(t, LiteralT) else t


def is_number(t: Type) -> bool:
    t = strip_literal(t)
    return isinstance(t, Scalar)


def join_numbers(a: Type, b: Type) -> Scalar:
    """Python's arithmetic promotion: bool < int < float."""
    order = ["bool", "int", "float"]
    return Scalar(order[max(order.index(strip_literal(a).name), order.index(strip_literal(b).name))])


@dataclass(frozen=True)
class NumpyScalar(Type):
    """A NumPy scalar (np.float32(1.5), the result of a full reduction): a dtype, no shape."""
    dtype: str

    def cpp(self):
        return CPP_DTYPE[self.dtype]

    def __str__(self):
        return f"numpy.{self.dtype}"


@dataclass(frozen=True)
class StaticT(Type):
    """A compile-time-only argument (a dtype like np.float32, a module): type rules read it
    with Bound.const; it never reaches C++."""
    what: str

    def cpp(self):
        raise TypeError(f"{self.what} exists only at compile time")

    def __str__(self):
        return f"static[{self.what}]"


@dataclass(frozen=True)
class SliceT(Type):
    """start:stop:step in a subscript; each part an int or None."""

    def cpp(self):
        return "muna::Slice"

    def __str__(self):
        return "slice"


@dataclass(frozen=True)
class EllipsisT(Type):
    def cpp(self):
        return "muna::EllipsisType"

    def __str__(self):
        return "ellipsis"


SLICE = SliceT()
ELLIPSIS = EllipsisT()


@dataclass(frozen=True)
class IterT(Type):
    """A one-pass iterable that only a for loop or comprehension consumes (range(), the
    characters of a str); `list(...)` makes a list of it."""
    item: Type

    def cpp(self):
        raise TypeError("an iterator has no C++ variable type")

    def __str__(self):
        return f"iterator[{self.item}]"


@dataclass(frozen=True)
class SetT(Type):
    item: Type

    def cpp(self):
        return f"muna::python::Set<{self.item.cpp()}>"

    def __str__(self):
        return f"set[{self.item}]"


@dataclass(frozen=True)
class ExceptionT(Type):
    """The value bound by `except ... as e`: str(e) is its message."""

    def cpp(self):
        return "muna::Exception"

    def __str__(self):
        return "Exception"


EXCEPTION = ExceptionT()


@dataclass(frozen=True)
class PendingT(Type):
    """The item type of an empty container literal, decided by its first use (xs.append(1)
    makes `xs = []` a list[int]); the frontend substitutes it once known."""
    id: int

    def cpp(self):
        raise TypeError("unresolved container item type")

    def __str__(self):
        return f"?{self.id}"


@dataclass(frozen=True)
class ObjectT(Type):
    """A library object baked into the compiled library (a tokenizer): its registered kind
    names the C++ class and how its state is serialised into the weight blob."""
    kind: str  # Python-qualified class name, e.g. "muna.text.Tokenizer"
    cpp_type: str

    def cpp(self):
        return self.cpp_type

    def __str__(self):
        return self.kind
