"""Python annotations -> IR types, for parameters, returns and annotated assignments.

An annotation may leave parts open, as people write them: `np.ndarray` (any dtype),
`torch.Tensor`, `list`, `dict`, `Sequence[str]`, `Union[str, list[str]]`, `Any`. Such an
annotation is a *pattern*: TensorPattern, OpenT and UnionT stand for the open parts. A parameter
with a pattern accepts every value the pattern allows (specialize.py: arrays of open dtype hold
it at run time, a Union is compiled per member). A return or local annotated with a pattern
takes the type of its value.
"""
from __future__ import annotations

import collections.abc
import types as pytypes
import typing
from dataclasses import dataclass

from .types import (BOOL, COMPLEX_DTYPES, DTYPES, FLOAT, INT, NONE, STR, DictT, ListT, LiteralT, NumpyScalar, OptionalT,
                    SetT, TensorT, TupleT, Type)


class AnnotationError(Exception):
    pass


# The dtypes a bare array annotation accepts. muna has no float16; complex arrays are named only
# by their dtype (the results of numpy.fft), never by a bare annotation.
NUMPY_DTYPES = ("float32", "float64", "int64", "int32", "uint8", "bool", "int16", "int8")
TORCH_DTYPES = NUMPY_DTYPES + ("bfloat16",)


@dataclass(frozen=True)
class TensorPattern(Type):
    """An array or tensor annotation without a dtype (or with an abstract one, np.floating)."""
    lib: str
    dtypes: tuple
    rank: int | None = None

    def __str__(self):
        return "ndarray" if self.lib == "numpy" else "Tensor"


@dataclass(frozen=True)
class OpenT(Type):
    """A part the annotation leaves open: `Any`, `object`, a bare `list`'s items."""

    def __str__(self):
        return "Any"


@dataclass(frozen=True)
class UnionT(Type):
    """A Union annotation; `implicit`: what a parameter without an annotation is taken as
    (specialize.unannotated), its members compiled in the order given."""
    options: tuple
    implicit: bool = False

    def __str__(self):
        return " | ".join(map(str, self.options))


def is_pattern(t) -> bool:
    if not isinstance(t, Type):
        return False
    if isinstance(t, (TensorPattern, OpenT, UnionT)):
        return True
    for attr in ("item", "key", "value"):
        if is_pattern(getattr(t, attr, None)):
            return True
    return isinstance(t, TupleT) and any(is_pattern(i) for i in t.items)


def _numpy_dtypes(obj) -> tuple:
    """The dtypes a dtype argument allows: one for a concrete scalar type, several for an
    abstract one (np.floating, np.integer, np.number), all for Any."""
    import numpy as np
    if obj is typing.Any:
        return NUMPY_DTYPES
    if isinstance(obj, type) and issubclass(obj, np.generic) and obj in (np.generic, np.number, np.integer,
                                                                          np.signedinteger, np.unsignedinteger,
                                                                          np.floating, np.inexact):
        return tuple(d for d in NUMPY_DTYPES if issubclass(np.dtype(d).type, obj))
    try:
        name = np.dtype(obj).name
    except TypeError as e:
        raise AnnotationError(f"unknown dtype {obj!r}") from e
    if name not in DTYPES + COMPLEX_DTYPES:
        raise AnnotationError(f"dtype {name} is not supported (muna has {', '.join(NUMPY_DTYPES + COMPLEX_DTYPES)})")
    return (name,)


SEQUENCES = (list, collections.abc.Sequence, collections.abc.MutableSequence, collections.abc.Iterable,
             collections.abc.Collection, collections.abc.Iterator, collections.abc.Reversible)
MAPPINGS = (dict, collections.abc.Mapping, collections.abc.MutableMapping)
SETS = (set, frozenset, collections.abc.Set, collections.abc.MutableSet)


def type_of_annotation(ann) -> Type:
    """The type an annotation denotes: concrete, or a pattern (see the module's docstring)."""
    import numpy as np
    if ann is int:
        return INT
    if ann is float:
        return FLOAT
    if ann is bool:
        return BOOL
    if ann is str:
        return STR
    if ann is bytes or ann is bytearray:
        from .types import BYTEARRAY, BYTES
        return BYTES if ann is bytes else BYTEARRAY
    if ann is None or ann is type(None):
        return NONE
    if ann is typing.Any or ann is object:
        return OpenT()
    if ann is np.ndarray:
        return TensorPattern("numpy", NUMPY_DTYPES)
    if isinstance(ann, type) and issubclass(ann, np.generic) and np.dtype(ann).name in DTYPES:
        return NumpyScalar(np.dtype(ann).name)  # np.float32, np.int64, np.bool_, ...
    torch = _torch()
    if torch is not None and ann is torch.Tensor:
        return TensorPattern("torch", TORCH_DTYPES)
    origin, args = typing.get_origin(ann), typing.get_args(ann)
    if origin is typing.Annotated:
        return _annotated(type_of_annotation(args[0]), args[1:])
    import re
    if ann in (re.Match, re.Pattern) or origin in (re.Match, re.Pattern):  # re.Match, re.Match[str]
        from .re_support import match_type, pattern_type
        return match_type() if re.Match in (ann, origin) else pattern_type()
    if origin is None and isinstance(ann, type):
        origin = ann  # a bare list, dict, tuple, set
    import collections
    if origin is collections.Counter:
        return DictT(type_of_annotation(args[0]) if args else OpenT(), INT, "counter")
    if origin is collections.defaultdict:
        return DictT(*(type_of_annotation(a) for a in args) if args else (OpenT(), OpenT()), "defaultdict") \
            if len(args) in (0, 2) else DictT(OpenT(), OpenT(), "defaultdict")
    if origin is collections.OrderedDict:
        return DictT(type_of_annotation(args[0]), type_of_annotation(args[1])) if args else DictT(OpenT(), OpenT())
    if origin in SEQUENCES:
        return ListT(type_of_annotation(args[0]) if args else OpenT())
    if origin in SETS:
        return SetT(type_of_annotation(args[0]) if args else OpenT())
    if origin in MAPPINGS:
        if not args:
            return DictT(OpenT(), OpenT())
        return DictT(type_of_annotation(args[0]), type_of_annotation(args[1]))
    if origin is tuple:
        if not args or args[-1] is Ellipsis:
            return ListT(type_of_annotation(args[0]) if args else OpenT(), frozen=True)  # tuple[int, ...]
        if args == ((),):
            return TupleT(())
        return TupleT(tuple(type_of_annotation(a) for a in args))
    if origin is typing.Literal:
        kinds = {type(v) for v in args}
        if len(kinds) != 1 or kinds.pop() not in (int, str, bool):
            raise AnnotationError("Literal[...] values must all be str, or all int")
        return LiteralT(type_of_annotation(type(args[0])), tuple(args))
    if origin in (typing.Union, getattr(pytypes, "UnionType", None)):
        rest = [a for a in args if a is not type(None)]
        inner = type_of_annotation(rest[0]) if len(rest) == 1 else UnionT(tuple(type_of_annotation(a) for a in rest))
        return OptionalT(inner) if len(rest) < len(args) else inner
    if origin is np.ndarray:
        # np.ndarray[shape, np.dtype[scalar]]; npt.NDArray[x] is np.ndarray[Any, np.dtype[x]].
        shape, dtype = args
        rank = None
        if typing.get_origin(shape) is tuple and Ellipsis not in typing.get_args(shape):
            rank = len(typing.get_args(shape))
        dtype_args = typing.get_args(dtype)
        dtypes = _numpy_dtypes(dtype_args[0]) if dtype_args else NUMPY_DTYPES
        if len(dtypes) == 1:
            return TensorT("numpy", dtypes[0], rank)
        return TensorPattern("numpy", dtypes, rank)
    if isinstance(ann, typing.TypeVar):
        if ann.__constraints__:
            return UnionT(tuple(type_of_annotation(c) for c in ann.__constraints__))
        return type_of_annotation(ann.__bound__) if ann.__bound__ is not None else OpenT()
    if hasattr(ann, "__supertype__"):  # typing.NewType("UserId", int)
        return type_of_annotation(ann.__supertype__)
    import enum
    if isinstance(ann, type) and issubclass(ann, enum.Enum):
        from .types import EnumT
        return EnumT(ann)
    from .records import annotated_record, is_plain_class, is_record_class
    if is_plain_class(ann):  # its fields' types are what its __init__ assigns: the value decides
        return OpenT()
    if is_record_class(ann):
        try:
            return annotated_record(ann, type_of_annotation)
        except (TypeError, AnnotationError) as e:
            raise AnnotationError(f"the record class {ann.__name__}: {e}") from None
    raise AnnotationError(f"annotation {getattr(ann, '__name__', ann)!r} is not supported")


def _annotated(t: Type, extras) -> Type:
    """`Annotated[torch.Tensor, torch.float32]` (or `Annotated[np.ndarray, np.float32]`): an array
    of that dtype, the way to pin a torch tensor's dtype (torch has no dtype annotation); other
    metadata says nothing muna reads."""
    import numpy as np
    torch = _torch()
    for extra in extras:
        if isinstance(t, TensorPattern) and torch is not None and isinstance(extra, torch.dtype):
            name = str(extra).replace("torch.", "")
            if name not in t.dtypes:
                raise AnnotationError(f"{extra} is not a dtype muna has (it has {', '.join(t.dtypes)})")
            return TensorT(t.lib, name, t.rank)
        if isinstance(t, TensorPattern) and (isinstance(extra, np.dtype) or (
                isinstance(extra, type) and issubclass(extra, np.generic))):
            name = np.dtype(extra).name
            if name not in t.dtypes:
                raise AnnotationError(f"{name} is not a dtype muna has (it has {', '.join(t.dtypes)})")
            return TensorT(t.lib, name, t.rank)
    return t


def _torch():
    import sys
    return sys.modules.get("torch")
