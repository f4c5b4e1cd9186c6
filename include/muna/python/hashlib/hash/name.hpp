// h.name: the algorithm's name, lower case ("sha256").
#pragma once
#include <string>

#include <muna/python/hashlib/hash.hpp>

namespace muna::python::hashlib::hash {

inline std::string name(const Hash& self) { return self.name(); }

}  // namespace muna::python::hashlib::hash
