// hashlib.new(name, data=b''): the hash named at run time (md5, sha1, sha224, sha256, sha384,
// sha512, in any case); ValueError("unsupported hash type ...") for another.
#pragma once
#include <string>

#include <muna/python/hashlib/hash.hpp>

namespace muna::python::hashlib {

inline Hash new_(const std::string& name, ByteView data = ByteView()) {
  Hash h(name);
  h.update(data);
  return h;
}

}  // namespace muna::python::hashlib
