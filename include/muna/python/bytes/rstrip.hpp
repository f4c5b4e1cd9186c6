// b.rstrip(chars=None): strip from the right only.
#pragma once
#include <muna/python/bytes/strip.hpp>

namespace muna::python::bytes {

template <class B>
B rstrip(const B& self, const std::optional<ByteView>& chars = std::nullopt) {
  return detail::strip_sides(self, chars, false, true);
}

}  // namespace muna::python::bytes
