# Harvested unchanged from https://github.com/rlabbe/filterpy/blob/3b51149ebcff0401ff1e10bf08ffca7b6bbc4a33/filterpy/kalman/kalman_filter.py
# function: predict
# licence: MIT (the repository's LICENSE at that commit)
# changes: annotations added to the exported signature
# Copyright (c) 2015 Roger R. Labbe Jr
import numpy as np
from numpy import dot, zeros, eye, isscalar, shape


def predict(x: np.ndarray, P: np.ndarray, F=1, Q=0, u=0, B=1, alpha: float = 1.):
    """
    Predict next state (prior) using the Kalman filter state propagation
    equations.

    Parameters
    ----------

    x : numpy.array
        State estimate vector

    P : numpy.array
        Covariance matrix

    F : numpy.array()
        State Transition matrix

    Q : numpy.array, Optional
        Process noise matrix


    u : numpy.array, Optional, default 0.
        Control vector. If non-zero, it is multiplied by B
        to create the control input into the system.

    B : numpy.array, optional, default 0.
        Control transition matrix.

    alpha : float, Optional, default=1.0
        Fading memory setting. 1.0 gives the normal Kalman filter, and
        values slightly larger than 1.0 (such as 1.02) give a fading
        memory effect - previous measurements have less influence on the
        filter's estimates. This formulation of the Fading memory filter
        (there are many) is due to Dan Simon

    Returns
    -------

    x : numpy.array
        Prior state estimate vector

    P : numpy.array
        Prior covariance matrix
    """

    if np.isscalar(F):
        F = np.array(F)
    x = dot(F, x) + dot(B, u)
    P = (alpha * alpha) * dot(dot(F, P), F.T) + Q

    return x, P


EXPORT = "predict"
_dt = 0.1
_F = np.array([[1.0, _dt], [0.0, 1.0]])
_Q = np.array([[0.25 * _dt ** 4, 0.5 * _dt ** 3], [0.5 * _dt ** 3, _dt ** 2]]) * 0.01
CASES = [
    (np.array([[0.0], [1.0]]), np.eye(2) * 10.0, _F, _Q),
    (np.array([1.5]), np.array([[2.0]])),
    (np.array([[2.0], [0.5]]), np.eye(2), _F, _Q, np.array([[0.3]]), np.array([[0.5 * _dt ** 2], [_dt]]), 1.02),
]
