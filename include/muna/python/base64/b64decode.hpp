// base64.b64decode(s, altchars=None, validate=False): s is bytes or an ASCII str; the altchars
// are read as '+' and '/'; validate is binascii.a2b_base64's strict mode.
#pragma once
#include <optional>
#include <string>

#include <muna/core/none.hpp>
#include <muna/python/base64/detail.hpp>
#include <muna/python/binascii/a2b_base64.hpp>

namespace muna::python::base64 {

namespace detail {

// altchars None, given, or an Optional of either.
inline void read_altchars(std::string&, NoneType) {}
template <class Alt>
void read_altchars(std::string& data, const Alt& altchars) {
  translate(data, checked_altchars(input(altchars)), "+/");
}
template <class Alt>
void read_altchars(std::string& data, const std::optional<Alt>& altchars) {
  if (altchars) read_altchars(data, *altchars);
}

}  // namespace detail

template <class S, class Alt = NoneType>
Bytes b64decode(const S& s, const Alt& altchars = None, bool validate = false) {
  std::string data = detail::input(s);
  detail::read_altchars(data, altchars);
  return Bytes(binascii::detail::base64_decode(data, validate));
}

}  // namespace muna::python::base64
