// b[start:stop:step]: a new bytes (or bytearray), CPython's slice arithmetic.
#pragma once
#include <string>

#include <muna/core/slice.hpp>
#include <muna/python/bytes.hpp>
#include <muna/python/unicode/indexing.hpp>

namespace muna::python::bytes {

template <class B>
B slice(const B& self, const Slice& s) {
  const auto r = unicode::adjust_slice(self.size(), s.start, s.stop, s.step);
  if (r.step == 1) return make_like<B>(std::string(self.view().substr(r.start, r.count)));
  std::string out;
  out.reserve(static_cast<size_t>(r.count));
  for (int64_t k = 0, i = r.start; k < r.count; ++k, i += r.step) out.push_back(self.data()[i]);
  return make_like<B>(std::move(out));
}

}  // namespace muna::python::bytes
