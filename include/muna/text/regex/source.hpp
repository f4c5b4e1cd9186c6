// The token stream of re's parser (re._parser.Tokenizer): one character, or a backslash and
// the character after it; positions count code points. Shared by the pattern parser and the
// replacement-template parser of re.sub, with their errors as CPython words them.
#pragma once
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>

#include "muna/core/error.hpp"
#include "muna/python/builtins/int.hpp"
#include "muna/python/format/str_repr.hpp"
#include "muna/python/unicode/ctype.hpp"
#include "muna/python/unicode/utf8.hpp"
#include "muna/text/regex/chars.hpp"
#include "muna/text/regex/program.hpp"

namespace muna::text::regex {

constexpr int64_t kMaxGroups = 1073741823;  // _sre.MAXGROUPS

// A syntax error: CPython's message and position (-1: the error names no position).
struct ParseError {
  std::string message;
  int64_t pos;
};

inline std::string utf8(const std::u32string& s) { return python::unicode::from_code_points(s); }
inline std::string repr(const std::u32string& s) { return python::format::quote_str(utf8(s), false); }

// re.error's text: "msg at position N", plus "(line L, column C)" for a multi-line pattern.
inline std::string error_text(const std::string& msg, const std::u32string& pattern, int64_t pos) {
  if (pos < 0) return msg;
  std::string out = msg + " at position " + std::to_string(pos);
  int64_t line = 1, last_newline = -1;
  for (int64_t i = 0; i < pos && i < static_cast<int64_t>(pattern.size()); ++i) {
    if (pattern[i] == '\n') {
      ++line;
      last_newline = i;
    }
  }
  if (pattern.find(U'\n') != std::u32string::npos)
    out += " (line " + std::to_string(line) + ", column " + std::to_string(pos - last_newline) + ")";
  return out;
}

// The token stream: one character, or a backslash and the character after it.
class Source {
 public:
  static constexpr int64_t kNone = -1;
  static constexpr int64_t kEscape = int64_t{1} << 32;  // | the escaped character

  explicit Source(const std::u32string& s) : s_(s) { advance(); }

  int64_t next() const { return next_; }
  const std::u32string& string() const { return s_; }

  bool match(char32_t c) {
    if (next_ == static_cast<int64_t>(c)) {
      advance();
      return true;
    }
    return false;
  }
  int64_t get() {
    int64_t t = next_;
    advance();
    return t;
  }
  int64_t tell() const { return static_cast<int64_t>(index_) - token_length(next_); }
  void seek(size_t index) {
    index_ = index;
    advance();
  }
  ParseError error(const std::string& msg, int64_t offset = 0) const { return {msg, tell() - offset}; }

  static int64_t token_length(int64_t t) { return t == kNone ? 0 : (t & kEscape) ? 2 : 1; }
  static bool is_escape(int64_t t) { return t != kNone && (t & kEscape); }
  static char32_t escaped(int64_t t) { return static_cast<char32_t>(t & 0xFFFFFFFF); }
  static std::u32string text(int64_t t) {
    if (t == kNone) return U"";
    if (is_escape(t)) return std::u32string{U'\\', escaped(t)};
    return std::u32string(1, static_cast<char32_t>(t));
  }
  static bool is_char(int64_t t, char32_t c) { return t == static_cast<int64_t>(c); }
  // `t in chars` for a single-character token (an escape is never in a set of characters).
  static bool in(int64_t t, std::u32string_view chars) {
    return t != kNone && !is_escape(t) && chars.find(static_cast<char32_t>(t)) != std::u32string_view::npos;
  }

  std::u32string getwhile(int n, std::u32string_view chars) {
    std::u32string result;
    for (int i = 0; i < n; ++i) {
      if (!in(next_, chars)) break;
      result += static_cast<char32_t>(next_);
      advance();
    }
    return result;
  }

  std::u32string getuntil(char32_t terminator, const std::string& name) {
    std::u32string result;
    while (true) {
      int64_t c = next_;
      advance();
      if (c == kNone) {
        if (result.empty()) throw error("missing " + name);
        throw error("missing " + utf8(std::u32string(1, terminator)) + ", unterminated name",
                    static_cast<int64_t>(result.size()));
      }
      if (is_char(c, terminator)) {
        if (result.empty()) throw error("missing " + name, 1);
        break;
      }
      result += text(c);
    }
    return result;
  }

  void checkgroupname(const std::u32string& name, int64_t offset) const {
    if (!is_identifier(name))
      throw error("bad character in group name " + repr(name), static_cast<int64_t>(name.size()) + offset);
  }

 private:
  void advance() {
    size_t index = index_;
    if (index >= s_.size()) {
      next_ = kNone;
      return;
    }
    char32_t c = s_[index];
    if (c == '\\') {
      ++index;
      if (index >= s_.size()) throw ParseError{"bad escape (end of pattern)", static_cast<int64_t>(s_.size()) - 1};
      next_ = kEscape | s_[index];
    } else {
      next_ = c;
    }
    index_ = index + 1;
  }

  const std::u32string& s_;
  size_t index_ = 0;
  int64_t next_ = kNone;
};

namespace detail {

constexpr std::u32string_view kDigits = U"0123456789";
constexpr std::u32string_view kOctDigits = U"01234567";
constexpr std::u32string_view kHexDigits = U"0123456789abcdefABCDEF";
constexpr std::u32string_view kSpecialChars = U".\\[{()*+?^$|";
constexpr std::u32string_view kRepeatChars = U"*+?{";
constexpr std::u32string_view kWhitespace = U" \t\n\r\v\f";
constexpr std::u32string_view kFlagChars = U"iLmsxatu";

inline uint32_t flag_of(char32_t c) {
  switch (c) {
    case 'i': return kIgnoreCase;
    case 'L': return kLocale;
    case 'm': return kMultiline;
    case 's': return kDotAll;
    case 'x': return kVerbose;
    case 'a': return kAscii;
    case 't': return kTemplate;
    case 'u': return kUnicode;
    default: return 0;
  }
}
inline bool is_flag(int64_t t) { return Source::in(t, kFlagChars); }
inline bool is_oct(char32_t c) { return c >= '0' && c <= '7'; }
inline bool is_ascii_letter(char32_t c) { return (c | 0x20) >= 'a' && (c | 0x20) <= 'z'; }
inline bool token_isalpha(int64_t t) {
  return t != Source::kNone && !Source::is_escape(t) && python::unicode::isalpha(static_cast<char32_t>(t));
}

inline uint64_t parse_number(const std::u32string& digits, int base) {
  uint64_t v = 0;
  for (char32_t c : digits) {
    uint64_t d = c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10;
    v = v * base + d;
    if (v > (uint64_t{1} << 40)) v = uint64_t{1} << 40;  // saturates; callers only compare
  }
  return v;
}

// Python's int() of a group name ("1", " 1", "1_0", Unicode digits): nullopt when it is not a
// number or negative; a value too large for int64 saturates (callers reject it as too large).
inline std::optional<int64_t> int_of_name(const std::u32string& name, std::string& shown) {
  try {
    int64_t v = python::builtins::int_(utf8(name));
    shown = std::to_string(v);
    if (v < 0) return std::nullopt;
    return v;
  } catch (const OverflowError&) {
    shown.clear();  // the digits, as Python prints the big number
    for (char32_t c : name) {
      int d = python::unicode::decimal_value(c);
      if (d >= 0 && !(shown.empty() && d == 0)) shown += static_cast<char>('0' + d);
    }
    bool negative = name.find(U'-') != std::u32string::npos;
    if (negative) return std::nullopt;
    return std::numeric_limits<int64_t>::max();
  } catch (const ValueError&) {
    return std::nullopt;
  }
}

}  // namespace detail

}  // namespace muna::text::regex
