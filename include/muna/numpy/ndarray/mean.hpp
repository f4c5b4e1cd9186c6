// numpy.ndarray.mean: the method form of numpy.mean.
#pragma once
#include <muna/numpy/mean.hpp>

namespace muna::numpy::ndarray {
using muna::numpy::mean;
}  // namespace muna::numpy::ndarray
