// hashlib.blake2b(data=b'', *, digest_size=64, key=b'', salt=b'', person=b'') and
// hashlib.blake2s (digest_size=32; keys up to 32 bytes, salt and person up to 8): a new hash
// object fed `data`, with CPython's ValueErrors for sizes out of range.
#pragma once
#include <cstdint>
#include <string>

#include <muna/core/error.hpp>
#include <muna/python/hashlib/hash.hpp>

namespace muna::python::hashlib {
namespace detail {
template <class Word>
Hash blake2(ByteView data, int64_t digest_size, ByteView key, ByteView salt, ByteView person) {
  using B = Blake2<Word>;
  const int64_t max = static_cast<int64_t>(B::max_size), half = max / 4;
  if (digest_size < 1 || digest_size > max)
    throw ValueError("digest_size must be between 1 and " + std::to_string(max) + " bytes");
  if (static_cast<int64_t>(key.size()) > max) throw ValueError("maximum key length is " + std::to_string(max) + " bytes");
  if (static_cast<int64_t>(salt.size()) > half)
    throw ValueError("maximum salt length is " + std::to_string(half) + " bytes");
  if (static_cast<int64_t>(person.size()) > half)
    throw ValueError("maximum person length is " + std::to_string(half) + " bytes");
  auto text = [](ByteView b) { return std::string(reinterpret_cast<const char*>(b.data()), b.size()); };
  Hash h(B(static_cast<size_t>(digest_size), text(key), text(salt), text(person)));
  h.update(data);
  return h;
}
}  // namespace detail

inline Hash blake2b(ByteView data, int64_t digest_size, ByteView key, ByteView salt, ByteView person) {
  return detail::blake2<uint64_t>(data, digest_size, key, salt, person);
}

}  // namespace muna::python::hashlib
