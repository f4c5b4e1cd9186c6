// b.startswith(prefix or tuple of prefixes[, start[, end]]); the matching is shared with
// endswith (CPython's tailmatch).
#pragma once
#include <cstdint>
#include <optional>
#include <tuple>

#include <muna/python/bytes/detail/common.hpp>

namespace muna::python::bytes {
namespace detail {

inline bool tail_match(std::string_view self, std::string_view sub, std::optional<int64_t> start,
                       std::optional<int64_t> end, bool at_end) {
  Bounds r = adjust_indices(static_cast<int64_t>(self.size()), start, end);
  if (r.end - r.start < static_cast<int64_t>(sub.size())) return false;
  const int64_t at = at_end ? r.end - static_cast<int64_t>(sub.size()) : r.start;
  if (sub.empty()) return true;
  return self.substr(static_cast<size_t>(at), sub.size()) == sub;
}

template <class... Subs>
bool any_tail_match(std::string_view self, const std::tuple<Subs...>& subs, std::optional<int64_t> start,
                    std::optional<int64_t> end, bool at_end) {
  return std::apply([&](const auto&... sub) { return (tail_match(self, ByteView(sub).view(), start, end, at_end) || ...); },
                    subs);
}

}  // namespace detail

inline bool startswith(ByteView self, ByteView prefix, std::optional<int64_t> start = std::nullopt,
                       std::optional<int64_t> end = std::nullopt) {
  return detail::tail_match(self.view(), prefix.view(), start, end, false);
}
template <class... Prefixes>
bool startswith(ByteView self, const std::tuple<Prefixes...>& prefixes,
                std::optional<int64_t> start = std::nullopt, std::optional<int64_t> end = std::nullopt) {
  return detail::any_tail_match(self.view(), prefixes, start, end, false);
}

}  // namespace muna::python::bytes
