// re.Pattern.groupindex: group name -> group number, in the order the groups appear.
#pragma once
#include <cstdint>
#include <string>

#include "muna/python/dict.hpp"
#include "muna/python/re/detail/pattern.hpp"

namespace muna::python::re::Pattern {

inline Dict<std::string, int64_t> groupindex(const PatternObject& self) {
  Dict<std::string, int64_t> out;
  for (const auto& [name, g] : self->program.groupindex) out.set(name, g);
  return out;
}

}  // namespace muna::python::re::Pattern
