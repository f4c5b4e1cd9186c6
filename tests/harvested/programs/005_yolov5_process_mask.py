# Harvested unchanged from https://github.com/ultralytics/yolov5/blob/5081342f04fb287fc2e5f2b5a4e06752b7937b1c/utils/segment/general.py
# function: process_mask
# licence: AGPL-3.0-only (the repository's LICENSE at that commit)
# changes: annotations added to the exported signature
# Ultralytics 🚀 AGPL-3.0 License - https://ultralytics.com/license
import torch
import torch.nn.functional as F


def crop_mask(masks, boxes):
    """Crop predicted masks by zeroing out everything not in the predicted bbox.

    Args:
        masks (torch.Tensor): Masks with shape (n, h, w).
        boxes (torch.Tensor): Box coordinates with shape (n, 4) in xyxy pixel format (mask resolution).
    """
    _n, h, w = masks.shape
    x1, y1, x2, y2 = torch.chunk(boxes[:, :, None], 4, 1)  # x1 shape(1,1,n)
    r = torch.arange(w, device=masks.device, dtype=x1.dtype)[None, None, :]  # rows shape(1,w,1)
    c = torch.arange(h, device=masks.device, dtype=x1.dtype)[None, :, None]  # cols shape(h,1,1)

    return masks * ((r >= x1) * (r < x2) * (c >= y1) * (c < y2))


def process_mask(protos: torch.Tensor, masks_in: torch.Tensor, bboxes: torch.Tensor, shape: tuple[int, int], upsample: bool = False):
    """Crop mask prototypes with the predicted boxes, then optionally upsample to the input image size.

    Args:
        protos (torch.Tensor): Mask prototypes with shape (mask_dim, mask_h, mask_w).
        masks_in (torch.Tensor): Mask coefficients with shape (n, mask_dim), n is number of masks after NMS.
        bboxes (torch.Tensor): Box coordinates with shape (n, 4).
        shape (tuple): Input image size as (h, w).
        upsample (bool): Whether to upsample the masks to the input image size.

    Returns:
        (torch.Tensor): Binary masks with shape (n, mask_h, mask_w), upsampled to (n, h, w) when upsample=True.
    """
    c, mh, mw = protos.shape  # CHW
    ih, iw = shape
    masks = (masks_in @ protos.float().view(c, -1)).sigmoid().view(-1, mh, mw)  # CHW

    downsampled_bboxes = bboxes.clone()
    downsampled_bboxes[:, 0] *= mw / iw
    downsampled_bboxes[:, 2] *= mw / iw
    downsampled_bboxes[:, 3] *= mh / ih
    downsampled_bboxes[:, 1] *= mh / ih

    masks = crop_mask(masks, downsampled_bboxes)  # CHW
    if upsample:
        masks = F.interpolate(masks[None], shape, mode="bilinear", align_corners=False)[0]  # CHW
    return masks.gt_(0.5)


EXPORT = "process_mask"
_g = torch.Generator().manual_seed(0)
_protos = torch.randn(8, 16, 16, generator=_g)
_coef = torch.randn(3, 8, generator=_g)
_bboxes = torch.tensor([[4.0, 6.0, 40.0, 50.0], [10.0, 0.0, 63.0, 30.0], [0.0, 20.0, 25.0, 64.0]])
CASES = [
    (_protos, _coef, _bboxes, (64, 64)),
    (_protos, _coef[:2], _bboxes[:2], (64, 64), True),
    (_protos, _coef[:1], _bboxes[:1] * 0.5, (32, 32)),
]
