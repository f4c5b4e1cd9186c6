// math.dist(p, q): the Euclidean distance of two points (lists or tuples of numbers) by
// CPython's vector_norm over abs(px - qx); ValueError("both points must have the same number
// of dimensions").
#pragma once
#include <tuple>
#include <vector>

#include "muna/core/error.hpp"
#include "muna/python/list.hpp"
#include "muna/python/math/detail/vector_norm.hpp"

namespace muna::python::math {
namespace detail {

template <class T>
std::vector<double> coordinates(const List<T>& p) {
  std::vector<double> out;
  for (const T& x : p) out.push_back(static_cast<double>(x));
  return out;
}

template <class... T>
std::vector<double> coordinates(const std::tuple<T...>& p) {
  return std::apply([](const auto&... x) { return std::vector<double>{static_cast<double>(x)...}; }, p);
}

}  // namespace detail

template <class P, class Q>
double dist(const P& p, const Q& q) {
  const std::vector<double> a = detail::coordinates(p), b = detail::coordinates(q);
  if (a.size() != b.size()) throw ValueError("both points must have the same number of dimensions");
  detail::NormInput input;
  for (size_t i = 0; i < a.size(); ++i) input.add(a[i] - b[i]);
  return input.norm();
}

}  // namespace muna::python::math
