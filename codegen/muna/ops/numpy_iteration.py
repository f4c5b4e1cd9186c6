"""numpy.ndindex and numpy.ndenumerate as loop iterables (`for i, j in np.ndindex(x.shape)`):
each makes the list of what NumPy's iterator yields (index tuples, or (index, element) pairs),
so the loop, a comprehension or list() takes it. The rank must be known at compile time (it is
the tuple's length)."""
from __future__ import annotations

import numpy as np

from ..ir import Expr
from ..registry import Resolved, op
from .numpy_ops import (INT, ListT, NumpyScalar, TensorT, TupleT, array_arg, strip_literal)


@op("numpy.ndindex", "*shape", obj=np.ndindex)
def _ndindex(b):
    """np.ndindex(3, 4) or np.ndindex((3, 4)) / np.ndindex(x.shape)."""
    items = b.args["shape"]
    types = [strip_literal(t) for t in items.type.items]
    if len(types) == 1 and isinstance(types[0], TupleT):
        shape = items.args[0]
        types = [strip_literal(t) for t in types[0].items]
    else:
        shape = items
    if not all(t == INT for t in types):
        b.fail("numpy.ndindex takes ints or one tuple of ints")
    if shape.op == "tuple" and shape is items:
        shape = Expr("tuple", TupleT((INT,) * len(types)), items.args, loc=b.loc)
    return Resolved(ListT(TupleT((INT,) * len(types))), (shape,))


@op("numpy.ndenumerate", "arr", obj=np.ndenumerate)
def _ndenumerate(b):
    t = array_arg(b, "arr")
    if t.rank is None:
        b.fail("numpy.ndenumerate needs an array of known rank (the index tuple's length); annotate it")
    index = TupleT((INT,) * t.rank)
    return Resolved(ListT(TupleT((index, NumpyScalar(t.dtype)))), (b.args["arr"],), (index.cpp(),))
