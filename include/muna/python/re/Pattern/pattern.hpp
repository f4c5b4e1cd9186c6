// re.Pattern.pattern: the pattern text.
#pragma once
#include <string>

#include "muna/python/re/detail/pattern.hpp"

namespace muna::python::re::Pattern {

inline std::string pattern(const PatternObject& self) { return self->pattern; }

}  // namespace muna::python::re::Pattern
