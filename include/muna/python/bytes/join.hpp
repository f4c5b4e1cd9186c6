// sep.join(parts): the parts (bytes or bytearray) with sep between them, of sep's kind.
#pragma once
#include <string>

#include <muna/python/bytes.hpp>
#include <muna/python/list.hpp>

namespace muna::python::bytes {

template <class B, class Part>
B join(const B& self, const List<Part>& parts) {
  const std::string_view sep = self.view();
  size_t total = 0;
  for (const Part& p : parts) total += p.view().size() + sep.size();
  std::string out;
  out.reserve(total);
  bool first = true;
  for (const Part& p : parts) {
    if (!first) out.append(sep);
    out.append(p.view());
    first = false;
  }
  return make_like<B>(std::move(out));
}

}  // namespace muna::python::bytes
