// numpy.nanvar with ddof, NumPy 1.24's _nanvar step for step for floats: NaN -> 0, the mean as
// sum / count of non-NaN (keepdims), deviations with NaN positions zeroed, squares, sum,
// divided by count - ddof (NaN where that is <= 0); fused where rows are contiguous.
// Integers have no NaN: numpy.var.
#pragma once
#include <cmath>

#include <muna/numpy/nanmean.hpp>
#include <muna/numpy/var.hpp>

namespace muna::numpy {
namespace detail {
template <class R, class T>
Tensor<R> nanvar_tensor(const Tensor<T>& a, const Axes& axis, int64_t ddof, bool keepdims) {
  if constexpr (!std::is_floating_point_v<T>) {
    return var_tensor<R>(a, axis, ddof, keepdims);
  } else {
    // Contiguous rows: the same steps in two passes and no temporaries (the mean of the
    // non-NaN values, then their squared deviations summed as read, in NumPy's pairwise order).
    if (Tensor<R> centre; fused_nansum(a, axis, true, centre)) {
      const Tensor<int64_t> count = non_nan_count(a, axis, true, true);
      divide_by_count(centre, count, 0);
      Tensor<R> total;
      const auto deviation = [&](int64_t r) { return kernels::NanSquaredDeviation<R>{centre.data()[r]}; };
      fused_row_sums(a, axis, keepdims, total, deviation);  // the same rows, so it fuses too
      divide_by_count(total, count, ddof);
      return total;
    }
    const Tensor<T> x = contiguous(a);
    const Tensor<int64_t> count = non_nan_count(x, axis, true, false);
    Tensor<R> arr = cast<R>(nan_to_zero(x));
    Tensor<R> centre = sum<Tensor<R>>(arr, axis, true);
    divide_by_count(centre, count, 0);
    Tensor<R> deviation = apply_binary<kernels::Subtract>(arr, centre);
    R* d = deviation.data();
    for (int64_t i = 0, n = deviation.size(); i < n; ++i) d[i] = std::isnan(x.data()[i]) ? R(0) : d[i] * d[i];
    Tensor<R> total = sum<Tensor<R>>(deviation, axis, keepdims);
    divide_by_count(total, count, ddof);
    return total;
  }
}
}  // namespace detail

template <class Out, class T>
Out nanvar(const Tensor<T>& a, const Axes& axis = None, int64_t ddof = 0, bool keepdims = false) {
  return detail::finish<Out>(detail::nanvar_tensor<detail::element_t<Out>>(a, axis, ddof, keepdims));
}
}  // namespace muna::numpy
