// numpy.digitize: for each x, the index of its bin in the 1-d monotonic `bins`, as NumPy 1.24
// computes it: searchsorted on increasing bins (side='right', or 'left' when right=True), and
// len(bins) - searchsorted(bins[::-1], ...) on decreasing ones.
#pragma once
#include <muna/numpy/flip.hpp>
#include <muna/numpy/searchsorted.hpp>

namespace muna::numpy {
template <class X, class T>
auto digitize(const X& x, const Tensor<T>& bins, bool right) {
  if (bins.ndim() != 1) throw ValueError("object too deep for desired array");
  const Tensor<T> b = contiguous(bins);
  const int64_t n = b.size();
  // NumPy's check_array_monotonic, on doubles: leading repeats skipped, the first change
  // decides the direction (a NaN there reads as decreasing), later steps must keep it.
  int64_t i = 1;
  while (i < n && static_cast<double>(b.data()[i]) == static_cast<double>(b.data()[0])) ++i;
  const bool increasing = i == n || static_cast<double>(b.data()[0]) < static_cast<double>(b.data()[i]);
  for (++i; i < n; ++i) {
    const double last = static_cast<double>(b.data()[i - 1]), next = static_cast<double>(b.data()[i]);
    if (increasing ? last > next : last < next)
      throw ValueError("bins must be monotonically increasing or decreasing");
  }
  if (increasing) return searchsorted(b, x, !right);
  auto out = searchsorted(flip(b, int64_t{0}), x, !right);
  for (int64_t i = 0, m = out.size(); i < m; ++i) out.data()[i] = n - out.data()[i];
  return out;
}
}  // namespace muna::numpy
