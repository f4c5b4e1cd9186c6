// b.endswith(suffix or tuple of suffixes[, start[, end]]).
#pragma once
#include <cstdint>
#include <optional>
#include <tuple>

#include <muna/python/bytes/startswith.hpp>

namespace muna::python::bytes {

inline bool endswith(ByteView self, ByteView suffix, std::optional<int64_t> start = std::nullopt,
                     std::optional<int64_t> end = std::nullopt) {
  return detail::tail_match(self.view(), suffix.view(), start, end, true);
}
template <class... Suffixes>
bool endswith(ByteView self, const std::tuple<Suffixes...>& suffixes,
              std::optional<int64_t> start = std::nullopt, std::optional<int64_t> end = std::nullopt) {
  return detail::any_tail_match(self.view(), suffixes, start, end, true);
}

}  // namespace muna::python::bytes
