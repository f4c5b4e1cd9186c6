// numpy.ndarray.max: the method form of numpy.max.
#pragma once
#include <muna/numpy/max.hpp>

namespace muna::numpy::ndarray {
using muna::numpy::max;
}  // namespace muna::numpy::ndarray
