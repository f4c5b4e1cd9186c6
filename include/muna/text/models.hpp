// tokenizer.json models, word -> ids (mirrors codegen/muna/text/models.py, which follows HF
// tokenizers 0.22 step by step). No per-word cache: scratch buffers are per thread, so const
// calls may run concurrently and nothing is allocated per word once they have grown.
#pragma once
#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "muna/core/error.hpp"
#include "muna/text/blob.hpp"
#include "muna/text/utf8.hpp"

namespace muna::text {

enum ModelKind : uint32_t { kBpe = 1, kWordPiece, kUnigram, kWordLevel };

struct ModelConfig {
  uint32_t kind = 0;
  int32_t unk_id = -1;  // -1: none; -2: configured but missing from the vocab (error when needed)
  bool fuse_unk = false, byte_fallback = false, ignore_merges = false;
  std::string prefix, suffix;
  int32_t max_chars = 100;  // WordPiece
  double min_score = 0;     // Unigram
  int32_t max_bytes = 0;    // Unigram: longest token
  int32_t byte_ids[256] = {};

  static ModelConfig read(blob::Cursor& in) {
    ModelConfig m;
    m.kind = in.u32();
    auto bytes = [&] {
      for (int32_t& id : m.byte_ids) id = in.i32();
    };
    switch (m.kind) {
      case kBpe:
        m.unk_id = in.i32();
        m.fuse_unk = in.flag();
        m.byte_fallback = in.flag();
        m.ignore_merges = in.flag();
        m.prefix = std::string(in.str());
        m.suffix = std::string(in.str());
        bytes();
        break;
      case kWordPiece:
        m.unk_id = in.i32();
        m.prefix = std::string(in.str());
        m.max_chars = in.i32();
        break;
      case kUnigram:
        m.unk_id = in.i32();
        m.byte_fallback = in.flag();
        m.min_score = in.f64();
        m.max_bytes = in.i32();
        bytes();
        break;
      case kWordLevel:
        m.unk_id = in.i32();
        break;
      default:
        blob::corrupt("unknown model kind " + std::to_string(m.kind));
    }
    return m;
  }
};

class Model {
 public:
  Model() = default;
  Model(ModelConfig config, blob::Vocab vocab, blob::Merges merges, const uint8_t* scores, size_t n_scores)
      : c_(std::move(config)), vocab_(vocab), merges_(merges), scores_(scores), n_scores_(n_scores) {
    // Single-byte characters are the commonest BPE symbols: resolve them once.
    for (int b = 0; b < 128; ++b) {
      std::string s(1, static_cast<char>(b));
      ascii_[b] = vocab_.find(s);
    }
  }
  const blob::Vocab& vocab() const { return vocab_; }
  uint32_t kind() const { return c_.kind; }

  void tokenize(std::string_view word, std::vector<int32_t>& out) const {
    if (word.empty()) return;
    switch (c_.kind) {
      case kBpe: return bpe(word, out);
      case kWordPiece: return wordpiece(word, out);
      case kUnigram: return unigram(word, out);
      case kWordLevel: {
        int32_t id = vocab_.find(word);
        out.push_back(id >= 0 ? id : unk("WordLevel"));
        return;
      }
    }
  }

 private:
  int32_t unk(const char* model) const {
    if (c_.unk_id < 0) throw muna::ValueError(std::string(model) + " model needs an unknown token but has none in its vocab");
    return c_.unk_id;
  }

  struct Symbol {
    int32_t id;
    int32_t prev, next;  // linked list over the live symbols; next == size at the end
  };
  struct Candidate {
    uint32_t rank, pos;
    int32_t left, right;  // the pair when queued: a stale entry shows as a changed pair
  };

  // HF's merge_word: initial symbols per character, byte fallback, fused unknowns.
  void bpe_symbols(std::string_view w, std::vector<Symbol>& syms) const {
    syms.clear();
    const bool affixes = !c_.prefix.empty() || !c_.suffix.empty();
    thread_local std::string buf;
    int32_t pending_unk = -1;  // an unk not yet emitted (it may still fuse)
    size_t i = 0;
    while (i < w.size()) {
      unsigned char lead = static_cast<unsigned char>(w[i]);
      size_t len = utf8_length(lead);
      int32_t id;
      std::string_view s = w.substr(i, len);
      if (!affixes && lead < 0x80) {
        id = ascii_[lead];
      } else if (!affixes) {
        id = vocab_.find(s);
      } else {
        buf.clear();
        if (i) buf += c_.prefix;
        buf.append(s);
        if (i + len == w.size()) buf += c_.suffix;
        s = buf;
        id = vocab_.find(buf);
      }
      i += len;
      if (id >= 0) {
        if (pending_unk >= 0) syms.push_back({pending_unk, 0, 0});
        pending_unk = -1;
        syms.push_back({id, 0, 0});
        continue;
      }
      if (c_.byte_fallback) {
        bool all = true;
        for (unsigned char b : s) all = all && c_.byte_ids[b] >= 0;
        if (all) {
          for (unsigned char b : s) syms.push_back({c_.byte_ids[b], 0, 0});
          continue;  // as HF: a pending unk is not flushed here
        }
      }
      if (c_.unk_id == -1) continue;  // no unk_token: the character is dropped
      if (c_.unk_id == -2) throw muna::ValueError("BPE unk_token is not in the vocab");
      if (pending_unk >= 0 && c_.fuse_unk) continue;
      if (pending_unk >= 0) syms.push_back({pending_unk, 0, 0});
      pending_unk = c_.unk_id;
    }
    if (pending_unk >= 0) syms.push_back({pending_unk, 0, 0});
  }

  void bpe(std::string_view word, std::vector<int32_t>& out) const {
    if (c_.ignore_merges) {
      int32_t id = vocab_.find(word);
      if (id >= 0) {
        out.push_back(id);
        return;
      }
    }
    thread_local std::vector<Symbol> syms;
    thread_local std::vector<Candidate> heap;
    bpe_symbols(word, syms);
    const int32_t n = static_cast<int32_t>(syms.size());
    for (int32_t i = 0; i < n; ++i) {
      syms[i].prev = i - 1;
      syms[i].next = i + 1;
    }
    // Min-heap on (rank, pos), the order HF's BinaryHeap of Merge pops in.
    auto later = [](const Candidate& a, const Candidate& b) { return a.rank != b.rank ? a.rank > b.rank : a.pos > b.pos; };
    heap.clear();
    uint32_t rank;
    for (int32_t i = 0; i + 1 < n; ++i)
      if (merges_.find_rank(syms[i].id, syms[i + 1].id, rank))
        heap.push_back({rank, static_cast<uint32_t>(i), syms[i].id, syms[i + 1].id});
    std::make_heap(heap.begin(), heap.end(), later);
    while (!heap.empty()) {
      std::pop_heap(heap.begin(), heap.end(), later);
      Candidate top = heap.back();
      heap.pop_back();
      Symbol& cur = syms[top.pos];
      if (cur.id < 0 || cur.next >= n) continue;  // removed, or now the last symbol
      Symbol& right = syms[cur.next];
      const uint32_t merged = merges_.merged(top.rank);
      if (cur.id != top.left || right.id != top.right) {
        // HF re-checks the current pair's merge result against the queued one.
        uint32_t current;
        if (!merges_.find_rank(cur.id, right.id, current) || merges_.merged(current) != merged) continue;
      }
      cur.id = static_cast<int32_t>(merged);
      int32_t after = right.next;
      right.id = -1;
      cur.next = after;
      if (after < n) syms[after].prev = static_cast<int32_t>(top.pos);
      if (cur.prev >= 0 && merges_.find_rank(syms[cur.prev].id, cur.id, rank)) {
        heap.push_back({rank, static_cast<uint32_t>(cur.prev), syms[cur.prev].id, cur.id});
        std::push_heap(heap.begin(), heap.end(), later);
      }
      if (after < n && merges_.find_rank(cur.id, syms[after].id, rank)) {
        heap.push_back({rank, top.pos, cur.id, syms[after].id});
        std::push_heap(heap.begin(), heap.end(), later);
      }
    }
    for (int32_t i = 0; i < n; i = syms[i].next) out.push_back(syms[i].id);
  }

  void wordpiece(std::string_view word, std::vector<int32_t>& out) const {
    size_t chars = 0;
    for (unsigned char b : word) chars += (b & 0xC0) != 0x80;
    if (chars > static_cast<size_t>(c_.max_chars)) {
      out.push_back(unk("WordPiece"));
      return;
    }
    thread_local std::string buf;
    const size_t mark = out.size();
    size_t start = 0;
    while (start < word.size()) {
      size_t end = word.size();
      int32_t found = -1;
      while (start < end) {
        std::string_view sub = word.substr(start, end - start);
        if (start > 0) {
          buf.assign(c_.prefix);
          buf.append(sub);
          sub = buf;
        }
        found = vocab_.find(sub);
        if (found >= 0) break;
        do --end; while (end > start && (static_cast<unsigned char>(word[end]) & 0xC0) == 0x80);
      }
      if (found < 0) {
        out.resize(mark);
        out.push_back(unk("WordPiece"));
        return;
      }
      out.push_back(found);
      start = end;
    }
  }

  double score(int32_t id) const {
    if (id < 0 || static_cast<size_t>(id) >= n_scores_) return 0;
    return blob::load<double>(scores_ + 8ull * id);
  }

  // HF's encode_optimized: best path over byte positions at character starts, unknown
  // characters scored min_score - 10 and consecutive unknowns fused into one piece.
  void unigram(std::string_view s, std::vector<int32_t>& out) const {
    struct Node {
      double score;
      int64_t start;  // -1: not reached yet
      int32_t id;
    };
    thread_local std::vector<Node> best;
    const size_t n = s.size();
    best.assign(n + 1, {0.0, -1, 0});
    const double unk_score = c_.min_score - 10.0;
    size_t i = 0;
    while (i < n) {
      const double base = best[i].score;
      const size_t char_len = utf8_length(static_cast<unsigned char>(s[i]));
      bool single = false;
      uint64_t h = 0xCBF29CE484222325ull;
      const size_t limit = std::min(n, i + static_cast<size_t>(std::max(c_.max_bytes, 0)));
      for (size_t j = i; j < limit; ++j) {
        h = (h ^ static_cast<unsigned char>(s[j])) * 0x100000001B3ull;
        if (j + 1 < n && (static_cast<unsigned char>(s[j + 1]) & 0xC0) == 0x80) continue;  // mid-character
        int32_t id = vocab_.find_hashed(s.substr(i, j + 1 - i), h);
        if (id < 0) continue;
        double cand = base + score(id);
        Node& target = best[j + 1];
        if (target.start < 0 || cand > target.score) target = {cand, static_cast<int64_t>(i), id};
        if (j + 1 - i == char_len) single = true;
      }
      if (!single) {
        Node& target = best[i + char_len];
        double cand = base + unk_score;
        if (target.start < 0 || cand > target.score) target = {cand, static_cast<int64_t>(i), unk("Unigram")};
      }
      i += char_len;
    }
    // Walk back, fusing unknown runs, then emit forward.
    thread_local std::vector<std::pair<size_t, size_t>> pieces;
    pieces.clear();
    size_t end = n, unk_end = 0;
    bool in_unk = false;
    while (end > 0) {
      const Node& node = best[end];
      size_t start = static_cast<size_t>(node.start);
      if (c_.unk_id >= 0 && node.id == c_.unk_id) {
        if (!in_unk) unk_end = end;
        in_unk = true;
      } else {
        if (in_unk) pieces.emplace_back(end, unk_end);
        in_unk = false;
        pieces.emplace_back(start, end);
      }
      end = start;
    }
    if (in_unk) pieces.emplace_back(0, unk_end);
    for (auto it = pieces.rbegin(); it != pieces.rend(); ++it) {
      std::string_view piece = s.substr(it->first, it->second - it->first);
      int32_t id = vocab_.find(piece);
      if (id >= 0) {
        out.push_back(id);
        continue;
      }
      if (c_.byte_fallback) {
        bool all = true;
        for (unsigned char b : piece) all = all && c_.byte_ids[b] >= 0;
        if (all) {
          for (unsigned char b : piece) out.push_back(c_.byte_ids[b]);
          continue;
        }
      }
      out.push_back(unk("Unigram"));
    }
  }

  ModelConfig c_;
  blob::Vocab vocab_;
  blob::Merges merges_;
  const uint8_t* scores_ = nullptr;
  size_t n_scores_ = 0;
  int32_t ascii_[128] = {};
};

}  // namespace muna::text
