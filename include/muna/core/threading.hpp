// The one threading interface of muna's runtime: how many threads the kernels may use, and a
// parallel_for they all split work through. OpenMP sits underneath when the build has it
// (-fopenmp); it stays hidden here so that targets without it (wasm, some cross builds) run the
// same code serially and another runtime can replace it in this file alone.
//
// The count comes from MUNA_NUM_THREADS, else the hardware concurrency, and set_num_threads()
// (which the C ABI exposes) changes it for every later call from any thread. Eigen and oneDNN
// both size their parallel regions from OpenMP's per-thread nthreads value, so the GEMM calls
// apply_to_openmp() on the calling thread before each call and both backends obey this count.
#pragma once
#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <thread>

#include "muna/core/error.hpp"

#if defined(_OPENMP)
#include <omp.h>
#endif

namespace muna {

namespace detail {

inline int default_num_threads() {
  if (const char* env = std::getenv("MUNA_NUM_THREADS")) {
    char* end = nullptr;
    const long n = std::strtol(env, &end, 10);
    if (end != env && *end == '\0' && n > 0) return static_cast<int>(n);
  }
  const unsigned hw = std::thread::hardware_concurrency();
  return hw == 0 ? 1 : static_cast<int>(hw);
}

// A function-local static so each shared library that includes this header reads the
// environment once, at first use, and no static-initialization order matters.
inline std::atomic<int>& thread_count() {
  static std::atomic<int> count{default_num_threads()};
  return count;
}

}  // namespace detail

inline int num_threads() { return detail::thread_count().load(std::memory_order_relaxed); }

inline void set_num_threads(int n) {
  if (n < 1) throw ValueError("set_num_threads: expected a positive thread count, got " + std::to_string(n));
  detail::thread_count().store(n, std::memory_order_relaxed);
}

// OpenMP's thread count is a per-thread setting: a caller thread that never called
// omp_set_num_threads would use OMP_NUM_THREADS or all cores. Syncing it just before a library
// call is one comparison when nothing changed.
inline void apply_to_openmp() {
#if defined(_OPENMP)
  const int n = num_threads();
  if (omp_get_max_threads() != n) omp_set_num_threads(n);
#endif
}

// Runs fn(lo, hi) over [begin, end) split into at most num_threads() contiguous chunks of at
// least `grain` items (so a range smaller than two grains runs inline on the calling thread and
// small problems pay no thread wake-up). fn must not throw: an exception cannot leave an OpenMP
// region, so kernels validate their arguments before splitting work.
template <class Fn>
void parallel_for(int64_t begin, int64_t end, int64_t grain, Fn&& fn) {
  if (end <= begin) return;
  const int64_t total = end - begin;
  grain = std::max<int64_t>(grain, 1);
  const int64_t chunks = std::min<int64_t>(num_threads(), std::max<int64_t>(1, total / grain));
  if (chunks <= 1) {
    fn(begin, end);
    return;
  }
#if defined(_OPENMP)
#pragma omp parallel for num_threads(static_cast<int>(chunks)) schedule(static, 1)
  for (int64_t c = 0; c < chunks; ++c) {
    fn(begin + total * c / chunks, begin + total * (c + 1) / chunks);
  }
#else
  for (int64_t c = 0; c < chunks; ++c) fn(begin + total * c / chunks, begin + total * (c + 1) / chunks);
#endif
}

}  // namespace muna
