// unicodedata.numeric(chr[, default]): the default when chr has no numeric value, else
// CPython's ValueError.
#pragma once
#include <optional>
#include <string>

#include "muna/core/error.hpp"
#include "muna/core/none.hpp"
#include "muna/python/unicode/ctype.hpp"
#include "muna/python/unicodedata/detail/character.hpp"

namespace muna::python::unicodedata {

inline double numeric(const std::string& chr, double default_value) {
  double value;
  return unicode::numeric_value(detail::character(chr, "numeric() argument 1"), value) ? value : default_value;
}

inline std::optional<double> numeric(const std::string& chr, NoneType) {
  double value;
  if (unicode::numeric_value(detail::character(chr, "numeric() argument 1"), value)) return value;
  return std::nullopt;
}

inline double numeric(const std::string& chr) {
  double value;
  if (!unicode::numeric_value(detail::character(chr, "numeric() argument 1"), value))
    throw ValueError("not a numeric character");
  return value;
}

}  // namespace muna::python::unicodedata
