// numpy.ndarray.var: the method form of numpy.var.
#pragma once
#include <muna/numpy/var.hpp>

namespace muna::numpy::ndarray {
using muna::numpy::var;
}  // namespace muna::numpy::ndarray
