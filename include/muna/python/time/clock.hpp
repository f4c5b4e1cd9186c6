// Python's time.time(), time.time_ns(), time.perf_counter() and time.monotonic(): the clocks
// CPython reads (the system clock; a steady clock for the other two, whose zero is
// unspecified, only differences meaning anything), as float seconds or int nanoseconds.
#pragma once
#include <chrono>
#include <cstdint>

namespace muna::python::time {
inline int64_t time_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::system_clock::now().time_since_epoch()).count();
}
inline double time() { return static_cast<double>(time_ns()) * 1e-9; }
inline int64_t perf_counter_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch()).count();
}
inline double perf_counter() { return static_cast<double>(perf_counter_ns()) * 1e-9; }
inline double monotonic() { return perf_counter(); }
inline int64_t monotonic_ns() { return perf_counter_ns(); }
}  // namespace muna::python::time
