// GPT-2's byte <-> printable character table and its pre-tokenization regex, by hand:
//   's|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+
// Same walk as codegen/muna/text/byte_level.py.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "muna/text/unicode.hpp"

namespace muna::text {

struct ByteLevelTables {
  std::array<uint32_t, 256> byte_to_char{};
  std::array<std::string, 256> byte_to_utf8;
  std::array<int16_t, 0x144> char_to_byte{};  // -1 when the char is not in the alphabet

  ByteLevelTables() {
    char_to_byte.fill(-1);
    uint32_t next = 256;
    for (uint32_t b = 0; b < 256; ++b) {
      bool printable = (b >= '!' && b <= '~') || (b >= 0xA1 && b <= 0xAC) || (b >= 0xAE && b <= 0xFF);
      byte_to_char[b] = printable ? b : next++;
      append_utf8(byte_to_utf8[b], byte_to_char[b]);
      char_to_byte[byte_to_char[b]] = static_cast<int16_t>(b);
    }
  }
  static const ByteLevelTables& get() {
    static const ByteLevelTables tables;
    return tables;
  }
};

// 0 whitespace, 1 letter, 2 number, 3 other.
inline int gpt2_class(uint32_t c) {
  if (is_whitespace(c)) return 0;
  if (is_letter(c)) return 1;
  if (is_number(c)) return 2;
  return 3;
}

// The regex's consecutive matches as byte ranges; they always cover the whole string.
inline void gpt2_split(std::string_view s, std::vector<std::pair<size_t, size_t>>& out) {
  out.clear();
  const size_t n = s.size();
  auto at = [&](size_t i, size_t& len) { return decode_utf8(s.data() + i, len); };
  size_t i = 0;
  while (i < n) {
    size_t len;
    uint32_t c = at(i, len);
    size_t end = 0;
    if (c == '\'' && i + 1 < n) {
      char d = s[i + 1];
      if (d == 's' || d == 't' || d == 'm' || d == 'd') {
        end = i + 2;
      } else if (i + 2 < n) {
        std::string_view two = s.substr(i + 1, 2);
        if (two == "re" || two == "ve" || two == "ll") end = i + 3;
      }
    }
    if (!end) {
      size_t start = (c == ' ' && i + 1 < n) ? i + 1 : i;
      size_t start_len;
      int cls = gpt2_class(at(start, start_len));
      if (cls != 0) {
        end = start + start_len;
        while (end < n) {
          size_t l;
          if (gpt2_class(at(end, l)) != cls) break;
          end += l;
        }
      } else {
        end = i + len;
        size_t last_start = i;  // start of the last whitespace char, to give it back
        while (end < n) {
          size_t l;
          if (!is_whitespace(at(end, l))) break;
          last_start = end;
          end += l;
        }
        // \s+(?!\S): leave the last whitespace char to prefix the following word.
        if (end < n && last_start > i) end = last_start;
      }
    }
    out.emplace_back(i, end);
    i = end;
  }
}

// (?i:'s|'t|'re|'ve|'m|'ll|'d) at i: its byte length, or 0. Case folding adds U+017F to 's'.
inline size_t llama3_contraction(std::string_view s, size_t i) {
  if (s[i] != '\'') return 0;
  static const char* suffixes[] = {"s", "t", "re", "ve", "m", "ll", "d"};
  for (const char* suffix : suffixes) {
    size_t j = i + 1;
    bool ok = true;
    for (const char* p = suffix; *p && ok; ++p) {
      if (j >= s.size()) {
        ok = false;
        break;
      }
      size_t len;
      uint32_t c = decode_utf8(s.data() + j, len);
      ok = c == static_cast<uint32_t>(*p) || c == static_cast<uint32_t>(*p - 32) || (*p == 's' && c == 0x17F);
      j += len;
    }
    if (ok) return j - i;
  }
  return 0;
}

// The Llama 3 (max_digits 3) / Qwen 2 (max_digits 1) split regex, by hand, as byte ranges:
//   (?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*
//   |\s*[\r\n]+|\s+(?!\S)|\s+
// Same walk as llama3_split in codegen/muna/text/byte_level.py.
inline void llama3_split(std::string_view s, int32_t max_digits, std::vector<std::pair<size_t, size_t>>& out) {
  out.clear();
  const size_t n = s.size();
  auto at = [&](size_t i, size_t& len) { return decode_utf8(s.data() + i, len); };
  auto class_at = [&](size_t i) {
    size_t len;
    return gpt2_class(at(i, len));
  };
  auto run_of = [&](size_t j, int cls, int32_t limit) {  // end of a run of cls chars from j
    int32_t count = 0;
    while (j < n && (limit < 0 || count < limit)) {
      size_t len;
      if (gpt2_class(at(j, len)) != cls) break;
      j += len;
      ++count;
    }
    return j;
  };
  size_t i = 0;
  while (i < n) {
    size_t len;
    uint32_t c = at(i, len);
    int cls = gpt2_class(c);
    size_t end = i + llama3_contraction(s, i);
    bool newline = c == '\r' || c == '\n';
    if (end != i) {
    } else if (cls == 1) {
      end = run_of(i, 1, -1);
    } else if (cls != 2 && !newline && i + len < n && class_at(i + len) == 1) {
      end = run_of(i + len, 1, -1);
    } else if (cls == 2) {
      end = run_of(i, 2, max_digits);
    } else if (cls == 3 || (c == ' ' && i + 1 < n && class_at(i + 1) == 3)) {
      end = run_of(cls == 3 ? i : i + 1, 3, -1);
      while (end < n && (s[end] == '\r' || s[end] == '\n')) ++end;
    } else {
      size_t run = i, last_newline = n, last_start = i;
      while (run < n) {
        size_t l;
        uint32_t w = at(run, l);
        if (!is_whitespace(w)) break;
        if (w == '\r' || w == '\n') last_newline = run;
        last_start = run;
        run += l;
      }
      if (last_newline != n) {
        end = last_newline + 1;  // \s*[\r\n]+
      } else if (run < n && last_start > i) {
        end = last_start;  // \s+(?!\S)
      } else {
        end = run;
      }
    }
    out.emplace_back(i, end);
    i = end;
  }
}

inline std::string to_byte_chars(std::string_view s) {
  const auto& t = ByteLevelTables::get();
  std::string out;
  out.reserve(s.size() * 2);
  for (unsigned char b : s) out += t.byte_to_utf8[b];
  return out;
}

}  // namespace muna::text
