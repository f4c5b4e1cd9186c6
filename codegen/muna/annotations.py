"""Python annotations -> IR types, for parameters, returns and annotated assignments."""
from __future__ import annotations

import types as pytypes
import typing

from .types import (BOOL, DTYPES, FLOAT, INT, NONE, STR, DictT, ListT, LiteralT, NumpyScalar, OptionalT,
                    TensorT, TupleT, Type)


class AnnotationError(Exception):
    pass


def _numpy_dtype_name(obj) -> str:
    import numpy as np
    try:
        return np.dtype(obj).name
    except TypeError as e:
        raise AnnotationError(f"unknown dtype {obj!r}") from e


def type_of_annotation(ann) -> Type:
    import numpy as np
    if ann is int:
        return INT
    if ann is float:
        return FLOAT
    if ann is bool:
        return BOOL
    if ann is str:
        return STR
    if ann is None or ann is type(None):
        return NONE
    if ann is np.ndarray:
        return TensorT("numpy", "float32")
    if isinstance(ann, type) and issubclass(ann, np.generic) and np.dtype(ann).name in DTYPES:
        return NumpyScalar(np.dtype(ann).name)  # np.float32, np.int64, np.bool_, ...
    try:
        import torch
        if ann is torch.Tensor:
            return TensorT("torch", "float32")
    except ImportError:  # torch is optional for functions that do not use it
        pass
    origin, args = typing.get_origin(ann), typing.get_args(ann)
    if origin is list and len(args) == 1:
        return ListT(type_of_annotation(args[0]))
    if origin is set and len(args) == 1:
        from .types import SetT
        return SetT(type_of_annotation(args[0]))
    if origin is dict and len(args) == 2:
        return DictT(type_of_annotation(args[0]), type_of_annotation(args[1]))
    if origin is tuple and args and args[-1] is not Ellipsis:
        return TupleT(tuple(type_of_annotation(a) for a in args))
    if origin is typing.Literal:
        kinds = {type(v) for v in args}
        if len(kinds) != 1 or kinds.pop() not in (int, str, bool):
            raise AnnotationError("Literal[...] values must all be str, or all int")
        return LiteralT(type_of_annotation(type(args[0])), tuple(args))
    if origin in (typing.Union, getattr(pytypes, "UnionType", None)):
        rest = [a for a in args if a is not type(None)]
        if len(rest) == 1 and len(args) == 2:
            return OptionalT(type_of_annotation(rest[0]))
        raise AnnotationError("unions other than Optional[T] are not supported")
    if origin is np.ndarray:
        # np.ndarray[shape, np.dtype[scalar]]; npt.NDArray[x] is np.ndarray[Any, np.dtype[x]].
        shape, dtype = args
        rank = None
        if typing.get_origin(shape) is tuple and Ellipsis not in typing.get_args(shape):
            rank = len(typing.get_args(shape))
        dtype_args = typing.get_args(dtype)
        name = _numpy_dtype_name(dtype_args[0]) if dtype_args else "float32"
        return TensorT("numpy", name, rank)
    raise AnnotationError(f"annotation {getattr(ann, '__name__', ann)!r} is not supported")
