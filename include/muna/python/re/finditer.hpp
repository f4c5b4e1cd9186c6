// re.finditer(pattern, string, flags=0): the Match objects, found one per loop iteration.
#pragma once
#include <cstdint>
#include <string>

#include "muna/python/re/detail/runtime.hpp"
#include "muna/python/re/detail/scan.hpp"

namespace muna::python::re {

template <class P>
MatchIterator finditer(const P& pattern, const std::string& string, int64_t flags) {
  return MatchIterator(pattern_of(pattern, flags), string, 0, INT64_MAX);
}

}  // namespace muna::python::re
