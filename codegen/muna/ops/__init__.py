"""Type rules of every supported op, registered on import into muna.registry.REGISTRY."""
from . import (numpy_ufuncs, numpy_reductions, numpy_creation, numpy_shape,  # noqa: F401
               numpy_indexing, numpy_dtypes, numpy_sorting, numpy_linalg,
               numpy_factorizations, numpy_statistics, numpy_complex, numpy_fft, numpy_ufunc_methods,
               numpy_nanfunctions, numpy_insertion, numpy_calculus, numpy_iteration,
               numpy_stride_tricks, numpy_index_tricks, python_containers, python_ops,
               python_str, python_re, python_unicodedata, python_collections, python_deque, python_math, python_statistics, python_heapq,
               python_operator, python_itertools, python_functools, python_bytes, python_hashlib, python_base64,
               python_struct, python_print, python_json, python_numbers, python_time, numpy_buffers, text_ops, torch_tensor, torch_math, torch_nn, torch_fused,
               torch_rnn, torch_indexing, torch_loss, torch_factories, torch_spectral)

from ..registry import REGISTRY  # noqa: E402

# Ops that change their first argument (what the front end refuses on a shared constant and
# the emitter orders among operands): the methods of Python's containers that modify them,
# item assignment, torch's in-place methods (the trailing underscore), Counter.update.
REGISTRY.mark_mutating(
    [f"list.{m}" for m in ("append", "extend", "insert", "pop", "remove", "reverse", "sort", "clear")]
    + [f"dict.{m}" for m in ("setdefault", "update", "pop", "clear", "popitem")]
    + [f"set.{m}" for m in ("add", "discard", "remove", "update", "clear", "pop")]
    + [f"bytearray.{m}" for m in ("append", "extend", "insert", "pop", "remove", "reverse", "clear",
                                  "__setitem__", "__iadd__", "__imul__")]
    + ["numpy.ndarray.__setitem__", "torch.Tensor.__setitem__", "defaultdict.__getitem__",
       "collections.Counter.update", "collections.Counter.subtract", "bisect.insort_left", "bisect.insort_right"]
    + [f"heapq.{m}" for m in ("heappush", "heappop", "heapify", "heappushpop", "heapreplace")]
    + [n for n in REGISTRY.ops if n.startswith("torch.Tensor.") and n.endswith("_") and not n.endswith("__")]
    + [n for n in REGISTRY.ops if n.startswith("torch.nn.functional.") and n.endswith("_inplace")])

# NumPy ops whose 0-d results are 0-d arrays (as NumPy 1.24's are; the corpus function
# tensors.zero_d_results checks them against NumPy); every other op's is a NumPy scalar.
REGISTRY.mark_keeps_0d_array(
    ["numpy.squeeze", "numpy.ndarray.squeeze", "numpy.reshape", "numpy.ndarray.reshape",
     "numpy.ndarray.astype", "numpy.copy", "numpy.ndarray.copy", "numpy.array", "numpy.asarray", "numpy.asanyarray", "numpy.asfarray",
     "numpy.transpose", "numpy.ndarray.transpose", "numpy.ndarray.T", "numpy.where",
     "numpy.zeros_like", "numpy.ones_like", "numpy.full_like", "numpy.empty_like",
     "numpy.broadcast_to", "numpy.tile", "numpy.real", "numpy.ndarray.real", "numpy.imag",
     "numpy.ndarray.imag", "numpy.tensordot"])
