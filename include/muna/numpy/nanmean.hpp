// numpy.nanmean: the sum of the non-NaN elements over their count (NaN where there are none),
// as NumPy's nanmean computes it (NaN -> 0, sum, count, divide).
#pragma once
#include <limits>

#include <muna/numpy/count_nonzero.hpp>
#include <muna/numpy/mean.hpp>
#include <muna/numpy/nansum.hpp>

namespace muna::numpy {
template <class Out, class T>
Out nanmean(const Tensor<T>& a, const Axes& axis = None, bool keepdims = false) {
  using R = detail::element_t<Out>;
  if constexpr (!std::is_floating_point_v<T>) {
    return mean<Out>(a, axis, keepdims);
  } else {
    Tensor<R> total;
    Tensor<int64_t> count;
    if (detail::fused_nansum(a, axis, keepdims, total)) {
      // Contiguous rows: the non-NaN count of each row directly, without the mask array.
      count = Tensor<int64_t>(total.shape());
      const int64_t rows = total.size(), row = a.size() / rows;
      for (int64_t r = 0; r < rows; ++r) count.data()[r] = row - kernels::count_nan(a.data() + r * row, row);
    } else {
      total = sum<Tensor<R>>(detail::nan_to_zero(a), axis, keepdims);
      Tensor<bool> valid(a.shape());
      bool* v = valid.data();
      const Tensor<T> x = contiguous(a);
      for (int64_t i = 0, n = x.size(); i < n; ++i) v[i] = !std::isnan(x.data()[i]);
      count = count_nonzero<Tensor<int64_t>>(valid, axis, keepdims);
    }
    R* p = total.data();
    for (int64_t i = 0, n = total.size(); i < n; ++i) {
      const int64_t c = count.data()[i];
      p[i] = c ? static_cast<R>(static_cast<double>(p[i]) / static_cast<double>(c))
               : std::numeric_limits<R>::quiet_NaN();
    }
    return detail::finish<Out>(total);
  }
}
}  // namespace muna::numpy
