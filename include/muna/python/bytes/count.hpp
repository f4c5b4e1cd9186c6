// b.count(sub[, start[, end]]): non-overlapping occurrences of sub (bytes or an int).
#pragma once
#include <cstdint>
#include <optional>

#include <muna/python/bytes/detail/common.hpp>

namespace muna::python::bytes {

inline int64_t count(ByteView self, ByteView sub, std::optional<int64_t> start = std::nullopt,
                     std::optional<int64_t> end = std::nullopt) {
  return detail::count_in(self.view(), sub.view(), start, end);
}
inline int64_t count(ByteView self, int64_t sub, std::optional<int64_t> start = std::nullopt,
                     std::optional<int64_t> end = std::nullopt) {
  return detail::count_in(self.view(), detail::byte_needle(sub), start, end);
}

}  // namespace muna::python::bytes
