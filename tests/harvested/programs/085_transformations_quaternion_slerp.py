# Harvested unchanged from https://github.com/cgohlke/transformations/blob/6a54ac4878a73a008951e0b0838ec1a575bd2491/transformations/transformations.py
# function: quaternion_slerp
# licence: BSD-3-Clause (the repository's LICENSE at that commit)
# changes: annotations added to the exported signature
# Copyright (c) 2006-2026, Christoph Gohlke
import math
import numpy


def quaternion_slerp(quat0: numpy.ndarray, quat1: numpy.ndarray, fraction: float, spin: int = 0, *, shortestpath: bool = True):
    """Return spherical linear interpolation between two quaternions.

    >>> q0 = random_quaternion()
    >>> q1 = random_quaternion()
    >>> q = quaternion_slerp(q0, q1, 0)
    >>> numpy.allclose(q, q0)
    True
    >>> q = quaternion_slerp(q0, q1, 1, 1)
    >>> numpy.allclose(q, q1)
    True
    >>> q = quaternion_slerp(q0, q1, 0.5)
    >>> angle = math.acos(numpy.dot(q0, q))
    >>> (
    ...     numpy.allclose(2, math.acos(numpy.dot(q0, q1)) / angle)
    ...     or numpy.allclose(2, math.acos(-numpy.dot(q0, q1)) / angle)
    ... )
    True

    """
    q0 = unit_vector(quat0[:4])
    q1 = unit_vector(quat1[:4])
    if fraction == 0.0:
        return q0
    if fraction == 1.0:
        return q1
    d = numpy.dot(q0, q1)
    if abs(abs(d) - 1.0) < _EPS:
        return q0
    if shortestpath and d < 0.0:
        # invert rotation
        d = -d
        numpy.negative(q1, q1)
    angle = math.acos(d) + spin * math.pi
    if abs(angle) < _EPS:
        return q0
    isin = 1.0 / math.sin(angle)
    q0 *= math.sin((1.0 - fraction) * angle) * isin
    q1 *= math.sin(fraction * angle) * isin
    q0 += q1
    return q0


# epsilon for testing whether a number is close to zero
_EPS = numpy.finfo(float).eps * 4.0


def unit_vector(data, axis=None, *, out=None):
    """Return ndarray normalized by length, i.e. Euclidean norm, along axis.

    >>> v0 = numpy.random.random(3)
    >>> v1 = unit_vector(v0)
    >>> numpy.allclose(v1, v0 / numpy.linalg.norm(v0))
    True
    >>> v0 = numpy.random.rand(5, 4, 3)
    >>> v1 = unit_vector(v0, axis=-1)
    >>> v2 = v0 / numpy.expand_dims(numpy.sqrt(numpy.sum(v0 * v0, axis=2)), 2)
    >>> numpy.allclose(v1, v2)
    True
    >>> v1 = unit_vector(v0, axis=1)
    >>> v2 = v0 / numpy.expand_dims(numpy.sqrt(numpy.sum(v0 * v0, axis=1)), 1)
    >>> numpy.allclose(v1, v2)
    True
    >>> v1 = numpy.empty((5, 4, 3))
    >>> unit_vector(v0, axis=1, out=v1)
    >>> numpy.allclose(v1, v2)
    True
    >>> list(unit_vector([]))
    []
    >>> list(unit_vector([1]))
    [...1.0...]

    """
    if out is None:
        data = numpy.array(data, dtype=numpy.float64, copy=True)
        if data.ndim == 1:
            data /= math.sqrt(numpy.dot(data, data))
            return data
    else:
        if out is not data:
            out[:] = numpy.asarray(data)
        data = out
    length = numpy.atleast_1d(numpy.sum(data * data, axis))
    numpy.sqrt(length, length)
    if axis is not None:
        length = numpy.expand_dims(length, axis)
    data /= length
    if out is None:
        return data
    return None


EXPORT = "quaternion_slerp"
_q0 = numpy.array([1.0, 0.0, 0.0, 0.0])
_q1 = numpy.array([0.7071067811865476, 0.0, 0.7071067811865476, 0.0])
_q2 = numpy.array([-0.5, 0.5, -0.5, 0.5])
CASES = [
    (_q0, _q1, 0.5),
    (_q1, _q2, 0.25),
    (_q0, _q2, 0.75, 1),
    (_q0, _q1, 0.0),
]
