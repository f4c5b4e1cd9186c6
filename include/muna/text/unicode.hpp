// Unicode character classes, NFD/NFKD and lowercasing as Hugging Face tokenizers use them.
// Definitions mirror codegen/muna/text/unicode.py; the data is muna's one Unicode database
// (muna/python/unicode/, generated from CPython by scripts/gen_unicode_tables.py), plus the
// three older classes HF's BERT components use (hf_categories.hpp).
#pragma once
#include <algorithm>
#include <cstdint>
#include <cstddef>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

#include "muna/python/unicode/ctype.hpp"
#include "muna/python/unicode/normalization.hpp"
#include "muna/python/unicode/tables.hpp"
#include "muna/text/hf_categories.hpp"
#include "muna/text/utf8.hpp"

namespace muna::text {

namespace tables = muna::python::unicode::tables;

inline tables::Category category(uint32_t cp) { return python::unicode::category(cp); }

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

// Membership in sorted inclusive [first, last] pairs.
template <size_t N>
inline bool in_ranges(const uint32_t (&pairs)[N], uint32_t c) {
  const uint32_t* it = std::upper_bound(pairs, pairs + N, c);  // lands after a first or a last
  size_t k = it - pairs;
  return k % 2 == 1 || (k > 0 && pairs[k - 1] == c);
}

// HF's BERT components classify with the unicode_categories crate's (older) tables.
inline bool is_punctuation(uint32_t c) { return in_ranges(hf::punctuation, c); }

inline bool is_bert_punctuation(uint32_t c) {
  if (c < 0x80) return (c >= 0x21 && c <= 0x2F) || (c >= 0x3A && c <= 0x40) || (c >= 0x5B && c <= 0x60) ||
                       (c >= 0x7B && c <= 0x7E);
  return is_punctuation(c);
}

// unicode_categories' is_other: Cc, Cf, Co (unassigned Cn is not included there).
inline bool is_other(uint32_t c) { return in_ranges(hf::other, c); }

inline bool is_mark_nonspacing(uint32_t c) { return c >= 0x300 && in_ranges(hf::mark_nonspacing, c); }

inline bool is_combining_mark(uint32_t c) {
  if (c < 0x300) return false;
  auto k = category(c);
  return k >= tables::Mn && k <= tables::Me;
}

// regex-syntax's Unicode \w: Alphabetic, M, Nd, Pc, Join_Control. Alphabetic beyond L and Nl
// adds marks (already M) and the circled and squared Latin letters (So).
inline bool is_word_char(uint32_t c) {
  if (c < 0x80) return (c | 0x20) - 'a' < 26u || c - '0' < 10u || c == '_';
  auto k = category(c);
  if ((k >= tables::Lu && k <= tables::Nl) || k == tables::Pc || c == 0x200C || c == 0x200D) return true;
  return k == tables::So && ((c >= 0x24B6 && c <= 0x24E9) || (c >= 0x1F130 && c <= 0x1F149) ||
                             (c >= 0x1F150 && c <= 0x1F169) || (c >= 0x1F170 && c <= 0x1F189));
}

inline bool is_chinese_char(uint32_t c) {
  return (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0x3400 && c <= 0x4DBF) || (c >= 0x20000 && c <= 0x2A6DF) ||
         (c >= 0x2A700 && c <= 0x2B73F) || (c >= 0x2B740 && c <= 0x2B81F) || (c >= 0x2B920 && c <= 0x2CEAF) ||
         (c >= 0xF900 && c <= 0xFAFF) || (c >= 0x2F800 && c <= 0x2FA1F);
}

inline uint8_t combining_class(uint32_t c) { return c < 0x300 ? 0 : python::unicode::combining(c); }

// Appends Rust's char::to_lowercase(c) as UTF-8: the full lowercase mapping without context,
// which is CPython's lower() of the one character.
inline void append_lower(std::string& out, uint32_t c) {
  if (c < 0x80) {
    out += static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c);
    return;
  }
  std::u32string mapped;
  python::unicode::append_case(c, python::unicode::CaseMap::kLower, mapped);
  for (char32_t m : mapped) append_utf8(out, m);
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

// NFD or NFKD (compat), and NFC or NFKC: CPython's unicodedata.normalize.
inline std::string normalized(std::string_view s, python::unicode::Form form) {
  std::u32string cps;
  cps.reserve(s.size());
  for_each_char(s, [&](uint32_t c) { cps.push_back(c); });
  std::string out;
  out.reserve(s.size());
  for (char32_t c : python::unicode::normalize(cps, form)) append_utf8(out, c);
  return out;
}

inline std::string decompose(std::string_view s, bool compat) {
  return normalized(s, compat ? python::unicode::Form::kNFKD : python::unicode::Form::kNFD);
}

inline std::string compose(std::string_view s, bool compat) {
  return normalized(s, compat ? python::unicode::Form::kNFKC : python::unicode::Form::kNFC);
}

// Grapheme clusters as far as the Precompiled normalizer can tell (see unicode.py: only the
// UAX #29 rules that can keep a cluster under 6 bytes matter: GB3-GB5, GB9, GB9a, GB9b).
enum GraphemeClass { kGbOther, kGbCR, kGbLF, kGbControl, kGbExtend, kGbSpacingMark, kGbPrepend };

inline GraphemeClass grapheme_break_class(uint32_t c) {
  static const uint32_t extend[] = {0x200C, 0x200D, 0x09BE, 0x09D7, 0x0B3E, 0x0B57, 0x0BBE, 0x0BD7, 0x0CC2,
                                    0x0CD5, 0x0CD6, 0x0D3E, 0x0D57, 0x0DCF, 0x0DDF, 0x1B35, 0x302E, 0x302F,
                                    0xFF9E, 0xFF9F, 0x1D165, 0x1D16E, 0x1D16F, 0x1D170, 0x1D171, 0x1D172};
  static const uint32_t not_spacing[] = {0x102B, 0x102C, 0x1038, 0x1062, 0x1063, 0x1064, 0x1067, 0x1068,
                                         0x1069, 0x106A, 0x106B, 0x106C, 0x106D, 0x1083, 0x1087, 0x1088,
                                         0x1089, 0x108A, 0x108B, 0x108C, 0x108F, 0x109A, 0x109B, 0x109C,
                                         0x1A61, 0x1A63, 0x1A64, 0xAA7B, 0xAA7D, 0x11720, 0x11721};
  static const uint32_t prepend[] = {0x0600, 0x0601, 0x0602, 0x0603, 0x0604, 0x0605, 0x06DD, 0x070F,
                                     0x0890, 0x0891, 0x08E2, 0x0D4E, 0x110BD, 0x110CD, 0x111C2, 0x111C3,
                                     0x1193F, 0x11941, 0x11A3A, 0x11D46};
  if (c == '\r') return kGbCR;
  if (c == '\n') return kGbLF;
  if (c < 0x80) return c < 0x20 || c == 0x7F ? kGbControl : kGbOther;
  auto in = [c](const uint32_t* b, const uint32_t* e) { return std::find(b, e, c) != e; };
  if (in(std::begin(extend), std::end(extend)) || (c >= 0x1F3FB && c <= 0x1F3FF) || (c >= 0xE0020 && c <= 0xE007F))
    return kGbExtend;
  if (in(std::begin(not_spacing), std::end(not_spacing))) return kGbOther;
  if (in(std::begin(prepend), std::end(prepend)) || (c >= 0x11A84 && c <= 0x11A89)) return kGbPrepend;
  if (c == 0x0E33 || c == 0x0EB3) return kGbSpacingMark;
  auto k = category(c);
  if (k == tables::Mn || k == tables::Me) return kGbExtend;
  if (k == tables::Mc) return kGbSpacingMark;
  if (k == tables::Cc || k == tables::Cf || k == tables::Zl || k == tables::Zp || k == tables::Cs) return kGbControl;
  return kGbOther;
}

// Whether no grapheme boundary falls between characters of these classes.
inline bool grapheme_joins(GraphemeClass prev, GraphemeClass cur) {
  if (prev == kGbCR) return cur == kGbLF;
  if (prev == kGbControl || prev == kGbLF || cur == kGbControl || cur == kGbCR || cur == kGbLF) return false;
  return cur == kGbExtend || cur == kGbSpacingMark || prev == kGbPrepend;
}

// Calls f(begin, end) for each grapheme cluster (byte offsets) of valid UTF-8 text.
template <typename F>
inline void for_each_grapheme(std::string_view s, F&& f) {
  size_t start = 0, i = 0;
  GraphemeClass prev = kGbOther;
  while (i < s.size()) {
    size_t len;
    GraphemeClass cls = grapheme_break_class(decode_utf8(s.data() + i, len));
    if (i > 0 && !grapheme_joins(prev, cls)) {
      f(start, i);
      start = i;
    }
    prev = cls;
    i += len;
  }
  if (start < s.size()) f(start, s.size());
}

}  // namespace muna::text
