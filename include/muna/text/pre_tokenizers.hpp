// tokenizer.json pre-tokenizers (mirrors codegen/muna/text/components.py): each turns pieces
// into smaller pieces. A piece remembers whether it starts at offset 0 of the original input,
// which is all Metaspace's prepend_scheme "first" needs from HF's offset tracking.
#pragma once
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "muna/text/byte_level.hpp"
#include "muna/text/pipeline_steps.hpp"
#include "muna/text/unicode.hpp"

namespace muna::text {

struct Piece {
  std::string text;
  bool at_origin;
};

// Scratch buffers reused across pieces (one set per thread, see PreTokenizer::run).
struct SplitScratch {
  std::vector<Span> spans;
  std::vector<std::pair<size_t, size_t>> ranges, inner;
};

inline void emit_ranges(const std::string& s, bool at_origin, const std::vector<std::pair<size_t, size_t>>& ranges,
                        std::vector<Piece>& out) {
  if (ranges.size() == 1 && ranges[0].first == 0 && ranges[0].second == s.size()) {
    out.push_back({s, at_origin});
    return;
  }
  for (auto [a, b] : ranges)
    if (b > a) out.push_back({s.substr(a, b - a), at_origin && a == 0});
}

inline void pre_tokenize_one(const Step& step, Piece& piece, std::vector<Piece>& out, SplitScratch& k) {
  std::string& s = piece.text;
  switch (step.kind) {
    case kPSplit: {
      string_matches(s, step.text1, k.spans);
      if (step.b)
        for (Span& sp : k.spans) sp.match = !sp.match;
      split_spans(k.spans, step.a, k.ranges);
      emit_ranges(s, piece.at_origin, k.ranges, out);
      return;
    }
    case kPSplitLlama3: {
      llama3_split(s, step.a, k.ranges);
      k.spans.clear();
      for (auto [a, b] : k.ranges) k.spans.push_back({a, b, !step.c});
      split_spans(k.spans, step.b, k.ranges);
      emit_ranges(s, piece.at_origin, k.ranges, out);
      return;
    }
    case kPMetaspace: {
      const std::string& rep = step.text1;
      s = replace_all(s, " ", rep);
      bool prepend = step.a == kPrependAlways || (step.a == kPrependFirst && piece.at_origin);
      if (prepend && s.compare(0, rep.size(), rep) != 0) s.insert(0, rep);
      if (!step.b) {
        out.push_back(std::move(piece));
        return;
      }
      string_matches(s, rep, k.spans);
      split_spans(k.spans, kMergedWithNext, k.ranges);
      emit_ranges(s, piece.at_origin, k.ranges, out);
      return;
    }
    case kPByteLevel: {
      if (step.a && (s.empty() || s[0] != ' ')) s.insert(0, " ");
      if (step.b) {
        gpt2_split(s, k.ranges);
      } else {
        k.ranges.assign(1, {0, s.size()});
      }
      for (auto [a, b] : k.ranges)
        if (b > a) out.push_back({to_byte_chars(std::string_view(s).substr(a, b - a)), piece.at_origin && a == 0});
      return;
    }
    case kPBert: {
      char_matches(s, is_whitespace, k.spans);
      split_spans(k.spans, kRemoved, k.inner);
      for (auto [a, b] : k.inner) {
        std::string_view word = std::string_view(s).substr(a, b - a);
        char_matches(word, is_bert_punctuation, k.spans);
        split_spans(k.spans, kIsolated, k.ranges);
        for (auto [c, d] : k.ranges)
          if (d > c) out.push_back({std::string(word.substr(c, d - c)), piece.at_origin && a == 0 && c == 0});
      }
      return;
    }
    case kPWhitespaceSplit:
      char_matches(s, is_whitespace, k.spans);
      split_spans(k.spans, kRemoved, k.ranges);
      emit_ranges(s, piece.at_origin, k.ranges, out);
      return;
    case kPWhitespace: {
      // \w+|[^\w\s]+ : runs of word characters and runs of other non-spaces; spaces dropped.
      k.ranges.clear();
      size_t start = 0, i = 0;
      int prev = 0;
      while (i < s.size()) {
        size_t len;
        uint32_t c = decode_utf8(s.data() + i, len);
        int cls = is_whitespace(c) ? 0 : is_word_char(c) ? 1 : 2;
        if (cls != prev) {
          if (prev) k.ranges.emplace_back(start, i);
          start = i;
          prev = cls;
        }
        i += len;
      }
      if (prev) k.ranges.emplace_back(start, s.size());
      emit_ranges(s, piece.at_origin, k.ranges, out);
      return;
    }
    case kPPunctuation:
      char_matches(s, is_bert_punctuation, k.spans);
      split_spans(k.spans, step.a, k.ranges);
      emit_ranges(s, piece.at_origin, k.ranges, out);
      return;
    case kPDigits:
      char_matches(s, is_number, k.spans);
      split_spans(k.spans, step.a ? kIsolated : kContiguous, k.ranges);
      emit_ranges(s, piece.at_origin, k.ranges, out);
      return;
  }
}

// Runs every step over every piece; pieces is replaced by the result.
inline void pre_tokenize(const std::vector<Step>& steps, std::vector<Piece>& pieces, std::vector<Piece>& spare,
                         SplitScratch& scratch) {
  for (const Step& step : steps) {
    spare.clear();
    for (Piece& p : pieces) pre_tokenize_one(step, p, spare, scratch);
    pieces.swap(spare);
  }
}

}  // namespace muna::text
