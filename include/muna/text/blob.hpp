// Reader for the tokenizer table written by codegen/muna/text/blob.py (format in
// docs/tokenizers.md). Views point into the caller's bytes: nothing is parsed or copied at load
// beyond the small pipeline description, and every read is bounds-checked so a corrupt table
// raises muna::ValueError instead of reading out of range.
#pragma once
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "muna/core/error.hpp"

namespace muna::text::blob {

inline constexpr char kMagic[8] = {'M', 'U', 'N', 'A', 'T', 'O', 'K', '\0'};
inline constexpr uint32_t kVersion = 1;

[[noreturn]] inline void corrupt(const std::string& what) {
  throw muna::ValueError("corrupt tokenizer table: " + what);
}

// Little-endian load through memcpy: no alignment assumption, and one instruction on LE targets.
template <typename T>
inline T load(const uint8_t* p) {
  T v;
  std::memcpy(&v, p, sizeof(T));
  return v;
}

inline bool host_is_little_endian() {
  const uint16_t one = 1;
  return *reinterpret_cast<const uint8_t*>(&one) == 1;
}

// Sequential reader over one section.
class Cursor {
 public:
  Cursor(const uint8_t* begin, size_t size, const char* section) : p_(begin), end_(begin + size), section_(section) {}
  const uint8_t* take(size_t n) {
    if (static_cast<size_t>(end_ - p_) < n) corrupt(std::string(section_) + " section is truncated");
    const uint8_t* at = p_;
    p_ += n;
    return at;
  }
  uint32_t u32() { return load<uint32_t>(take(4)); }
  int32_t i32() { return load<int32_t>(take(4)); }
  double f64() { return load<double>(take(8)); }
  std::string_view str() {
    uint32_t n = u32();
    return {reinterpret_cast<const char*>(take(n)), n};
  }
  bool flag() { return u32() != 0; }
  // A count of items at least min_bytes each: refused when the section cannot hold that many,
  // so a corrupt count cannot ask for a huge allocation.
  uint32_t count(size_t min_bytes) {
    uint32_t n = u32();
    if (n > static_cast<size_t>(end_ - p_) / (min_bytes ? min_bytes : 1)) corrupt(std::string(section_) + " count");
    return n;
  }
  const uint8_t* position() const { return p_; }

 private:
  const uint8_t* p_;
  const uint8_t* end_;
  const char* section_;
};

struct Section {
  const uint8_t* data = nullptr;
  size_t size = 0;
  explicit operator bool() const { return data != nullptr; }
};

class Sections {
 public:
  Sections(const uint8_t* data, size_t size) : data_(data), size_(size) {
    if (!host_is_little_endian()) throw muna::NotImplementedError("tokenizer tables need a little-endian host");
    if (size < 16 || std::memcmp(data, kMagic, 8) != 0) corrupt("bad magic (not a muna tokenizer table)");
    uint32_t version = load<uint32_t>(data + 8);
    if (version != kVersion)
      corrupt("version " + std::to_string(version) + ", this runtime reads " + std::to_string(kVersion));
    count_ = load<uint32_t>(data + 12);
    if (count_ > 64 || 16 + 24ull * count_ > size) corrupt("bad section table");
  }
  Section find(const char (&tag)[5], bool required = true) const {
    for (uint32_t i = 0; i < count_; ++i) {
      const uint8_t* entry = data_ + 16 + 24ull * i;
      if (std::memcmp(entry, tag, 4) != 0) continue;
      uint64_t offset = load<uint64_t>(entry + 8), length = load<uint64_t>(entry + 16);
      if (offset > size_ || length > size_ - offset) corrupt(std::string(tag) + " section out of range");
      return {data_ + offset, static_cast<size_t>(length)};
    }
    if (required) corrupt(std::string("missing ") + tag + " section");
    return {};
  }

 private:
  const uint8_t* data_;
  size_t size_;
  uint32_t count_ = 0;
};

// The hashes the tables were built with (blob.py: fnv1a, slot_of).
inline uint64_t fnv1a(std::string_view s) {
  uint64_t h = 0xCBF29CE484222325ull;
  for (unsigned char b : s) h = (h ^ b) * 0x100000001B3ull;
  return h;
}
inline size_t slot_of(uint64_t h, uint32_t size) {
  return static_cast<size_t>((((h * 0x9E3779B97F4A7C15ull) >> 32) * size) >> 32);
}

// Model vocabulary: id -> token bytes (VOCB) and token -> id (VHSH).
class Vocab {
 public:
  Vocab() = default;
  Vocab(Section strings, Section hash) {
    Cursor c(strings.data, strings.size, "VOCB");
    size_ = c.u32();
    c.u32();
    offsets_ = c.take(4ull * (uint64_t(size_) + 1));  // 64-bit: a corrupt size must not wrap
    bytes_ = reinterpret_cast<const char*>(c.position());
    uint32_t total = load<uint32_t>(offsets_ + 4ull * size_);
    c.take(total);
    uint32_t prev = 0;  // monotonic offsets make every token() view in range
    for (uint32_t i = 0; i <= size_; ++i) {
      uint32_t o = load<uint32_t>(offsets_ + 4ull * i);
      if (o < prev) corrupt("VOCB offsets are not sorted");
      prev = o;
    }
    Cursor h(hash.data, hash.size, "VHSH");
    slots_size_ = h.u32();
    h.u32();
    if (slots_size_ == 0) corrupt("VHSH is empty");
    slots_ = h.take(4ull * slots_size_);
  }
  uint32_t size() const { return size_; }
  // Empty for ids outside the vocab (and for holes in it).
  std::string_view token(int64_t id) const {
    if (id < 0 || id >= size_) return {};
    uint32_t a = load<uint32_t>(offsets_ + 4 * id), b = load<uint32_t>(offsets_ + 4 * id + 4);
    return {bytes_ + a, b - a};
  }
  int32_t find(std::string_view s) const { return find_hashed(s, fnv1a(s)); }
  int32_t find_hashed(std::string_view s, uint64_t h) const {
    for (size_t i = slot_of(h, slots_size_), probes = 0; probes < slots_size_; ++probes) {
      int32_t id = load<int32_t>(slots_ + 4 * i);
      if (id < 0) return -1;
      if (token(id) == s) return id;
      if (++i == slots_size_) i = 0;
    }
    return -1;
  }

 private:
  uint32_t size_ = 0;
  const uint8_t* offsets_ = nullptr;
  const char* bytes_ = nullptr;
  uint32_t slots_size_ = 0;
  const uint8_t* slots_ = nullptr;
};

// BPE merges: (left id, right id) -> (rank, merged id). Each 8-byte slot packs the pair and
// the rank; the merged id is looked up by rank.
class Merges {
 public:
  Merges() = default;
  explicit Merges(Section s) {
    Cursor c(s.data, s.size, "MRGS");
    size_ = c.u32();
    ranks_ = c.u32();
    uint32_t id_bits = c.u32();
    rank_bits_ = c.u32();
    if (size_ == 0 || id_bits == 0 || rank_bits_ == 0 || 2 * id_bits + rank_bits_ > 63) corrupt("MRGS layout");
    id_bits_ = id_bits;
    slots_ = c.take(8ull * size_);
    merged_ = c.take(4ull * ranks_);
  }
  // The pair's merge rank; the merged id is looked up separately (merged()) because most
  // candidates are never applied, and that second random access is the costly part.
  bool find_rank(uint32_t left, uint32_t right, uint32_t& rank) const {
    if ((left | right) >> id_bits_) return false;  // ids past the table cannot have merges
    const uint64_t key = (uint64_t(left) << id_bits_) | right;
    for (size_t i = slot_of((uint64_t(left) << 32) | right, size_), probes = 0; probes < size_; ++probes) {
      uint64_t slot = load<uint64_t>(slots_ + 8 * i);
      if (slot == ~uint64_t(0)) return false;
      if ((slot >> rank_bits_) == key) {
        rank = static_cast<uint32_t>(slot & ((uint64_t(1) << rank_bits_) - 1));
        if (rank >= ranks_) corrupt("MRGS rank");
        return true;
      }
      if (++i == size_) i = 0;
    }
    return false;
  }
  uint32_t merged(uint32_t rank) const { return load<uint32_t>(merged_ + 4ull * rank); }
  bool find(uint32_t left, uint32_t right, uint32_t& rank, uint32_t& merged_id) const {
    if (!find_rank(left, right, rank)) return false;
    merged_id = merged(rank);
    return true;
  }

 private:
  uint32_t size_ = 0, ranks_ = 0, id_bits_ = 0, rank_bits_ = 0;
  const uint8_t* slots_ = nullptr;
  const uint8_t* merged_ = nullptr;
};

// Byte trie over added-token spellings (ATRI / NTRI).
class Trie {
 public:
  Trie() = default;
  explicit Trie(Section s, const char* name) {
    Cursor c(s.data, s.size, name);
    nodes_ = c.u32();
    edges_ = c.u32();
    if (nodes_ == 0) corrupt(std::string(name) + " has no root");
    node_data_ = c.take(12ull * nodes_);
    child_ = c.take(4ull * edges_);
    label_ = c.take(edges_);
    for (uint32_t i = 0; i < nodes_; ++i) {
      uint32_t b = load<uint32_t>(node_data_ + 12ull * i), e = load<uint32_t>(node_data_ + 12ull * i + 4);
      if (b > e || e > edges_) corrupt(std::string(name) + " edge range");
    }
    for (uint32_t i = 0; i < edges_; ++i)
      if (load<uint32_t>(child_ + 4ull * i) >= nodes_) corrupt(std::string(name) + " child");
    for (int b = 0; b < 256; ++b) root_[b] = step_slow(0, static_cast<uint8_t>(b));
  }
  bool empty() const { return edges_ == 0; }
  // Child of node along byte b, or -1.
  int64_t step(uint32_t node, uint8_t b) const { return node == 0 ? root_[b] : step_slow(node, b); }
  int32_t token(uint32_t node) const { return load<int32_t>(node_data_ + 12ull * node + 8); }

 private:
  int64_t step_slow(uint32_t node, uint8_t b) const {
    uint32_t lo = load<uint32_t>(node_data_ + 12ull * node), hi = load<uint32_t>(node_data_ + 12ull * node + 4);
    while (lo < hi) {
      uint32_t mid = (lo + hi) / 2;
      if (label_[mid] < b) lo = mid + 1; else hi = mid;
    }
    if (lo < load<uint32_t>(node_data_ + 12ull * node + 4) && label_[lo] == b) return load<uint32_t>(child_ + 4ull * lo);
    return -1;
  }
  uint32_t nodes_ = 0, edges_ = 0;
  const uint8_t* node_data_ = nullptr;
  const uint8_t* child_ = nullptr;
  const uint8_t* label_ = nullptr;
  int64_t root_[256] = {};
};

}  // namespace muna::text::blob
