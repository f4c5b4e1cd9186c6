// Each torch kernel's SIMD form against its scalar reference, on lengths around the vector
// width and on special values; prints one line per kernel with the worst relative difference
// and exits non-zero past the stated bound.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <random>
#include <vector>

#include <muna/kernels/activation.hpp>
#include <muna/kernels/elementwise.hpp>
#include <muna/kernels/norm.hpp>
#include <muna/kernels/softmax.hpp>

namespace {

double rel(double a, double b) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) == std::isnan(b) ? 0 : INFINITY;
  if (a == b) return 0;
  return std::fabs(a - b) / std::max(std::fabs(b), 1e-30);
}

std::vector<float> data(int n, int seed) {
  std::mt19937 rng(seed);
  std::normal_distribution<float> dist(0.0f, 3.0f);
  std::vector<float> x(n);
  for (float& v : x) v = dist(rng);
  return x;
}

int failures = 0;
void report(const char* name, double worst, double bound) {
  std::printf("%-10s worst relative difference %.3g (bound %.1g)\n", name, worst, bound);
  if (!(worst <= bound)) ++failures;
}

template <class Op>
void activation(const char* name, double bound) {
  double worst = 0;
  for (int n = 1; n <= 70; ++n) {
    std::vector<float> x = data(n, n), simd(n);
    if (n > 3) x[1] = NAN, x[2] = INFINITY, x[3] = -INFINITY;
    muna::kernels::map_unary<Op>(n, x.data(), 1, simd.data());
    for (int i = 0; i < n; ++i) {
      // Relative to max(|x|, 1): gelu/silu are x times a factor whose 1 + tanh(...) cancels in
      // the negative tail, where both forms are accurate to |x| * eps, not to |result| * eps.
      const float ref = Op::scalar(x[i]);
      const double d = std::isnan(ref) || std::isinf(ref) ? rel(simd[i], ref)
                                                         : std::fabs(simd[i] - ref) / std::max(std::fabs(x[i]), 1.0f);
      worst = std::max(worst, d);
    }
  }
  report(name, worst, bound);
}

}  // namespace

int main() {
  activation<muna::kernels::Tanh>("tanh", 4e-7);
  activation<muna::kernels::Sigmoid>("sigmoid", 4e-7);
  activation<muna::kernels::Silu>("silu", 4e-7);
  activation<muna::kernels::Relu>("relu", 0);
  activation<muna::kernels::GeluTanh>("gelu_tanh", 1e-6);
  double worst_softmax = 0, worst_log = 0, worst_moments = 0;
  for (int n = 1; n <= 70; ++n) {
    std::vector<float> x = data(n, 100 + n), a(n), b(n);
    for (int log = 0; log < 2; ++log) {
      muna::kernels::softmax_row(x.data(), n, a.data(), log);
      muna::kernels::softmax_row_scalar(x.data(), n, b.data(), log);
      // Log-softmax values near 0 (the dominant entry) are compared on the scale of 1.
      for (int i = 0; i < n; ++i) {
        double& worst = log ? worst_log : worst_softmax;
        worst = std::max(worst, log ? std::fabs(a[i] - b[i]) / std::max(std::fabs(b[i]), 1.0f) : rel(a[i], b[i]));
      }
    }
    float m1, r1, m2, r2;
    muna::kernels::moments(x.data(), n, 1e-5, m1, r1);
    muna::kernels::moments_scalar(x.data(), n, 1e-5, m2, r2);
    worst_moments = std::max({worst_moments, static_cast<double>(std::fabs(m1 - m2)) / 3.0, rel(r1, r2)});
  }
  report("softmax", worst_softmax, 2e-6);
  report("logsoftmax", worst_log, 2e-6);
  report("moments", worst_moments, 1e-6);
  return failures;
}
