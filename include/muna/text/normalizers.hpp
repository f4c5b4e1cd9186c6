// tokenizer.json normalizers (mirrors codegen/muna/text/components.py). Each maps valid UTF-8
// to valid UTF-8; the pipeline runs them in order on every piece between added tokens.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "muna/text/pipeline_steps.hpp"
#include "muna/text/unicode.hpp"

namespace muna::text {

template <typename Keep>
inline std::string filter_chars(std::string_view s, Keep&& keep) {
  std::string out;
  out.reserve(s.size());
  size_t i = 0;
  while (i < s.size()) {
    size_t len;
    uint32_t c = decode_utf8(s.data() + i, len);
    if (keep(c)) out.append(s.data() + i, len);
    i += len;
  }
  return out;
}

inline std::string strip_whitespace(std::string_view s, bool left, bool right) {
  size_t begin = 0, end = s.size();
  if (left) {
    while (begin < end) {
      size_t len;
      if (!is_whitespace(decode_utf8(s.data() + begin, len))) break;
      begin += len;
    }
  }
  if (right) {
    while (end > begin) {
      size_t start = end - 1;
      while (start > begin && (static_cast<unsigned char>(s[start]) & 0xC0) == 0x80) --start;
      size_t len;
      if (!is_whitespace(decode_utf8(s.data() + start, len))) break;
      end = start;
    }
  }
  return std::string(s.substr(begin, end - begin));
}

// Replace with a regex of one repeated character: runs of min..max (max < 0: unbounded) copies
// of `unit` become content, matched leftmost and greedy like the regex.
inline std::string replace_runs(std::string_view s, std::string_view unit, int32_t min, int32_t max, std::string_view content) {
  if (unit.empty() || min <= 0) return std::string(s);
  std::string out;
  out.reserve(s.size());
  size_t i = 0;
  while (i < s.size()) {
    size_t count = 0, j = i;
    while (j + unit.size() <= s.size() && s.compare(j, unit.size(), unit) == 0 && (max < 0 || count < size_t(max))) {
      j += unit.size();
      ++count;
    }
    if (count >= size_t(min)) {
      out.append(content);
      i = j;
    } else if (count > 0) {
      out.append(s.data() + i, j - i);  // too short a run: it cannot match from any later start either
      i = j;
    } else {
      out += s[i++];
    }
  }
  return out;
}

// SentencePiece's precompiled_charsmap (spm_precompiled): a darts-clone double array whose
// values index NUL-terminated replacements.
class Charsmap {
 public:
  explicit Charsmap(std::string_view raw) {
    if (raw.size() < 4) blob::corrupt("precompiled charsmap is truncated");
    uint32_t size = blob::load<uint32_t>(reinterpret_cast<const uint8_t*>(raw.data()));
    if (size == 0 || size % 4 || raw.size() - 4 < size) blob::corrupt("precompiled charsmap trie size");
    units_ = reinterpret_cast<const uint8_t*>(raw.data()) + 4;
    n_units_ = size / 4;
    normalized_ = raw.substr(4 + size);
  }
  // Replacement for the shortest key that prefixes chunk, if any.
  bool transform(std::string_view chunk, std::string_view& out) const {
    size_t pos = offset(unit(0));
    for (unsigned char c : chunk) {
      if (c == 0) break;
      pos ^= c;
      if (pos >= n_units_) return false;
      uint32_t u = unit(pos);
      if ((u & ((1u << 31) | 0xFF)) != c) return false;
      pos ^= offset(u);
      if ((u >> 8) & 1) {
        if (pos >= n_units_) return false;
        size_t start = unit(pos) & ((1u << 31) - 1);
        if (start > normalized_.size()) return false;
        size_t end = normalized_.find('\0', start);
        out = normalized_.substr(start, (end == std::string_view::npos ? normalized_.size() : end) - start);
        return true;
      }
    }
    return false;
  }

 private:
  uint32_t unit(size_t i) const { return blob::load<uint32_t>(units_ + 4 * i); }
  static size_t offset(uint32_t u) { return size_t(u >> 10) << ((u & (1u << 9)) >> 6); }
  const uint8_t* units_ = nullptr;
  size_t n_units_ = 0;
  std::string_view normalized_;
};

// HF's Precompiled normalizer: graphemes under 6 bytes are rewritten whole, others per char.
inline std::string precompiled_normalize(std::string_view s, const Charsmap& map) {
  std::string out;
  out.reserve(s.size());
  std::string_view norm;
  for_each_grapheme(s, [&](size_t begin, size_t end) {
    std::string_view g = s.substr(begin, end - begin);
    if (g.size() < 6 && map.transform(g, norm)) {
      out.append(norm);
      return;
    }
    for (size_t i = 0; i < g.size();) {
      size_t len = utf8_length(static_cast<unsigned char>(g[i]));
      std::string_view c = g.substr(i, len);
      if (map.transform(c, norm)) out.append(norm); else out.append(c);
      i += len;
    }
  });
  return out;
}

inline std::string bert_normalize(std::string_view s, const Step& step) {
  const bool clean_text = step.a, chinese = step.b, strip_accents = step.c, lower = step.d;
  std::string out(s);
  if (clean_text) {
    std::string cleaned;
    cleaned.reserve(out.size());
    for_each_char(out, [&](uint32_t c) {
      bool tnr = c == '\t' || c == '\n' || c == '\r';
      if (c == 0 || c == 0xFFFD || (!tnr && is_other(c))) return;
      if (tnr || is_whitespace(c)) cleaned += ' '; else append_utf8(cleaned, c);
    });
    out.swap(cleaned);
  }
  if (chinese) {
    std::string spaced;
    spaced.reserve(out.size());
    for_each_char(out, [&](uint32_t c) {
      bool cjk = is_chinese_char(c);
      if (cjk) spaced += ' ';
      append_utf8(spaced, c);
      if (cjk) spaced += ' ';
    });
    out.swap(spaced);
  }
  if (strip_accents) out = filter_chars(decompose(out, false), [](uint32_t c) { return !is_mark_nonspacing(c); });
  if (lower) out = lowercase(out);
  return out;
}

inline std::string normalize(const std::vector<Step>& steps, std::string_view text) {
  std::string s(text);
  for (const Step& step : steps) {
    switch (step.kind) {
      case kNReplace: s = replace_all(s, step.text1, step.text2); break;
      case kNPrepend: if (!s.empty()) s.insert(0, step.text1); break;
      case kNLowercase: s = lowercase(s); break;
      case kNNfd: s = decompose(s, false); break;
      case kNNfkd: s = decompose(s, true); break;
      case kNNfc: s = compose(s, false); break;
      case kNNfkc: s = compose(s, true); break;
      case kNStripAccents: s = filter_chars(s, [](uint32_t c) { return !is_combining_mark(c); }); break;
      case kNStrip: s = strip_whitespace(s, step.a, step.b); break;
      case kNBert: s = bert_normalize(s, step); break;
      case kNReplaceRun: s = replace_runs(s, step.text1, step.a, step.b, step.text2); break;
      case kNPrecompiled: s = precompiled_normalize(s, Charsmap(step.text1)); break;
    }
  }
  return s;
}

}  // namespace muna::text
