# Harvested unchanged from https://github.com/leoxiaobin/deep-high-resolution-net.pytorch/blob/6f69e4676ad8d43d0d61b64b1b9726f0c369e7b1/lib/core/inference.py
# function: get_max_preds
# licence: MIT (the repository's LICENSE at that commit)
# changes: annotations added to the exported signature
# Copyright (c) 2019 Leo Xiao
import numpy as np


def get_max_preds(batch_heatmaps: np.ndarray):
    '''
    get predictions from score maps
    heatmaps: numpy.ndarray([batch_size, num_joints, height, width])
    '''
    assert isinstance(batch_heatmaps, np.ndarray), \
        'batch_heatmaps should be numpy.ndarray'
    assert batch_heatmaps.ndim == 4, 'batch_images should be 4-ndim'

    batch_size = batch_heatmaps.shape[0]
    num_joints = batch_heatmaps.shape[1]
    width = batch_heatmaps.shape[3]
    heatmaps_reshaped = batch_heatmaps.reshape((batch_size, num_joints, -1))
    idx = np.argmax(heatmaps_reshaped, 2)
    maxvals = np.amax(heatmaps_reshaped, 2)

    maxvals = maxvals.reshape((batch_size, num_joints, 1))
    idx = idx.reshape((batch_size, num_joints, 1))

    preds = np.tile(idx, (1, 1, 2)).astype(np.float32)

    preds[:, :, 0] = (preds[:, :, 0]) % width
    preds[:, :, 1] = np.floor((preds[:, :, 1]) / width)

    pred_mask = np.tile(np.greater(maxvals, 0.0), (1, 1, 2))
    pred_mask = pred_mask.astype(np.float32)

    preds *= pred_mask
    return preds, maxvals


EXPORT = "get_max_preds"
_rng = np.random.default_rng(2)
CASES = [
    (_rng.random((2, 17, 16, 12), dtype=np.float32),),
    (_rng.standard_normal((1, 3, 8, 8)).astype(np.float32) - 2.0,),
    (np.eye(4, dtype=np.float32).reshape(1, 1, 4, 4),),
]
