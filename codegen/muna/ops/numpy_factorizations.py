"""numpy.linalg's factorisations: inv, solve, det, eigh and svd, over stacks of matrices
(leading dims are a batch, as NumPy's gufuncs). The result dtype is NumPy's (float32 stays
float32, everything else computes in float64); the operands are converted to it here, so the
C++ side (include/muna/numpy/linalg/, on Eigen) sees one floating type. Ranks must be known:
they decide the result ranks and NumPy's dimension errors are raised at compile time."""
from __future__ import annotations

from ..build_ir import const
from ..registry import Resolved, op
from .numpy_ops import NumpyScalar, TupleT, array_arg, emit_item, operand_to, static, np

# Eigen's and LAPACK's factorisations round differently; relative to the largest result.
FACTOR = "close:1e-4"


def _float_dtype(*types):
    """NumPy's linalg result dtype: float32 when every operand is float32, else float64."""
    return "float32" if all(t.dtype == "float32" for t in types) else "float64"


def _stack(b, name):
    """The tensor type of a stack-of-matrices argument, with NumPy's rank check."""
    t = array_arg(b, name)
    if t.rank is None:
        b.fail(f"{b.op.name} needs an array of known rank; annotate its shape")
    if t.rank < 2:
        b.fail(f"{t.rank}-dimensional array given. Array must be at least two-dimensional")
    return t


@op("numpy.linalg.inv", "a", obj=np.linalg.inv, tolerance=FACTOR)
def _inv(b):
    t = _stack(b, "a")
    dtype = _float_dtype(t)
    return Resolved(t.with_(dtype=dtype), (operand_to(b.args["a"], dtype),))


@op("numpy.linalg.det", "a", obj=np.linalg.det, tolerance=FACTOR,
    header="muna/numpy/linalg/det.hpp",
    emit=emit_item("muna::numpy::linalg::det"))
def _det(b):
    t = _stack(b, "a")
    dtype = _float_dtype(t)
    result = NumpyScalar(dtype) if t.rank == 2 else t.with_(dtype=dtype, rank=t.rank - 2)
    return Resolved(result, (operand_to(b.args["a"], dtype),))


@op("numpy.linalg.solve", "a, b", obj=np.linalg.solve, tolerance=FACTOR)
def _solve(b):
    a, rhs = _stack(b, "a"), array_arg(b, "b")
    if rhs.rank is None:
        b.fail("numpy.linalg.solve needs a right-hand side of known rank")
    vector = rhs.rank == a.rank - 1  # NumPy 1.24's rule for a stack of vectors
    core = 1 if vector else 2
    if rhs.rank < core:
        b.fail("solve: Input operand 1 does not have enough dimensions")
    rank = max(a.rank - 2, rhs.rank - core) + core
    dtype = _float_dtype(a, rhs)
    return Resolved(a.with_(dtype=dtype, rank=rank),
                    (operand_to(b.args["a"], dtype), operand_to(b.args["b"], dtype)))


@op("numpy.linalg.eigh", "a, UPLO='L'", obj=np.linalg.eigh, tolerance=FACTOR,
    doc="eigenvectors are unique up to sign; Eigen's signs may differ from LAPACK's")
def _eigh(b):
    t = _stack(b, "a")
    uplo = static(b, "UPLO")
    if uplo not in ("L", "U"):
        b.fail("UPLO argument must be 'L' or 'U'")
    dtype = _float_dtype(t)
    result = TupleT((t.with_(dtype=dtype, rank=t.rank - 1), t.with_(dtype=dtype)))
    return Resolved(result, (operand_to(b.args["a"], dtype), const(uplo == "U", b.loc)))


@op("numpy.linalg.svd", "a, full_matrices=True, compute_uv=True, hermitian=False",
    obj=np.linalg.svd, tolerance=FACTOR,
    doc="singular vectors are unique up to sign (and rotation for repeated values); "
        "Eigen's choice may differ from LAPACK's, U * S @ Vh agrees")
def _svd(b):
    t = _stack(b, "a")
    compute_uv = static(b, "compute_uv")
    if not isinstance(compute_uv, bool) or not isinstance(static(b, "full_matrices"), bool):
        b.fail("numpy.linalg.svd: full_matrices and compute_uv must be True or False")
    if static(b, "hermitian"):
        b.fail("numpy.linalg.svd(hermitian=True) is not supported")
    dtype = _float_dtype(t)
    values = t.with_(dtype=dtype, rank=t.rank - 1)
    result = TupleT((t.with_(dtype=dtype), values, t.with_(dtype=dtype))) if compute_uv else values
    return Resolved(result, (operand_to(b.args["a"], dtype), b.args["full_matrices"]),
                    ("true" if compute_uv else "false",))
