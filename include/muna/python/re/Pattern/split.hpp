// re.Pattern.split(string, maxsplit=0): see re.split.
#pragma once
#include <cstdint>
#include <string>

#include "muna/python/re/detail/scan.hpp"

namespace muna::python::re::Pattern {

template <class Item = std::string>
List<Item> split(const PatternObject& self, const std::string& string, int64_t maxsplit) {
  return split_string<Item>(self, string, maxsplit);
}

}  // namespace muna::python::re::Pattern
