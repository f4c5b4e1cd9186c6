# Harvested unchanged from https://github.com/eriklindernoren/PyTorch-YOLOv3/blob/1d621c8489e22c76ceb93bb2397ac6c8dfb5ceb7/pytorchyolo/utils/utils.py
# function: rescale_boxes
# licence: GPL-3.0-only (the repository's LICENSE at that commit)
# changes: annotations added to the exported signature
import torch


def rescale_boxes(boxes: torch.Tensor, current_dim: int, original_shape: tuple[int, int]):
    """
    Rescales bounding boxes to the original shape
    """
    orig_h, orig_w = original_shape

    # The amount of padding that was added
    pad_x = max(orig_h - orig_w, 0) * (current_dim / max(original_shape))
    pad_y = max(orig_w - orig_h, 0) * (current_dim / max(original_shape))

    # Image height and width after padding is removed
    unpad_h = current_dim - pad_y
    unpad_w = current_dim - pad_x

    # Rescale bounding boxes to dimension of original image
    boxes[:, 0] = ((boxes[:, 0] - pad_x // 2) / unpad_w) * orig_w
    boxes[:, 1] = ((boxes[:, 1] - pad_y // 2) / unpad_h) * orig_h
    boxes[:, 2] = ((boxes[:, 2] - pad_x // 2) / unpad_w) * orig_w
    boxes[:, 3] = ((boxes[:, 3] - pad_y // 2) / unpad_h) * orig_h
    return boxes


EXPORT = "rescale_boxes"
CASES = [
    (torch.tensor([[50.0, 100.0, 200.0, 300.0, 0.9, 0.0], [10.0, 60.0, 400.0, 350.0, 0.7, 2.0]]), 416, (480, 640)),
    (torch.tensor([[100.0, 20.0, 300.0, 400.0, 0.8, 1.0]]), 416, (640, 480)),
    (torch.tensor([[0.0, 0.0, 416.0, 416.0]]), 416, (500, 500)),
]
