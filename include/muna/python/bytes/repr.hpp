// repr(b) (and str(b), which is the same): CPython's bytes_repr. Single quotes unless the data
// has a single quote and no double quote; \t \n \r \\ and the quote escaped; other bytes
// outside printable ASCII as \xhh. A bytearray is wrapped as bytearray(b'...').
#pragma once
#include <string>
#include <type_traits>

#include <muna/python/bytes.hpp>

namespace muna::python::bytes {
namespace detail {

// A bytearray's repr escapes every single quote, even between double quotes (CPython's
// bytearray_repr does; bytes_repr escapes only the quote it uses).
inline std::string quote_bytes(std::string_view data, bool escape_single = false) {
  const bool has_single = data.find('\'') != std::string_view::npos;
  const bool has_double = data.find('"') != std::string_view::npos;
  const char quote = has_single && !has_double ? '"' : '\'';
  const char* hex = "0123456789abcdef";
  std::string out = "b";
  out.push_back(quote);
  for (char ch : data) {
    const unsigned char c = static_cast<unsigned char>(ch);
    if (c == static_cast<unsigned char>(quote) || c == '\\' || (escape_single && c == '\'')) {
      out.push_back('\\');
      out.push_back(ch);
    } else if (c == '\t') {
      out += "\\t";
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c < ' ' || c >= 0x7F) {
      out += "\\x";
      out.push_back(hex[c >> 4]);
      out.push_back(hex[c & 15]);
    } else {
      out.push_back(ch);
    }
  }
  out.push_back(quote);
  return out;
}

}  // namespace detail

template <class B>
std::string repr(const B& self) {
  if constexpr (std::is_same_v<B, ByteArray>) return "bytearray(" + detail::quote_bytes(self.view(), true) + ")";
  else return detail::quote_bytes(self.view());
}

}  // namespace muna::python::bytes
