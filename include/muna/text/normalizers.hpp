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
      case kNStripAccents: s = filter_chars(s, [](uint32_t c) { return !is_combining_mark(c); }); break;
      case kNStrip: s = strip_whitespace(s, step.a, step.b); break;
      case kNBert: s = bert_normalize(s, step); break;
    }
  }
  return s;
}

}  // namespace muna::text
