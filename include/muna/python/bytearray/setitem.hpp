// ba[i] = x (0..255) and ba[start:stop:step] = bytes or a list of ints. A simple slice may
// change the length; an extended one (step != 1) takes exactly as many bytes as it selects.
#pragma once
#include <cstdint>
#include <string>

#include <muna/core/error.hpp>
#include <muna/core/none.hpp>
#include <muna/core/slice.hpp>
#include <muna/python/bytes.hpp>
#include <muna/python/list.hpp>
#include <muna/python/unicode/indexing.hpp>

namespace muna::python::bytearray {
namespace detail {

inline void assign_slice(const ByteArray& self, const Slice& s, std::string value) {
  std::string& data = self.str();
  auto r = unicode::adjust_slice(self.size(), s.start, s.stop, s.step);
  if (r.step == 1) {
    // CPython's bytearray_setslice: stop before start replaces nothing, inserting at start.
    const int64_t count = r.stop > r.start ? r.stop - r.start : 0;
    data.replace(static_cast<size_t>(r.start), static_cast<size_t>(count), value);
    return;
  }
  if (static_cast<int64_t>(value.size()) != r.count)
    throw ValueError("attempt to assign bytes of size " + std::to_string(value.size()) +
                     " to extended slice of size " + std::to_string(r.count));
  for (int64_t k = 0, i = r.start; k < r.count; ++k, i += r.step) data[static_cast<size_t>(i)] = value[k];
}

}  // namespace detail

inline NoneType setitem(const ByteArray& self, int64_t i, int64_t x) {
  const int64_t n = self.size();
  if (i < 0) i += n;
  if (i < 0 || i >= n) throw IndexError("bytearray index out of range");
  self.str()[static_cast<size_t>(i)] = static_cast<char>(checked_byte(x));
  return None;
}
inline NoneType setitem(const ByteArray& self, const Slice& s, ByteView value) {
  detail::assign_slice(self, s, std::string(value.view()));  // a copy: value may be self
  return None;
}
inline NoneType setitem(const ByteArray& self, const Slice& s, const List<int64_t>& ints) {
  std::string value;
  for (int64_t x : ints) value.push_back(static_cast<char>(checked_byte(x)));
  detail::assign_slice(self, s, std::move(value));
  return None;
}

}  // namespace muna::python::bytearray
