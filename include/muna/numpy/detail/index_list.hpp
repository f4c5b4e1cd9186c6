// An index argument (an int, an integer array, a list of ints or a tuple of ints) as a vector.
#pragma once
#include <tuple>
#include <type_traits>
#include <vector>

#include <muna/core/tensor.hpp>
#include <muna/python/list.hpp>

namespace muna::numpy::detail {
inline std::vector<int64_t> index_list(int64_t i) { return {i}; }
template <class I>
std::vector<int64_t> index_list(const Tensor<I>& t) {
  const Tensor<I> c = contiguous(t);
  std::vector<int64_t> out(static_cast<size_t>(c.size()));
  for (int64_t i = 0; i < c.size(); ++i) out[static_cast<size_t>(i)] = static_cast<int64_t>(c.data()[i]);
  return out;
}
inline std::vector<int64_t> index_list(const python::List<int64_t>& xs) {
  return std::vector<int64_t>(xs.begin(), xs.end());
}
template <class... I>
std::vector<int64_t> index_list(const std::tuple<I...>& xs) {
  std::vector<int64_t> out;
  std::apply([&](auto... i) { (out.push_back(static_cast<int64_t>(i)), ...); }, xs);
  return out;
}
}  // namespace muna::numpy::detail
