// str.partition; rpartition shares the empty-separator check.
#pragma once
#include <string>
#include <tuple>

#include "muna/core/error.hpp"

namespace muna::python::str {
namespace detail {

inline void check_partition_separator(const std::string& sep) {
  if (sep.empty()) throw ValueError("empty separator");
}

}  // namespace detail

inline std::tuple<std::string, std::string, std::string> partition(const std::string& self,
                                                                    const std::string& sep) {
  detail::check_partition_separator(sep);
  size_t pos = self.find(sep);
  if (pos == std::string::npos) return {self, std::string(), std::string()};
  return {self.substr(0, pos), sep, self.substr(pos + sep.size())};
}

}  // namespace muna::python::str
