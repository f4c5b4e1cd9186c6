// str.ljust
#pragma once
#include <cstdint>
#include <string>

#include "muna/python/str/center.hpp"

namespace muna::python::str {

inline std::string ljust(const std::string& self, int64_t width, const std::string& fillchar = " ") {
  return detail::pad(self, width, fillchar, [](int64_t) { return int64_t{0}; });
}

}  // namespace muna::python::str
