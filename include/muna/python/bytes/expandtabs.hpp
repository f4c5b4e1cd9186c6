// b.expandtabs(tabsize=8): each tab becomes spaces to the next multiple of tabsize; the column
// restarts after \n and \r. A tabsize <= 0 removes tabs.
#pragma once
#include <cstdint>
#include <string>

#include <muna/python/bytes.hpp>

namespace muna::python::bytes {

template <class B>
B expandtabs(const B& self, int64_t tabsize = 8) {
  std::string out;
  int64_t column = 0;
  for (char c : self.view()) {
    if (c == '\t') {
      if (tabsize > 0) {
        const int64_t spaces = tabsize - column % tabsize;
        out.append(static_cast<size_t>(spaces), ' ');
        column += spaces;
      }
    } else {
      out.push_back(c);
      column = (c == '\n' || c == '\r') ? 0 : column + 1;
    }
  }
  return make_like<B>(std::move(out));
}

}  // namespace muna::python::bytes
