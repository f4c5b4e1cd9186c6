// str.rstrip
#pragma once
#include <optional>
#include <string>

#include "muna/python/str/strip.hpp"

namespace muna::python::str {

inline std::string rstrip(const std::string& self,
                          const std::optional<std::string>& chars = std::nullopt) {
  return detail::strip_sides(self, chars, false, true);
}

}  // namespace muna::python::str
