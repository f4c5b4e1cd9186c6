// b.replace(old, new, count=-1), as CPython's stringlib replace: an empty `old` inserts `new`
// before every byte and at the end (at most count times).
#pragma once
#include <cstdint>
#include <string>

#include <muna/python/bytes.hpp>

namespace muna::python::bytes {

template <class B>
B replace(const B& self, ByteView old, ByteView replacement, int64_t count = -1) {
  const std::string_view s = self.view(), from = old.view(), to = replacement.view();
  int64_t left = count < 0 ? INT64_MAX : count;
  std::string out;
  if (from.empty()) {
    size_t i = 0;
    for (; i <= s.size(); ++i) {
      if (left > 0) {
        out.append(to);
        --left;
      }
      if (i < s.size()) out.push_back(s[i]);
    }
    return make_like<B>(std::move(out));
  }
  size_t i = 0;
  while (left > 0) {
    size_t pos = s.find(from, i);
    if (pos == std::string_view::npos) break;
    out.append(s.substr(i, pos - i));
    out.append(to);
    i = pos + from.size();
    --left;
  }
  out.append(s.substr(i));
  return make_like<B>(std::move(out));
}

}  // namespace muna::python::bytes
