// tokenizer.json decoders (mirrors codegen/muna/text/components.py): token strings -> text.
#pragma once
#include <string>
#include <vector>

#include "muna/text/byte_level.hpp"
#include "muna/text/normalizers.hpp"
#include "muna/text/pipeline_steps.hpp"

namespace muna::text {

// "<0xHH>" -> byte, with u8::from_str_radix's leniency (lowercase, a leading '+'); else -1.
inline int byte_fallback_value(const std::string& t) {
  if (t.size() != 6 || t.compare(0, 3, "<0x") != 0 || t[5] != '>') return -1;
  auto hex = [](char c) { return c >= '0' && c <= '9' ? c - '0' : (c | 0x20) >= 'a' && (c | 0x20) <= 'f' ? (c | 0x20) - 'a' + 10 : -1; };
  if (t[3] == '+') return hex(t[4]);
  int hi = hex(t[3]), lo = hex(t[4]);
  return hi < 0 || lo < 0 ? -1 : hi * 16 + lo;
}

inline void decode_byte_fallback(std::vector<std::string>& tokens) {
  std::vector<std::string> out;
  std::string pending;
  auto flush = [&] {
    if (pending.empty()) return;
    if (is_utf8(pending)) {
      out.push_back(pending);
    } else {
      for (size_t i = 0; i < pending.size(); ++i) out.emplace_back("\xEF\xBF\xBD");
    }
    pending.clear();
  };
  for (std::string& t : tokens) {
    int b = byte_fallback_value(t);
    if (b < 0) {
      flush();
      out.push_back(std::move(t));
    } else {
      pending += static_cast<char>(b);
    }
  }
  flush();
  tokens.swap(out);
}

inline std::string wordpiece_cleanup(std::string s) {
  static const char* pairs[][2] = {{" .", "."}, {" ?", "?"}, {" !", "!"}, {" ,", ","}, {" ' ", "'"}, {" n't", "n't"},
                                   {" 'm", "'m"}, {" do not", " don't"}, {" 's", "'s"}, {" 've", "'ve"}, {" 're", "'re"}};
  for (auto& p : pairs) s = replace_all(s, p[0], p[1]);
  return s;
}

inline std::string decode_tokens(const std::vector<Step>& steps, std::vector<std::string> tokens) {
  if (steps.empty()) {
    std::string out;
    for (size_t i = 0; i < tokens.size(); ++i) out += (i ? " " : "") + tokens[i];
    return out;
  }
  for (const Step& step : steps) {
    switch (step.kind) {
      case kDReplace:
        for (auto& t : tokens) t = replace_all(t, step.text1, step.text2);
        break;
      case kDByteFallback:
        decode_byte_fallback(tokens);
        break;
      case kDFuse: {
        std::string all;
        for (auto& t : tokens) all += t;
        tokens.assign(1, std::move(all));
        break;
      }
      case kDStrip: {
        // content is one character; strip up to a (left) and b (right) copies of it.
        const std::string& c = step.text1;
        for (auto& t : tokens) {
          size_t begin = 0, end = t.size();
          for (int32_t i = 0; i < step.a && t.compare(begin, c.size(), c) == 0 && begin < end; ++i) begin += c.size();
          for (int32_t i = 0; i < step.b && end >= begin + c.size() && t.compare(end - c.size(), c.size(), c) == 0; ++i)
            end -= c.size();
          t = t.substr(begin, end - begin);
        }
        break;
      }
      case kDMetaspace:
        for (size_t i = 0; i < tokens.size(); ++i) tokens[i] = replace_all(tokens[i], step.text1, i == 0 && step.a ? "" : " ");
        break;
      case kDByteLevel: {
        const auto& table = ByteLevelTables::get();
        std::string bytes;
        for (const auto& t : tokens) {
          std::string mapped;
          bool all = true;
          for_each_char(t, [&](uint32_t c) {
            if (c < table.char_to_byte.size() && table.char_to_byte[c] >= 0) mapped += static_cast<char>(table.char_to_byte[c]);
            else all = false;
          });
          bytes += all ? mapped : t;
        }
        tokens.assign(1, utf8_lossy(bytes));
        break;
      }
      case kDWordPiece:
        for (size_t i = 0; i < tokens.size(); ++i) {
          std::string& t = tokens[i];
          if (i != 0) {
            if (t.compare(0, step.text1.size(), step.text1) == 0) t.erase(0, step.text1.size()); else t.insert(0, " ");
          }
          if (step.a) t = wordpiece_cleanup(std::move(t));
        }
        break;
      case kDBpe:
        for (size_t i = 0; i < tokens.size(); ++i) tokens[i] = replace_all(tokens[i], step.text1, i + 1 == tokens.size() ? "" : " ");
        break;
    }
  }
  std::string out;
  for (auto& t : tokens) out += t;
  return out;
}

}  // namespace muna::text
