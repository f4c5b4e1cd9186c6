// The codecs muna implements (utf-8, ascii, latin-1) and CPython's error handlers, shared by
// str.encode and bytes.decode. The compiler resolves the encoding name at compile time (as
// codecs.lookup does); the error handler is looked up at run time, and only when an error
// occurs, as CPython does: "strict", "ignore", "replace", "backslashreplace",
// "xmlcharrefreplace" (encoding), "surrogateescape", "surrogatepass"; another name is
// CPython's LookupError ("namereplace" needs the Unicode name database: NotImplementedError).
#pragma once
#include <cstdint>
#include <string>

#include <muna/core/error.hpp>

namespace muna::python::codecs {

enum class Codec { utf_8 = 0, ascii = 1, latin_1 = 2 };

// The name CPython's codec puts in its error messages.
inline const char* message_name(Codec codec) {
  switch (codec) {
    case Codec::utf_8: return "utf-8";
    case Codec::ascii: return "ascii";
    case Codec::latin_1: return "latin-1";
  }
  return "?";
}

enum class Handler { strict, ignore, replace, backslashreplace, xmlcharrefreplace, surrogateescape, surrogatepass };

inline Handler handler(const std::string& errors) {
  if (errors == "strict") return Handler::strict;
  if (errors == "ignore") return Handler::ignore;
  if (errors == "replace") return Handler::replace;
  if (errors == "backslashreplace") return Handler::backslashreplace;
  if (errors == "xmlcharrefreplace") return Handler::xmlcharrefreplace;
  if (errors == "surrogateescape") return Handler::surrogateescape;
  if (errors == "surrogatepass") return Handler::surrogatepass;
  if (errors == "namereplace")
    throw NotImplementedError("muna does not implement the 'namereplace' error handler");
  throw LookupError("unknown error handler name '" + errors + "'");
}

inline void append_hex(std::string& out, uint32_t value, int digits) {
  const char* hex = "0123456789abcdef";
  for (int shift = (digits - 1) * 4; shift >= 0; shift -= 4) out.push_back(hex[(value >> shift) & 15]);
}

// '\xe9', '\u20ac', '\U0001f600': how UnicodeEncodeError names one character.
inline std::string escaped_char(char32_t c) {
  std::string out = c <= 0xFF ? "\\x" : c <= 0xFFFF ? "\\u" : "\\U";
  append_hex(out, c, c <= 0xFF ? 2 : c <= 0xFFFF ? 4 : 8);
  return out;
}

[[noreturn]] inline void raise_encode_error(Codec codec, char32_t first, int64_t start, int64_t end,
                                            const char* reason) {
  std::string where = end == start + 1
                          ? "character '" + escaped_char(first) + "' in position " + std::to_string(start)
                          : "characters in position " + std::to_string(start) + "-" + std::to_string(end - 1);
  throw UnicodeEncodeError(std::string("'") + message_name(codec) + "' codec can't encode " + where + ": " + reason);
}

[[noreturn]] inline void raise_decode_error(Codec codec, unsigned char first, int64_t start, int64_t end,
                                            const char* reason) {
  std::string where;
  if (end == start + 1) {
    where = "byte 0x";
    append_hex(where, first, 2);
    where += " in position " + std::to_string(start);
  } else {
    where = "bytes in position " + std::to_string(start) + "-" + std::to_string(end - 1);
  }
  throw UnicodeDecodeError(std::string("'") + message_name(codec) + "' codec can't decode " + where + ": " + reason);
}

}  // namespace muna::python::codecs
