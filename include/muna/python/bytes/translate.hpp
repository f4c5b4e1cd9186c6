// b.translate(table, delete=b''): the bytes not in delete, each mapped through table (256
// bytes, or None to keep them).
#pragma once
#include <string>

#include <muna/core/error.hpp>
#include <muna/core/none.hpp>
#include <muna/python/bytes.hpp>

namespace muna::python::bytes {
namespace detail {

template <class B>
B translate_with(const B& self, const char* table, ByteView delete_) {
  bool drop[256] = {};
  for (char c : delete_.view()) drop[static_cast<unsigned char>(c)] = true;
  std::string out;
  out.reserve(self.view().size());
  for (char c : self.view()) {
    const unsigned char u = static_cast<unsigned char>(c);
    if (!drop[u]) out.push_back(table ? table[u] : c);
  }
  return make_like<B>(std::move(out));
}

}  // namespace detail

template <class B>
B translate(const B& self, ByteView table, ByteView delete_ = ByteView()) {
  if (table.size() != 256) throw ValueError("translation table must be 256 characters long");
  return detail::translate_with(self, table.data(), delete_);
}
template <class B>
B translate(const B& self, NoneType, ByteView delete_ = ByteView()) {
  return detail::translate_with(self, nullptr, delete_);
}

}  // namespace muna::python::bytes
