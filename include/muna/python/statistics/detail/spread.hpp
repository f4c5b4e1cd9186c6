// The four measures of spread (CPython's variance, pvariance, stdev, pstdev): the exact sum of
// squared deviations divided by n - 1 (a sample) or n (a population), rounded once, or its
// correctly rounded square root (CPython's _float_sqrt_of_frac).
#pragma once
#include <string>

#include "muna/core/error.hpp"
#include "muna/python/list.hpp"
#include "muna/python/statistics/detail/moments.hpp"

namespace muna::python::statistics::detail {

struct Spread {
  const char* name;  // for CPython's message: "variance requires at least two data points"
  bool sample;       // divide by n - 1 (and need two points), else by n
  bool root;         // the standard deviation

  void check(int64_t count) const {
    if (count < (sample ? 2 : 1))
      throw StatisticsError(std::string(name) + " requires at least " + (sample ? "two data points" : "one data point"));
  }
  int64_t divisor(int64_t count) const { return sample ? count - 1 : count; }

  // `deviations` / (`over` * divisor) * 2**exponent: the variance, or its square root.
  double finish(const Moments& m, const BigUInt& deviations, const BigUInt& over, int64_t exponent) const {
    if (m.special) {
      // With a NaN or an infinity CPython's variance is a float; stdev then takes .numerator.
      if (root) float_has_no_numerator();
      return m.special_total / static_cast<double>(divisor(m.count));
    }
    const BigUInt den = over * big(divisor(m.count));
    return root ? sqrt_ratio_to_double(deviations, den, exponent) : ratio_to_double(deviations, den, exponent, false);
  }
};

// The deviations from the data's own exact mean: count * sum(X**2) - sum(X)**2, over count.
template <class T>
double spread(const Spread& s, const List<T>& data) {
  const Moments m = moments(data, true);
  s.check(m.count);
  return s.finish(m, scaled_square_deviations(m), big(m.count), 2 * m.exponent);
}

// The deviations from a given centre c (xbar=, mu=), squared in the data's arithmetic first.
template <class T, class C>
double spread(const Spread& s, const List<T>& data, C c) {
  const Moments m = centred_moments(data, c);
  s.check(m.count);
  return s.finish(m, m.sum.magnitude, big(1), m.exponent);
}

}  // namespace muna::python::statistics::detail
