// base64.b64encode(s, altchars=None): standard base64, '+' and '/' replaced by the two altchars.
#pragma once
#include <optional>
#include <string>

#include <muna/python/base64/detail.hpp>
#include <muna/python/binascii/b2a_base64.hpp>

namespace muna::python::base64 {

inline Bytes b64encode(ByteView s, const std::optional<ByteView>& altchars = std::nullopt) {
  std::string out = binascii::detail::base64_encode(s.view(), false);
  if (altchars) detail::translate(out, "+/", detail::checked_altchars(std::string(altchars->view())));
  return Bytes(std::move(out));
}

}  // namespace muna::python::base64
