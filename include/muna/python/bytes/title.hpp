// b.title(): words (runs of ASCII letters) start upper case, the rest lower case.
#pragma once
#include <string>

#include <muna/python/bytes/detail/common.hpp>

namespace muna::python::bytes {

template <class B>
B title(const B& self) {
  std::string out;
  out.reserve(self.view().size());
  bool previous_cased = false;
  for (unsigned char c : self.view()) {
    out.push_back(previous_cased ? detail::to_lower(c) : detail::to_upper(c));
    previous_cased = detail::is_alpha(c);
  }
  return make_like<B>(std::move(out));
}

}  // namespace muna::python::bytes
