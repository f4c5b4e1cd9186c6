// b.split(sep=None, maxsplit=-1), CPython's stringlib/split.h: runs of ASCII whitespace
// without sep (no empty parts), every occurrence of sep with one.
#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include <muna/core/error.hpp>
#include <muna/python/bytes/detail/common.hpp>
#include <muna/python/list.hpp>

namespace muna::python::bytes {
namespace detail {

inline int64_t max_splits(int64_t maxsplit) { return maxsplit < 0 ? INT64_MAX : maxsplit; }

inline std::string_view checked_separator(const ByteView& sep) {
  if (sep.size() == 0) throw ValueError("empty separator");
  return sep.view();
}

}  // namespace detail

template <class B>
List<B> split(const B& self, const std::optional<ByteView>& sep = std::nullopt, int64_t maxsplit = -1) {
  List<B> parts;
  int64_t remaining = detail::max_splits(maxsplit);
  const std::string_view s = self.view();
  const size_t n = s.size();
  size_t i = 0;
  if (sep) {
    const std::string_view d = detail::checked_separator(*sep);
    for (; remaining > 0; --remaining) {
      size_t pos = s.find(d, i);
      if (pos == std::string_view::npos) break;
      parts.push_back(make_like<B>(std::string(s.substr(i, pos - i))));
      i = pos + d.size();
    }
    parts.push_back(make_like<B>(std::string(s.substr(i))));
    return parts;
  }
  for (; remaining > 0; --remaining) {
    while (i < n && detail::is_space(s[i])) ++i;
    if (i == n) break;
    size_t j = i;
    while (i < n && !detail::is_space(s[i])) ++i;
    parts.push_back(make_like<B>(std::string(s.substr(j, i - j))));
  }
  if (i < n) {
    while (i < n && detail::is_space(s[i])) ++i;
    if (i != n) parts.push_back(make_like<B>(std::string(s.substr(i))));
  }
  return parts;
}

}  // namespace muna::python::bytes
