# Harvested unchanged from https://github.com/eriklindernoren/PyTorch-YOLOv3/blob/1d621c8489e22c76ceb93bb2397ac6c8dfb5ceb7/pytorchyolo/utils/utils.py
# function: bbox_iou
# licence: GPL-3.0-only (the repository's LICENSE at that commit)
# changes: annotations added to the exported signature
import torch


def bbox_iou(box1: torch.Tensor, box2: torch.Tensor, x1y1x2y2: bool = True):
    """
    Returns the IoU of two bounding boxes
    """
    if not x1y1x2y2:
        # Transform from center and width to exact coordinates
        b1_x1, b1_x2 = box1[:, 0] - box1[:, 2] / 2, box1[:, 0] + box1[:, 2] / 2
        b1_y1, b1_y2 = box1[:, 1] - box1[:, 3] / 2, box1[:, 1] + box1[:, 3] / 2
        b2_x1, b2_x2 = box2[:, 0] - box2[:, 2] / 2, box2[:, 0] + box2[:, 2] / 2
        b2_y1, b2_y2 = box2[:, 1] - box2[:, 3] / 2, box2[:, 1] + box2[:, 3] / 2
    else:
        # Get the coordinates of bounding boxes
        b1_x1, b1_y1, b1_x2, b1_y2 = \
            box1[:, 0], box1[:, 1], box1[:, 2], box1[:, 3]
        b2_x1, b2_y1, b2_x2, b2_y2 = \
            box2[:, 0], box2[:, 1], box2[:, 2], box2[:, 3]

    # get the corrdinates of the intersection rectangle
    inter_rect_x1 = torch.max(b1_x1, b2_x1)
    inter_rect_y1 = torch.max(b1_y1, b2_y1)
    inter_rect_x2 = torch.min(b1_x2, b2_x2)
    inter_rect_y2 = torch.min(b1_y2, b2_y2)
    # Intersection area
    inter_area = torch.clamp(inter_rect_x2 - inter_rect_x1 + 1, min=0) * torch.clamp(
        inter_rect_y2 - inter_rect_y1 + 1, min=0
    )
    # Union Area
    b1_area = (b1_x2 - b1_x1 + 1) * (b1_y2 - b1_y1 + 1)
    b2_area = (b2_x2 - b2_x1 + 1) * (b2_y2 - b2_y1 + 1)

    iou = inter_area / (b1_area + b2_area - inter_area + 1e-16)

    return iou


EXPORT = "bbox_iou"
_g = torch.Generator().manual_seed(4)
_xy = torch.rand(5, 2, generator=_g) * 300
_b1 = torch.cat([_xy, _xy + 20 + torch.rand(5, 2, generator=_g) * 80], 1)
_b2 = _b1 + torch.randn(5, 4, generator=_g) * 5
CASES = [
    (_b1, _b2),
    (_b1[:1], _b1),
    (torch.tensor([[50.0, 50.0, 20.0, 30.0]]), torch.tensor([[55.0, 52.0, 20.0, 30.0], [100.0, 100.0, 10.0, 10.0]]), False),
]
