# Harvested unchanged from https://github.com/leoxiaobin/deep-high-resolution-net.pytorch/blob/6f69e4676ad8d43d0d61b64b1b9726f0c369e7b1/lib/nms/nms.py
# function: oks_iou
# licence: MIT (the repository's LICENSE at that commit)
# changes: annotations added to the exported signature
# Copyright (c) 2019 Leo Xiao
import numpy as np


def oks_iou(g: np.ndarray, d: np.ndarray, a_g: float, a_d: np.ndarray, sigmas=None, in_vis_thre=None):
    if not isinstance(sigmas, np.ndarray):
        sigmas = np.array([.26, .25, .25, .35, .35, .79, .79, .72, .72, .62, .62, 1.07, 1.07, .87, .87, .89, .89]) / 10.0
    vars = (sigmas * 2) ** 2
    xg = g[0::3]
    yg = g[1::3]
    vg = g[2::3]
    ious = np.zeros((d.shape[0]))
    for n_d in range(0, d.shape[0]):
        xd = d[n_d, 0::3]
        yd = d[n_d, 1::3]
        vd = d[n_d, 2::3]
        dx = xd - xg
        dy = yd - yg
        e = (dx ** 2 + dy ** 2) / vars / ((a_g + a_d[n_d]) / 2 + np.spacing(1)) / 2
        if in_vis_thre is not None:
            ind = list(vg > in_vis_thre) and list(vd > in_vis_thre)
            e = e[ind]
        ious[n_d] = np.sum(np.exp(-e)) / e.shape[0] if e.shape[0] != 0 else 0.0
    return ious


EXPORT = "oks_iou"
_rng = np.random.default_rng(3)
_g = np.stack([_rng.uniform(0, 192, 17), _rng.uniform(0, 256, 17), _rng.random(17)], 1).reshape(-1)
_d = _g[None, :] + _rng.normal(0, 4, (3, 51)) * np.tile([1.0, 1.0, 0.0], 17)
CASES = [
    (_g, _d, 4000.0, np.array([3900.0, 4100.0, 3500.0])),
    (_g, _d, 4000.0, np.array([3900.0, 4100.0, 3500.0]), None, 0.2),
    (_g, _d[:1], 1500.0, np.array([1500.0]), np.full(17, 0.05)),
]
