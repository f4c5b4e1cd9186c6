// str.index: as find but raises ValueError when absent.
#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include "muna/core/error.hpp"
#include "muna/python/str/find.hpp"

namespace muna::python::str {

inline int64_t index(const std::string& self, const std::string& sub,
                  std::optional<int64_t> start = std::nullopt,
                  std::optional<int64_t> end = std::nullopt) {
  int64_t at = detail::find_in(self, sub, start, end, false);
  if (at < 0) throw ValueError("substring not found");
  return at;
}

}  // namespace muna::python::str
