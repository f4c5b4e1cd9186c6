# Harvested unchanged from https://github.com/cibr-jyu/meggie/blob/330946eba8f138abc2cc1e16eb06c20add6f1c56/meggie/utilities/smooth.py
# function: smooth_signal
# licence: BSD-2-Clause-Views (the repository's LICENSE at that commit)
# changes: annotations added to the exported signature
# Copyright (c) <2019>, authors of Meggie
import numpy as np


def smooth_signal(x: np.ndarray, window_len: int = 10, window: str = 'hanning'):
    """ Provides simple signal smoothing.

    From: http://scipy.org/Cookbook/SignalSmooth

    Parameters
    ----------
    x : np.array
        The 1D signal.
    window_len : int
        Length of the smoothing kernel.
    window : str
        Type of smoothing window.
    
    Returns
    -------
    The smoothed version of the signal.
    """

    if x.ndim != 1:
        raise ValueError("Smooth only accepts 1 dimension arrays.")

    if x.size < window_len:
        raise ValueError("Input vector needs to be bigger than window size.")

    if window_len < 3:
        return x

    if not window in ['flat', 'hanning', 'hamming', 'bartlett', 'blackman']:
        raise ValueError("Window is on of 'flat', 'hanning', 'hamming', 'bartlett', 'blackman'")

    s=np.r_[2*x[0]-x[window_len:1:-1], x, 2*x[-1]-x[-1:-window_len:-1]]

    if window == 'flat':
        w = np.ones(window_len,'d')
    else:
        w = getattr(np, window)(window_len)

    y = np.convolve(w/w.sum(), s, mode='same')
    return y[window_len-1:-window_len+1]


EXPORT = "smooth_signal"
_rng = np.random.default_rng(8)
_sig = np.sin(np.linspace(0, 4 * np.pi, 100)) + _rng.normal(scale=0.2, size=100)
CASES = [
    (_sig,),
    (_sig, 5, 'flat'),
    (_sig[:20], 7, 'blackman'),
    (_sig[:10], 2),
]
