# Harvested unchanged from https://github.com/rlabbe/filterpy/blob/3b51149ebcff0401ff1e10bf08ffca7b6bbc4a33/filterpy/kalman/kalman_filter.py
# function: rts_smoother
# licence: MIT (the repository's LICENSE at that commit)
# changes: annotations added to the exported signature
# Copyright (c) 2015 Roger R. Labbe Jr
import numpy as np
from numpy import dot, zeros, eye, isscalar, shape
import numpy.linalg as linalg


def rts_smoother(Xs: np.ndarray, Ps: np.ndarray, Fs: np.ndarray, Qs: np.ndarray):
    """
    Runs the Rauch-Tung-Striebel Kalman smoother on a set of
    means and covariances computed by a Kalman filter. The usual input
    would come from the output of `KalmanFilter.batch_filter()`.

    Parameters
    ----------

    Xs : numpy.array
       array of the means (state variable x) of the output of a Kalman
       filter.

    Ps : numpy.array
        array of the covariances of the output of a kalman filter.

    Fs : list-like collection of numpy.array
        State transition matrix of the Kalman filter at each time step.

    Qs : list-like collection of numpy.array, optional
        Process noise of the Kalman filter at each time step.

    Returns
    -------

    x : numpy.ndarray
       smoothed means

    P : numpy.ndarray
       smoothed state covariances

    K : numpy.ndarray
        smoother gain at each step

    pP : numpy.ndarray
       predicted state covariances

    Examples
    --------

    .. code-block:: Python

        zs = [t + random.randn()*4 for t in range (40)]

        (mu, cov, _, _) = kalman.batch_filter(zs)
        (x, P, K, pP) = rts_smoother(mu, cov, kf.F, kf.Q)
    """

    if len(Xs) != len(Ps):
        raise ValueError('length of Xs and Ps must be the same')

    n = Xs.shape[0]
    dim_x = Xs.shape[1]

    # smoother gain
    K = zeros((n, dim_x, dim_x))
    x, P, pP = Xs.copy(), Ps.copy(), Ps.copy()

    for k in range(n-2, -1, -1):
        pP[k] = dot(dot(Fs[k], P[k]), Fs[k].T) + Qs[k]

        #pylint: disable=bad-whitespace
        K[k]  = dot(dot(P[k], Fs[k].T), linalg.inv(pP[k]))
        x[k] += dot(K[k], x[k+1] - dot(Fs[k], x[k]))
        P[k] += dot(dot(K[k], P[k+1] - pP[k]), K[k].T)

    return (x, P, K, pP)


EXPORT = "rts_smoother"
_rng = np.random.default_rng(8)
_n = 10
_F = np.array([[1.0, 1.0], [0.0, 1.0]])
_Xs = np.cumsum(_rng.normal(size=(_n, 2, 1)), axis=0)
_Ps = np.array([np.eye(2) * (1.0 + 0.1 * i) for i in range(_n)])
CASES = [
    (_Xs, _Ps, np.array([_F] * _n), np.array([np.eye(2) * 0.01] * _n)),
    (_Xs[:, :, 0], _Ps, np.array([_F] * _n), np.array([np.eye(2) * 0.1] * _n)),
    (_Xs[:3], _Ps[:3], np.array([np.eye(2)] * 3), np.array([np.zeros((2, 2))] * 3)),
]
