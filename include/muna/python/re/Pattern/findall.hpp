// re.Pattern.findall(string, pos=0, endpos=sys.maxsize): see re.findall.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>

#include "muna/python/re/detail/scan.hpp"

namespace muna::python::re::Pattern {

template <size_t N = 0>
auto findall(const PatternObject& self, const std::string& string, int64_t pos, int64_t endpos) {
  if constexpr (N == 0)
    return findall_strings(self, string, pos, endpos);
  else
    return findall_groups<N>(self, string, pos, endpos);
}

}  // namespace muna::python::re::Pattern
