// Times muna's numpy.fft ops as compiled code calls them (a new result array per call), one
// thread: fft_bench.py builds this with a target's flags and compares with NumPy 1.24.
// Usage: fft_bench OP N...   (OP: fft, rfft, irfft, ifft; prints "N microseconds" per line,
// the fastest of repeated batches)
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>

#include <muna/numpy/fft/fft.hpp>
#include <muna/numpy/fft/ifft.hpp>
#include <muna/numpy/fft/irfft.hpp>
#include <muna/numpy/fft/rfft.hpp>

template <class F>
double fastest_us(F&& call) {
  using clock = std::chrono::steady_clock;
  double best = 1e30;
  for (int batch = 0; batch < 15; ++batch) {
    int reps = 0;
    const auto start = clock::now();
    double elapsed = 0;
    do {
      call();
      ++reps;
      elapsed = std::chrono::duration<double, std::micro>(clock::now() - start).count();
    } while (elapsed < 20000);
    best = std::min(best, elapsed / reps);
  }
  return best;
}

int main(int argc, char** argv) {
  if (argc < 3) return 2;
  const std::string op = argv[1];
  std::mt19937 rng(1);
  std::normal_distribution<double> normal;
  for (int a = 2; a < argc; ++a) {
    const int64_t n = std::atoll(argv[a]);
    muna::Tensor<double> x(muna::Shape{n});
    for (int64_t i = 0; i < n; ++i) x.data()[i] = normal(rng);
    const muna::Tensor<std::complex<double>> z = muna::numpy::fft::fft(x, muna::None, -1, muna::None);
    const muna::Tensor<std::complex<double>> half = muna::numpy::fft::rfft(x, muna::None, -1, muna::None);
    double us = 0;
    if (op == "fft") us = fastest_us([&] { (void)muna::numpy::fft::fft(z, muna::None, -1, muna::None); });
    else if (op == "ifft") us = fastest_us([&] { (void)muna::numpy::fft::ifft(z, muna::None, -1, muna::None); });
    else if (op == "rfft") us = fastest_us([&] { (void)muna::numpy::fft::rfft(x, muna::None, -1, muna::None); });
    else if (op == "irfft") us = fastest_us([&] { (void)muna::numpy::fft::irfft(half, n, -1, muna::None); });
    else return 2;
    std::printf("%lld %.3f\n", static_cast<long long>(n), us);
  }
  return 0;
}
