// b.rsplit(sep=None, maxsplit=-1): split, counting maxsplit from the right.
#pragma once
#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <muna/python/bytes/split.hpp>

namespace muna::python::bytes {

template <class B>
List<B> rsplit(const B& self, const std::optional<ByteView>& sep = std::nullopt, int64_t maxsplit = -1) {
  std::vector<B> parts;
  int64_t remaining = detail::max_splits(maxsplit);
  const std::string_view s = self.view();
  size_t i = s.size();  // parts end here
  if (sep) {
    const std::string_view d = detail::checked_separator(*sep);
    for (; remaining > 0; --remaining) {
      if (i < d.size()) break;
      size_t pos = s.rfind(d, i - d.size());
      if (pos == std::string_view::npos) break;
      parts.push_back(make_like<B>(std::string(s.substr(pos + d.size(), i - pos - d.size()))));
      i = pos;
    }
    parts.push_back(make_like<B>(std::string(s.substr(0, i))));
  } else {
    for (; remaining > 0; --remaining) {
      while (i > 0 && detail::is_space(s[i - 1])) --i;
      if (i == 0) break;
      size_t j = i;
      while (i > 0 && !detail::is_space(s[i - 1])) --i;
      parts.push_back(make_like<B>(std::string(s.substr(i, j - i))));
    }
    if (i > 0) {
      while (i > 0 && detail::is_space(s[i - 1])) --i;
      if (i != 0) parts.push_back(make_like<B>(std::string(s.substr(0, i))));
    }
  }
  std::reverse(parts.begin(), parts.end());
  return List<B>(std::move(parts));
}

}  // namespace muna::python::bytes
