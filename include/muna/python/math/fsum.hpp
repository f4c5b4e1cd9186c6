// math.fsum(iterable): the exactly rounded sum (CPython's msum: Shewchuk's non-overlapping
// partials, then a half-even correction across partials), the same operations as CPython's, so
// the same result. ValueError("-inf + inf in fsum"), OverflowError("intermediate overflow in
// fsum") where a partial sum of finite values overflows.
#pragma once
#include <cmath>
#include <tuple>
#include <vector>

#include "muna/core/error.hpp"
#include "muna/python/list.hpp"
#include "muna/python/detail/fp_exact.hpp"

MUNA_FP_EXACT_BEGIN
namespace muna::python::math {
namespace detail {

class ExactSum {
 public:
  void add(double x) {
    const double xsave = x;
    size_t i = 0;
    for (size_t j = 0; j < partials_.size(); ++j) {
      double y = partials_[j];
      if (std::fabs(x) < std::fabs(y)) std::swap(x, y);
      // volatile keeps each rounding step (CPython declares them volatile too).
      volatile double hi = x + y;
      volatile double yr = hi - x;
      volatile double lo = y - yr;
      if (lo != 0.0) partials_[i++] = lo;
      x = hi;
    }
    partials_.resize(i);
    if (x != 0.0) {
      if (!std::isfinite(x)) {
        // From a NaN or an infinity among the summands, or else an intermediate overflow.
        if (std::isfinite(xsave)) throw OverflowError("intermediate overflow in fsum");
        if (std::isinf(xsave)) inf_sum_ += xsave;
        special_sum_ += xsave;
        partials_.clear();
      } else {
        partials_.push_back(x);
      }
    }
  }

  double result() {
    if (special_sum_ != 0.0) {
      if (std::isnan(inf_sum_)) throw ValueError("-inf + inf in fsum");
      return special_sum_;
    }
    volatile double hi = 0.0, lo = 0.0, yr;
    size_t n = partials_.size();
    if (n > 0) {
      hi = partials_[--n];
      // Sum from the top while the sum is exact.
      while (n > 0) {
        const double x = hi;
        const double y = partials_[--n];
        hi = x + y;
        yr = hi - x;
        lo = y - yr;
        if (lo != 0.0) break;
      }
      // Half-even rounding across partials: the rest may push a tie one way.
      if (n > 0 && ((lo < 0.0 && partials_[n - 1] < 0.0) || (lo > 0.0 && partials_[n - 1] > 0.0))) {
        const double y = lo * 2.0;
        const double x = hi + y;
        yr = x - hi;
        if (y == yr) hi = x;
      }
    }
    return hi;
  }

 private:
  std::vector<double> partials_;
  double special_sum_ = 0.0, inf_sum_ = 0.0;
};

}  // namespace detail

template <class T>
double fsum(const List<T>& items) {
  detail::ExactSum sum;
  for (const T& x : items) sum.add(static_cast<double>(x));
  return sum.result();
}

template <class... T>
double fsum(const std::tuple<T...>& items) {
  detail::ExactSum sum;
  std::apply([&](const auto&... x) { (sum.add(static_cast<double>(x)), ...); }, items);
  return sum.result();
}

}  // namespace muna::python::math
MUNA_FP_EXACT_END
