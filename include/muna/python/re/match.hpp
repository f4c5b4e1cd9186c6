// re.match(pattern, string, flags=0): a Match, or None.
#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include "muna/python/re/detail/runtime.hpp"
#include "muna/python/re/detail/scan.hpp"

namespace muna::python::re {

template <class P>
std::optional<MatchObject> match(const P& pattern, const std::string& string, int64_t flags) {
  return find(pattern_of(pattern, flags), string, 0, INT64_MAX, Anchor::kMatch);
}

}  // namespace muna::python::re
