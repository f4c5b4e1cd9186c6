// xs[start:stop:step] = values: a step-1 slice may change the list's length; an extended slice
// needs exactly as many values as it selects (CPython's ValueError otherwise).
#pragma once
#include <string>
#include <vector>

#include <muna/core/slice.hpp>
#include <muna/python/list.hpp>

namespace muna::python::list {
template <class T>
void set_slice(const List<T>& self, const Slice& s, const List<T>& values) {
  const std::vector<T> copy = values.items();  // values may be self
  auto& items = self.items();
  const auto r = s.adjust(self.size());
  if (r.step == 1) {
    const int64_t stop = std::max(r.start, r.start + r.count);
    items.erase(items.begin() + r.start, items.begin() + stop);
    items.insert(items.begin() + r.start, copy.begin(), copy.end());
    return;
  }
  if (static_cast<int64_t>(copy.size()) != r.count)
    throw ValueError("attempt to assign sequence of size " + std::to_string(copy.size()) +
                     " to extended slice of size " + std::to_string(r.count));
  for (int64_t i = 0, at = r.start; i < r.count; ++i, at += r.step) items[at] = copy[i];
}
}  // namespace muna::python::list
