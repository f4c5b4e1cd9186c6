// Character names, as CPython's unicodedata.name and unicodedata.lookup (Modules/unicodedata.c:
// _getucname, _getcode): a phrasebook of the listed names (and, for lookup, the name aliases
// and named sequences), blocks named PREFIX-XXXX, and the Hangul syllables, which are computed. The tables are large (see docs/language.md), so only a
// library that calls name or lookup includes this header.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>

#include "muna/python/unicode/name_tables.hpp"
#include "muna/python/unicode/normalization.hpp"

namespace muna::python::unicode {

namespace detail {

// Jamo short names, by L, V and T index (Hangul_Syllable_Type's JSN).
inline constexpr const char* kJamoL[19] = {"G", "GG", "N", "D", "DD", "R", "M", "B", "BB", "S",
                                           "SS", "", "J", "JJ", "C", "K", "T", "P", "H"};
inline constexpr const char* kJamoV[21] = {"A", "AE", "YA", "YAE", "EO", "E", "YEO", "YE", "O", "WA", "WAE",
                                           "OE", "YO", "U", "WEO", "WE", "WI", "YU", "EU", "YI", "I"};
inline constexpr const char* kJamoT[28] = {"", "G", "GG", "GS", "N", "NJ", "NH", "D", "L", "LG",
                                           "LM", "LB", "LS", "LT", "LP", "LH", "M", "B", "BS", "S",
                                           "SS", "NG", "J", "C", "K", "T", "P", "H"};

inline void append_word(unsigned number, std::string& out) {
  namespace t = name_tables;
  size_t at = t::kWordOffsets[number / 16];
  for (unsigned skip = number % 16; skip; --skip)
    while (!(t::kLexicon[at++] & 0x80)) {
    }
  for (;;) {
    uint8_t byte = t::kLexicon[at++];
    out += static_cast<char>(byte & 0x7F);
    if (byte & 0x80) return;
  }
}

// The name of phrasebook entry k.
inline std::string entry_name(size_t k) {
  namespace t = name_tables;
  size_t at = t::kNameOffsets[k / 16];
  for (size_t skip = k % 16; skip; --skip) at += 1 + t::kPhrasebook[at];
  size_t end = at + 1 + t::kPhrasebook[at];
  std::string out;
  for (++at; at < end;) {
    unsigned number = t::kPhrasebook[at++];
    if (number >= t::kShortWords) number = t::kShortWords + (number - t::kShortWords) * 256 + t::kPhrasebook[at++];
    if (!out.empty()) out += ' ';
    append_word(number, out);
  }
  return out;
}

inline constexpr size_t kRuns = sizeof(name_tables::kEntryRuns) / sizeof(uint32_t) / 2 - 1;

// The phrasebook entry of cp, or -1.
inline int64_t entry_of(char32_t cp) {
  const uint32_t* runs = name_tables::kEntryRuns;
  size_t lo = 0, hi = kRuns;  // the last run starting at or before cp
  while (hi - lo > 1) {
    size_t mid = (lo + hi) / 2;
    (runs[2 * mid + 1] <= cp ? lo : hi) = mid;
  }
  if (runs[2 * lo + 1] > cp) return -1;
  uint32_t k = runs[2 * lo] + (cp - runs[2 * lo + 1]);
  return k < runs[2 * lo + 2] ? int64_t(k) : -1;
}

inline char32_t code_point_of_entry(uint32_t k) {
  const uint32_t* runs = name_tables::kEntryRuns;
  size_t lo = 0, hi = kRuns;
  while (hi - lo > 1) {
    size_t mid = (lo + hi) / 2;
    (runs[2 * mid] <= k ? lo : hi) = mid;
  }
  return runs[2 * lo + 1] + (k - runs[2 * lo]);
}

inline std::u32string characters_of_entry(uint32_t k) {
  namespace t = name_tables;
  if (k < t::kCharacterEntries) return std::u32string(1, code_point_of_entry(k));
  k -= t::kCharacterEntries;
  return std::u32string(t::kSequencePool + t::kSequenceOffsets[k], t::kSequencePool + t::kSequenceOffsets[k + 1]);
}

inline bool is_unified_ideograph(char32_t cp) {
  const uint32_t* r = name_tables::kRanges;
  for (size_t i = 0; i < sizeof(name_tables::kRanges) / sizeof(uint32_t); i += 3)
    if (std::string_view(name_tables::kRangePrefixes[r[i + 2]]) == "CJK UNIFIED IDEOGRAPH-" && cp >= r[i] &&
        cp <= r[i + 1])
      return true;
  return false;
}

// The longest short name of `column` that `s` starts with (CPython's find_syllable).
template <size_t N>
inline int find_syllable(std::string_view s, const char* const (&column)[N], size_t& length) {
  int found = -1;
  length = 0;
  for (size_t i = 0; i < N; ++i) {
    std::string_view jamo(column[i]);
    if ((found < 0 || jamo.size() > length) && s.substr(0, jamo.size()) == jamo) {
      found = static_cast<int>(i);
      length = jamo.size();
    }
  }
  return found;
}

}  // namespace detail

// unicodedata.name(chr), or nothing.
inline std::optional<std::string> character_name(char32_t cp) {
  using namespace hangul;
  if (cp >= SBase && cp < SBase + SCount) {
    char32_t s = cp - SBase;
    return std::string("HANGUL SYLLABLE ") + detail::kJamoL[s / NCount] + detail::kJamoV[(s % NCount) / TCount] +
           detail::kJamoT[s % TCount];
  }
  const uint32_t* r = name_tables::kRanges;
  for (size_t i = 0; i < sizeof(name_tables::kRanges) / sizeof(uint32_t); i += 3) {
    if (cp >= r[i] && cp <= r[i + 1]) {
      char hex[16];
      std::snprintf(hex, sizeof hex, "%04X", static_cast<unsigned>(cp));
      return std::string(name_tables::kRangePrefixes[r[i + 2]]) + hex;
    }
  }
  int64_t k = detail::entry_of(cp);
  if (k < 0) return std::nullopt;
  return detail::entry_name(static_cast<size_t>(k));
}

// unicodedata.lookup's search (name already checked for length): the character, or the
// characters of a named sequence, or nothing. Hangul syllables and CJK unified ideographs are
// matched case-sensitively, as CPython does; every other name (aliases too) ignores ASCII case.
inline std::optional<std::u32string> characters_named(std::string_view name) {
  using namespace hangul;
  constexpr std::string_view kHangul = "HANGUL SYLLABLE ", kUnified = "CJK UNIFIED IDEOGRAPH-";
  if (name.substr(0, kHangul.size()) == kHangul) {
    std::string_view rest = name.substr(kHangul.size());
    size_t len;
    int l = detail::find_syllable(rest, detail::kJamoL, len);
    rest.remove_prefix(len);
    int v = detail::find_syllable(rest, detail::kJamoV, len);
    rest.remove_prefix(len);
    int t = detail::find_syllable(rest, detail::kJamoT, len);
    rest.remove_prefix(len);
    if (l < 0 || v < 0 || t < 0 || !rest.empty()) return std::nullopt;
    return std::u32string(1, SBase + (l * VCount + v) * TCount + t);
  }
  if (name.substr(0, kUnified.size()) == kUnified) {
    std::string_view hex = name.substr(kUnified.size());
    if (hex.size() != 4 && hex.size() != 5) return std::nullopt;
    char32_t v = 0;
    for (char c : hex) {
      if (c >= '0' && c <= '9') v = v * 16 + (c - '0');
      else if (c >= 'A' && c <= 'F') v = v * 16 + (c - 'A' + 10);
      else return std::nullopt;
    }
    if (!detail::is_unified_ideograph(v)) return std::nullopt;
    return std::u32string(1, v);
  }
  std::string upper(name);
  for (char& c : upper)
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 32);
  // The other PREFIX-XXXX blocks: the name the code point would have, exactly.
  for (size_t i = 0; i < sizeof(name_tables::kRanges) / sizeof(uint32_t); i += 3) {
    std::string_view prefix(name_tables::kRangePrefixes[name_tables::kRanges[i + 2]]);
    if (prefix == kUnified || upper.compare(0, prefix.size(), prefix) != 0) continue;
    std::string_view hex = std::string_view(upper).substr(prefix.size());
    if (hex.empty() || hex.size() > 6 || hex.find_first_not_of("0123456789ABCDEF") != std::string_view::npos)
      continue;
    char32_t cp = static_cast<char32_t>(std::stoul(std::string(hex), nullptr, 16));
    char canonical[16];
    std::snprintf(canonical, sizeof canonical, "%04X", static_cast<unsigned>(cp));
    if (hex == canonical && cp >= name_tables::kRanges[i] && cp <= name_tables::kRanges[i + 1])
      return std::u32string(1, cp);
  }
  const uint16_t* sorted = name_tables::kEntriesByName;
  size_t lo = 0, hi = sizeof(name_tables::kEntriesByName) / sizeof(uint16_t);
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    int c = detail::entry_name(sorted[mid]).compare(upper);
    if (c == 0) return detail::characters_of_entry(sorted[mid]);
    if (c < 0) lo = mid + 1; else hi = mid;
  }
  return std::nullopt;
}

}  // namespace muna::python::unicode
