// str.rfind
#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include "muna/python/str/find.hpp"

namespace muna::python::str {

inline int64_t rfind(const std::string& self, const std::string& sub,
                     std::optional<int64_t> start = std::nullopt,
                     std::optional<int64_t> end = std::nullopt) {
  return detail::find_in(self, sub, start, end, true);
}

}  // namespace muna::python::str
