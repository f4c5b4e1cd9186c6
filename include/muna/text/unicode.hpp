// Unicode character classes, NFD/NFKD and lowercasing as Hugging Face tokenizers use them.
// Definitions mirror codegen/muna/text/unicode.py; data comes from unicode_tables.hpp.
#pragma once
#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "muna/text/unicode_tables.hpp"
#include "muna/text/utf8.hpp"

namespace muna::text {

template <size_t N, typename V>
inline V range_lookup(const uint32_t (&starts)[N], const V (&values)[N], uint32_t cp) {
  const uint32_t* it = std::upper_bound(starts, starts + N, cp);
  return values[(it - starts) - 1];
}

inline tables::Category category(uint32_t cp) {
  return static_cast<tables::Category>(range_lookup(tables::category_starts, tables::category_values, cp));
}

// White_Space: Rust's char::is_whitespace and Oniguruma's \s.
inline bool is_whitespace(uint32_t c) {
  if (c < 0x80) return c == ' ' || (c >= 0x09 && c <= 0x0D);
  return c == 0x85 || c == 0xA0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 ||
         c == 0x202F || c == 0x205F || c == 0x3000;
}

inline bool is_letter(uint32_t c) {
  if (c < 0x80) return (c | 0x20) >= 'a' && (c | 0x20) <= 'z';
  auto k = category(c);
  return k >= tables::Lu && k <= tables::Lo;
}

inline bool is_number(uint32_t c) {
  if (c < 0x80) return c >= '0' && c <= '9';
  auto k = category(c);
  return k >= tables::Nd && k <= tables::No;
}

inline bool is_punctuation(uint32_t c) {
  auto k = category(c);
  return k >= tables::Pc && k <= tables::Po;
}

inline bool is_bert_punctuation(uint32_t c) {
  if (c < 0x80) return (c >= 0x21 && c <= 0x2F) || (c >= 0x3A && c <= 0x40) || (c >= 0x5B && c <= 0x60) ||
                       (c >= 0x7B && c <= 0x7E);
  return is_punctuation(c);
}

// unicode_categories' is_other: Cc, Cf, Co, Cs (unassigned Cn is not included there).
inline bool is_other(uint32_t c) {
  auto k = category(c);
  return k == tables::Cc || k == tables::Cf || k == tables::Co || k == tables::Cs;
}

inline bool is_mark_nonspacing(uint32_t c) { return c >= 0x300 && category(c) == tables::Mn; }

inline bool is_combining_mark(uint32_t c) {
  if (c < 0x300) return false;
  auto k = category(c);
  return k >= tables::Mn && k <= tables::Me;
}

// Approximates regex-syntax's Unicode \w (Alphabetic, M, Nd, Pc, Join_Control) for single_word.
inline bool is_word_char(uint32_t c) {
  auto k = category(c);
  return (k >= tables::Lu && k <= tables::Nl) || k == tables::Pc || c == 0x200C || c == 0x200D;
}

inline bool is_chinese_char(uint32_t c) {
  return (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0x3400 && c <= 0x4DBF) || (c >= 0x20000 && c <= 0x2A6DF) ||
         (c >= 0x2A700 && c <= 0x2B73F) || (c >= 0x2B740 && c <= 0x2B81F) || (c >= 0x2B920 && c <= 0x2CEAF) ||
         (c >= 0xF900 && c <= 0xFAFF) || (c >= 0x2F800 && c <= 0x2FA1F);
}

inline uint8_t combining_class(uint32_t c) {
  if (c < 0x300) return 0;
  return range_lookup(tables::ccc_starts, tables::ccc_values, c);
}

// Appends Rust's char::to_lowercase(c) as UTF-8.
inline void append_lower(std::string& out, uint32_t c) {
  if (c < 0x80) {
    out += static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c);
    return;
  }
  constexpr size_t n = sizeof(tables::lower_map) / sizeof(uint32_t) / 3;
  size_t lo = 0, hi = n;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if (tables::lower_map[3 * mid] < c) lo = mid + 1; else hi = mid;
  }
  if (lo < n && tables::lower_map[3 * lo] == c) {
    append_utf8(out, tables::lower_map[3 * lo + 1]);
    if (tables::lower_map[3 * lo + 2]) append_utf8(out, tables::lower_map[3 * lo + 2]);
  } else {
    append_utf8(out, c);
  }
}

// Calls f(cp) for every code point of valid UTF-8 text.
template <typename F>
inline void for_each_char(std::string_view s, F&& f) {
  size_t i = 0;
  while (i < s.size()) {
    size_t len;
    uint32_t c = decode_utf8(s.data() + i, len);
    f(c);
    i += len;
  }
}

inline std::string lowercase(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for_each_char(s, [&](uint32_t c) { append_lower(out, c); });
  return out;
}

// Full decomposition of one code point (canonical, or compatibility when compat).
inline void append_decomposition(std::vector<uint32_t>& out, uint32_t c, bool compat) {
  constexpr uint32_t SBase = 0xAC00, LBase = 0x1100, VBase = 0x1161, TBase = 0x11A7, TCount = 28, NCount = 588;
  if (c >= SBase && c < SBase + 11172) {
    uint32_t s = c - SBase;
    out.push_back(LBase + s / NCount);
    out.push_back(VBase + (s % NCount) / TCount);
    if (s % TCount) out.push_back(TBase + s % TCount);
    return;
  }
  if (c < 0xA0) {
    out.push_back(c);
    return;
  }
  const uint32_t* keys = compat ? tables::nfkd_keys : tables::nfd_keys;
  const uint16_t* offsets = compat ? tables::nfkd_offsets : tables::nfd_offsets;
  const uint32_t* pool = compat ? tables::nfkd_pool : tables::nfd_pool;
  size_t n = compat ? sizeof(tables::nfkd_keys) / 4 : sizeof(tables::nfd_keys) / 4;
  const uint32_t* it = std::lower_bound(keys, keys + n, c);
  if (it != keys + n && *it == c) {
    size_t k = it - keys;
    out.insert(out.end(), pool + offsets[k], pool + offsets[k + 1]);
  } else {
    out.push_back(c);
  }
}

// NFD (or NFKD): decompose, then put each run of combining marks in canonical order.
inline std::string decompose(std::string_view s, bool compat) {
  std::vector<uint32_t> cps;
  cps.reserve(s.size());
  for_each_char(s, [&](uint32_t c) { append_decomposition(cps, c, compat); });
  size_t i = 0;
  while (i < cps.size()) {
    if (combining_class(cps[i]) == 0) {
      ++i;
      continue;
    }
    size_t j = i;
    while (j < cps.size() && combining_class(cps[j]) != 0) ++j;
    std::stable_sort(cps.begin() + i, cps.begin() + j,
                     [](uint32_t a, uint32_t b) { return combining_class(a) < combining_class(b); });
    i = j;
  }
  std::string out;
  out.reserve(s.size());
  for (uint32_t c : cps) append_utf8(out, c);
  return out;
}

}  // namespace muna::text
