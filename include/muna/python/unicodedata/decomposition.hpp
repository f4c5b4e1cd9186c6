// unicodedata.decomposition: "<tag> XXXX YYYY" as UnicodeData.txt spells it, "" where none.
#pragma once
#include <cstdio>
#include <string>

#include "muna/python/unicode/normalization.hpp"
#include "muna/python/unicodedata/detail/character.hpp"

namespace muna::python::unicodedata {

inline std::string decomposition(const std::string& chr) {
  const uint32_t* entry = unicode::decomposition_entry(detail::character(chr, "decomposition() argument"));
  std::string out;
  if (!entry) return out;
  out = unicode::tables::kDecompositionTags[entry[0] >> 8];
  for (uint32_t i = 1; i <= (entry[0] & 0xFF); ++i) {
    char hex[16];
    std::snprintf(hex, sizeof hex, "%04X", static_cast<unsigned>(entry[i]));
    if (!out.empty()) out += ' ';
    out += hex;
  }
  return out;
}

}  // namespace muna::python::unicodedata
