// Added tokens: spans of text that bypass the model (HF's AddedVocabulary::find_matches).
// HF searches with Aho-Corasick in leftmost-longest mode; walking the precomputed byte trie
// from each position and keeping the longest hit is the same search.
#pragma once
#include <cstdint>
#include <string_view>
#include <vector>

#include "muna/text/blob.hpp"
#include "muna/text/unicode.hpp"

namespace muna::text {

enum AddedFlags : uint32_t { kSpecial = 1, kLstrip = 2, kRstrip = 4, kSingleWord = 8, kNormalized = 16 };

struct AddedToken {
  int32_t id;
  uint32_t flags;
  std::string_view content;  // views into the table
  std::string_view match;    // what is searched for (normalized content when kNormalized)
};

inline uint32_t char_before(std::string_view s, size_t pos) {
  size_t start = pos - 1;
  while (start > 0 && (static_cast<unsigned char>(s[start]) & 0xC0) == 0x80) --start;
  size_t len;
  return decode_utf8(s.data() + start, len);
}

// Calls emit(begin, end, token or nullptr) for consecutive spans covering s; nothing for "".
template <typename Emit>
inline void split_added(std::string_view s, const blob::Trie& trie, const std::vector<AddedToken>& tokens, Emit&& emit) {
  if (s.empty()) return;
  if (trie.empty()) {
    emit(size_t(0), s.size(), static_cast<const AddedToken*>(nullptr));
    return;
  }
  const size_t n = s.size();
  size_t start_offset = 0, pos = 0;
  while (pos < n) {
    // Leftmost start with any hit, then the longest hit there.
    size_t start = n, stop = 0;
    int32_t found = -1;
    for (size_t i = pos; i < n && found < 0; ++i) {
      int64_t node = trie.step(0, static_cast<uint8_t>(s[i]));
      for (size_t j = i; node >= 0;) {
        int32_t t = trie.token(static_cast<uint32_t>(node));
        if (t >= 0) {
          found = t;
          start = i;
          stop = j + 1;
        }
        if (++j >= n) break;
        node = trie.step(static_cast<uint32_t>(node), static_cast<uint8_t>(s[j]));
      }
    }
    if (found < 0) break;
    if (static_cast<size_t>(found) >= tokens.size()) blob::corrupt("trie token index");
    const AddedToken& tok = tokens[found];
    pos = stop;  // the automaton resumes after the raw match, whatever the strips do
    if (tok.flags & kSingleWord) {
      bool before_ok = start == 0 || !is_word_char(char_before(s, start));
      size_t len;
      bool after_ok = stop == n || !is_word_char(decode_utf8(s.data() + stop, len));
      if (!before_ok || !after_ok) continue;
    }
    if (tok.flags & kLstrip) {
      size_t k = start;
      while (k > 0) {
        uint32_t c = char_before(s, k);
        if (!is_whitespace(c)) break;
        while (k > 0 && (static_cast<unsigned char>(s[--k]) & 0xC0) == 0x80) {
        }
      }
      start = std::max(k, start_offset);
    }
    if (tok.flags & kRstrip) {
      while (stop < n) {
        size_t len;
        if (!is_whitespace(decode_utf8(s.data() + stop, len))) break;
        stop += len;
      }
    }
    if (start_offset < start) emit(start_offset, start, static_cast<const AddedToken*>(nullptr));
    emit(start, stop, &tok);
    start_offset = stop;
  }
  if (start_offset < n) emit(start_offset, n, static_cast<const AddedToken*>(nullptr));
}

}  // namespace muna::text
