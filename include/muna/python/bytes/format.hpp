// format(b, spec) and f"{b:spec}": bytes has only object.__format__, so an empty spec is str(b)
// and any other is CPython's TypeError.
#pragma once
#include <string>
#include <type_traits>

#include <muna/core/error.hpp>
#include <muna/python/bytes.hpp>
#include <muna/python/bytes/repr.hpp>

namespace muna::python::bytes {

template <class B>
std::string format(const B& self, const std::string& spec) {
  if (!spec.empty())
    throw TypeError(std::string("unsupported format string passed to ") +
                    (std::is_same_v<B, ByteArray> ? "bytearray" : "bytes") + ".__format__");
  return repr(self);
}

}  // namespace muna::python::bytes
