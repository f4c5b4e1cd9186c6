// str.join over any iterable of std::string (a List, a vector, ...).
#pragma once
#include <string>

namespace muna::python::str {

template <class Iterable>
std::string join(const std::string& self, const Iterable& items) {
  size_t bytes = 0, count = 0;
  for (const std::string& item : items) {
    bytes += item.size();
    ++count;
  }
  std::string out;
  out.reserve(bytes + (count ? count - 1 : 0) * self.size());
  bool first = true;
  for (const std::string& item : items) {
    if (!first) out += self;
    out += item;
    first = false;
  }
  return out;
}

}  // namespace muna::python::str
