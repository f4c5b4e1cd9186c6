// `sub in self`
#pragma once
#include <string>

namespace muna::python::str {

inline bool contains(const std::string& self, const std::string& sub) {
  return self.find(sub) != std::string::npos;
}

}  // namespace muna::python::str
