// numpy.lexsort: the indices that sort by the last key, then the one before it, ... (a stable
// sort, NaN last in each key as NumPy orders), along axis of keys of one shape. Keys are a tuple
// of arrays, or the rows of one array.
#pragma once
#include <algorithm>
#include <functional>
#include <numeric>
#include <tuple>
#include <vector>

#include <muna/numpy/sort.hpp>

namespace muna::numpy {
namespace detail {
// Sorts each lane along axis of `shape` by cmp(i, j, offsets of the lane): the result's lane.
template <class Less>
Tensor<int64_t> lex_lanes(const Shape& shape, int64_t axis, const std::vector<const Shape*>& strides, Less&& less) {
  Tensor<int64_t> out(shape);
  if (out.size() == 0) return out;
  const int64_t n = shape[static_cast<size_t>(axis)], lanes = out.size() / n;
  const Shape out_strides = out.strides();
  std::vector<int64_t> base(strides.size());
  for (int64_t lane = 0; lane < lanes; ++lane) {
    // The lane's index on the other axes, from its position in C order.
    int64_t rem = lane, out_base = 0;
    std::fill(base.begin(), base.end(), 0);
    for (int64_t d = static_cast<int64_t>(shape.size()) - 1; d >= 0; --d) {
      if (d == axis) continue;
      const int64_t c = rem % shape[d];
      rem /= shape[d];
      out_base += c * out_strides[d];
      for (size_t k = 0; k < strides.size(); ++k) base[k] += c * (*strides[k])[d];
    }
    std::vector<int64_t> order(static_cast<size_t>(n));
    std::iota(order.begin(), order.end(), int64_t{0});
    std::stable_sort(order.begin(), order.end(), [&](int64_t i, int64_t j) { return less(i, j, base); });
    for (int64_t i = 0; i < n; ++i) out.data()[out_base + i * out_strides[axis]] = order[static_cast<size_t>(i)];
  }
  return out;
}
}  // namespace detail

template <class... T>
Tensor<int64_t> lexsort(const std::tuple<Tensor<T>...>& keys, int64_t axis) {
  if constexpr (sizeof...(T) == 0) {
    throw TypeError("need sequence of keys with len > 0 in lexsort");
  } else {
    const Shape shape = std::get<0>(keys).shape();
    bool same = true;
    std::apply([&](const auto&... k) { ((same = same && k.shape() == shape), ...); }, keys);
    if (!same) throw ValueError("all keys need to be the same shape");
    if (shape.empty()) return Tensor<int64_t>::scalar(0);  // 0-d keys: the single element
    axis = normalize_axis(axis, static_cast<int64_t>(shape.size()));
    std::vector<const Shape*> strides;
    // compare[k](i, j, base): -1, 0 or 1 for elements i and j of key k's lane at offset base.
    std::vector<std::function<int(int64_t, int64_t, int64_t)>> compare;
    std::apply([&](const auto&... k) {
      (strides.push_back(&k.strides()), ...);
      (compare.push_back([&k, axis](int64_t i, int64_t j, int64_t base) {
         const auto* p = k.data() + base;
         const int64_t s = k.strides()[static_cast<size_t>(axis)];
         return detail::sort_less(p[i * s], p[j * s]) ? -1 : detail::sort_less(p[j * s], p[i * s]) ? 1 : 0;
       }), ...);
    }, keys);
    return detail::lex_lanes(shape, axis, strides, [&](int64_t i, int64_t j, const std::vector<int64_t>& base) {
      for (size_t k = compare.size(); k-- > 0;) {  // the last key decides first
        const int c = compare[k](i, j, base[k]);
        if (c) return c < 0;
      }
      return false;
    });
  }
}

template <class T>
Tensor<int64_t> lexsort(const Tensor<T>& keys, int64_t axis) {
  if (keys.ndim() == 0) throw TypeError("need sequence of keys with len > 0 in lexsort");
  const int64_t count = keys.shape()[0];
  if (count == 0) throw TypeError("need sequence of keys with len > 0 in lexsort");
  Shape shape(keys.shape().begin() + 1, keys.shape().end());
  Shape row_strides(keys.strides().begin() + 1, keys.strides().end());
  if (shape.empty()) return Tensor<int64_t>::scalar(0);
  axis = normalize_axis(axis, static_cast<int64_t>(shape.size()));
  std::vector<const Shape*> strides(static_cast<size_t>(count), &row_strides);
  const int64_t row = keys.strides()[0], s = row_strides[static_cast<size_t>(axis)];
  return detail::lex_lanes(shape, axis, strides, [&](int64_t i, int64_t j, const std::vector<int64_t>& base) {
    for (int64_t k = count - 1; k >= 0; --k) {
      const T* p = keys.data() + k * row + base[static_cast<size_t>(k)];
      const T a = p[i * s], b = p[j * s];
      if (detail::sort_less(a, b)) return true;
      if (detail::sort_less(b, a)) return false;
    }
    return false;
  });
}
}  // namespace muna::numpy
