// numpy.ndarray.sum: the method form of numpy.sum.
#pragma once
#include <muna/numpy/sum.hpp>

namespace muna::numpy::ndarray {
using muna::numpy::sum;
}  // namespace muna::numpy::ndarray
