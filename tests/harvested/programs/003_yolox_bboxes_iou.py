# Harvested unchanged from https://github.com/Megvii-BaseDetection/YOLOX/blob/6ddff4824372906469a7fae2dc3206c7aa4bbaee/yolox/utils/boxes.py
# function: bboxes_iou
# licence: Apache-2.0 (the repository's LICENSE at that commit)
# changes: annotations added to the exported signature
# Copyright (c) Megvii Inc. All rights reserved.
# Copyright (c) 2021-2022 Megvii Inc. All rights reserved.
import torch


def bboxes_iou(bboxes_a: torch.Tensor, bboxes_b: torch.Tensor, xyxy: bool = True):
    if bboxes_a.shape[1] != 4 or bboxes_b.shape[1] != 4:
        raise IndexError

    if xyxy:
        tl = torch.max(bboxes_a[:, None, :2], bboxes_b[:, :2])
        br = torch.min(bboxes_a[:, None, 2:], bboxes_b[:, 2:])
        area_a = torch.prod(bboxes_a[:, 2:] - bboxes_a[:, :2], 1)
        area_b = torch.prod(bboxes_b[:, 2:] - bboxes_b[:, :2], 1)
    else:
        tl = torch.max(
            (bboxes_a[:, None, :2] - bboxes_a[:, None, 2:] / 2),
            (bboxes_b[:, :2] - bboxes_b[:, 2:] / 2),
        )
        br = torch.min(
            (bboxes_a[:, None, :2] + bboxes_a[:, None, 2:] / 2),
            (bboxes_b[:, :2] + bboxes_b[:, 2:] / 2),
        )

        area_a = torch.prod(bboxes_a[:, 2:], 1)
        area_b = torch.prod(bboxes_b[:, 2:], 1)
    en = (tl < br).type(tl.type()).prod(dim=2)
    area_i = torch.prod(br - tl, 2) * en  # * ((tl < br).all())
    return area_i / (area_a[:, None] + area_b - area_i)


EXPORT = "bboxes_iou"
_g = torch.Generator().manual_seed(0)
_xy_a = torch.rand(6, 2, generator=_g) * 100
_a = torch.cat([_xy_a, _xy_a + 10 + torch.rand(6, 2, generator=_g) * 50], 1)
_xy_b = torch.rand(5, 2, generator=_g) * 100
_b = torch.cat([_xy_b, _xy_b + 10 + torch.rand(5, 2, generator=_g) * 50], 1)
_cxcywh = torch.cat([torch.rand(4, 2, generator=_g) * 100, 8 + torch.rand(4, 2, generator=_g) * 40], 1)
CASES = [
    (_a, _b),
    (_a, _a, True),
    (_cxcywh, _cxcywh[:3], False),
]
