// unicodedata.digit(chr[, default]): the default when chr has no digit value, else CPython's
// ValueError.
#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include "muna/core/error.hpp"
#include "muna/core/none.hpp"
#include "muna/python/unicode/ctype.hpp"
#include "muna/python/unicodedata/detail/character.hpp"

namespace muna::python::unicodedata {
namespace detail {
inline int digit_of(const std::string& chr) {
  char32_t cp = character(chr, "digit() argument 1");
  return unicode::digit_value(cp);
}
}  // namespace detail

inline int64_t digit(const std::string& chr, int64_t default_value) {
  int v = detail::digit_of(chr);
  return v < 0 ? default_value : v;
}

inline std::optional<int64_t> digit(const std::string& chr, NoneType) {
  int v = detail::digit_of(chr);
  if (v < 0) return std::nullopt;
  return v;
}

inline int64_t digit(const std::string& chr) {
  int v = detail::digit_of(chr);
  if (v < 0) throw ValueError("not a digit");
  return v;
}

}  // namespace muna::python::unicodedata
