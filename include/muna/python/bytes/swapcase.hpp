// b.swapcase(): ASCII upper case to lower and lower to upper.
#pragma once
#include <string>

#include <muna/python/bytes/detail/common.hpp>

namespace muna::python::bytes {

template <class B>
B swapcase(const B& self) {
  std::string out;
  out.reserve(self.view().size());
  for (unsigned char c : self.view()) out.push_back(detail::is_upper(c) ? detail::to_lower(c) : detail::to_upper(c));
  return make_like<B>(std::move(out));
}

}  // namespace muna::python::bytes
