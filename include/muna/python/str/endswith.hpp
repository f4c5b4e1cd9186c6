// str.endswith(suffix or tuple of suffixes, start=None, end=None)
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <tuple>

#include "muna/python/str/startswith.hpp"

namespace muna::python::str {

inline bool endswith(const std::string& self, const std::string& suffix,
                     std::optional<int64_t> start = std::nullopt,
                     std::optional<int64_t> end = std::nullopt) {
  return detail::tail_match(self, suffix, start, end, true);
}

template <class... Suffixes>
bool endswith(const std::string& self, const std::tuple<Suffixes...>& suffixes,
              std::optional<int64_t> start = std::nullopt,
              std::optional<int64_t> end = std::nullopt) {
  return detail::any_tail_match(self, suffixes, start, end, true);
}

}  // namespace muna::python::str
