// The op core's numpy.linalg functions (muna/core/opcore.hpp): Eigen's SVD and LU, compiled once
// per target instead of in every library that takes a norm, a solve or an inverse.
#include <muna/numpy/linalg/detail/matrices.hpp>
