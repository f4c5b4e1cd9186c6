// re.Pattern.groups: the number of capturing groups.
#pragma once
#include <cstdint>

#include "muna/python/re/detail/pattern.hpp"

namespace muna::python::re::Pattern {

inline int64_t groups(const PatternObject& self) { return self->program.groups; }

}  // namespace muna::python::re::Pattern
