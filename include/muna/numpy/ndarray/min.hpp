// numpy.ndarray.min: the method form of numpy.min.
#pragma once
#include <muna/numpy/min.hpp>

namespace muna::numpy::ndarray {
using muna::numpy::min;
}  // namespace muna::numpy::ndarray
