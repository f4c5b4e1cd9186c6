// numpy.nanmean: the sum of the non-NaN elements over their count (NaN where there are none),
// as NumPy's nanmean computes it (NaN -> 0, sum, count, divide).
#pragma once
#include <cmath>
#include <limits>

#include <muna/numpy/count_nonzero.hpp>
#include <muna/numpy/mean.hpp>
#include <muna/numpy/nansum.hpp>

namespace muna::numpy {
namespace detail {
// How many non-NaN values each reduction result covers. `contiguous_rows`: a is contiguous and
// its reduced axes are its trailing ones (fused_nansum took it), so each result is one row,
// counted directly without a mask array.
template <class T>
Tensor<int64_t> non_nan_count(const Tensor<T>& a, const Axes& axis, bool keepdims, bool contiguous_rows) {
  if (contiguous_rows) {
    Tensor<int64_t> count(reduced_shape(a.shape(), axis.mask(a.ndim()), keepdims));
    const int64_t rows = count.size(), row = rows ? a.size() / rows : 0;
    for (int64_t r = 0; r < rows; ++r) count.data()[r] = row - kernels::count_nan(a.data() + r * row, row);
    return count;
  }
  const Tensor<T> x = contiguous(a);
  Tensor<bool> valid(x.shape());
  for (int64_t i = 0, n = x.size(); i < n; ++i) valid.data()[i] = !std::isnan(x.data()[i]);
  return count_nonzero<Tensor<int64_t>>(valid, axis, keepdims);
}

// NumPy's _divide_by_count: true_divide by the int64 count less ddof (a float64 loop), cast back
// to R; NaN where that is <= 0.
template <class R>
void divide_by_count(Tensor<R>& total, const Tensor<int64_t>& count, int64_t ddof) {
  R* p = total.data();
  for (int64_t i = 0, n = total.size(); i < n; ++i) {
    const int64_t c = count.data()[i] - ddof;
    p[i] = c > 0 ? static_cast<R>(static_cast<double>(p[i]) / static_cast<double>(c))
                 : std::numeric_limits<R>::quiet_NaN();
  }
}
}  // namespace detail

template <class Out, class T>
Out nanmean(const Tensor<T>& a, const Axes& axis = None, bool keepdims = false) {
  using R = detail::element_t<Out>;
  if constexpr (!std::is_floating_point_v<T>) {
    return mean<Out>(a, axis, keepdims);
  } else {
    Tensor<R> total;
    const bool rows = detail::fused_nansum(a, axis, keepdims, total);
    if (!rows) total = sum<Tensor<R>>(detail::nan_to_zero(a), axis, keepdims);
    detail::divide_by_count(total, detail::non_nan_count(a, axis, keepdims, rows), 0);
    return detail::finish<Out>(total);
  }
}
}  // namespace muna::numpy
