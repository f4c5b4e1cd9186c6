// A sequence of arrays as NumPy's joining functions take it: a tuple or a list of tensors of one
// dtype (the compiler converts them to the common dtype first).
#pragma once
#include <tuple>
#include <vector>

#include <muna/core/tensor.hpp>
#include <muna/python/list.hpp>

namespace muna::numpy::detail {

template <class T>
std::vector<Tensor<T>> to_vector(const python::List<Tensor<T>>& xs) {
  return std::vector<Tensor<T>>(xs.begin(), xs.end());
}
template <class T, class... Rest>
std::vector<Tensor<T>> to_vector(const std::tuple<Tensor<T>, Rest...>& xs) {
  std::vector<Tensor<T>> out;
  std::apply([&](const auto&... x) { (out.push_back(x), ...); }, xs);
  return out;
}

template <class S> struct sequence_element;
template <class T> struct sequence_element<python::List<Tensor<T>>> { using type = T; };
template <class T, class... Rest> struct sequence_element<std::tuple<Tensor<T>, Rest...>> { using type = T; };

}  // namespace muna::numpy::detail
