// re.Pattern.subn(repl, string, count=0): see re.subn.
#pragma once
#include <cstdint>
#include <string>
#include <tuple>
#include <type_traits>

#include "muna/python/re/detail/scan.hpp"

namespace muna::python::re::Pattern {

inline std::tuple<std::string, int64_t> subn(const PatternObject& self, const std::string& repl, const std::string& string, int64_t count) {
  return subn_template(self, repl, string, count);
}

template <class F, class = std::enable_if_t<!std::is_convertible_v<F, std::string>>>
std::tuple<std::string, int64_t> subn(const PatternObject& self, F&& repl, const std::string& string, int64_t count) {
  return subn_function(self, repl, string, count);
}

}  // namespace muna::python::re::Pattern
