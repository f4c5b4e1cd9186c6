// str.startswith(prefix or tuple of prefixes, start=None, end=None); the tail matching is
// shared with endswith, as CPython's tailmatch.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <tuple>

#include "muna/python/unicode/indexing.hpp"

namespace muna::python::str {
namespace detail {

inline bool tail_match(const std::string& self, const std::string& sub,
                       std::optional<int64_t> start, std::optional<int64_t> end, bool at_end) {
  unicode::Span span = unicode::adjust_indices(self, start, end);
  if (span.end - span.start < unicode::length(sub)) return false;
  if (sub.empty()) return true;
  if (span.byte_end - span.byte_start < sub.size()) return false;
  size_t at = at_end ? span.byte_end - sub.size() : span.byte_start;
  return self.compare(at, sub.size(), sub) == 0;
}

template <class... Subs>
bool any_tail_match(const std::string& self, const std::tuple<Subs...>& subs,
                    std::optional<int64_t> start, std::optional<int64_t> end, bool at_end) {
  return std::apply(
      [&](const auto&... sub) { return (tail_match(self, sub, start, end, at_end) || ...); },
      subs);
}

}  // namespace detail

inline bool startswith(const std::string& self, const std::string& prefix,
                       std::optional<int64_t> start = std::nullopt,
                       std::optional<int64_t> end = std::nullopt) {
  return detail::tail_match(self, prefix, start, end, false);
}

template <class... Prefixes>
bool startswith(const std::string& self, const std::tuple<Prefixes...>& prefixes,
                std::optional<int64_t> start = std::nullopt,
                std::optional<int64_t> end = std::nullopt) {
  return detail::any_tail_match(self, prefixes, start, end, false);
}

}  // namespace muna::python::str
