// h.copy(): an independent hash object in the same state.
#pragma once

#include <muna/python/hashlib/hash.hpp>

namespace muna::python::hashlib::hash {

inline Hash copy(const Hash& self) { return self.copy(); }

}  // namespace muna::python::hashlib::hash
