// str.removesuffix
#pragma once
#include <string>

namespace muna::python::str {

inline std::string removesuffix(const std::string& self, const std::string& suffix) {
  if (!suffix.empty() && self.size() >= suffix.size() &&
      self.compare(self.size() - suffix.size(), suffix.size(), suffix) == 0)
    return self.substr(0, self.size() - suffix.size());
  return self;
}

}  // namespace muna::python::str
