// str.removeprefix
#pragma once
#include <string>

namespace muna::python::str {

inline std::string removeprefix(const std::string& self, const std::string& prefix) {
  if (self.compare(0, prefix.size(), prefix) == 0) return self.substr(prefix.size());
  return self;
}

}  // namespace muna::python::str
