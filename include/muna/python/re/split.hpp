// re.split(pattern, string, maxsplit=0, flags=0): the pieces between matches, with the groups'
// texts between them (Item std::optional<std::string> where a group can be None).
#pragma once
#include <cstdint>
#include <string>

#include "muna/python/re/detail/runtime.hpp"
#include "muna/python/re/detail/scan.hpp"

namespace muna::python::re {

template <class Item = std::string, class P>
List<Item> split(const P& pattern, const std::string& string, int64_t maxsplit, int64_t flags) {
  return split_string<Item>(pattern_of(pattern, flags), string, maxsplit);
}

}  // namespace muna::python::re
