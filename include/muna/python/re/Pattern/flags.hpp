// re.Pattern.flags: the flags given, inline global flags and re.UNICODE included.
#pragma once
#include <cstdint>

#include "muna/python/re/detail/pattern.hpp"

namespace muna::python::re::Pattern {

inline int64_t flags(const PatternObject& self) { return self->flags; }

}  // namespace muna::python::re::Pattern
