// BLAKE2b and BLAKE2s (RFC 7693), sequential mode, with a key, a salt and a personalization as
// hashlib.blake2b/blake2s take them. One template over the word: BLAKE2b is 64-bit words, 12
// rounds, 128-byte blocks; BLAKE2s 32-bit words, 10 rounds, 64-byte blocks.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>

namespace muna::python::hashlib::detail {

template <class Word>
struct Blake2Params;

template <>
struct Blake2Params<uint64_t> {
  static constexpr int rounds = 12, r1 = 32, r2 = 24, r3 = 16, r4 = 63;
  static constexpr size_t salt_size = 16;
  static constexpr const char* name = "blake2b";
  static constexpr uint64_t iv[8] = {0x6a09e667f3bcc908, 0xbb67ae8584caa73b, 0x3c6ef372fe94f82b,
                                     0xa54ff53a5f1d36f1, 0x510e527fade682d1, 0x9b05688c2b3e6c1f,
                                     0x1f83d9abfb41bd6b, 0x5be0cd19137e2179};
};

template <>
struct Blake2Params<uint32_t> {
  static constexpr int rounds = 10, r1 = 16, r2 = 12, r3 = 8, r4 = 7;
  static constexpr size_t salt_size = 8;
  static constexpr const char* name = "blake2s";
  static constexpr uint32_t iv[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                     0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
};

inline constexpr uint8_t kBlake2Sigma[12][16] = {
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}, {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
    {11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4}, {7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8},
    {9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13}, {2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9},
    {12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11}, {13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10},
    {6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5}, {10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0},
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}, {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3}};

template <class Word>
class Blake2 {
  using P = Blake2Params<Word>;
  static constexpr size_t kWordBytes = sizeof(Word);

 public:
  static constexpr size_t max_size = 8 * kWordBytes;  // digest and key: 64 (b) or 32 (s) bytes
  static constexpr size_t kBlock = 16 * kWordBytes;

  // The caller has checked the sizes (hashlib's ValueErrors).
  Blake2(size_t digest_size, const std::string& key, const std::string& salt, const std::string& person)
      : digest_size_(digest_size) {
    uint8_t param[8 * sizeof(Word)] = {};
    param[0] = static_cast<uint8_t>(digest_size);
    param[1] = static_cast<uint8_t>(key.size());
    param[2] = 1;  // fanout
    param[3] = 1;  // depth
    std::memcpy(param + 4 * kWordBytes, salt.data(), salt.size());
    std::memcpy(param + 4 * kWordBytes + P::salt_size, person.data(), person.size());
    for (int i = 0; i < 8; ++i) h_[i] = P::iv[i] ^ load(param + i * kWordBytes);
    if (!key.empty()) {
      uint8_t block[kBlock] = {};
      std::memcpy(block, key.data(), key.size());
      update(block, kBlock);
    }
  }

  size_t digest_size() const { return digest_size_; }
  size_t block_size() const { return kBlock; }
  const char* name() const { return P::name; }

  void update(const uint8_t* p, size_t n) {
    while (n > 0) {
      if (used_ == kBlock) {  // a full block is compressed only once more data follows it
        count(kBlock);
        compress(buffer_, false);
        used_ = 0;
      }
      const size_t take = n < kBlock - used_ ? n : kBlock - used_;
      std::memcpy(buffer_ + used_, p, take);
      used_ += take;
      p += take;
      n -= take;
    }
  }

  std::string digest() const {
    Blake2 copy = *this;
    copy.count(copy.used_);
    std::memset(copy.buffer_ + copy.used_, 0, kBlock - copy.used_);
    copy.compress(copy.buffer_, true);
    uint8_t out[8 * sizeof(Word)];
    for (int i = 0; i < 8; ++i)
      for (size_t k = 0; k < kWordBytes; ++k) out[i * kWordBytes + k] = static_cast<uint8_t>(copy.h_[i] >> (8 * k));
    return std::string(reinterpret_cast<const char*>(out), digest_size_);
  }

 private:
  static Word load(const uint8_t* p) {
    Word w = 0;
    for (size_t k = 0; k < kWordBytes; ++k) w |= static_cast<Word>(p[k]) << (8 * k);
    return w;
  }
  static Word rotr(Word x, int n) { return (x >> n) | (x << (8 * kWordBytes - n)); }

  void count(size_t n) {
    t_[0] += n;
    if (t_[0] < n) ++t_[1];
  }

  void compress(const uint8_t* block, bool last) {
    Word m[16], v[16];
    for (int i = 0; i < 16; ++i) m[i] = load(block + i * kWordBytes);
    for (int i = 0; i < 8; ++i) v[i] = h_[i], v[i + 8] = P::iv[i];
    v[12] ^= t_[0];
    v[13] ^= t_[1];
    if (last) v[14] = ~v[14];
    auto g = [&](int a, int b, int c, int d, Word x, Word y) {
      v[a] = v[a] + v[b] + x;
      v[d] = rotr(v[d] ^ v[a], P::r1);
      v[c] = v[c] + v[d];
      v[b] = rotr(v[b] ^ v[c], P::r2);
      v[a] = v[a] + v[b] + y;
      v[d] = rotr(v[d] ^ v[a], P::r3);
      v[c] = v[c] + v[d];
      v[b] = rotr(v[b] ^ v[c], P::r4);
    };
    for (int r = 0; r < P::rounds; ++r) {
      const uint8_t* s = kBlake2Sigma[r];
      g(0, 4, 8, 12, m[s[0]], m[s[1]]);
      g(1, 5, 9, 13, m[s[2]], m[s[3]]);
      g(2, 6, 10, 14, m[s[4]], m[s[5]]);
      g(3, 7, 11, 15, m[s[6]], m[s[7]]);
      g(0, 5, 10, 15, m[s[8]], m[s[9]]);
      g(1, 6, 11, 12, m[s[10]], m[s[11]]);
      g(2, 7, 8, 13, m[s[12]], m[s[13]]);
      g(3, 4, 9, 14, m[s[14]], m[s[15]]);
    }
    for (int i = 0; i < 8; ++i) h_[i] ^= v[i] ^ v[i + 8];
  }

  Word h_[8];
  Word t_[2] = {0, 0};
  uint8_t buffer_[kBlock] = {};
  size_t used_ = 0;
  size_t digest_size_;
};

using Blake2b = Blake2<uint64_t>;
using Blake2s = Blake2<uint32_t>;

}  // namespace muna::python::hashlib::detail
