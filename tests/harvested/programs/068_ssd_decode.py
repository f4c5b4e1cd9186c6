# Harvested unchanged from https://github.com/amdegroot/ssd.pytorch/blob/5b0b77faa955c1917b0c710d770739ba8fbff9b7/layers/box_utils.py
# function: decode
# licence: MIT (the repository's LICENSE at that commit)
# changes: annotations added to the exported signature
# Copyright (c) 2017 Max deGroot, Ellis Brown
import torch


# Adapted from https://github.com/Hakuyume/chainer-ssd
def decode(loc: torch.Tensor, priors: torch.Tensor, variances: list[float]):
    """Decode locations from predictions using priors to undo
    the encoding we did for offset regression at train time.
    Args:
        loc (tensor): location predictions for loc layers,
            Shape: [num_priors,4]
        priors (tensor): Prior boxes in center-offset form.
            Shape: [num_priors,4].
        variances: (list[float]) Variances of priorboxes
    Return:
        decoded bounding box predictions
    """

    boxes = torch.cat((
        priors[:, :2] + loc[:, :2] * variances[0] * priors[:, 2:],
        priors[:, 2:] * torch.exp(loc[:, 2:] * variances[1])), 1)
    boxes[:, :2] -= boxes[:, 2:] / 2
    boxes[:, 2:] += boxes[:, :2]
    return boxes


EXPORT = "decode"
_g = torch.Generator().manual_seed(0)
_priors = torch.cat([torch.rand(12, 2, generator=_g), 0.05 + torch.rand(12, 2, generator=_g) * 0.3], 1)
CASES = [
    (torch.randn(12, 4, generator=_g) * 0.5, _priors, [0.1, 0.2]),
    (torch.zeros(12, 4), _priors, [0.1, 0.2]),
    (torch.randn(3, 4, generator=_g), _priors[:3], [0.2, 0.5]),
]
