// b.lower(): ASCII letters to lower case; other bytes unchanged.
#pragma once
#include <string>

#include <muna/python/bytes/detail/common.hpp>

namespace muna::python::bytes {

template <class B>
B lower(const B& self) {
  std::string out;
  out.reserve(self.view().size());
  for (unsigned char c : self.view()) out.push_back(detail::to_lower(c));
  return make_like<B>(std::move(out));
}

}  // namespace muna::python::bytes
