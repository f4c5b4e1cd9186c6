// The character tests of the regular expression engine: sre's categories (\d \s \w for str
// patterns by Unicode, or ASCII under re.ASCII), its simple case mappings, and the Unicode
// property classes (\p{L}, White_Space \s, ...) of the Oniguruma patterns Hugging Face
// tokenizers use. Python's definitions come from CPython's own tables
// (muna/python/unicode/tables.hpp), the general categories from muna/text/unicode_tables.hpp.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "muna/python/unicode/ctype.hpp"
#include "muna/text/regex/tables.hpp"
#include "muna/text/unicode.hpp"

namespace muna::text::regex {

// sre_lower_unicode / sre_upper_unicode: CPython's _PyUnicode_ToLowercase/_ToUppercase, the first
// code point of the full mapping (ß uppercases to 'S' here, as in sre).
inline char32_t lower(char32_t c) {
  if (c < 0x80) return c >= 'A' && c <= 'Z' ? c + 32 : c;
  namespace t = python::unicode::tables;
  const t::Record& r = python::unicode::record(c);
  const int32_t field = t::kCasings[r.casing].lower;
  if (r.flags & t::kExtendedCase) return t::kCasePool[field >> 2];
  return static_cast<char32_t>(static_cast<int32_t>(c) + field);
}

inline char32_t upper(char32_t c) {
  if (c < 0x80) return c >= 'a' && c <= 'z' ? c - 32 : c;
  namespace t = python::unicode::tables;
  const t::Record& r = python::unicode::record(c);
  const int32_t field = t::kCasings[r.casing].upper;
  if (r.flags & t::kExtendedCase) return t::kCasePool[field >> 2];
  return static_cast<char32_t>(static_cast<int32_t>(c) + field);
}

// _sre.unicode_iscased: whether case-insensitive matching can change what c matches.
inline bool iscased(char32_t c) { return c != lower(c) || c != upper(c); }

inline char32_t ascii_lower(char32_t c) { return c >= 'A' && c <= 'Z' ? c + 32 : c; }
inline bool ascii_iscased(char32_t c) { return c < 128 && ((c | 0x20) >= 'a' && (c | 0x20) <= 'z'); }

// The other lowercase characters sharing an uppercase with the lowercase `lo` ('s' -> 'ſ'), as
// re._casefix._EXTRA_CASES lists them; nullptr when there are none. `count` receives how many.
inline const uint32_t* case_fixes(char32_t lo, size_t& count) {
  const auto* begin = std::begin(tables::kCaseFixes);
  const auto* end = std::end(tables::kCaseFixes);
  const auto* it = std::lower_bound(begin, end, lo, [](const tables::CaseFix& f, char32_t c) { return f.lower < c; });
  if (it == end || it->lower != lo) return nullptr;
  count = 0;
  while (count < std::size(it->others) && it->others[count]) ++count;
  return it->others;
}

inline bool is_xid_start(char32_t c) { return in_ranges(tables::kXidStart, c); }
inline bool is_xid_continue(char32_t c) { return in_ranges(tables::kXidContinue, c); }

// str.isidentifier() of a sequence of code points.
template <class Chars>
bool is_identifier(const Chars& s) {
  if (s.empty() || !(s[0] == '_' || is_xid_start(s[0]))) return false;
  for (size_t i = 1; i < s.size(); ++i)
    if (!is_xid_continue(s[i])) return false;
  return true;
}

// Character categories: the parser's \d \s \w (and negations) become the ASCII, Unicode (str
// patterns) or Unicode-property (kUnicodeProperties) variant when compiled; kProperty is a set of
// general categories (\p{L}, \p{Lu}, ...), kNotProperty its complement (\P{L}).
enum Category : uint32_t {
  kDigit, kNotDigit, kSpace, kNotSpace, kWord, kNotWord,  // as parsed; ASCII once compiled
  kUniDigit, kUniNotDigit, kUniSpace, kUniNotSpace, kUniWord, kUniNotWord,
  kPropDigit, kPropNotDigit, kPropSpace, kPropNotSpace, kPropWord, kPropNotWord,
  kProperty,
  kNotProperty,
};

inline bool ascii_word(char32_t c) { return c < 128 && ((c | 0x20) - 'a' < 26u || c - '0' < 10u || c == '_'); }

// sre's SRE_UNI_IS_WORD: Py_UNICODE_ISALNUM or '_'. Combining marks are not word characters.
inline bool uni_word(char32_t c) {
  if (c < 128) return ascii_word(c);
  return python::unicode::isalnum(c);
}

inline bool uni_digit(char32_t c) { return c < 128 ? c - '0' < 10u : python::unicode::isdecimal(c); }
inline bool uni_space(char32_t c) { return python::unicode::isspace(c); }
inline bool ascii_space(char32_t c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

struct CategoryCode {
  uint32_t kind;
  uint32_t mask = 0;  // kProperty/kNotProperty: bit k set for general category k (tables::Category)
};

inline bool in_category(const CategoryCode& code, char32_t c) {
  switch (code.kind) {
    case kDigit: return c - '0' < 10u;
    case kNotDigit: return !(c - '0' < 10u);
    case kSpace: return ascii_space(c);
    case kNotSpace: return !ascii_space(c);
    case kWord: return ascii_word(c);
    case kNotWord: return !ascii_word(c);
    case kUniDigit: return uni_digit(c);
    case kUniNotDigit: return !uni_digit(c);
    case kUniSpace: return uni_space(c);
    case kUniNotSpace: return !uni_space(c);
    case kUniWord: return uni_word(c);
    case kUniNotWord: return !uni_word(c);
    case kPropDigit: return c < 128 ? c - '0' < 10u : text::category(c) == text::tables::Nd;
    case kPropNotDigit: return !(c < 128 ? c - '0' < 10u : text::category(c) == text::tables::Nd);
    case kPropSpace: return text::is_whitespace(c);
    case kPropNotSpace: return !text::is_whitespace(c);
    case kPropWord: return text::is_word_char(c);
    case kPropNotWord: return !text::is_word_char(c);
    case kProperty: return (code.mask >> text::category(c)) & 1u;
    case kNotProperty: return !((code.mask >> text::category(c)) & 1u);
    default: return false;
  }
}

// The word test \b uses: ASCII, sre's Unicode one, or the Unicode-property one.
enum class WordKind : uint8_t { kAscii, kUnicode, kProperty };

inline bool is_word(WordKind kind, char32_t c) {
  switch (kind) {
    case WordKind::kAscii: return ascii_word(c);
    case WordKind::kUnicode: return uni_word(c);
    default: return text::is_word_char(c);
  }
}

}  // namespace muna::text::regex
