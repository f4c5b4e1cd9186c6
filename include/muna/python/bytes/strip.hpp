// b.strip(chars=None): ASCII whitespace, or any byte of chars, off both ends; also the shared
// form of lstrip and rstrip.
#pragma once
#include <optional>
#include <string>

#include <muna/python/bytes/detail/common.hpp>

namespace muna::python::bytes {
namespace detail {

template <class B>
B strip_sides(const B& self, const std::optional<ByteView>& chars, bool left, bool right) {
  const std::string_view s = self.view();
  bool strippable[256] = {};
  for (int c = 0; c < 256; ++c) strippable[c] = chars ? false : is_space(static_cast<unsigned char>(c));
  if (chars)
    for (char c : chars->view()) strippable[static_cast<unsigned char>(c)] = true;
  size_t begin = 0, end = s.size();
  if (left)
    while (begin < end && strippable[static_cast<unsigned char>(s[begin])]) ++begin;
  if (right)
    while (end > begin && strippable[static_cast<unsigned char>(s[end - 1])]) --end;
  return make_like<B>(std::string(s.substr(begin, end - begin)));
}

}  // namespace detail

template <class B>
B strip(const B& self, const std::optional<ByteView>& chars = std::nullopt) {
  return detail::strip_sides(self, chars, true, true);
}

}  // namespace muna::python::bytes
