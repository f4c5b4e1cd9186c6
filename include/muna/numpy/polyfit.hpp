// numpy.polyfit (no w/full/cov): the least-squares polynomial of degree deg, float64, as NumPy
// 1.24 computes it: the Vandermonde matrix (float64 for every x) and its column scales, the
// scaled problem solved by SVD with NumPy's rcond (len(x) * eps of x's dtype T), and the
// coefficients unscaled. One column of y gives a 1-d result, several a 2-d one.
#pragma once
#include <cmath>
#include <limits>

#include <Eigen/SVD>

#include <muna/core/none.hpp>
#include <muna/numpy/detail/no_contract.hpp>
#include <muna/numpy/linalg/detail/matrices.hpp>

namespace muna::numpy {
MUNA_NO_FP_CONTRACT_BEGIN
template <class T, class R>
Tensor<double> polyfit(const Tensor<T>& x, const Tensor<double>& y, int64_t deg, const R& rcond_arg) {
  if (deg < 0) throw ValueError("expected deg >= 0");
  if (x.ndim() != 1) throw TypeError("expected 1D vector for x");
  if (x.size() == 0) throw TypeError("expected non-empty vector for x");
  if (y.ndim() < 1 || y.ndim() > 2) throw TypeError("expected 1D or 2D array for y");
  if (x.shape()[0] != y.shape()[0]) throw TypeError("expected x and y to have same length");
  const int64_t n = x.shape()[0], order = deg + 1, k = y.ndim() == 2 ? y.shape()[1] : 1;
  double rcond;
  if constexpr (std::is_same_v<R, NoneType>) rcond = static_cast<double>(n) * static_cast<double>(std::numeric_limits<T>::epsilon());
  else rcond = static_cast<double>(rcond_arg);
  const Tensor<double> xs = cast<double>(x), ys = contiguous(y);
  // vander(x, order): column j holds x ** (order - 1 - j), by repeated multiplication.
  std::vector<double> lhs(static_cast<size_t>(n * order));
  for (int64_t i = 0; i < n; ++i) {
    double power = 1.0;
    for (int64_t j = order - 1; j >= 0; --j) {
      lhs[static_cast<size_t>(i * order + j)] = power;
      if (j > 0) power = (j == order - 1) ? xs.data()[i] : power * xs.data()[i];
    }
  }
  // scale = sqrt((lhs * lhs).sum(axis=0)): in order down each column, as NumPy's axis-0 sum.
  std::vector<double> scale(static_cast<size_t>(order), 0.0);
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = 0; j < order; ++j) {
      const double v = lhs[static_cast<size_t>(i * order + j)];
      const double square = v * v;
      scale[static_cast<size_t>(j)] = scale[static_cast<size_t>(j)] + square;
    }
  for (double& s : scale) s = std::sqrt(s);
  linalg::detail::Matrix a(n, order), b(n, k);
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = 0; j < order; ++j)
      a(i, j) = lhs[static_cast<size_t>(i * order + j)] / scale[static_cast<size_t>(j)];
  for (int64_t i = 0; i < n; ++i)
    for (int64_t c = 0; c < k; ++c) b(i, c) = ys.data()[i * k + c];
  if (!a.allFinite() || !b.allFinite())  // LAPACK's gelsd does not converge there
    throw LinAlgError("SVD did not converge in Linear Least Squares");
  Eigen::JacobiSVD<linalg::detail::Matrix> svd(a, Eigen::ComputeThinU | Eigen::ComputeThinV);
  svd.setThreshold(rcond);
  const linalg::detail::Matrix solution = svd.solve(b);
  Tensor<double> out(y.ndim() == 2 ? Shape{order, k} : Shape{order});
  for (int64_t j = 0; j < order; ++j)
    for (int64_t c = 0; c < k; ++c)
      out.data()[j * k + c] = solution(j, c) / scale[static_cast<size_t>(j)];
  return out;
}
MUNA_NO_FP_CONTRACT_END
}  // namespace muna::numpy
