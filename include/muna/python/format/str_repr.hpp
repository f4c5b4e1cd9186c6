// repr() and ascii() of a str, as CPython's unicode_repr: single quotes unless the text has
// a single quote and no double quote; \t \n \r \\ and the quote escaped; other non-printable
// code points as \xNN, \uNNNN or \UNNNNNNNN (every non-ASCII one for ascii()).
#pragma once
#include <string>

#include "muna/core/opcore.hpp"
#include "muna/python/unicode/ctype.hpp"
#include "muna/python/unicode/utf8.hpp"

namespace muna::python::format {

inline void append_hex_escape(std::string& out, char32_t c) {
  const char* hex = "0123456789abcdef";
  int digits = c <= 0xFF ? 2 : c <= 0xFFFF ? 4 : 8;
  out += digits == 2 ? "\\x" : digits == 4 ? "\\u" : "\\U";
  for (int shift = (digits - 1) * 4; shift >= 0; shift -= 4) out.push_back(hex[(c >> shift) & 15]);
}

MUNA_OPCORE_FN std::string quote_str(const std::string& s, bool ascii_only);

#if MUNA_OPCORE_DEFINE
MUNA_OPCORE_FN std::string quote_str(const std::string& s, bool ascii_only) {
  const bool has_single = s.find('\'') != std::string::npos;
  const bool has_double = s.find('"') != std::string::npos;
  const char quote = has_single && !has_double ? '"' : '\'';
  std::string out(1, quote);
  for (size_t i = 0; i < s.size();) {
    size_t start = i;
    char32_t c = unicode::decode(s, i);
    if (c == static_cast<char32_t>(quote) || c == '\\') {
      out.push_back('\\');
      out.push_back(static_cast<char>(c));
    } else if (c == '\t') {
      out += "\\t";
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c < ' ' || c == 0x7F) {
      append_hex_escape(out, c);
    } else if (c < 0x7F) {
      out.push_back(static_cast<char>(c));
    } else if (!ascii_only && unicode::isprintable(c)) {
      out.append(s, start, i - start);
    } else {
      append_hex_escape(out, c);
    }
  }
  out.push_back(quote);
  return out;
}
#endif

}  // namespace muna::python::format
