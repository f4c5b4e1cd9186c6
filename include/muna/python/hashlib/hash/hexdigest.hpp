// h.hexdigest(): the digest as lowercase hex.
#pragma once
#include <string>

#include <muna/python/hashlib/hash.hpp>

namespace muna::python::hashlib::hash {

inline std::string hexdigest(const Hash& self) {
  const std::string d = self.digest();
  const char* hex = "0123456789abcdef";
  std::string out;
  for (unsigned char c : d) {
    out.push_back(hex[c >> 4]);
    out.push_back(hex[c & 15]);
  }
  return out;
}

}  // namespace muna::python::hashlib::hash
