// b.capitalize(): the first byte upper-cased, the rest lower-cased (ASCII).
#pragma once
#include <string>

#include <muna/python/bytes/detail/common.hpp>

namespace muna::python::bytes {

template <class B>
B capitalize(const B& self) {
  std::string out;
  out.reserve(self.view().size());
  for (unsigned char c : self.view()) out.push_back(out.empty() ? detail::to_upper(c) : detail::to_lower(c));
  return make_like<B>(std::move(out));
}

}  // namespace muna::python::bytes
