// struct.pack(format, v1, v2, ...): the values packed as the format says (its layout and the
// values' types were checked at compile time; ranges are checked here, as CPython does).
#pragma once
#include <string>

#include <muna/python/bytes.hpp>
#include <muna/python/struct/detail/codec.hpp>

namespace muna::python::struct_ {

template <class... Values>
Bytes pack(const std::string& format, const Values&... values) {
  const detail::Layout layout = detail::layout(format);
  const detail::Value items[sizeof...(Values) + 1] = {detail::value(values)..., detail::value(int64_t{0})};
  std::string out(static_cast<size_t>(layout.size), '\0');
  detail::pack_into(layout, items, sizeof...(Values), reinterpret_cast<uint8_t*>(out.data()));
  return Bytes(std::move(out));
}

}  // namespace muna::python::struct_
