// h.block_size: bytes in the algorithm's block.
#pragma once
#include <cstdint>

#include <muna/python/hashlib/hash.hpp>

namespace muna::python::hashlib::hash {

inline int64_t block_size(const Hash& self) { return self.block_size(); }

}  // namespace muna::python::hashlib::hash
