"""Torch tensor constants closed over by the function, as a wrapper keeps a learned scale and
offset next to the model: element-wise post-processing of a torch output."""
import torch

SCALE = torch.tensor([0.5, 2.0, -1.0], dtype=torch.float32)
OFFSET = torch.tensor([[1.0, 0.0, -0.25]], dtype=torch.float32)
STEPS = torch.tensor([1.0, 0.5, 0.25, 0.125], dtype=torch.float32)


def calibrate(logits: torch.Tensor) -> torch.Tensor:
    return logits * SCALE + OFFSET


def step_scale(x: torch.Tensor, i: int) -> torch.Tensor:
    return x * STEPS[i]


CASES = {
    "calibrate": [(torch.arange(6, dtype=torch.float32).reshape(2, 3),), (torch.full((1, 3), -0.5),),
                  (torch.zeros((0, 3)),)],
    "step_scale": [(torch.ones(3), 0), (torch.tensor([3.0, -1.5]), 3), (torch.ones(2), -1)],
}
