// xs[start:stop:step]: a new list (CPython's slice arithmetic, negative steps included).
#pragma once
#include <muna/core/slice.hpp>
#include <muna/python/list.hpp>

namespace muna::python::list {
template <class T>
List<T> slice(const List<T>& self, const Slice& s) {
  const auto r = s.adjust(self.size());
  std::vector<T> out;
  out.reserve(static_cast<size_t>(r.count));
  for (int64_t i = 0, at = r.start; i < r.count; ++i, at += r.step) out.push_back(self.items()[at]);
  return List<T>(std::move(out));
}
}  // namespace muna::python::list
