// str.rjust
#pragma once
#include <cstdint>
#include <string>

#include "muna/python/str/center.hpp"

namespace muna::python::str {

inline std::string rjust(const std::string& self, int64_t width, const std::string& fillchar = " ") {
  return detail::pad(self, width, fillchar, [](int64_t margin) { return margin; });
}

}  // namespace muna::python::str
