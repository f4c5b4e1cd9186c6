// muna::parallel_for and the thread-count setting.
#include <catch2/catch.hpp>

#include <atomic>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

#include <muna/core/threading.hpp>

TEST_CASE("parallel_for visits every index exactly once, in at most num_threads() chunks") {
  const int saved = muna::num_threads();
  for (int threads : {1, 2, 4}) {
    muna::set_num_threads(threads);
    for (int64_t n : {0, 1, 2, 5, 100, 1001}) {
      for (int64_t grain : {1, 7, 1000}) {
        INFO("threads=" << threads << " n=" << n << " grain=" << grain);
        std::vector<std::atomic<int>> seen(n);
        std::atomic<int> chunks{0};
        muna::parallel_for(10, 10 + n, grain, [&](int64_t lo, int64_t hi) {
          ++chunks;
          for (int64_t i = lo; i < hi; ++i) ++seen[i - 10];
        });
        for (auto& s : seen) REQUIRE(s.load() == 1);
        REQUIRE(chunks.load() <= threads);
        if (n > 0) REQUIRE(chunks.load() >= 1);
        // Fewer than two grains of work stay on the calling thread.
        if (n < 2 * grain && n > 0) REQUIRE(chunks.load() == 1);
      }
    }
  }
  muna::set_num_threads(saved);
}

TEST_CASE("parallel_for runs on more than one thread when allowed") {
#if defined(_OPENMP)
  const int saved = muna::num_threads();
  muna::set_num_threads(2);
  std::mutex m;
  std::set<std::thread::id> ids;
  muna::parallel_for(0, 2, 1, [&](int64_t, int64_t) {
    std::lock_guard<std::mutex> lock(m);
    ids.insert(std::this_thread::get_id());
  });
  REQUIRE(ids.size() == 2);
  muna::set_num_threads(saved);
#else
  SUCCEED("built without OpenMP: parallel_for runs serially by design");
#endif
}

TEST_CASE("set_num_threads rejects non-positive counts and apply_to_openmp syncs OpenMP") {
  const int saved = muna::num_threads();
  REQUIRE_THROWS_AS(muna::set_num_threads(0), muna::ValueError);
  REQUIRE_THROWS_AS(muna::set_num_threads(-3), muna::ValueError);
  REQUIRE(muna::num_threads() == saved);
  muna::set_num_threads(3);
  muna::apply_to_openmp();
#if defined(_OPENMP)
  REQUIRE(omp_get_max_threads() == 3);
#endif
  // Another thread sees the new count too (OpenMP's own setting would not follow it there).
  int seen = 0;
  std::thread([&] { seen = muna::num_threads(); }).join();
  REQUIRE(seen == 3);
  muna::set_num_threads(saved);
}
