// numpy.fft.fftshift / ifftshift: numpy.roll by dim // 2 (fftshift) or -(dim // 2) (ifftshift)
// along the given axes (every axis for None), any dtype; a new array.
#pragma once
#include <tuple>
#include <vector>

#include <muna/core/none.hpp>
#include <muna/numpy/roll.hpp>

namespace muna::numpy::fft {
namespace detail {
template <class T, class Axes>
Tensor<T> shift_axes(const Tensor<T>& x, const Axes& axes, bool inverse) {
  std::vector<int64_t> list;
  if constexpr (std::is_same_v<Axes, NoneType>) {
    for (int64_t d = 0; d < x.ndim(); ++d) list.push_back(d);
  } else if constexpr (std::is_integral_v<Axes>) {
    list.push_back(static_cast<int64_t>(axes));
  } else {
    std::apply([&](auto... a) { (list.push_back(static_cast<int64_t>(a)), ...); }, axes);
  }
  std::vector<int64_t> total(static_cast<size_t>(x.ndim()), 0);
  for (int64_t a : list) {
    // x.shape[ax] as Python indexes a tuple (an IndexError out of range), then roll's axis check.
    if (a < -x.ndim() || a >= x.ndim()) throw IndexError("tuple index out of range");
    const int64_t d = a < 0 ? a + x.ndim() : a;
    const int64_t half = x.shape()[static_cast<size_t>(d)] / 2;
    total[static_cast<size_t>(d)] += inverse ? -half : half;
  }
  Tensor<T> out = cast<T>(x);
  for (int64_t d = 0; d < x.ndim(); ++d)
    if (total[static_cast<size_t>(d)] != 0) out = roll(out, total[static_cast<size_t>(d)], d);
  return out;
}
}  // namespace detail

template <class T, class Axes>
Tensor<T> fftshift(const Tensor<T>& x, const Axes& axes) {
  return detail::shift_axes(x, axes, false);
}
}  // namespace muna::numpy::fft
