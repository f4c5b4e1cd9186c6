// itertools.islice(iterable, stop) / islice(iterable, start, stop[, step]): CPython's argument
// checks and messages, and its islice_next: items before `start` (and between steps) are read
// and dropped, nothing past `stop` is read, and once done the input is never read again.
#pragma once
#include <cstdint>
#include <optional>

#include <muna/core/error.hpp>
#include <muna/python/iterator.hpp>

namespace muna::python::itertools {
namespace detail {
[[noreturn]] inline void islice_stop_error() {
  throw ValueError("Stop argument for islice() must be None or an integer: 0 <= x <= sys.maxsize.");
}
}  // namespace detail

// `stop_only`: called as islice(it, stop); `has_step`: a step argument was given (None or not).
template <class T, class Iterable>
Iterator<T> islice(const Iterable& items, bool stop_only, std::optional<int64_t> a1, std::optional<int64_t> a2,
                   std::optional<int64_t> a3, bool has_step) {
  int64_t start = 0, stop = -1, step = 1;
  if (stop_only) {
    if (a1) {
      if (*a1 == -1) detail::islice_stop_error();
      stop = *a1;
    }
  } else {
    if (a1) start = *a1;
    if (a2) {
      if (*a2 == -1) detail::islice_stop_error();
      stop = *a2;
    }
  }
  if (start < 0 || stop < -1)
    throw ValueError("Indices for islice() must be None or an integer: 0 <= x <= sys.maxsize.");
  if (has_step && a3) step = *a3;
  if (step < 1) throw ValueError("Step for islice() must be a positive integer or None.");
  return make_iterator<T>([it = std::optional<Iterator<T>>(iter_as<T>(items)), next = start, stop, step,
                           count = int64_t(0)]() mutable -> std::optional<T> {
    if (!it) return std::nullopt;
    while (count < next) {
      if (!it->next()) {
        it.reset();
        return std::nullopt;
      }
      ++count;
    }
    if (stop != -1 && count >= stop) {
      it.reset();
      return std::nullopt;
    }
    auto item = it->next();
    if (!item) {
      it.reset();
      return std::nullopt;
    }
    ++count;
    const int64_t old = next;
    next = static_cast<int64_t>(static_cast<uint64_t>(next) + static_cast<uint64_t>(step));
    if (next < old || (stop != -1 && next > stop)) next = stop;
    return item;
  });
}
}  // namespace muna::python::itertools
