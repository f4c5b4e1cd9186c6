// Per-code-point Unicode properties and full case mappings, with CPython's definitions
// (Objects/unicodectype.c and Modules/unicodedata.c), looked up in the generated tables that
// str methods, unicodedata and the tokenizers share.
#pragma once
#include <cstdint>
#include <string>

#include "muna/python/unicode/tables.hpp"
#include "muna/python/unicode/utf8.hpp"

namespace muna::python::unicode {

// A three-stage table lookup (the layout scripts/gen_unicode_tables.py writes).
template <unsigned Shift2, unsigned Shift3, class S1, class S2, class S3>
inline unsigned three_stage(const S1* stage1, const S2* stage2, const S3* stage3, char32_t cp) {
  unsigned block = stage1[cp >> (Shift2 + Shift3)];
  unsigned sub = stage2[(block << Shift2) + ((cp >> Shift3) & ((1u << Shift2) - 1))];
  return stage3[(sub << Shift3) + (cp & ((1u << Shift3) - 1))];
}

inline const tables::Record& record(char32_t cp) {
  if (cp >= 0x110000) cp = 0xFFFD;
  return tables::kRecords[three_stage<tables::kRecordShift2, tables::kRecordShift3>(
      tables::kRecordStage1, tables::kRecordStage2, tables::kRecordStage3, cp)];
}

inline bool has(char32_t cp, uint16_t flag) { return (record(cp).flags & flag) != 0; }

inline bool isspace(char32_t cp) {
  if (cp < 0x80) return cp == ' ' || (cp >= 0x09 && cp <= 0x0D) || (cp >= 0x1C && cp <= 0x1F);
  return has(cp, tables::kSpace);
}
inline bool isalpha(char32_t cp) { return has(cp, tables::kAlpha); }
inline bool isdecimal(char32_t cp) { return has(cp, tables::kDecimal); }
inline bool isdigit(char32_t cp) { return has(cp, tables::kDigit); }
inline bool isnumeric(char32_t cp) { return has(cp, tables::kNumeric); }
inline bool isalnum(char32_t cp) {
  return has(cp, tables::kAlpha | tables::kDecimal | tables::kDigit | tables::kNumeric);
}
inline bool islower(char32_t cp) { return has(cp, tables::kLower); }
inline bool isupper(char32_t cp) { return has(cp, tables::kUpper); }
inline bool istitle(char32_t cp) { return has(cp, tables::kTitle); }
inline bool iscased(char32_t cp) { return has(cp, tables::kCased); }
inline bool iscaseignorable(char32_t cp) { return has(cp, tables::kCaseIgnorable); }
inline bool isprintable(char32_t cp) { return has(cp, tables::kPrintable); }
inline bool islinebreak(char32_t cp) { return has(cp, tables::kLinebreak); }

// Decimal digit value, or -1 (int() and float() accept every Unicode decimal digit).
inline int decimal_value(char32_t cp) {
  if (cp < 0x80) return cp >= '0' && cp <= '9' ? static_cast<int>(cp - '0') : -1;
  return record(cp).decimal;
}

// unicodedata's properties (CPython's _getrecord_ex).
inline tables::Category category(char32_t cp) { return static_cast<tables::Category>(record(cp).category); }
inline uint8_t combining(char32_t cp) { return record(cp).combining; }
inline const char* bidirectional(char32_t cp) { return tables::kBidirectionalNames[record(cp).bidirectional]; }
inline const char* east_asian_width(char32_t cp) { return tables::kEastAsianWidthNames[record(cp).east_asian_width]; }
inline bool mirrored(char32_t cp) { return has(cp, tables::kMirrored); }
// Digit value (unicodedata.digit: superscripts too), or -1.
inline int digit_value(char32_t cp) { return record(cp).digit; }
// Whether cp has a numeric value, and the value (unicodedata.numeric).
inline bool numeric_value(char32_t cp, double& value) {
  unsigned k = record(cp).numeric;
  if (k) value = tables::kNumericValues[k - 1];
  return k != 0;
}

enum class CaseMap { kLower, kUpper, kTitle, kFold };

// Appends the full (possibly multi-code-point) mapping of `cp`, without context rules.
inline void append_case(char32_t cp, CaseMap which, std::u32string& out) {
  const tables::Record& rec = record(cp);
  const tables::Casing& r = tables::kCasings[rec.casing];
  int32_t field = which == CaseMap::kLower   ? r.lower
                  : which == CaseMap::kUpper ? r.upper
                  : which == CaseMap::kTitle ? r.title
                                             : r.fold;
  if (rec.flags & tables::kExtendedCase) {
    const char32_t* p = tables::kCasePool + (field >> 2);
    out.append(p, static_cast<size_t>(field & 3));
  } else {
    out.push_back(static_cast<char32_t>(static_cast<int32_t>(cp) + field));
  }
}

// Lowercases s[i], applying Unicode's Final_Sigma rule for U+03A3 as CPython's lower_ucs4.
inline void append_lower_in_context(const std::u32string& s, size_t i, std::u32string& out) {
  constexpr char32_t kCapitalSigma = 0x3A3;
  if (s[i] != kCapitalSigma) {
    append_case(s[i], CaseMap::kLower, out);
    return;
  }
  size_t j = i;
  while (j > 0 && iscaseignorable(s[j - 1])) --j;
  bool final_sigma = j > 0 && iscased(s[j - 1]);
  if (final_sigma) {
    size_t k = i + 1;
    while (k < s.size() && iscaseignorable(s[k])) ++k;
    final_sigma = k == s.size() || !iscased(s[k]);
  }
  out.push_back(final_sigma ? 0x3C2 : 0x3C3);
}

// The shape of str.isalpha() and friends: False for "", else every code point satisfies `pred`.
template <class Pred>
bool all_code_points(const std::string& s, Pred pred) {
  if (s.empty()) return false;
  for (size_t i = 0; i < s.size();)
    if (!pred(decode(s, i))) return false;
  return true;
}

}  // namespace muna::python::unicode
