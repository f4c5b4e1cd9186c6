// b.zfill(width): zeros on the left to width, after a leading + or - sign.
#pragma once
#include <cstdint>
#include <string>

#include <muna/python/bytes.hpp>

namespace muna::python::bytes {

template <class B>
B zfill(const B& self, int64_t width) {
  std::string s(self.view());
  const int64_t len = static_cast<int64_t>(s.size());
  if (width <= len) return make_like<B>(std::move(s));
  const size_t fill = static_cast<size_t>(width - len);
  const bool sign = !s.empty() && (s[0] == '+' || s[0] == '-');
  s.insert(sign ? 1 : 0, fill, '0');
  return make_like<B>(std::move(s));
}

}  // namespace muna::python::bytes
