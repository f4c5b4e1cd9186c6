// muna::python::hashlib::Hash: the object hashlib.md5(), sha1(), sha224(), sha256(), sha384(),
// sha512(), blake2b(), blake2s() and hashlib.new() return, with reference semantics as in Python (h.update() through
// any alias changes it). The algorithms are written here (detail/), so a library needs no
// OpenSSL; each is checked against CPython's hashlib.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <variant>

#include <muna/core/error.hpp>
#include <muna/python/bytes.hpp>
#include <muna/python/hashlib/detail/blake2.hpp>
#include <muna/python/hashlib/detail/md5.hpp>
#include <muna/python/hashlib/detail/sha1.hpp>
#include <muna/python/hashlib/detail/sha256.hpp>
#include <muna/python/hashlib/detail/sha512.hpp>

namespace muna::python::hashlib {
namespace detail {

// A block function fed a byte stream: whole blocks as they fill, the rest buffered; the digest
// pads a copy (0x80, zeros, the length in bits), so update() may continue after digest().
template <class Algorithm>
struct Streaming {
  Algorithm state;
  uint8_t buffer[Algorithm::block_size] = {};
  size_t used = 0;
  uint64_t total = 0;  // bytes seen

  size_t digest_size() const { return state.digest_size; }
  size_t block_size() const { return state.block_size; }

  void update(const uint8_t* p, size_t n) {
    total += n;
    if (used) {
      const size_t take = n < Algorithm::block_size - used ? n : Algorithm::block_size - used;
      std::memcpy(buffer + used, p, take);
      used += take;
      p += take;
      n -= take;
      if (used < Algorithm::block_size) return;
      state.block(buffer);
      used = 0;
    }
    for (; n >= Algorithm::block_size; p += Algorithm::block_size, n -= Algorithm::block_size) state.block(p);
    std::memcpy(buffer, p, n);
    used = n;
  }

  std::string digest() const {
    Streaming copy = *this;
    const uint64_t bits = total * 8;
    const uint8_t one = 0x80;
    copy.update(&one, 1);
    const uint8_t zero = 0;
    while (copy.used != Algorithm::block_size - Algorithm::length_bytes) copy.update(&zero, 1);
    uint8_t length[Algorithm::length_bytes] = {};
    for (size_t i = 0; i < 8; ++i) {
      const uint8_t byte = static_cast<uint8_t>(bits >> (8 * i));
      length[Algorithm::big_endian ? Algorithm::length_bytes - 1 - i : i] = byte;
    }
    copy.update(length, Algorithm::length_bytes);
    uint8_t out[64];
    copy.state.digest(out);
    return std::string(reinterpret_cast<const char*>(out), copy.state.digest_size);
  }
};

using State = std::variant<Streaming<Md5>, Streaming<Sha1>, Streaming<Sha256>, Streaming<Sha512>, Blake2b, Blake2s>;

}  // namespace detail

class Hash {
 public:
  // A variable before its first assignment (Python has none such): an empty SHA-256.
  Hash() : Hash("sha256") {}
  // The algorithm by name, as hashlib.new takes it (any case); ValueError for one muna lacks.
  explicit Hash(const std::string& name) {
    std::string lower;
    for (char c : name) lower.push_back(c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c);
    auto state = std::make_shared<Shared>();
    if (lower == "md5") state->state = detail::Streaming<detail::Md5>{};
    else if (lower == "sha1") state->state = detail::Streaming<detail::Sha1>{};
    else if (lower == "sha256") state->state = detail::Streaming<detail::Sha256>{};
    else if (lower == "sha224") state->state = detail::Streaming<detail::Sha256>{detail::Sha256::sha224()};
    else if (lower == "sha512") state->state = detail::Streaming<detail::Sha512>{};
    else if (lower == "sha384") state->state = detail::Streaming<detail::Sha512>{detail::Sha512::sha384()};
    // CPython's own blake2 (not OpenSSL's) knows only the lower-case names.
    else if (name == "blake2b") state->state = detail::Blake2b(64, "", "", "");
    else if (name == "blake2s") state->state = detail::Blake2s(32, "", "", "");
    else throw ValueError("unsupported hash type " + name);
    state->name = lower;
    state_ = std::move(state);
  }
  // hashlib.blake2b(...) / blake2s(...) with their parameters.
  template <class Word>
  explicit Hash(detail::Blake2<Word> blake2) : state_(std::make_shared<Shared>(Shared{std::move(blake2), ""})) {
    state_->name = std::get<detail::Blake2<Word>>(state_->state).name();
  }

  void update(ByteView data) const {
    std::visit([&](auto& s) { s.update(reinterpret_cast<const uint8_t*>(data.data()), data.size()); }, state_->state);
  }
  std::string digest() const {
    return std::visit([](const auto& s) { return s.digest(); }, state_->state);
  }
  const std::string& name() const { return state_->name; }
  int64_t digest_size() const {
    return std::visit([](const auto& s) { return static_cast<int64_t>(s.digest_size()); }, state_->state);
  }
  int64_t block_size() const {
    return std::visit([](const auto& s) { return static_cast<int64_t>(s.block_size()); }, state_->state);
  }
  // h.copy(): the same state, no longer shared.
  Hash copy() const {
    Hash out = *this;
    out.state_ = std::make_shared<Shared>(*state_);
    return out;
  }

 private:
  struct Shared {
    detail::State state;
    std::string name;
  };
  std::shared_ptr<Shared> state_;
};

}  // namespace muna::python::hashlib
