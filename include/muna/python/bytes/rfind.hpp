// b.rfind(sub[, start[, end]]): the highest index of sub (bytes or an int) in b[start:end], or -1.
#pragma once
#include <cstdint>
#include <optional>

#include <muna/python/bytes/detail/common.hpp>

namespace muna::python::bytes {

inline int64_t rfind(ByteView self, ByteView sub, std::optional<int64_t> start = std::nullopt,
                     std::optional<int64_t> end = std::nullopt) {
  return detail::find_in(self.view(), sub.view(), start, end, true);
}
inline int64_t rfind(ByteView self, int64_t sub, std::optional<int64_t> start = std::nullopt,
                     std::optional<int64_t> end = std::nullopt) {
  return detail::find_in(self.view(), detail::byte_needle(sub), start, end, true);
}

}  // namespace muna::python::bytes
