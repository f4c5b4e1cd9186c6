// re.escape(pattern): a backslash before each character special in a pattern, the set
// CPython 3.7+ escapes: ()[]{}?*+-|^$\.&~# and whitespace \t\n\r\v\f.
#pragma once
#include <string>

namespace muna::python::re {

inline std::string escape(const std::string& pattern) {
  static constexpr char kSpecial[] = "()[]{}?*+-|^$\\.&~# \t\n\r\v\f";
  std::string out;
  out.reserve(pattern.size() + pattern.size() / 4);
  for (char c : pattern) {
    bool special = c != '\0' && std::char_traits<char>::find(kSpecial, sizeof(kSpecial) - 1, c) != nullptr;
    if (special) out += '\\';
    out += c;
  }
  return out;
}

}  // namespace muna::python::re
