// b.removeprefix(prefix): b without prefix when it starts with it, else a copy.
#pragma once
#include <string>

#include <muna/python/bytes.hpp>

namespace muna::python::bytes {

template <class B>
B removeprefix(const B& self, ByteView prefix) {
  const std::string_view s = self.view();
  if (s.substr(0, prefix.size()) == prefix.view()) return make_like<B>(std::string(s.substr(prefix.size())));
  return make_like<B>(std::string(s));
}

}  // namespace muna::python::bytes
