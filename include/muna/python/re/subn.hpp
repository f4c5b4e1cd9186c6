// re.subn(pattern, repl, string, count=0, flags=0): (the new string, the number of replacements). repl is a template
// (\1, \g<name>, ...) or a function of the Match returning str (or None, taken as "").
#pragma once
#include <cstdint>
#include <string>
#include <tuple>
#include <type_traits>

#include "muna/python/re/detail/runtime.hpp"
#include "muna/python/re/detail/scan.hpp"

namespace muna::python::re {

template <class P>
std::tuple<std::string, int64_t> subn(const P& pattern, const std::string& repl, const std::string& string, int64_t count, int64_t flags) {
  return subn_template(pattern_of(pattern, flags), repl, string, count);
}

template <class P, class F, class = std::enable_if_t<!std::is_convertible_v<F, std::string>>>
std::tuple<std::string, int64_t> subn(const P& pattern, F&& repl, const std::string& string, int64_t count, int64_t flags) {
  return subn_function(pattern_of(pattern, flags), repl, string, count);
}

}  // namespace muna::python::re
