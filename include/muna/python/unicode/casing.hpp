// Whole-string case conversions shared by str.lower/upper/casefold/title/capitalize/swapcase.
#pragma once
#include <string>

#include "muna/python/unicode/ctype.hpp"
#include "muna/python/unicode/utf8.hpp"

namespace muna::python::unicode {

// ASCII strings are the common case in inference code and need no tables.
inline std::string ascii_map(std::string s, bool to_upper) {
  for (char& c : s) {
    if (to_upper ? (c >= 'a' && c <= 'z') : (c >= 'A' && c <= 'Z')) c ^= 0x20;
  }
  return s;
}

// Calls step(cps, i, out) for every code point; the step sees the whole string because
// lowercasing a capital sigma depends on its neighbours.
template <class Step>
std::string map_code_points(const std::string& s, Step step) {
  std::u32string cps = to_code_points(s);
  std::u32string out;
  out.reserve(cps.size());
  for (size_t i = 0; i < cps.size(); ++i) step(cps, i, out);
  return from_code_points(out);
}

inline std::string map_case(const std::string& s, CaseMap which) {
  if (is_ascii(s) && which != CaseMap::kTitle) return ascii_map(s, which == CaseMap::kUpper);
  return map_code_points(s, [which](const std::u32string& cps, size_t i, std::u32string& out) {
    if (which == CaseMap::kLower)
      append_lower_in_context(cps, i, out);
    else
      append_case(cps[i], which, out);
  });
}

}  // namespace muna::python::unicode
