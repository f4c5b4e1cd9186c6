// b * n and n * b: repetition; n <= 0 gives an empty result.
#pragma once
#include <cstdint>
#include <string>

#include <muna/core/error.hpp>
#include <muna/python/bytes.hpp>

namespace muna::python::bytes {

template <class B>
B mul(const B& self, int64_t n) {
  std::string out;
  const std::string_view v = self.view();
  if (n <= 0 || v.empty()) return make_like<B>(std::move(out));
  if (static_cast<uint64_t>(n) > out.max_size() / v.size()) throw OverflowError("repeated bytes are too long");
  out.reserve(v.size() * static_cast<size_t>(n));
  for (int64_t k = 0; k < n; ++k) out.append(v);
  return make_like<B>(std::move(out));
}

}  // namespace muna::python::bytes
