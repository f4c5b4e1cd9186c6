// A shape argument as NumPy functions take it: an int, a tuple of ints, or a list of ints;
// negative dimensions are NumPy's ValueError.
#pragma once
#include <cstdint>
#include <tuple>

#include <muna/core/shape.hpp>
#include <muna/python/list.hpp>

namespace muna::numpy::detail {

inline Shape checked(Shape shape) {
  for (int64_t d : shape)
    if (d < 0) throw ValueError("negative dimensions are not allowed");
  return shape;
}
inline Shape to_shape(int64_t n) { return checked(Shape{n}); }
template <class... I>
Shape to_shape(const std::tuple<I...>& dims) {
  Shape out;
  std::apply([&](auto... d) { (out.push_back(static_cast<int64_t>(d)), ...); }, dims);
  return checked(out);
}
// A shape computed in C++ (broadcast_shapes): already valid.
inline Shape to_shape(const Shape& dims) { return dims; }
inline Shape to_shape(const python::List<int64_t>& dims) {
  return checked(Shape(dims.begin(), dims.end()));
}

}  // namespace muna::numpy::detail
