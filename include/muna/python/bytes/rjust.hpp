// b.rjust(width, fillchar=b' '): b padded on the left to width.
#pragma once
#include <muna/python/bytes/center.hpp>

namespace muna::python::bytes {

template <class B, class Fill = Bytes>
B rjust(const B& self, int64_t width, const Fill& fillchar = Bytes(" ", 1)) {
  const char fill = detail::fill_byte("rjust", fillchar);
  return detail::pad(self, width - self.size(), 0, fill);
}

}  // namespace muna::python::bytes
