// bytes.maketrans(from, to): the 256-byte table translate() takes, mapping each byte of from to
// the byte at the same place in to.
#pragma once
#include <string>

#include <muna/core/error.hpp>
#include <muna/python/bytes.hpp>

namespace muna::python::bytes {

inline Bytes maketrans(ByteView from, ByteView to) {
  if (from.size() != to.size()) throw ValueError("maketrans arguments must have same length");
  std::string table(256, '\0');
  for (int c = 0; c < 256; ++c) table[c] = static_cast<char>(c);
  for (size_t k = 0; k < from.size(); ++k) table[from[k]] = to.data()[k];
  return Bytes(std::move(table));
}

}  // namespace muna::python::bytes
