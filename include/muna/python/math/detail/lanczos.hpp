// The pieces of CPython's own gamma and lgamma (Modules/mathmodule.c; CPython does not use the
// C library's tgamma/lgamma): sin(pi*x) accurate near the integers, for the reflection formula,
// and the Lanczos sum with N = 13, g = 6.024680040776729583740234375 as a rational function.
// The operations are CPython's, in its order, so results are its results bit for bit.
#pragma once
#include <cmath>
#include "muna/python/detail/fp_exact.hpp"

MUNA_FP_EXACT_BEGIN
namespace muna::python::math::detail {

constexpr double kPi = 3.141592653589793238462643383279502884197;
constexpr double kLogPi = 1.144729885849400174143427351353058711647;
constexpr int kLanczosN = 13;
constexpr double kLanczosG = 6.024680040776729583740234375;
constexpr double kLanczosGMinusHalf = 5.524680040776729583740234375;
constexpr double kLanczosNum[kLanczosN] = {
    23531376880.410759688572007674451636754734846804940,
    42919803642.649098768957899047001988850926355848959,
    35711959237.355668049440185451547166705960488635843,
    17921034426.037209699919755754458931112671403265390,
    6039542586.3520280050642916443072979210699388420708,
    1439720407.3117216736632230727949123939715485786772,
    248874557.86205415651146038641322942321632125127801,
    31426415.585400194380614231628318205362874684987640,
    2876370.6289353724412254090516208496135991145378768,
    186056.26539522349504029498971604569928220784236328,
    8071.6720023658162106380029022722506138218516325024,
    210.82427775157934587250973392071336271166969580291,
    2.5066282746310002701649081771338373386264310793408};
// The denominator x*(x+1)*...*(x+N-2) as a polynomial.
constexpr double kLanczosDen[kLanczosN] = {0.0, 39916800.0, 120543840.0, 150917976.0, 105258076.0,
                                           45995730.0, 13339535.0, 2637558.0, 357423.0, 32670.0,
                                           1925.0, 66.0, 1.0};
// gamma(1) .. gamma(23), exact.
constexpr int kGammaIntegral = 23;
constexpr double kGammaOfIntegers[kGammaIntegral] = {
    1.0, 1.0, 2.0, 6.0, 24.0, 120.0, 720.0, 5040.0, 40320.0, 362880.0, 3628800.0, 39916800.0,
    479001600.0, 6227020800.0, 87178291200.0, 1307674368000.0, 20922789888000.0,
    355687428096000.0, 6402373705728000.0, 121645100408832000.0, 2432902008176640000.0,
    51090942171709440000.0, 1124000727777607680000.0};

// sin(pi * x) for finite x, exact at the integers and half-integers.
inline double sinpi(double x) {
  const double y = std::fmod(std::fabs(x), 2.0);
  const int n = static_cast<int>(std::round(2.0 * y));
  double r;
  switch (n) {
    case 0: r = std::sin(kPi * y); break;
    case 1: r = std::cos(kPi * (y - 0.5)); break;
    case 2: r = std::sin(kPi * (1.0 - y)); break;  // not -sin(pi*(y-1)): that is -0.0 at y == 1
    case 3: r = -std::cos(kPi * (y - 1.5)); break;
    default: r = std::sin(kPi * (y - 2.0)); break;
  }
  return std::copysign(1.0, x) * r;
}

// The Lanczos sum L_g(x) for x > 0; in 1/x beyond 5, where the powers of x would overflow.
inline double lanczos_sum(double x) {
  double num = 0.0, den = 0.0;
  if (x < 5.0) {
    for (int i = kLanczosN; --i >= 0;) {
      num = num * x + kLanczosNum[i];
      den = den * x + kLanczosDen[i];
    }
  } else {
    for (int i = 0; i < kLanczosN; i++) {
      num = num / x + kLanczosNum[i];
      den = den / x + kLanczosDen[i];
    }
  }
  return num / den;
}

}  // namespace muna::python::math::detail
MUNA_FP_EXACT_END
