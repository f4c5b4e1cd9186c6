// Unicode normalization (NFD, NFKD, NFC, NFKC) exactly as CPython's unicodedata.normalize
// (Modules/unicodedata.c: nfd_nfkd, nfc_nfkc), on the shared tables. The tokenizers use the
// same code, so a normalizer step and unicodedata.normalize agree by construction.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "muna/python/unicode/ctype.hpp"
#include "muna/python/unicode/tables.hpp"
#include "muna/python/unicode/utf8.hpp"

namespace muna::python::unicode {

namespace hangul {
inline constexpr char32_t SBase = 0xAC00, LBase = 0x1100, VBase = 0x1161, TBase = 0x11A7;
inline constexpr char32_t LCount = 19, VCount = 21, TCount = 28, NCount = VCount * TCount,
                          SCount = LCount * NCount;
}  // namespace hangul

// The decomposition of cp as unicodedata.decomposition has it: a pointer to the header word
// (tag << 8 | length) followed by the code points, or nullptr. Hangul syllables have none.
inline const uint32_t* decomposition_entry(char32_t cp) {
  if (cp >= 0x110000) return nullptr;
  unsigned offset = three_stage<tables::kDecompositionShift2, tables::kDecompositionShift3>(
      tables::kDecompositionStage1, tables::kDecompositionStage2, tables::kDecompositionStage3, cp);
  return offset ? tables::kDecompositionPool + offset : nullptr;
}

enum class Form { kNFC, kNFD, kNFKC, kNFKD };

inline bool is_compatibility(Form f) { return f == Form::kNFKC || f == Form::kNFKD; }
inline bool is_composing(Form f) { return f == Form::kNFC || f == Form::kNFKC; }

// Appends the full decomposition of cp (canonical, or compatibility when compat), recursively.
inline void append_decomposed(char32_t cp, bool compat, std::u32string& out) {
  using namespace hangul;
  if (cp >= SBase && cp < SBase + SCount) {
    char32_t s = cp - SBase;
    out.push_back(LBase + s / NCount);
    out.push_back(VBase + (s % NCount) / TCount);
    if (s % TCount) out.push_back(TBase + s % TCount);
    return;
  }
  const uint32_t* entry = decomposition_entry(cp);
  // A compatibility decomposition stays as it is in NFD.
  if (!entry || ((entry[0] >> 8) != 0 && !compat)) {
    out.push_back(cp);
    return;
  }
  for (uint32_t i = 1; i <= (entry[0] & 0xFF); ++i) append_decomposed(entry[i], compat, out);
}

// NFD / NFKD: full decomposition, then each run of non-starters in canonical order (stable by
// combining class, as CPython's insertion sort).
inline std::u32string decompose(const std::u32string& s, bool compat) {
  std::u32string out;
  out.reserve(s.size());
  for (char32_t c : s) append_decomposed(c, compat, out);
  for (size_t i = 0; i < out.size();) {
    if (combining(out[i]) == 0) {
      ++i;
      continue;
    }
    size_t j = i;
    while (j < out.size() && combining(out[j]) != 0) ++j;
    if (j - i > 1)
      std::stable_sort(out.begin() + i, out.begin() + j,
                       [](char32_t a, char32_t b) { return combining(a) < combining(b); });
    i = j;
  }
  return out;
}

// The primary composite of (first, second), or 0; Hangul is handled by compose() itself.
inline char32_t compose_pair(char32_t first, char32_t second) {
  const uint64_t key = (uint64_t(first) << 21) | second;
  const uint64_t* keys = tables::kCompositionKeys;
  const size_t n = sizeof(tables::kCompositionKeys) / sizeof(uint64_t);
  const uint64_t* it = std::lower_bound(keys, keys + n, key);
  return it != keys + n && *it == key ? tables::kCompositionValues[it - keys] : 0;
}

// Whether cp starts any composition pair (CPython's nfc_first).
inline bool composes_as_first(char32_t cp) {
  const uint64_t* keys = tables::kCompositionKeys;
  const size_t n = sizeof(tables::kCompositionKeys) / sizeof(uint64_t);
  const uint64_t* it = std::lower_bound(keys, keys + n, uint64_t(cp) << 21);
  return it != keys + n && (*it >> 21) == cp;
}

// NFC / NFKC from decomposed text: CPython's nfc_nfkc step by step. Each starter that can
// begin a pair absorbs the unblocked characters after it that compose with it; the absorbed
// ones are skipped when the scan reaches them.
inline std::u32string compose(const std::u32string& d) {
  using namespace hangul;
  std::u32string out;
  out.reserve(d.size());
  std::vector<bool> absorbed(d.size(), false);
  size_t i = 0;
  while (i < d.size()) {
    if (absorbed[i]) {
      ++i;
      continue;
    }
    char32_t code = d[i];
    // Hangul: L V and L V T (the text is decomposed, so no LV T pair is left to find).
    if (code >= LBase && code < LBase + LCount && i + 1 < d.size() && d[i + 1] >= VBase &&
        d[i + 1] < VBase + VCount) {
      code = SBase + ((code - LBase) * VCount + (d[i + 1] - VBase)) * TCount;
      i += 2;
      if (i < d.size() && d[i] > TBase && d[i] < TBase + TCount) {
        code += d[i] - TBase;
        ++i;
      }
      out.push_back(code);
      continue;
    }
    if (!composes_as_first(code)) {
      out.push_back(code);
      ++i;
      continue;
    }
    out.push_back(code);
    unsigned comb = 0;  // class of the last character left between the starter and i1
    for (size_t i1 = i + 1; i1 < d.size(); ++i1) {
      if (absorbed[i1]) continue;
      unsigned comb1 = combining(d[i1]);
      if (comb) {
        if (comb1 == 0) break;
        if (comb >= comb1) continue;  // blocked
      }
      char32_t composite = compose_pair(out.back(), d[i1]);
      if (composite == 0) {
        if (comb1 == 0) break;
        comb = comb1;
        continue;
      }
      out.back() = composite;
      absorbed[i1] = true;
      if (!composes_as_first(composite)) break;
    }
    ++i;
  }
  return out;
}

inline std::u32string normalize(const std::u32string& s, Form form) {
  std::u32string d = decompose(s, is_compatibility(form));
  return is_composing(form) ? compose(d) : d;
}

inline std::string normalize(const std::string& s, Form form) {
  if (is_ascii(s)) return s;  // every form leaves ASCII alone: the common case, not decoded
  return from_code_points(normalize(to_code_points(s), form));
}

}  // namespace muna::python::unicode
