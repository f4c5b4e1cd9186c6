"""Type rules of every supported op, registered on import into muna.registry.REGISTRY."""
from . import (numpy_ufuncs, numpy_reductions, numpy_creation, numpy_shape,  # noqa: F401
               numpy_indexing, numpy_dtypes, numpy_sorting, numpy_linalg,
               numpy_factorizations, numpy_statistics, python_containers, python_ops,
               python_str, text_ops, torch_tensor, torch_math, torch_nn, torch_fused)
