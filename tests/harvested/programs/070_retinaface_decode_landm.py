# Harvested unchanged from https://github.com/biubug6/Pytorch_Retinaface/blob/b984b4b775b2c4dced95c1eadd195a5c7d32a60b/utils/box_utils.py
# function: decode_landm
# licence: MIT (the repository's LICENSE at that commit)
# changes: annotations added to the exported signature
# Copyright (c) 2019
import torch


def decode_landm(pre: torch.Tensor, priors: torch.Tensor, variances: list[float]):
    """Decode landm from predictions using priors to undo
    the encoding we did for offset regression at train time.
    Args:
        pre (tensor): landm predictions for loc layers,
            Shape: [num_priors,10]
        priors (tensor): Prior boxes in center-offset form.
            Shape: [num_priors,4].
        variances: (list[float]) Variances of priorboxes
    Return:
        decoded landm predictions
    """
    landms = torch.cat((priors[:, :2] + pre[:, :2] * variances[0] * priors[:, 2:],
                        priors[:, :2] + pre[:, 2:4] * variances[0] * priors[:, 2:],
                        priors[:, :2] + pre[:, 4:6] * variances[0] * priors[:, 2:],
                        priors[:, :2] + pre[:, 6:8] * variances[0] * priors[:, 2:],
                        priors[:, :2] + pre[:, 8:10] * variances[0] * priors[:, 2:],
                        ), dim=1)
    return landms


EXPORT = "decode_landm"
_g = torch.Generator().manual_seed(2)
_priors = torch.cat([torch.rand(10, 2, generator=_g), 0.02 + torch.rand(10, 2, generator=_g) * 0.2], 1)
CASES = [
    (torch.randn(10, 10, generator=_g), _priors, [0.1, 0.2]),
    (torch.zeros(10, 10), _priors, [0.1, 0.2]),
    (torch.randn(2, 10, generator=_g), _priors[:2], [0.2, 0.2]),
]
