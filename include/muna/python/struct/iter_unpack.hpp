// struct.iter_unpack(format, buffer): the tuples of consecutive records (a list, where CPython
// gives an iterator over the same tuples); the buffer must be a whole number of records.
#pragma once
#include <string>

#include <muna/python/bytes.hpp>
#include <muna/python/list.hpp>
#include <muna/python/struct/detail/codec.hpp>

namespace muna::python::struct_ {

template <class Tuple>
List<Tuple> iter_unpack(const std::string& format, ByteView buffer) {
  const detail::Layout layout = detail::layout(format);
  if (layout.size == 0) throw error("cannot iteratively unpack with a struct of length 0");
  if (static_cast<int64_t>(buffer.size()) % layout.size)
    throw error("iterative unpacking requires a buffer of a multiple of " + std::to_string(layout.size) + " bytes");
  List<Tuple> out;
  const auto* p = reinterpret_cast<const uint8_t*>(buffer.data());
  for (size_t at = 0; at < buffer.size(); at += static_cast<size_t>(layout.size))
    out.push_back(detail::unpack_tuple<Tuple>(layout, p + at));
  return out;
}

}  // namespace muna::python::struct_
