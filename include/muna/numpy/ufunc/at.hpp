// ufunc.at(a, indices, b): a[indices] = op(a[indices], b) unbuffered, so a repeated index is
// applied once per occurrence (np.add.at accumulates). `indices` is a tuple of integer arrays or
// ints (broadcast together) indexing a's leading axes; b broadcasts to the shape of a[indices].
// The op runs in the loop dtype L and its result is cast to a's dtype, as NumPy's unsafe cast.
#pragma once
#include <string>
#include <tuple>
#include <vector>

#include <muna/core/none.hpp>
#include <muna/kernels/arith.hpp>
#include <muna/kernels/compare.hpp>
#include <muna/numpy/detail/ufunc.hpp>

namespace muna::numpy::ufunc {
namespace detail {
inline Tensor<int64_t> index_tensor(const Tensor<int64_t>& t) { return t; }
inline Tensor<int64_t> index_tensor(int64_t i) { return Tensor<int64_t>::scalar(i); }
}  // namespace detail

template <class Op, class L, class T, class... I, class B>
NoneType at(const Tensor<T>& a, const std::tuple<I...>& indices, const B& b) {
  a.require_writable();
  std::vector<Tensor<int64_t>> index;
  std::apply([&](const auto&... i) { (index.push_back(detail::index_tensor(i)), ...); }, indices);
  const size_t k = index.size();
  if (static_cast<int64_t>(k) > a.ndim())
    throw IndexError("too many indices for array: array is " + std::to_string(a.ndim()) +
                     "-dimensional, but " + std::to_string(k) + " were indexed");
  Shape grid;  // the broadcast shape of the index arrays
  for (const auto& t : index) grid = broadcast_shapes(grid, t.shape());
  std::vector<Shape> index_strides;
  for (const auto& t : index) index_strides.push_back(broadcast_strides(t.shape(), t.strides(), grid));
  Shape rest(a.shape().begin() + static_cast<int64_t>(k), a.shape().end());
  Shape target = grid;
  target.insert(target.end(), rest.begin(), rest.end());
  const Tensor<L> values = numpy::detail::as_tensor<L>(b);
  bool fits = values.ndim() <= static_cast<int64_t>(target.size());
  for (int64_t d = 0; fits && d < values.ndim(); ++d) {
    const int64_t have = values.shape()[static_cast<size_t>(values.ndim() - 1 - d)];
    fits = have == 1 || have == target[target.size() - 1 - static_cast<size_t>(d)];
  }
  if (!fits) throw ValueError("array is not broadcastable to correct shape");
  const Shape vstrides = broadcast_strides(values.shape(), values.strides(), target);
  const int64_t points = shape_size(grid), inner = shape_size(rest);
  std::vector<int64_t> at_grid(grid.size(), 0), at_rest(rest.size(), 0);
  for (int64_t p = 0; p < points; ++p) {
    // The element offset in `a` of this index point, and in `values`.
    int64_t rem = p, base = 0, vbase = 0;
    for (size_t d = grid.size(); d-- > 0;) {
      at_grid[d] = rem % grid[d];
      rem /= grid[d];
      vbase += at_grid[d] * vstrides[d];
    }
    for (size_t j = 0; j < k; ++j) {
      int64_t off = 0;
      for (size_t d = 0; d < grid.size(); ++d) off += at_grid[d] * index_strides[j][d];
      int64_t i = index[j].data()[off];
      const int64_t size = a.shape()[j];
      if (i < -size || i >= size)
        throw IndexError("index " + std::to_string(i) + " is out of bounds for axis " + std::to_string(j) +
                         " with size " + std::to_string(size));
      base += (i < 0 ? i + size : i) * a.strides()[j];
    }
    for (int64_t q = 0; q < inner; ++q) {
      int64_t r = q, off = base, voff = vbase;
      for (size_t d = rest.size(); d-- > 0;) {
        const int64_t c = r % rest[d];
        r /= rest[d];
        off += c * a.strides()[k + d];
        voff += c * vstrides[grid.size() + d];
      }
      T& slot = a.data()[off];
      slot = convert_element<T>(Op::scalar(convert_element<L>(slot), values.data()[voff]));
    }
  }
  return None;
}
}  // namespace muna::numpy::ufunc
