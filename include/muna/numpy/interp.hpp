// numpy.interp for real data, NumPy 1.24's compiled_interp in float64: x below xp[0] gives left
// (fp[0] by default), above xp[-1] right (fp[-1]); at or beyond the last point fp[-1]; at a
// sample point exactly its fp; otherwise slope * (x - xp[j]) + fp[j], retried from the right
// end of the interval when that is NaN. NaN x gives NaN.
#pragma once
#include <algorithm>
#include <cmath>

#include <optional>

#include <muna/core/none.hpp>
#include <muna/numpy/detail/rounded.hpp>
#include <muna/numpy/detail/ufunc.hpp>

namespace muna::numpy {
// left / right: a double, or None (it converts to an empty optional) for fp's first / last value.
template <class X>
auto interp(const X& x, const Tensor<double>& xp, const Tensor<double>& fp, std::optional<double> left,
            std::optional<double> right) {
  if (xp.ndim() != 1 || fp.ndim() != 1) throw ValueError("object too deep for desired array");
  const Tensor<double> dx = contiguous(xp), dy = contiguous(fp);
  const int64_t n = dx.size();
  if (n == 0) throw ValueError("array of sample points is empty");
  if (dy.size() != n) throw ValueError("fp and xp are not of the same length.");
  const double* px = dx.data();
  const double* py = dy.data();
  const double lval = left.value_or(py[0]), rval = right.value_or(py[n - 1]);
  const Tensor<double> values = contiguous(detail::as_tensor<double>(x));
  Tensor<double> out(values.shape());
  for (int64_t i = 0, m = values.size(); i < m; ++i) {
    const double v = values.data()[i];
    double& r = out.data()[i];
    if (n == 1) {  // NumPy's own branch for one sample point: NaN x falls through to fp[0]
      r = v < px[0] ? lval : v > px[0] ? rval : py[0];
      continue;
    }
    if (std::isnan(v)) { r = v; continue; }
    if (v < px[0]) { r = lval; continue; }
    if (v > px[n - 1]) { r = rval; continue; }
    const int64_t j = std::upper_bound(px, px + n, v) - px - 1;  // px[j] <= v < px[j + 1]
    if (j >= n - 1) { r = py[n - 1]; continue; }
    if (v == px[j]) { r = py[j]; continue; }
    const double slope = (py[j + 1] - py[j]) / (px[j + 1] - px[j]);
    r = detail::rounded(slope * (v - px[j])) + py[j];
    if (std::isnan(r)) {
      r = detail::rounded(slope * (v - px[j + 1])) + py[j + 1];
      if (std::isnan(r) && py[j] == py[j + 1]) r = py[j];
    }
  }
  return out;
}
}  // namespace muna::numpy
