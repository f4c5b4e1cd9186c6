"""Input sets of the conformance suite, by kind: shapes around the vector width (8 float32
lanes on x86-64-v3: 7, 8, 9 and 3*8+1), 0-d, empty and broadcast shapes, and edge values (NaN,
+-inf, -0.0, huge, subnormal; integer extremes). Each set is the tuple of arguments after
`case`: (a, b, i, j, ma, mb, mi, mj, k)."""
from __future__ import annotations

import numpy as np

FLOAT_EDGES = [np.nan, np.inf, -np.inf, -0.0, 0.0, 1e300, -3e38, 1e-310, 1e-40, 0.5, -1.5, 2.5,
               1.0, -1.0, 100.0, 1e10, 88.5, -745.0]
INT_EDGES = [0, 1, -1, 127, -128, 255, 2**31 - 1, -2**31, 2**63 - 1, -2**63, 7, -7, 3, 100,
             -100, 2, 65535, 40000]


def _with_edges(values, edges, rng):
    """Every third element from the start replaced by an edge value (shuffled)."""
    order = list(edges)
    rng.shuffle(order)
    for idx, e in enumerate(order):
        if idx * 3 < values.size:
            values[idx * 3] = e
    return values


def _floats(shape, seed, edges=True):
    rng = np.random.RandomState(seed)
    v = rng.standard_normal(int(np.prod(shape))) * 3
    return (_with_edges(v, FLOAT_EDGES, rng) if edges else v).reshape(shape)


def _ints(shape, seed, edges=True):
    rng = np.random.RandomState(seed)
    v = rng.randint(-20, 20, size=int(np.prod(shape))).astype(np.int64)
    return (_with_edges(v, INT_EDGES, rng) if edges else v).reshape(shape)


_DUMMY2 = np.zeros((1, 1))
_DUMMYK = np.zeros(1, np.int64)


def flat_set(sa, sb, seed, edges=True):
    return (_floats(sa, seed, edges), _floats(sb, seed + 1, edges), _ints(sa, seed + 2, edges),
            _ints(sb, seed + 3, edges), _DUMMY2, _DUMMY2, _DUMMY2.astype(np.int64),
            _DUMMY2.astype(np.int64), _DUMMYK)


def matrix_set(shape, seed, k=_DUMMYK, edges=True):
    z = np.zeros(1)
    return (z, z, z.astype(np.int64), z.astype(np.int64), _floats(shape, seed, edges),
            _floats(shape, seed + 1, edges), _ints(shape, seed + 2, edges),
            _ints(shape, seed + 3, edges), np.asarray(k, np.int64))


UNARY = [(), (0,), (1,), (7,), (8,), (9,), (25,), (3, 5), (2, 3, 4)]
BINARY = [((), ()), ((7,), (7,)), ((9,), ()), ((), (9,)), ((25,), (25,)), ((3, 5), (5,)),
          ((4, 1), (1, 5)), ((0,), (0,)), ((2, 3, 4), (3, 4)), ((3,), (4,))]
REDUCE = [((7,), True), ((8,), True), ((130,), False), ((300,), False), ((3, 5), True),
          ((3, 5), False), ((2, 3, 4), False), ((0,), True), ((3, 0), True), ((1, 1), True),
          ((), True)]
MATRIX = [(4, 6), (1, 7), (5, 1), (0, 3), (6, 6)]
SIGNAL = [(1,), (2,), (3,), (5,), (8,), (12,), (17,), (31,), (64,), (97,), (100,), (128,), (257,),
          (1000,), (3, 16), (4, 7), (0,), (2, 0)]


def linalg_set(shape, seed):
    """Finite, well-conditioned matrices for the factorisations (LAPACK and Eigen agree within a
    tolerance only there): x is shifted towards its diagonal when square, y is as drawn."""
    rng = np.random.RandomState(seed)
    x = rng.standard_normal(shape)
    if shape[0] == shape[1]:
        x += np.eye(shape[0]) * shape[0]
    y = rng.standard_normal(shape)
    mi = rng.randint(-9, 10, size=shape) + (np.eye(shape[0], dtype=np.int64) * 20 if shape[0] == shape[1] else 0)
    z = np.zeros(1)
    return (z, z, z.astype(np.int64), z.astype(np.int64), x, y, mi.astype(np.int64),
            rng.randint(-9, 10, size=shape).astype(np.int64), _DUMMYK)


# Square (with an empty one), non-square (LinAlgError where NumPy raises it), and an exactly
# singular matrix (NumPy's "Singular matrix"; det 0).
LINALG = [(3, 3), (1, 1), (6, 6), (0, 0), (4, 6), (6, 4)]
_SINGULAR = np.array([[1.0, 2.0, 3.0], [2.0, 4.0, 6.0], [1.0, 0.0, 1.0]])


def input_sets(kind: str):
    if kind == "unary":
        return [flat_set(s, s, 10 + n) for n, s in enumerate(UNARY)]
    if kind == "binary":
        return [flat_set(sa, sb, 40 + n) for n, (sa, sb) in enumerate(BINARY)]
    if kind == "reduce":
        return [flat_set(s, s, 70 + n, edges) for n, (s, edges) in enumerate(REDUCE)]
    if kind == "matrix":
        return [matrix_set(s, 100 + n) for n, s in enumerate(MATRIX)] + [matrix_set((4, 6), 99, edges=False)]
    if kind == "index":
        return [matrix_set((5, 6), 120, [0, 4, -1, 2, 2]), matrix_set((5, 6), 121, []),
                matrix_set((5, 6), 122, [5]), matrix_set((5, 1), 123, [0, 0, -5])]
    if kind == "matrix_rows":  # as "matrix", with no empty outer dimension (np.asarray([]) is 1-d
        # whatever the nesting was, which compiled code raises on: tests/numpy/test_array_from_lists.py)
        return [matrix_set(s, 100 + n) for n, s in enumerate([(4, 6), (1, 7), (5, 1), (3, 0), (6, 6)])]
    if kind == "linalg":
        singular = linalg_set((3, 3), 160)
        singular = singular[:4] + (_SINGULAR, singular[5], _SINGULAR.astype(np.int64)) + singular[7:]
        return [linalg_set(s, 150 + n) for n, s in enumerate(LINALG)] + [singular]
    if kind == "vector":
        return [flat_set(s, s, 90 + n) for n, s in enumerate([(7,), (8,), (25,), (130,), (0,)])]
    if kind == "none":
        return [flat_set((1,), (1,), 0)]
    if kind == "signal":  # finite values; lengths of every FFT path (radix 2, 3, 4, 5, generic, Bluestein)
        return [flat_set(s, s, 200 + n, edges=False) for n, s in enumerate(SIGNAL)]
    if kind == "rows":  # as "reduce", without empty arrays (NumPy's nanquantile of one gives nanmean's shape)
        return [flat_set(s, s, 70 + n, edges) for n, (s, edges) in enumerate(REDUCE) if 0 not in s]
    if kind == "curve":  # finite samples for polyfit, polyval, trapz, gradient
        return [flat_set(s, s, 230 + n, edges=False) for n, s in enumerate([(7,), (9,), (25,), (3,)])]
    if kind == "long":
        return [flat_set((300,), (300,), 240), flat_set((301,), (301,), 241)]
    raise ValueError(kind)
