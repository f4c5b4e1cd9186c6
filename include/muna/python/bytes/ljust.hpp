// b.ljust(width, fillchar=b' '): b padded on the right to width.
#pragma once
#include <muna/python/bytes/center.hpp>

namespace muna::python::bytes {

template <class B, class Fill = Bytes>
B ljust(const B& self, int64_t width, const Fill& fillchar = Bytes(" ", 1)) {
  const char fill = detail::fill_byte("ljust", fillchar);
  return detail::pad(self, 0, width - self.size(), fill);
}

}  // namespace muna::python::bytes
