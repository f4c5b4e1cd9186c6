// b.center(width, fillchar=b' '); also the padding ljust, rjust and zfill share (CPython's pad).
#pragma once
#include <cstdint>
#include <string>
#include <type_traits>

#include <muna/core/error.hpp>
#include <muna/python/bytes.hpp>

namespace muna::python::bytes {
namespace detail {

template <class Fill>
char fill_byte(const char* method, const Fill& fill) {
  if (fill.size() != 1)
    throw TypeError(std::string(method) + "() argument 2 must be a byte string of length 1, not " +
                    (std::is_same_v<Fill, ByteArray> ? "bytearray" : "bytes"));
  return fill.data()[0];
}

template <class B>
B pad(const B& self, int64_t left, int64_t right, char fill) {
  if (left < 0) left = 0;
  if (right < 0) right = 0;
  std::string out(static_cast<size_t>(left), fill);
  out.append(self.view());
  out.append(static_cast<size_t>(right), fill);
  return make_like<B>(std::move(out));
}

}  // namespace detail

template <class B, class Fill = Bytes>
B center(const B& self, int64_t width, const Fill& fillchar = Bytes(" ", 1)) {
  const char fill = detail::fill_byte("center", fillchar);
  const int64_t len = self.size();
  if (width <= len) return make_like<B>(std::string(self.view()));
  const int64_t marg = width - len;
  const int64_t left = marg / 2 + (marg & width & 1);
  return detail::pad(self, left, marg - left, fill);
}

}  // namespace muna::python::bytes
