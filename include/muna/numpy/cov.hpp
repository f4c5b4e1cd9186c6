// numpy.cov in float64 (the compiler converts the inputs), NumPy 1.24's steps: variables are
// rows (columns with rowvar=False, unless there is one row) of m, then of y; each row is
// centred on its mean, c = X @ X.T multiplied by 1 / (observations - ddof) (ddof 1, or 0 with
// bias; 0 when that is not positive, as NumPy, giving inf/NaN), then squeezed (a single
// variable gives a 0-d array).
#pragma once
#include <optional>

#include <muna/numpy/concatenate.hpp>
#include <muna/numpy/mean.hpp>

namespace muna::numpy {
namespace detail {
inline Tensor<double> variables(const Tensor<double>& x, bool rowvar, const char* name) {
  if (x.ndim() > 2) throw ValueError(std::string(name) + " has more than 2 dimensions");
  const Tensor<double> m = at_least(x, 2);
  if (rowvar || m.shape()[0] == 1) return m;
  return m.with_layout(Shape{m.shape()[1], m.shape()[0]}, Shape{m.strides()[1], m.strides()[0]});
}

inline Tensor<double> covariance(Tensor<double> x, bool bias, std::optional<int64_t> ddof) {
  x = contiguous(x);
  const int64_t vars = x.shape()[0], obs = x.shape()[1];
  const Tensor<double> centre = mean<Tensor<double>>(x, int64_t{1}, false);
  Tensor<double> dev(x.shape());
  for (int64_t i = 0; i < vars; ++i)
    for (int64_t k = 0; k < obs; ++k) dev.data()[i * obs + k] = x.data()[i * obs + k] - centre.data()[i];
  double fact = static_cast<double>(obs - ddof.value_or(bias ? 0 : 1));
  if (fact <= 0) fact = 0.0;
  const double scale = 1.0 / fact;
  Shape shape;  // squeezed
  for (int64_t d : {vars, vars})
    if (d != 1) shape.push_back(d);
  Tensor<double> c(shape);
  for (int64_t i = 0; i < vars; ++i)
    for (int64_t j = 0; j < vars; ++j) {
      double acc = 0;
      for (int64_t k = 0; k < obs; ++k) acc += dev.data()[i * obs + k] * dev.data()[j * obs + k];
      c.data()[i * vars + j] = acc * scale;
    }
  return c;
}
}  // namespace detail

inline Tensor<double> cov(const Tensor<double>& m, NoneType, bool rowvar, bool bias, std::optional<int64_t> ddof) {
  return detail::covariance(detail::variables(m, rowvar, "m"), bias, ddof);
}
inline Tensor<double> cov(const Tensor<double>& m, const Tensor<double>& y, bool rowvar, bool bias,
                          std::optional<int64_t> ddof) {
  return detail::covariance(detail::join(std::vector<Tensor<double>>{detail::variables(m, rowvar, "m"), detail::variables(y, rowvar, "y")}, 0),
                            bias, ddof);
}
}  // namespace muna::numpy
