// str.rpartition: splits at the last occurrence; when absent the string goes last.
#pragma once
#include <string>
#include <tuple>

#include "muna/python/str/partition.hpp"

namespace muna::python::str {

inline std::tuple<std::string, std::string, std::string> rpartition(const std::string& self,
                                                                     const std::string& sep) {
  detail::check_partition_separator(sep);
  size_t pos = self.rfind(sep);
  if (pos == std::string::npos) return {std::string(), std::string(), self};
  return {self.substr(0, pos), sep, self.substr(pos + sep.size())};
}

}  // namespace muna::python::str
