// h.digest_size: bytes in the digest.
#pragma once
#include <cstdint>

#include <muna/python/hashlib/hash.hpp>

namespace muna::python::hashlib::hash {

inline int64_t digest_size(const Hash& self) { return self.digest_size(); }

}  // namespace muna::python::hashlib::hash
