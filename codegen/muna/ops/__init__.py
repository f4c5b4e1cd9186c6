"""Type rules of every supported op, registered on import into muna.registry.REGISTRY."""
from . import numpy_ops, python_containers, python_ops, python_str, text_ops  # noqa: F401  (registration side effects)
from . import torch_tensor, torch_math, torch_nn  # noqa: F401
