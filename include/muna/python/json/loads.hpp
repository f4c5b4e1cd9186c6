// json.loads(s): a port of CPython 3.11's C scanner (Modules/_json.c: scan_once_unicode,
// _parse_object_unicode, _parse_array_unicode, scanstring_unicode, _match_number_unicode), step
// for step, so the values and the JSONDecodeError messages and positions are CPython's. The
// text is read as code points, since CPython's positions count them. The result is an Object:
// dict[str, Any], list[Any], str, int, float, bool or None.
#pragma once
#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <string>

#include <muna/core/error.hpp>
#include <muna/python/builtins/overflow.hpp>
#include <muna/python/dict.hpp>
#include <muna/python/list.hpp>
#include <muna/python/object.hpp>
#include <muna/python/unicode/utf8.hpp>

namespace muna::python::json {

// json.JSONDecodeError, named as Python's traceback names it; `except json.JSONDecodeError` and
// `except ValueError` catch it.
class DecodeError : public JSONDecodeError {
 public:
  explicit DecodeError(const std::string& message) : JSONDecodeError("json.decoder.JSONDecodeError", message) {}
};

namespace detail {

// Python's maximum recursion depth: deeper nesting is CPython's RecursionError (CPython's own
// limit counts the caller's frames too, so its exact depth varies by a few).
constexpr int kMaxDepth = 1000;
// CPython's limit on the digits of an int read from a str (sys.get_int_max_str_digits()).
constexpr size_t kMaxIntDigits = 4300;

class Scanner {
 public:
  explicit Scanner(std::u32string text) : s_(std::move(text)), n_(static_cast<int64_t>(s_.size())) {}

  Object decode() {
    if (n_ > 0 && s_[0] == 0xFEFF) fail("Unexpected UTF-8 BOM (decode using utf-8-sig)", 0);
    int64_t idx = skip(0), next = 0;
    Object value;
    try {
      value = scan_once(idx, next);
    } catch (const StopIteration_& stop) {
      fail("Expecting value", stop.idx);
    }
    const int64_t end = skip(next);
    if (end != n_) fail("Extra data", end);
    return value;
  }

 private:
  // CPython's StopIteration(idx): "Expecting value" at idx, raised where the value began.
  struct StopIteration_ {
    int64_t idx;
  };

  [[noreturn]] void fail(const std::string& msg, int64_t pos) const {
    int64_t line = 1, last_newline = -1;
    for (int64_t i = 0; i < pos; ++i)
      if (s_[i] == '\n') ++line, last_newline = i;
    const int64_t col = pos - last_newline;
    throw DecodeError(msg + ": line " + std::to_string(line) + " column " + std::to_string(col) + " (char " +
                      std::to_string(pos) + ")");
  }

  static bool is_ws(char32_t c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
  int64_t skip(int64_t idx) const {
    while (idx < n_ && is_ws(s_[idx])) ++idx;
    return idx;
  }
  bool matches(int64_t idx, const char* word) const {
    for (int64_t k = 0; word[k]; ++k)
      if (idx + k >= n_ || s_[idx + k] != static_cast<char32_t>(word[k])) return false;
    return true;
  }

  Object scan_once(int64_t idx, int64_t& next) {
    if (idx >= n_) throw StopIteration_{idx};
    switch (s_[idx]) {
      case '"':
        return Object(scanstring(idx + 1, next));
      case '{':
        return nested(idx, next, true);
      case '[':
        return nested(idx, next, false);
      case 'n':
        if (matches(idx, "null")) return next = idx + 4, Object();
        break;
      case 't':
        if (matches(idx, "true")) return next = idx + 4, Object(true);
        break;
      case 'f':
        if (matches(idx, "false")) return next = idx + 5, Object(false);
        break;
      case 'N':
        if (matches(idx, "NaN")) return next = idx + 3, Object(std::numeric_limits<double>::quiet_NaN());
        break;
      case 'I':
        if (matches(idx, "Infinity")) return next = idx + 8, Object(std::numeric_limits<double>::infinity());
        break;
      case '-':
        if (matches(idx, "-Infinity")) return next = idx + 9, Object(-std::numeric_limits<double>::infinity());
        break;
    }
    return number(idx, next);
  }

  Object nested(int64_t idx, int64_t& next, bool object) {
    if (++depth_ > kMaxDepth)
      throw Exception("RecursionError", std::string("maximum recursion depth exceeded while decoding a JSON ") +
                                            (object ? "object" : "array") + " from a unicode string");
    Object value = object ? parse_object(idx + 1, next) : parse_array(idx + 1, next);
    --depth_;
    return value;
  }

  Object parse_object(int64_t idx, int64_t& next) {
    Dict<std::string, Object> out;
    idx = skip(idx);
    if (idx >= n_ || s_[idx] != '}') {
      while (true) {
        if (idx >= n_ || s_[idx] != '"') fail("Expecting property name enclosed in double quotes", idx);
        std::string key = scanstring(idx + 1, idx);
        idx = skip(idx);
        if (idx >= n_ || s_[idx] != ':') fail("Expecting ':' delimiter", idx);
        idx = skip(idx + 1);
        Object value = scan_once(idx, idx);
        out.set(std::move(key), std::move(value));
        idx = skip(idx);
        if (idx < n_ && s_[idx] == '}') break;
        if (idx >= n_ || s_[idx] != ',') fail("Expecting ',' delimiter", idx);
        idx = skip(idx + 1);
      }
    }
    next = idx + 1;
    return Object(out);
  }

  Object parse_array(int64_t idx, int64_t& next) {
    List<Object> out;
    idx = skip(idx);
    if (idx >= n_ || s_[idx] != ']') {
      while (true) {
        out.push_back(scan_once(idx, idx));
        idx = skip(idx);
        if (idx < n_ && s_[idx] == ']') break;
        if (idx >= n_ || s_[idx] != ',') fail("Expecting ',' delimiter", idx);
        idx = skip(idx + 1);
      }
    }
    next = idx + 1;
    return Object(out);
  }

  static int hex_digit(char32_t c) {
    if (c >= '0' && c <= '9') return static_cast<int>(c - '0');
    if (c >= 'a' && c <= 'f') return static_cast<int>(c - 'a' + 10);
    if (c >= 'A' && c <= 'F') return static_cast<int>(c - 'A' + 10);
    return -1;
  }

  // Four hex digits at [next, end), or CPython's error at end - 5 (the backslash).
  char32_t hex4(int64_t& next, int64_t end) const {
    char32_t c = 0;
    for (; next < end; ++next) {
      const int d = hex_digit(s_[next]);
      if (d < 0) fail("Invalid \\uXXXX escape", end - 5);
      c = (c << 4) | static_cast<char32_t>(d);
    }
    return c;
  }

  // The string whose opening quote is at end - 1; `next_end` past its closing quote.
  std::string scanstring(int64_t end, int64_t& next_end) const {
    const int64_t begin = end - 1;
    std::string out;
    while (true) {
      int64_t next = end;
      char32_t c = 0;
      for (; next < n_; ++next) {
        c = s_[next];
        if (c == '"' || c == '\\') break;
        if (c <= 0x1f) fail("Invalid control character at", next);
      }
      if (next >= n_ || (c != '"' && c != '\\')) fail("Unterminated string starting at", begin);
      for (int64_t k = end; k < next; ++k) unicode::encode(s_[k], out);
      ++next;
      if (c == '"') {
        end = next;
        break;
      }
      if (next == n_) fail("Unterminated string starting at", begin);
      c = s_[next];
      if (c != 'u') {
        end = next + 1;
        switch (c) {
          case '"': case '\\': case '/': break;
          case 'b': c = '\b'; break;
          case 'f': c = '\f'; break;
          case 'n': c = '\n'; break;
          case 'r': c = '\r'; break;
          case 't': c = '\t'; break;
          default: fail("Invalid \\escape", end - 2);
        }
      } else {
        ++next;
        end = next + 4;
        if (end >= n_) fail("Invalid \\uXXXX escape", next - 1);
        c = hex4(next, end);
        // A high surrogate followed by \u and a low one is one character; else it stays alone.
        if (c >= 0xD800 && c <= 0xDBFF && end + 6 < n_ && s_[next++] == '\\' && s_[next++] == 'u') {
          end += 6;
          const char32_t c2 = hex4(next, end);
          if (c2 >= 0xDC00 && c2 <= 0xDFFF) c = 0x10000 + ((c - 0xD800) << 10) + (c2 - 0xDC00);
          else end -= 6;
        }
      }
      unicode::encode(c, out);
    }
    next_end = end;
    return out;
  }

  static bool digit(char32_t c) { return c >= '0' && c <= '9'; }

  Object number(int64_t start, int64_t& next) const {
    const int64_t last = n_ - 1;
    int64_t idx = start;
    bool is_float = false;
    if (s_[idx] == '-') {
      ++idx;
      if (idx > last) throw StopIteration_{start};
    }
    if (s_[idx] >= '1' && s_[idx] <= '9') {
      ++idx;
      while (idx <= last && digit(s_[idx])) ++idx;
    } else if (s_[idx] == '0') {
      ++idx;
    } else {
      throw StopIteration_{start};
    }
    if (idx < last && s_[idx] == '.' && digit(s_[idx + 1])) {
      is_float = true;
      idx += 2;
      while (idx <= last && digit(s_[idx])) ++idx;
    }
    if (idx < last && (s_[idx] == 'e' || s_[idx] == 'E')) {
      const int64_t e_start = idx++;
      if (idx < last && (s_[idx] == '-' || s_[idx] == '+')) ++idx;
      while (idx <= last && digit(s_[idx])) ++idx;
      if (digit(s_[idx - 1])) is_float = true;
      else idx = e_start;
    }
    next = idx;
    const std::string text(s_.begin() + start, s_.begin() + idx);  // ASCII: digits, sign, '.', 'e'
    if (is_float) return Object(std::strtod(text.c_str(), nullptr));
    return Object(integer(text));
  }

  static int64_t integer(const std::string& text) {
    const bool negative = text[0] == '-';
    const size_t digits = text.size() - negative;
    if (digits > kMaxIntDigits)
      throw ValueError("Exceeds the limit (4300 digits) for integer string conversion: value has " +
                       std::to_string(digits) + " digits; use sys.set_int_max_str_digits() to increase the limit");
    __int128 value = 0;
    for (size_t k = negative; k < text.size(); ++k) {
      value = value * 10 + (text[k] - '0');
      if (value > static_cast<__int128>(INT64_MAX) + 1) builtins::raise_int_overflow();
    }
    return builtins::checked_int(negative ? -value : value);
  }

  std::u32string s_;
  int64_t n_;
  int depth_ = 0;
};

}  // namespace detail

inline Object loads(const std::string& s) { return detail::Scanner(unicode::to_code_points(s)).decode(); }

}  // namespace muna::python::json
