// b.istitle(): cased words each start upper case and continue lower case (at least one).
#pragma once
#include <muna/python/bytes/detail/common.hpp>

namespace muna::python::bytes {

inline bool istitle(ByteView self) {
  bool cased = false, previous_cased = false;
  for (unsigned char c : self.view()) {
    if (detail::is_upper(c)) {
      if (previous_cased) return false;
      previous_cased = cased = true;
    } else if (detail::is_lower(c)) {
      if (!previous_cased) return false;
      previous_cased = cased = true;
    } else {
      previous_cased = false;
    }
  }
  return cased;
}

}  // namespace muna::python::bytes
