// b.isupper(): at least one cased ASCII byte, and none of the other case.
#pragma once
#include <muna/python/bytes/detail/common.hpp>

namespace muna::python::bytes {

inline bool isupper(ByteView self) {
  bool cased = false;
  for (unsigned char c : self.view()) {
    if (detail::is_lower(c)) return false;
    cased = cased || detail::is_upper(c);
  }
  return cased;
}

}  // namespace muna::python::bytes
