// xs * n: the items repeated n times (n <= 0 gives an empty list).
#pragma once
#include <muna/python/list.hpp>

namespace muna::python::list {
template <class T>
List<T> mul(const List<T>& self, int64_t n) {
  std::vector<T> out;
  if (n > 0) {
    out.reserve(static_cast<size_t>(self.size() * n));
    for (int64_t k = 0; k < n; ++k) out.insert(out.end(), self.begin(), self.end());
  }
  return List<T>(std::move(out));
}
}  // namespace muna::python::list
