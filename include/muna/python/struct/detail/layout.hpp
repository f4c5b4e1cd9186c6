// A struct format string laid out as CPython's _struct.c does (prepare_s, getentry, align): the
// byte order prefix (@ native, = < > ! standard), repeat counts, each code's size and, in
// native mode only, its alignment (x86-64 Linux: the C types' sizes; l, L, n, N, P are 8 bytes).
// The compiler has checked the format with CPython's struct at compile time; these errors stay
// for safety.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <muna/python/struct/error.hpp>

namespace muna::python::struct_::detail {

struct Code {
  char code;
  int64_t count;   // the repeat count (the length for s and p)
  int64_t offset;  // of the first item
  int64_t size;    // of one item
};

struct Layout {
  bool little;  // byte order
  bool native;  // native sizes and alignment
  std::vector<Code> codes;
  int64_t size;
  int64_t items;  // values packed or unpacked
};

inline int64_t native_size(char c) {
  switch (c) {
    case 'x': case 'c': case 'b': case 'B': case '?': case 's': case 'p': return 1;
    case 'h': case 'H': case 'e': return 2;
    case 'i': case 'I': case 'f': return 4;
    case 'l': case 'L': case 'q': case 'Q': case 'n': case 'N': case 'd': case 'P': return 8;
    default: return -1;
  }
}

inline int64_t standard_size(char c) {
  switch (c) {
    case 'x': case 'c': case 'b': case 'B': case '?': case 's': case 'p': return 1;
    case 'h': case 'H': case 'e': return 2;
    case 'i': case 'I': case 'l': case 'L': case 'f': return 4;
    case 'q': case 'Q': case 'd': return 8;
    default: return -1;  // n, N, P are native only
  }
}

inline bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\x0b' || c == '\x0c';
}

inline Layout layout(std::string_view fmt) {
  if (fmt.find('\0') != std::string_view::npos) throw error("embedded null character");
  Layout out{true, true, {}, 0, 0};
  size_t i = 0;
  if (!fmt.empty()) {
    switch (fmt[0]) {
      case '<': out.native = false; ++i; break;
      case '>': case '!': out.little = false; out.native = false; ++i; break;
      case '=': out.native = false; ++i; break;
      case '@': ++i; break;
      default: break;
    }
  }
  const int64_t limit = INT64_MAX;
  while (i < fmt.size()) {
    char c = fmt[i++];
    if (is_space(c)) continue;
    int64_t num = 1;
    if (c >= '0' && c <= '9') {
      num = c - '0';
      while (i < fmt.size() && fmt[i] >= '0' && fmt[i] <= '9') {
        if (num > (limit - (fmt[i] - '0')) / 10) throw error("total struct size too long");
        num = num * 10 + (fmt[i++] - '0');
      }
      if (i == fmt.size()) throw error("repeat count given without format specifier");
      c = fmt[i++];
    }
    const int64_t size = out.native ? native_size(c) : standard_size(c);
    if (size < 0) throw error("bad char in struct format");
    if (out.native && c != 'x' && c != 'c' && c != 's' && c != 'p' && c != '?' && c != 'b' && c != 'B' && out.size > 0)
      out.size += (size - 1) - (out.size - 1) % size;  // aligned to its own size
    if (num > (limit - out.size) / size) throw error("total struct size too long");
    out.codes.push_back({c, num, out.size, size});
    out.size += num * size;
    out.items += (c == 's' || c == 'p') ? 1 : c == 'x' ? 0 : num;
  }
  return out;
}

}  // namespace muna::python::struct_::detail
