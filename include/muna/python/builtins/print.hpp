// print(*objects, sep=' ', end='\n', file=sys.stdout or sys.stderr, flush=...): the objects
// already made strs (str() of each, as print does), written whole, then flushed: the library's
// caller (CPython, Node) buffers its own output apart, and a line written at once, in order,
// is what a user reading a log expects.
#pragma once
#include <cstdio>
#include <string>

#include <muna/core/none.hpp>
#include <muna/python/builtins/str.hpp>
#include <muna/python/list.hpp>

namespace muna::python::builtins {

inline NoneType print(const List<std::string>& parts, const std::string& sep, const std::string& end, bool to_stderr) {
  std::string text;
  for (int64_t i = 0; i < parts.size(); ++i) {
    if (i) text += sep;
    text += parts.items()[static_cast<size_t>(i)];
  }
  text += end;
  std::FILE* stream = to_stderr ? stderr : stdout;
  std::fwrite(text.data(), 1, text.size(), stream);
  std::fflush(stream);
  return NoneType{};
}

// print(*items) of a list (its length known only at run time): str() of each item.
template <class T>
NoneType print_items(const List<T>& items, const std::string& sep, const std::string& end, bool to_stderr) {
  List<std::string> parts;
  for (const auto& item : items) parts.push_back(str(item));
  return print(parts, sep, end, to_stderr);
}

}  // namespace muna::python::builtins
