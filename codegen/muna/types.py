"""The types of muna's IR: decided at compile time, one C++ type each.

Python's int is int64 and float is float64. Tensors carry their library (numpy or torch, which
decides the result kinds of ops), dtype and rank (None when the annotation leaves it open).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import ClassVar

DTYPES = ("bool", "uint8", "int8", "int16", "int32", "int64", "float32", "float64", "bfloat16")
CPP_DTYPE = {
    "bool": "bool", "uint8": "uint8_t", "int8": "int8_t", "int16": "int16_t", "int32": "int32_t",
    "int64": "int64_t", "float32": "float", "float64": "double", "bfloat16": "muna::bfloat16",
}
FLOAT_DTYPES = ("float32", "float64", "bfloat16")
# The dtypes a NumPy array of muna's can have (torch's bfloat16 aside), in DTYPES order: those of
# a value of run-time type read as an array.
NUMPY_ARRAY_DTYPES = tuple(d for d in DTYPES if d != "bfloat16")
# NumPy's complex dtypes: only the ops that opt in take them (numpy_ops.COMPLEX_OPS), so they are
# kept out of DTYPES and CPP_DTYPE, which every other rule and torch read.
COMPLEX_DTYPES = ("complex64", "complex128")
CPP_COMPLEX = {"complex64": "std::complex<float>", "complex128": "std::complex<double>"}


def cpp_dtype(dtype: str) -> str:
    return CPP_DTYPE.get(dtype) or CPP_COMPLEX[dtype]


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
class BytesT(Type):
    """bytes, a value, or bytearray (mutable: shared by reference, as a list is)."""
    mutable: bool = False

    def cpp(self):
        return "muna::python::ByteArray" if self.mutable else "muna::python::Bytes"

    def __str__(self):
        return "bytearray" if self.mutable else "bytes"


@dataclass(frozen=True)
class NoneT(Type):
    def cpp(self):
        return "muna::NoneType"

    def __str__(self):
        return "None"


@dataclass(frozen=True)
class ListT(Type):
    """A list; `frozen`: a tuple whose length is known only at run time (tuple[int, ...], the
    shape of an array of unknown rank), which is read as a list is and never changed."""
    item: Type
    frozen: bool = False
    # Where an empty list's item type was decided by its first item (FunctionBuilder.resolve):
    # an item of another type then widens it (diagnostics.ItemWidened). Not part of the type.
    origin: object = field(default=None, compare=False)

    def cpp(self):
        return f"muna::python::{'Tuple' if self.frozen else 'List'}<{self.item.cpp()}>"

    def __str__(self):
        return f"tuple[{self.item}, ...]" if self.frozen else f"list[{self.item}]"


@dataclass(frozen=True)
class DictT(Type):
    """A dict; `kind` "counter" (collections.Counter: a missing key reads 0), "defaultdict"
    (a missing key is inserted with its value type's empty value: defaultdict(list), (int)) or
    "ordereddict" (collections.OrderedDict: order counts in ==, move_to_end, popitem(last=))."""
    key: Type
    value: Type
    kind: str = "dict"
    # As ListT.origin, for an empty dict's value type decided by its first value.
    origin: object = field(default=None, compare=False)

    def cpp(self):
        return f"muna::python::Dict<{self.key.cpp()}, {self.value.cpp()}>"

    def __str__(self):
        name = {"counter": "Counter", "defaultdict": "defaultdict", "ordereddict": "OrderedDict"}.get(self.kind, "dict")
        return f"{name}[{self.key}, {self.value}]" if self.kind != "counter" else f"Counter[{self.key}]"


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
        return f"muna::Tensor<{cpp_dtype(self.dtype)}>"

    def __str__(self):
        name = "ndarray" if self.lib == "numpy" else "Tensor"
        rank = "" if self.rank is None else f", {self.rank}"
        return f"{name}[{self.dtype}{rank}]"

    def with_(self, dtype=None, rank=...):
        return TensorT(self.lib, dtype or self.dtype, self.rank if rank is ... else rank)


@dataclass(frozen=True)
class DynTensorT(Type):
    """An array or tensor whose dtype is known only at run time, one of `dtypes` (a bare
    `x: np.ndarray` parameter, an op's result on one): muna::Array in C++. No op rule sees one:
    a call with such an operand is resolved once per dtype it can have (dispatch.py) and
    switches on the dtypes at run time. `scalar`: a NumPy scalar of one of these dtypes (the
    x.sum() of such an array), held as a 0-d Array.

    `roots` and `table` say which dtype the value has for each combination of the dtypes of the
    entry's arrays it is computed from (`roots`: their names): `table` is ((root dtypes, dtype),
    ...), one entry per combination the value exists for. Two values with the same table have
    the same dtype at run time (`x2 - x1`, both sliced from `boxes`, is one branch per dtype of
    `boxes`, not one per pair); empty where that is not known (a join of two paths)."""
    lib: str
    dtypes: tuple  # in DTYPES order
    rank: int | None = None
    scalar: bool = False
    roots: tuple = ()
    table: tuple = ()

    def cpp(self):
        return "muna::Array"

    def __str__(self):
        if self.scalar:
            return f"numpy.{'|'.join(self.dtypes)}"
        name = "ndarray" if self.lib == "numpy" else "Tensor"
        rank = "" if self.rank is None else f", {self.rank}"
        return f"{name}[{'|'.join(self.dtypes)}{rank}]"

    def concrete(self, dtype: str) -> Type:
        """The static type of this value when its dtype is `dtype`."""
        return NumpyScalar(dtype) if self.scalar else TensorT(self.lib, dtype, self.rank)

    def untracked(self) -> "DynTensorT":
        """The same value with no record of where its dtype comes from."""
        return DynTensorT(self.lib, self.dtypes, self.rank, self.scalar)

    @staticmethod
    def root(lib: str, dtypes: tuple, rank, name: str) -> "DynTensorT":
        """An entry parameter's array: its dtype is its own root."""
        return DynTensorT(lib, dtypes, rank, False, (name,), tuple(((d,), d) for d in dtypes))


def list_of_arrays(t: Type) -> bool:
    """A list of arrays each of its own run-time dtype (a `list[np.ndarray]` parameter): an op
    on it switches on the dtype its items promote to (include/muna/python/list_of_arrays.hpp)."""
    return isinstance(t, ListT) and not t.frozen and isinstance(t.item, DynTensorT) and not t.item.scalar


@dataclass(frozen=True)
class DTypeT(Type):
    """The dtype of an array of run-time dtype (`x.dtype`), one of `dtypes`: muna::DType. What
    reads it branches on it (dispatch.py), each branch seeing the dtype as a constant. `roots`,
    `table`: those of the array it is the dtype of (DynTensorT)."""
    lib: str
    dtypes: tuple
    roots: tuple = ()
    table: tuple = ()
    crosses_abi: ClassVar[bool] = False

    def cpp(self):
        return "muna::DType"

    def __str__(self):
        return f"dtype[{'|'.join(self.dtypes)}]"


def join_dtypes(a: Type, b: Type):
    """Two arrays (or two NumPy scalars) of one library but different dtypes as one value whose
    dtype is known at run time (DynTensorT), or None."""
    def parts(t):
        if isinstance(t, TensorT):
            return t.lib, (t.dtype,), t.rank, False
        if isinstance(t, NumpyScalar):
            return "numpy", (t.dtype,), 0, True
        if isinstance(t, DynTensorT):
            return t.lib, t.dtypes, t.rank, t.scalar
        return None
    pa, pb = parts(a), parts(b)
    if pa is None or pb is None or pa[0] != pb[0] or pa[3] != pb[3]:
        return None
    rank = pa[2] if pa[2] == pb[2] else None
    if isinstance(a, DynTensorT) and isinstance(b, DynTensorT) and a.roots and (a.roots, a.table) == (b.roots, b.table):
        return DynTensorT(a.lib, a.dtypes, rank, a.scalar, a.roots, a.table)  # one dtype at run time
    # (untracked, two values may have any of their dtypes each: the union)
    return DynTensorT(pa[0], dtype_order(pa[1] + pb[1]), rank, pa[3])


def python_float_to_integer(src: Type, to: Type) -> bool:
    """A Python float made an integer NumPy scalar (np.int64(x), a[i] = x): converted as NumPy
    converts it, through Python's int() (include/muna/numpy/integer_from_float.hpp)."""
    src, to = strip_literal(src), strip_literal(to)
    return src == FLOAT and isinstance(to, NumpyScalar) and to.dtype.startswith(("int", "uint"))


def holds_dtypes(declared: Type, t: Type) -> bool:
    """Whether `declared`, an array of run-time dtype, holds `t` as it is (one of its dtypes)."""
    j = join_dtypes(t, declared)
    return isinstance(declared, DynTensorT) and j is not None and j.untracked() == declared.untracked()


def dtype_order(dtypes) -> tuple:
    """Dtypes once each, in DTYPES order (complex last)."""
    order = DTYPES + COMPLEX_DTYPES
    return tuple(sorted(set(dtypes), key=order.index))


BOOL = Scalar("bool")
INT = Scalar("int")
FLOAT = Scalar("float")
STR = Str()
BYTES = BytesT()
BYTEARRAY = BytesT(mutable=True)
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
        return cpp_dtype(self.dtype)

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
    characters of a str); `list(...)` makes a list of it. `infinite`: it never ends
    (itertools.count(), cycle(), repeat(x)): only a consumer that stops takes it (zip, islice,
    takewhile, a loop that breaks)."""
    item: Type
    infinite: bool = False
    storable: ClassVar[bool] = False  # a value a name can hold (IteratorT)

    def cpp(self):
        raise TypeError("an iterator has no C++ variable type")

    def __str__(self):
        return f"{'infinite ' if self.infinite else ''}iterator[{self.item}]"


@dataclass(frozen=True)
class IteratorT(IterT):
    """A Python iterator object (iter(xs), itertools' and lazy builtins' results, groupby's
    groups): items made on demand, one pass, shared by every name holding it as the object is
    in Python (include/muna/python/iterator.hpp)."""
    storable: ClassVar[bool] = True
    methods_of: ClassVar[str] = "iterator"  # the registry's receiver kind of its methods

    def cpp(self):
        return f"muna::python::Iterator<{self.item.cpp()}>"


@dataclass(frozen=True)
class DequeT(Type):
    """collections.deque: shared by reference, as a list is; its methods are the registry's
    `collections.deque.*` (include/muna/python/collections/deque.hpp)."""
    item: Type
    methods_of: ClassVar[str] = "collections.deque"
    crosses_abi: ClassVar[bool] = False

    def cpp(self):
        return f"muna::python::Deque<{self.item.cpp()}>"

    def __str__(self):
        return f"deque[{self.item}]"


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
    id: str  # where the container is made: "line:col:slot"

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


@dataclass(frozen=True)
class NumberT(Type):
    """A Python number whose kind (bool, int or float) is known only at run time: a name bound
    to an int on one path and a float on another (`total = 0`, then `total += 0.5` in a loop)
    holds exactly what CPython's would, and arithmetic on it follows Python's rules."""

    def cpp(self):
        return "muna::python::Number"

    def __str__(self):
        return "int | float"


@dataclass(frozen=True)
class ScalarKindsT(Type):
    """A number that is a Python number or a NumPy scalar, which one known only at run time
    (`max(x.max(), 1e-12)`: the NumPy scalar or the float, whichever is larger). `kinds` are the
    Scalar and NumpyScalar types it may hold; each op on it switches on the kind (dispatch.py),
    so every branch is the kind's own static code."""
    kinds: tuple

    def cpp(self):
        return "muna::python::AnyScalar"

    def __str__(self):
        return " | ".join(map(str, self.kinds))

    @staticmethod
    def key(kind: Type) -> str:
        """The dispatch key of a kind: a NumPy scalar's dtype, a Python number's 'py:' name."""
        return kind.dtype if isinstance(kind, NumpyScalar) else f"py:{kind.name}"

    @staticmethod
    def of(*types: Type) -> "ScalarKindsT | None":
        """The kinds of `types` (Python numbers, NumPy scalars of a real dtype, numbers of
        run-time kind) as one, or None when one is something else."""
        kinds = set()
        for t in map(strip_literal, types):
            if isinstance(t, ScalarKindsT):
                kinds |= set(t.kinds)
            elif isinstance(t, NumberT):
                kinds |= {BOOL, INT, FLOAT}
            elif isinstance(t, Scalar) and t.name in ("bool", "int", "float"):
                kinds.add(t)
            elif isinstance(t, NumpyScalar) and t.dtype in DTYPES and t.dtype != "bfloat16":
                kinds.add(t)
            elif isinstance(t, DynTensorT) and t.scalar and t.lib == "numpy":
                kinds |= {NumpyScalar(d) for d in t.dtypes if d != "bfloat16"}
            else:
                return None
        order = [BOOL, INT, FLOAT] + [NumpyScalar(d) for d in DTYPES]
        return ScalarKindsT(tuple(sorted(kinds, key=order.index)))


@dataclass(frozen=True)
class AnyT(Type):
    """A value whose type is known only at run time (typing.Any, a dict of mixed values)."""

    @staticmethod
    def holds(t: Type) -> bool:
        """Whether a dynamic value can hold a `t`: any value (not an iterator, a compile-time
        object or a container whose item type is not decided yet)."""
        if isinstance(t, (IterT, StaticT, PendingT, SliceT, EllipsisT, ExceptionT)) or not getattr(t, "crosses_abi", True):
            return False
        if isinstance(t, ObjectT):  # (a library's own objects, re.Match: no dynamic protocol)
            return False
        for attr in ("item", "key", "value"):
            sub = getattr(t, attr, None)
            if isinstance(sub, Type) and not isinstance(sub, AnyT) and not AnyT.holds(sub):
                return False
        return all(AnyT.holds(i) for i in getattr(t, "items", ()) or ())

    def cpp(self):
        return "muna::python::Object"

    def __str__(self):
        return "Any"


def _record_info(cls, types) -> str:
    """The name of the C++ struct that tells a record type's class and field names."""
    import hashlib
    digest = hashlib.sha1((cls.__module__ + cls.__qualname__ + repr(tuple(map(str, types)))).encode()).hexdigest()[:8]
    return f"record_{cls.__name__}_{digest}"


@dataclass(frozen=True)
class RecordT(Type):
    """An instance of the user's dataclass: its fields by name ((name, Type), ...), shared by
    every name that refers to it, as the object is in Python."""
    cls: type
    fields: tuple

    @property
    def info(self) -> str:
        return _record_info(self.cls, [t for _, t in self.fields])

    def cpp(self):
        return f"muna::python::Record<{self.info}" + "".join(f", {t.cpp()}" for _, t in self.fields) + ">"

    def __str__(self):
        return self.cls.__name__


@dataclass(frozen=True)
class NamedTupleT(TupleT):
    """torch's named tuples ((values, indices) of max/min/sort/topk): a tuple whose items are also
    reachable by field name (`x.max(dim=1).values`); the same C++ type as the tuple."""
    fields: tuple = ()


@dataclass(frozen=True)
class RecordTupleT(NamedTupleT):
    """An instance of the user's NamedTuple class: a tuple whose items have names, that knows
    its class (its repr, and the instance the caller gets back)."""
    cls: type = None

    @property
    def info(self) -> str:
        return _record_info(self.cls, self.items)

    def cpp(self):
        return f"muna::python::NamedTuple<{self.info}" + "".join(f", {t.cpp()}" for t in self.items) + ">"

    def __str__(self):
        return self.cls.__name__


@dataclass(frozen=True)
class EnumT(Type):
    """A member of the user's Enum class: its index among the class's members in C++; names,
    values and printed forms come from a table made at compile time (include/muna/python/enum.hpp)."""
    cls: type

    @property
    def info(self) -> str:
        import hashlib
        digest = hashlib.sha1((self.cls.__module__ + self.cls.__qualname__).encode()).hexdigest()[:8]
        return f"enum_{self.cls.__name__}_{digest}"

    @property
    def value_type(self) -> Type:
        from .constants import type_of_constant
        from .scope import join
        out = None
        for m in self.cls:
            t = type_of_constant(m.value)
            out = t if out is None else join(out, t)
        return out if out is not None else AnyT()

    def cpp(self):
        return "int64_t"

    def __str__(self):
        return self.cls.__name__


@dataclass(frozen=True)
class FunctionT(Type):
    """A function as a value: one of `options` ((number, function), ... in order of number),
    the one held known only at run time where there are several (a name bound to `abs` on one
    path and to a helper on another, a dict of functions read with a run-time key). Held as the
    option's number (function_number); a call runs the option held (`call_value`). A single
    option held as a constant is the function itself, known at compile time."""
    options: tuple
    crosses_abi: ClassVar[bool] = False

    def number_of(self, fn) -> int:
        return next(n for n, f in self.options if f == fn)

    def cpp(self):
        return "int64_t"

    def __str__(self):
        names = [getattr(f, "__qualname__", None) or getattr(f, "__name__", None) or repr(f) for _, f in self.options]
        return "function[" + " | ".join(names) + "]"


@dataclass(frozen=True, eq=False)
class ClosureT(Type):
    """A function defined in a helper and returned from it (`make_adder(k)` returning `add`):
    the function, with the values of the enclosing names it reads (`names`, of types `items`),
    taken when its function returned: Python reads them when the closure is called, and once
    their function has returned nothing rebinds them. Enclosing names known at compile time (a
    module, a dtype, a function) are `statics`, (name, value) pairs, bound into each call."""
    function: object  # a function_values.LocalFunction, or MethodOp (a bound method: `self` its value)
    names: tuple
    items: tuple
    statics: tuple = ()
    crosses_abi: ClassVar[bool] = False

    def cpp(self):
        return "std::tuple<" + ", ".join(t.cpp() for t in self.items) + ">"

    def _key(self):  # compile-time objects compare as the same object, or by their static_key()
        statics = tuple((n, v.static_key() if hasattr(v, "static_key") else id(v)) for n, v in self.statics)
        return self.function, self.names, self.items, statics

    def __eq__(self, other):
        return isinstance(other, ClosureT) and self._key() == other._key()

    def __hash__(self):
        return hash(self._key())

    def __str__(self):
        return f"closure[{self.function.__qualname__}]"


# Each function value's number, in the order first seen by this process; the functions are held
# here too, so that no number is ever given to another object at the same address.
_function_numbers: dict = {}


def function_number(fn) -> int:
    key = fn if getattr(type(fn), "__hash__", None) is not None else ("id", id(fn))
    return _function_numbers.setdefault(key, (len(_function_numbers) + 1, fn))[0]


def function_type(*functions) -> FunctionT:
    """The function value type whose options are `functions`."""
    numbered = {function_number(f): f for f in functions}
    return FunctionT(tuple(sorted(numbered.items(), key=lambda nf: nf[0])))


def types_within(t: Type):
    """t and every type inside it (items, keys, values, fields)."""
    yield t
    for attr in ("item", "key", "value", "base"):
        sub = getattr(t, attr, None)
        if isinstance(sub, Type):
            yield from types_within(sub)
    for sub in getattr(t, "items", ()) or ():
        if isinstance(sub, Type):
            yield from types_within(sub)
    if isinstance(t, RecordT):
        for _, sub in t.fields:
            yield from types_within(sub)


def scalar_as_open_array(t: Type, array: Type) -> bool:
    """A NumPy scalar where a NumPy array of its dtype and unknown rank is the type (the join of
    the two): it is held as a 0-d array, and handed back as the scalar (emit.abi_type)."""
    return isinstance(array, TensorT) and array.lib == "numpy" and array.rank is None and t == NumpyScalar(array.dtype)


def row_type(t: "TensorT") -> "Type | None":
    """What iterating over an array yields: NumPy scalars from a 1-d array, 0-d tensors from a
    1-d torch tensor, views of one rank less from higher ones (None: rank unknown). A torch
    tensor of unknown rank yields tensors of unknown rank (a 0-d tensor is a tensor too)."""
    if t.rank is None and t.lib == "torch":
        return replace(t, rank=None, scalar=False) if isinstance(t, DynTensorT) else t
    if t.rank is None or t.rank == 0:
        return None
    if isinstance(t, DynTensorT):
        return replace(t, rank=t.rank - 1, scalar=t.rank == 1 and t.lib == "numpy")
    if t.rank == 1:
        return NumpyScalar(t.dtype) if t.lib == "numpy" else t.with_(rank=0)
    return t.with_(rank=t.rank - 1)


def open_row_type(t: "TensorT") -> "Type | None":
    """What iterating over a NumPy array of a rank known only when it runs yields: an array of
    open rank, whose value is a NumPy scalar (a 0-d array that crosses as one, as x[0] of such an
    array does) where x is 1-d, a view of one rank less where higher (include/muna/core/rows.hpp:
    open_row). None for anything else."""
    if t.lib != "numpy" or t.rank is not None:
        return None
    return DynTensorT(t.lib, t.dtypes, None) if isinstance(t, DynTensorT) else t


def may_be_numpy_scalar(t: "Type") -> bool:
    """A NumPy value of a rank known only at run time, which is a NumPy scalar where it is 0-d
    (x[0] of such an array, one of its rows): what NumPy hands back for a 0-d result."""
    return isinstance(t, (TensorT, DynTensorT)) and t.lib == "numpy" and t.rank is None and not getattr(t, "scalar", False)


def rows_are_elements(row: "Type") -> bool:
    """Whether rows of `row_type` are a 1-d NumPy array's elements (NumPy scalars), not views."""
    return isinstance(row, NumpyScalar) or getattr(row, "scalar", False)
