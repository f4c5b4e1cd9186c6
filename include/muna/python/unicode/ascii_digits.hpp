// CPython's _PyUnicode_TransformDecimalAndSpaceToASCII, the first step of int() and float()
// on a str: Unicode whitespace becomes ' ', Unicode decimal digits become '0'-'9', and the
// first other non-ASCII code point becomes '?' and ends the text (making it invalid).
#pragma once
#include <string>

#include "muna/python/unicode/ctype.hpp"
#include "muna/python/unicode/utf8.hpp"

namespace muna::python::unicode {

inline std::string decimal_and_space_to_ascii(const std::string& s) {
  if (is_ascii(s)) return s;
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size();) {
    char32_t c = decode(s, i);
    if (c < 127) {
      out.push_back(static_cast<char>(c));
    } else if (isspace(c)) {
      out.push_back(' ');
    } else {
      int digit = decimal_value(c);
      if (digit < 0) {
        out.push_back('?');
        break;
      }
      out.push_back(static_cast<char>('0' + digit));
    }
  }
  return out;
}

// Py_ISSPACE: ASCII whitespace as C's isspace in the "C" locale.
inline bool is_ascii_space(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

}  // namespace muna::python::unicode
