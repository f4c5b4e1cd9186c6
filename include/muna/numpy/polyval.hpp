// numpy.polyval: Horner's rule y = y * x + p[i] from y = 0, each product and sum rounded in the
// result dtype R (NumPy's array arithmetic).
#pragma once
#include <muna/core/tensor.hpp>
#include <muna/numpy/detail/no_contract.hpp>

namespace muna::numpy {
MUNA_NO_FP_CONTRACT_BEGIN
template <class R, class P, class X>
Tensor<R> polyval(const Tensor<P>& p, const Tensor<X>& x) {
  const Tensor<P> coefficients = contiguous(p);
  if (coefficients.ndim() > 1) throw ValueError("object too deep for desired array");
  const Tensor<X> xs = contiguous(x);
  Tensor<R> y = Tensor<R>::full(x.shape(), R{});
  for (int64_t k = 0; k < coefficients.size(); ++k) {
    const R c = convert_element<R>(coefficients.data()[k]);
    for (int64_t i = 0; i < y.size(); ++i) {
      const R t = y.data()[i] * convert_element<R>(xs.data()[i]);
      y.data()[i] = t + c;
    }
  }
  return y;
}
template <class R, class P, class X, class = std::enable_if_t<std::is_arithmetic_v<X>>>
R polyval(const Tensor<P>& p, X x) {
  return polyval<R>(p, Tensor<X>::scalar(x)).data()[0];
}
MUNA_NO_FP_CONTRACT_END
}  // namespace muna::numpy
