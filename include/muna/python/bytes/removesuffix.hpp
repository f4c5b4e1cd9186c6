// b.removesuffix(suffix): b without suffix when it ends with it (a non-empty suffix), else a copy.
#pragma once
#include <string>

#include <muna/python/bytes.hpp>

namespace muna::python::bytes {

template <class B>
B removesuffix(const B& self, ByteView suffix) {
  const std::string_view s = self.view();
  if (suffix.size() > 0 && s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix.view())
    return make_like<B>(std::string(s.substr(0, s.size() - suffix.size())));
  return make_like<B>(std::string(s));
}

}  // namespace muna::python::bytes
