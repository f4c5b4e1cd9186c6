// muna::text::Tokenizer: Hugging Face tokenizer.json pipelines from a precompiled table.
//
//   auto tok = muna::text::Tokenizer::from_blob(data, size);   // data must outlive tok
//   std::vector<int32_t> ids = tok.encode("Hello world");
//
// The table comes from muna.text.to_blob (codegen/muna/text/blob.py); the pipeline is the
// one in codegen/muna/text/tokenizer.py: added tokens split out of the raw text, normalizer
// per remaining piece, normalized added tokens split out, pre-tokenizer, model per word, then
// the post-processor's template. All methods are const and safe to call from many threads.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "muna/core/error.hpp"
#include "muna/text/added_tokens.hpp"
#include "muna/text/blob.hpp"
#include "muna/text/decoders.hpp"
#include "muna/text/models.hpp"
#include "muna/text/normalizers.hpp"
#include "muna/text/pre_tokenizers.hpp"

namespace muna::text {

// encode_batch's padding argument: Python's False, True/"longest", "max_length".
enum class Padding { none, longest, max_length };
enum class PaddingSide { right, left };

class Tokenizer {
 public:
  // Views into data; nothing heavier than the added-token index is built.
  static Tokenizer from_blob(const uint8_t* data, size_t size) {
    Tokenizer t;
    blob::Sections sections(data, size);
    blob::Section conf = sections.find("CONF");
    blob::Cursor in(conf.data, conf.size, "CONF");
    t.normalizer_ = read_steps(in, StepFamily::normalizer);
    t.pre_tokenizer_ = read_steps(in, StepFamily::pre_tokenizer);
    ModelConfig model = ModelConfig::read(in);
    uint32_t items = in.count(8);
    for (uint32_t i = 0; i < items; ++i) {
      TemplateItem item;
      item.special = in.flag();
      uint32_t n = in.count(4);
      for (uint32_t k = 0; k < n; ++k) item.ids.push_back(in.i32());
      if (item.special) t.num_special_tokens_ += n;
      t.template_.push_back(std::move(item));
    }
    t.decoder_ = read_steps(in, StepFamily::decoder);

    blob::Vocab vocab(sections.find("VOCB"), sections.find("VHSH"));
    blob::Merges merges;
    if (model.kind == kBpe) merges = blob::Merges(sections.find("MRGS"));
    blob::Section scores = model.kind == kUnigram ? sections.find("SCOR") : blob::Section{};
    t.model_ = Model(std::move(model), vocab, merges, scores.data, scores.size / 8);

    blob::Section added = sections.find("ADDT");
    blob::Cursor a(added.data, added.size, "ADDT");
    t.added_.resize(a.count(16));
    for (AddedToken& tok : t.added_) {
      tok.id = a.i32();
      tok.flags = a.u32();
      tok.content = a.str();
      tok.match = a.str();
      t.added_by_content_.emplace(tok.content, tok.id);
      t.added_by_id_.emplace(tok.id, tok.content);
      if (tok.flags & kSpecial) t.special_contents_.insert(tok.content);
    }
    t.raw_trie_ = blob::Trie(sections.find("ATRI"), "ATRI");
    t.normalized_trie_ = blob::Trie(sections.find("NTRI"), "NTRI");
    return t;
  }

  // Ids of one UTF-8 text (UnicodeError if it is not valid UTF-8).
  std::vector<int32_t> encode(std::string_view text, bool add_special_tokens = true) const {
    std::vector<int32_t> ids;
    encode_into(text, ids);
    return add_special_tokens ? apply_template(ids) : ids;
  }

  // Same options and meaning as Python's Tokenizer.encode_batch; max_length < 0 means None.
  std::vector<std::vector<int32_t>> encode_batch(const std::vector<std::string_view>& texts, bool add_special_tokens = true,
                                                 int64_t max_length = -1, bool truncation = false,
                                                 Padding padding = Padding::none, int32_t pad_id = 0,
                                                 PaddingSide padding_side = PaddingSide::right) const {
    if (truncation && max_length < 0) throw muna::ValueError("truncation=True needs max_length");
    if (padding == Padding::max_length && max_length < 0) throw muna::ValueError("padding='max_length' needs max_length");
    std::vector<std::vector<int32_t>> out;
    out.reserve(texts.size());
    std::vector<int32_t> ids;
    for (std::string_view text : texts) {
      ids.clear();
      encode_into(text, ids);
      if (truncation) {
        int64_t added = add_special_tokens ? num_special_tokens_ : 0;
        if (max_length < added)
          throw muna::ValueError("max_length " + std::to_string(max_length) + " is shorter than the " +
                                 std::to_string(added) + " special tokens added");
        if (static_cast<int64_t>(ids.size()) > max_length - added) ids.resize(static_cast<size_t>(max_length - added));
      }
      out.push_back(add_special_tokens ? apply_template(ids) : ids);
    }
    if (padding != Padding::none) {
      size_t target = 0;
      if (padding == Padding::max_length) {
        target = static_cast<size_t>(max_length);
      } else {
        for (const auto& v : out) target = std::max(target, v.size());
      }
      for (auto& v : out) {
        if (v.size() >= target) continue;
        size_t fill = target - v.size();
        v.insert(padding_side == PaddingSide::right ? v.end() : v.begin(), fill, pad_id);
      }
    }
    return out;
  }

  std::vector<std::vector<int32_t>> encode_batch(const std::vector<std::string>& texts, bool add_special_tokens = true,
                                                 int64_t max_length = -1, bool truncation = false,
                                                 Padding padding = Padding::none, int32_t pad_id = 0,
                                                 PaddingSide padding_side = PaddingSide::right) const {
    std::vector<std::string_view> views(texts.begin(), texts.end());
    return encode_batch(views, add_special_tokens, max_length, truncation, padding, pad_id, padding_side);
  }

  // Text of ids; ids with no token are dropped, as HF does.
  std::string decode(const std::vector<int32_t>& ids, bool skip_special_tokens = false) const {
    std::vector<std::string> tokens;
    tokens.reserve(ids.size());
    for (int32_t id : ids) {
      std::optional<std::string_view> token = find_token(id);
      if (!token || (skip_special_tokens && special_contents_.count(*token))) continue;
      tokens.emplace_back(*token);
    }
    return decode_tokens(decoder_, std::move(tokens));
  }

  // -1 where Python returns None.
  int32_t token_to_id(std::string_view token) const {
    auto it = added_by_content_.find(token);
    if (it != added_by_content_.end()) return it->second;
    return model_.vocab().find(token);
  }

  // KeyError where Python returns None.
  std::string id_to_token(int32_t id) const {
    std::optional<std::string_view> token = find_token(id);
    if (!token) throw muna::KeyError("no token has id " + std::to_string(id));
    return std::string(*token);
  }

  // Special tokens the post-processor adds to one text (what truncation leaves room for).
  int64_t num_special_tokens_to_add() const { return num_special_tokens_; }

 private:
  struct TemplateItem {
    bool special = false;
    std::vector<int32_t> ids;
  };

  std::optional<std::string_view> find_token(int32_t id) const {
    auto it = added_by_id_.find(id);
    if (it != added_by_id_.end()) return it->second;
    std::string_view t = model_.vocab().token(id);
    if (t.empty()) return std::nullopt;
    return t;
  }

  std::vector<int32_t> apply_template(const std::vector<int32_t>& ids) const {
    std::vector<int32_t> out;
    out.reserve(ids.size() + static_cast<size_t>(num_special_tokens_));
    for (const TemplateItem& item : template_) {
      const auto& src = item.special ? item.ids : ids;
      out.insert(out.end(), src.begin(), src.end());
    }
    return out;
  }

  void encode_into(std::string_view text, std::vector<int32_t>& ids) const {
    check_utf8(text);
    thread_local std::vector<Piece> pieces, spare;
    thread_local SplitScratch scratch;
    split_added(text, raw_trie_, added_, [&](size_t begin, size_t end, const AddedToken* tok) {
      if (tok) {
        ids.push_back(tok->id);
        return;
      }
      const bool first = begin == 0;
      std::string normalized = normalize(normalizer_, text.substr(begin, end - begin));
      split_added(normalized, normalized_trie_, added_, [&](size_t nbegin, size_t nend, const AddedToken* ntok) {
        if (ntok) {
          ids.push_back(ntok->id);
          return;
        }
        pieces.clear();
        pieces.push_back({normalized.substr(nbegin, nend - nbegin), first && nbegin == 0});
        pre_tokenize(pre_tokenizer_, pieces, spare, scratch);
        for (const Piece& p : pieces) model_.tokenize(p.text, ids);
      });
    });
  }

  std::vector<Step> normalizer_, pre_tokenizer_, decoder_;
  Model model_;
  std::vector<TemplateItem> template_;
  int64_t num_special_tokens_ = 0;
  std::vector<AddedToken> added_;
  std::unordered_map<std::string_view, int32_t> added_by_content_;
  std::unordered_map<int32_t, std::string_view> added_by_id_;
  std::unordered_set<std::string_view> special_contents_;
  blob::Trie raw_trie_, normalized_trie_;
};

}  // namespace muna::text
