// re.compile(pattern, flags=0) for a pattern built at run time (a constant pattern is compiled
// when the library is built and baked into it).
#pragma once
#include <cstdint>
#include <string>

#include "muna/python/re/detail/runtime.hpp"

namespace muna::python::re {

inline PatternObject compile(const std::string& pattern, int64_t flags) { return pattern_of(pattern, flags); }
inline PatternObject compile(const PatternObject& pattern, int64_t flags) { return pattern_of(pattern, flags); }

}  // namespace muna::python::re
