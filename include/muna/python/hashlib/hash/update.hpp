// h.update(data): feeds more bytes, in place (every alias of h sees it).
#pragma once
#include <muna/core/none.hpp>

#include <muna/python/hashlib/hash.hpp>

namespace muna::python::hashlib::hash {

inline NoneType update(const Hash& self, ByteView data) {
  self.update(data);
  return None;
}

}  // namespace muna::python::hashlib::hash
