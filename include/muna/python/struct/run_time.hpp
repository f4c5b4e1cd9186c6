// struct with a format or a number of values known only when the function runs
// (`struct.pack(f"<{len(ids)}I", *ids)`, `struct.unpack(f"<{n}f", raw)`): the same layout and
// checks as the compiled forms (detail/codec.hpp), the values read from a list of run-time
// length and unpacked into a tuple of values of run-time type, each an int, float, bool or bytes
// as CPython gives them.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include <muna/python/bytes.hpp>
#include <muna/python/list.hpp>
#include <muna/python/object.hpp>
#include <muna/python/struct/detail/codec.hpp>
#include <muna/python/struct/unpack.hpp>
#include <muna/python/struct/unpack_from.hpp>

namespace muna::python::struct_ {

namespace detail {
// A value of run-time type as the format codes read it: an int, bool, float or bytes (another
// kind fails where its code wants a number or bytes, with CPython's message there).
inline Value value(const Object& x) {
  if (const bool* b = x.exactly<bool>()) return value(*b);
  if (const int64_t* i = x.exactly<int64_t>()) return value(*i);
  if (const double* d = x.exactly<double>()) return value(*d);
  if (const Bytes* s = x.exactly<Bytes>()) return value(*s);
  return {Value::other, 0, 0, false, {}};
}

inline Tuple<Object> as_objects(const std::vector<Value>& values) {
  std::vector<Object> out;
  out.reserve(values.size());
  for (const Value& v : values) {
    switch (v.kind) {
      case Value::integer: out.emplace_back(v.i); break;
      case Value::real: out.emplace_back(v.d); break;
      case Value::boolean: out.emplace_back(v.b); break;
      default: out.emplace_back(Bytes(std::string(v.data))); break;
    }
  }
  return Tuple<Object>(std::move(out));
}
}  // namespace detail

// struct.pack(format, *values) of a list whose length is known when it runs.
template <class T>
Bytes pack_list(const std::string& format, const List<T>& values) {
  const detail::Layout layout = detail::layout(format);
  std::vector<detail::Value> items;
  items.reserve(static_cast<size_t>(values.size()));
  for (const T& v : values.items()) items.push_back(detail::value(v));
  std::string out(static_cast<size_t>(layout.size), '\0');
  detail::pack_into(layout, items.data(), items.size(), reinterpret_cast<uint8_t*>(out.data()));
  return Bytes(std::move(out));
}

inline int64_t calcsize_any(const std::string& format) { return detail::layout(format).size; }

// struct.unpack / unpack_from with a format known when it runs.
inline Tuple<Object> unpack_any(const std::string& format, ByteView buffer) {
  const detail::Layout layout = detail::layout(format);
  return detail::as_objects(detail::unpack_values(layout, detail::unpack_start(layout, buffer)));
}
inline Tuple<Object> unpack_from_any(const std::string& format, ByteView buffer, int64_t offset = 0) {
  const detail::Layout layout = detail::layout(format);
  return detail::as_objects(detail::unpack_values(layout, detail::unpack_from_start(layout, buffer, offset)));
}

}  // namespace muna::python::struct_
