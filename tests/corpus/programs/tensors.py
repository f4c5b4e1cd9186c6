"""Torch tensor constants closed over by the function, as a wrapper keeps a learned scale and
offset next to the model: element-wise post-processing of a torch output; int() and float() of
one-element arrays and tensors."""
import numpy as np
import torch

SCALE = torch.tensor([0.5, 2.0, -1.0], dtype=torch.float32)
OFFSET = torch.tensor([[1.0, 0.0, -0.25]], dtype=torch.float32)
STEPS = torch.tensor([1.0, 0.5, 0.25, 0.125], dtype=torch.float32)


def calibrate(logits: torch.Tensor) -> torch.Tensor:
    return logits * SCALE + OFFSET


def step_scale(x: torch.Tensor, i: int) -> torch.Tensor:
    return x * STEPS[i]


def tensor_as_int(x: torch.Tensor) -> int:
    return int(x)


def array_as_int(x: np.ndarray) -> int:
    return int(x)


CASES = {
    "calibrate": [(torch.arange(6, dtype=torch.float32).reshape(2, 3),), (torch.full((1, 3), -0.5),),
                  (torch.zeros((0, 3)),)],
    "step_scale": [(torch.ones(3), 0), (torch.tensor([3.0, -1.5]), 3), (torch.ones(2), -1)],
    "tensor_as_int": [(torch.tensor([1e16], dtype=torch.float64),), (torch.tensor([-3.9]),), (torch.tensor([[2.5]]),),
                      (torch.tensor([float("inf")]),), (torch.tensor([float("nan")]),), (torch.tensor([7]),),
                      (torch.tensor([1.0, 2.0]),)],
    "array_as_int": [(np.array([1e16]),), (np.array([-2**62], dtype=np.float64),), (np.array([[-0.5]], np.float32),),
                     (np.array([np.inf]),), (np.array([np.nan]),), (np.array([3], np.int16),), (np.zeros(2),)],
}
