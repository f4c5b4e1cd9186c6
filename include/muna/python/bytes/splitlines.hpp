// b.splitlines(keepends=False): lines ended by \n, \r or \r\n (bytes know no other line breaks).
#pragma once
#include <string>

#include <muna/python/bytes.hpp>
#include <muna/python/list.hpp>

namespace muna::python::bytes {

template <class B>
List<B> splitlines(const B& self, bool keepends = false) {
  List<B> lines;
  const std::string_view s = self.view();
  size_t i = 0;
  while (i < s.size()) {
    size_t j = i;
    while (j < s.size() && s[j] != '\n' && s[j] != '\r') ++j;
    size_t eol = j;
    if (j < s.size()) {
      j += (s[j] == '\r' && j + 1 < s.size() && s[j + 1] == '\n') ? 2 : 1;
      if (keepends) eol = j;
    }
    lines.push_back(make_like<B>(std::string(s.substr(i, eol - i))));
    i = j;
  }
  return lines;
}

}  // namespace muna::python::bytes
