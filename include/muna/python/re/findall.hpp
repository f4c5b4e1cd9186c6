// re.findall(pattern, string, flags=0): the matches (no group), the group (one group), or a
// tuple of the groups (N > 1 groups, known when the library is built) per match.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>

#include "muna/python/re/detail/runtime.hpp"
#include "muna/python/re/detail/scan.hpp"

namespace muna::python::re {

template <size_t N = 0, class P>
auto findall(const P& pattern, const std::string& string, int64_t flags) {
  if constexpr (N == 0)
    return findall_strings(pattern_of(pattern, flags), string, 0, INT64_MAX);
  else
    return findall_groups<N>(pattern_of(pattern, flags), string, 0, INT64_MAX);
}

}  // namespace muna::python::re
