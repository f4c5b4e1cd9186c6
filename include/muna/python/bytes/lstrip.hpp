// b.lstrip(chars=None): strip from the left only.
#pragma once
#include <muna/python/bytes/strip.hpp>

namespace muna::python::bytes {

template <class B>
B lstrip(const B& self, const std::optional<ByteView>& chars = std::nullopt) {
  return detail::strip_sides(self, chars, true, false);
}

}  // namespace muna::python::bytes
