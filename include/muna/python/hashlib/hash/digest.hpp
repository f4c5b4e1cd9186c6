// h.digest(): the digest of the bytes so far (h can be updated on).
#pragma once

#include <muna/python/hashlib/hash.hpp>

namespace muna::python::hashlib::hash {

inline Bytes digest(const Hash& self) { return Bytes(self.digest()); }

}  // namespace muna::python::hashlib::hash
