// One normalizer, pre-tokenizer or decoder step as stored in the CONF section, and the
// SplitDelimiterBehavior machinery the pre-tokenizers share (HF's NormalizedString::split).
// Codes match codegen/muna/text/components.py and splitting.py.
#pragma once
#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "muna/text/blob.hpp"
#include "muna/text/utf8.hpp"

namespace muna::text {

enum NormalizerKind : uint32_t {
  kNReplace = 1, kNPrepend, kNLowercase, kNNfd, kNNfkd, kNStripAccents, kNStrip, kNBert, kNReplaceRun, kNPrecompiled,
  kNNfc, kNNfkc
};
enum PreTokenizerKind : uint32_t {
  kPSplit = 1, kPMetaspace, kPByteLevel, kPBert, kPWhitespaceSplit, kPPunctuation, kPDigits, kPWhitespace, kPSplitLlama3
};
enum DecoderKind : uint32_t { kDReplace = 1, kDByteFallback, kDFuse, kDStrip, kDMetaspace, kDByteLevel, kDWordPiece, kDBpe };
enum Behavior : int32_t { kRemoved = 0, kIsolated, kMergedWithPrevious, kMergedWithNext, kContiguous };
enum PrependScheme : int32_t { kPrependAlways = 0, kPrependFirst, kPrependNever };

struct Step {
  uint32_t kind = 0;
  std::string text1, text2;  // patterns, contents, replacements, prefixes
  int32_t a = 0, b = 0, c = 0, d = 0;  // flags and counts, in the order components.py stores them
};

enum class StepFamily { normalizer, pre_tokenizer, decoder };

// Reads a list of steps; the fields of each kind are listed here once.
inline std::vector<Step> read_steps(blob::Cursor& in, StepFamily family) {
  std::vector<Step> steps(in.count(4));
  for (Step& s : steps) {
    s.kind = in.u32();
    auto text = [&](std::string& out) { out = std::string(in.str()); };
    bool known = true;
    if (family == StepFamily::normalizer) {
      switch (s.kind) {
        case kNReplace: text(s.text1); text(s.text2); break;
        case kNPrepend: text(s.text1); break;
        case kNLowercase: case kNNfd: case kNNfkd: case kNStripAccents: case kNNfc: case kNNfkc: break;
        case kNStrip: s.a = in.i32(); s.b = in.i32(); break;
        case kNBert: s.a = in.i32(); s.b = in.i32(); s.c = in.i32(); s.d = in.i32(); break;
        case kNReplaceRun: text(s.text1); s.a = in.i32(); s.b = in.i32(); text(s.text2); break;
        case kNPrecompiled: text(s.text1); break;  // the raw charsmap
        default: known = false;
      }
    } else if (family == StepFamily::pre_tokenizer) {
      switch (s.kind) {
        case kPSplit: text(s.text1); s.a = in.i32(); s.b = in.i32(); break;
        case kPMetaspace: text(s.text1); s.a = in.i32(); s.b = in.i32(); break;
        case kPByteLevel: s.a = in.i32(); s.b = in.i32(); break;
        case kPSplitLlama3: s.a = in.i32(); s.b = in.i32(); s.c = in.i32(); break;
        case kPBert: case kPWhitespaceSplit: case kPWhitespace: break;
        case kPPunctuation: case kPDigits: s.a = in.i32(); break;
        default: known = false;
      }
    } else {
      switch (s.kind) {
        case kDReplace: text(s.text1); text(s.text2); break;
        case kDByteFallback: case kDFuse: case kDByteLevel: break;
        case kDStrip: text(s.text1); s.a = in.i32(); s.b = in.i32(); break;
        case kDMetaspace: text(s.text1); s.a = in.i32(); break;
        case kDWordPiece: text(s.text1); s.a = in.i32(); break;
        case kDBpe: text(s.text1); break;
        default: known = false;
      }
    }
    if (!known) blob::corrupt("unknown step kind " + std::to_string(s.kind));
  }
  return steps;
}

// Every non-overlapping occurrence of pattern replaced (an empty pattern replaces nothing).
inline std::string replace_all(std::string_view s, std::string_view pattern, std::string_view content) {
  if (pattern.empty()) return std::string(s);
  std::string out;
  out.reserve(s.size() + s.size() / 4);
  size_t last = 0;
  for (size_t i = s.find(pattern); i != std::string_view::npos; i = s.find(pattern, last)) {
    out.append(s.data() + last, i - last);
    out.append(content);
    last = i + pattern.size();
  }
  out.append(s.data() + last, s.size() - last);
  return out;
}

// (start, end, is_match) spans covering a string, as Pattern::find_matches returns them.
struct Span {
  size_t begin, end;
  bool match;
};

// Every character satisfying pred is its own match.
template <typename Pred>
inline void char_matches(std::string_view s, Pred&& pred, std::vector<Span>& spans) {
  spans.clear();
  size_t last = 0, i = 0;
  while (i < s.size()) {
    size_t len;
    uint32_t c = decode_utf8(s.data() + i, len);
    if (pred(c)) {
      if (last < i) spans.push_back({last, i, false});
      spans.push_back({i, i + len, true});
      last = i + len;
    }
    i += len;
  }
  if (last < s.size()) spans.push_back({last, s.size(), false});
}

// Non-overlapping occurrences of a literal; an empty pattern matches nothing.
inline void string_matches(std::string_view s, std::string_view pattern, std::vector<Span>& spans) {
  spans.clear();
  if (pattern.empty()) {
    spans.push_back({0, s.size(), false});
    return;
  }
  size_t last = 0;
  for (size_t i = s.find(pattern); i != std::string_view::npos; i = s.find(pattern, last)) {
    if (last < i) spans.push_back({last, i, false});
    spans.push_back({i, i + pattern.size(), true});
    last = i + pattern.size();
  }
  if (last < s.size()) spans.push_back({last, s.size(), false});
}

// Applies a SplitDelimiterBehavior: the kept (begin, end) ranges, in order.
inline void split_spans(const std::vector<Span>& spans, int32_t behavior, std::vector<std::pair<size_t, size_t>>& out) {
  out.clear();
  bool prev = false;
  switch (behavior) {
    case kIsolated:
      for (const Span& s : spans) out.emplace_back(s.begin, s.end);
      return;
    case kRemoved:
      for (const Span& s : spans)
        if (!s.match) out.emplace_back(s.begin, s.end);
      return;
    case kContiguous:
      for (const Span& s : spans) {
        if (s.match == prev && !out.empty()) out.back().second = s.end; else out.emplace_back(s.begin, s.end);
        prev = s.match;
      }
      return;
    case kMergedWithPrevious:
      for (const Span& s : spans) {
        if (s.match && !prev && !out.empty()) out.back().second = s.end; else out.emplace_back(s.begin, s.end);
        prev = s.match;
      }
      return;
    case kMergedWithNext:
      for (auto it = spans.rbegin(); it != spans.rend(); ++it) {
        if (it->match && !prev && !out.empty()) out.back().first = it->begin; else out.emplace_back(it->begin, it->end);
        prev = it->match;
      }
      std::reverse(out.begin(), out.end());
      return;
    default:
      blob::corrupt("unknown split behavior " + std::to_string(behavior));
  }
}

}  // namespace muna::text
