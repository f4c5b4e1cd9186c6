// numpy.unique: the sorted distinct values of the flattened array (NaNs collapse to one, as
// NumPy's equal_nan=True), optionally with first indices, the inverse and the counts.
#pragma once
#include <cmath>
#include <tuple>
#include <vector>

#include <muna/numpy/sort.hpp>

namespace muna::numpy {
template <bool Index, bool Inverse, bool Counts, class T>
auto unique(const Tensor<T>& ar) {
  const Tensor<T> flat = detail::flat(ar);
  const Tensor<int64_t> order = argsort(flat, 0);
  const int64_t n = flat.size();
  std::vector<T> values;
  std::vector<int64_t> first, counts;
  Tensor<int64_t> inverse(Shape{n});
  auto same = [](T a, T b) {
    if constexpr (std::is_floating_point_v<T>) if (std::isnan(a) && std::isnan(b)) return true;
    return a == b;
  };
  for (int64_t k = 0; k < n; ++k) {
    const int64_t i = order.data()[k];
    const T x = flat.data()[i];
    if (values.empty() || !same(values.back(), x)) {
      values.push_back(x);
      first.push_back(i);
      counts.push_back(0);
    }
    ++counts.back();
    inverse.data()[i] = static_cast<int64_t>(values.size()) - 1;
  }
  auto array = [](const auto& v) {
    using E = typename std::decay_t<decltype(v)>::value_type;
    Tensor<E> out(Shape{static_cast<int64_t>(v.size())});
    std::copy(v.begin(), v.end(), out.data());
    return out;
  };
  auto result = std::tuple_cat(std::make_tuple(array(values)),
                               [&] { if constexpr (Index) return std::make_tuple(array(first)); else return std::tuple<>(); }(),
                               [&] { if constexpr (Inverse) return std::make_tuple(inverse); else return std::tuple<>(); }(),
                               [&] { if constexpr (Counts) return std::make_tuple(array(counts)); else return std::tuple<>(); }());
  if constexpr (std::tuple_size_v<decltype(result)> == 1) return std::get<0>(result);
  else return result;
}
}  // namespace muna::numpy
