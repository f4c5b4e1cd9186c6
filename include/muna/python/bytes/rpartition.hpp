// b.rpartition(sep): (before, sep, after) at the last sep, or (b'', b'', b).
#pragma once
#include <string>
#include <tuple>

#include <muna/core/error.hpp>
#include <muna/python/bytes.hpp>

namespace muna::python::bytes {

template <class B>
std::tuple<B, B, B> rpartition(const B& self, ByteView sep) {
  if (sep.size() == 0) throw ValueError("empty separator");
  const std::string_view s = self.view();
  size_t at = s.rfind(sep.view());
  if (at == std::string_view::npos)
    return {make_like<B>(std::string()), make_like<B>(std::string()), make_like<B>(std::string(s))};
  return {make_like<B>(std::string(s.substr(0, at))), make_like<B>(std::string(sep.view())),
          make_like<B>(std::string(s.substr(at + sep.size())))};
}

}  // namespace muna::python::bytes
