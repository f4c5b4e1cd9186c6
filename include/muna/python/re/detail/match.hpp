// re.Match: the spans of one match over the string it was found in (shared, never copied per
// match), with group access by number or name as CPython's Match does it.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "muna/core/error.hpp"
#include "muna/python/re/detail/pattern.hpp"
#include "muna/python/re/detail/positions.hpp"
#include "muna/python/unicode/utf8.hpp"
#include "muna/text/regex/matcher.hpp"

namespace muna::python::re {

class MatchObject {
 public:
  MatchObject() = default;  // a variable not yet assigned

  // `cursor` sits at or before the match (its position converts the spans to code points).
  MatchObject(PatternPtr pattern, std::shared_ptr<const std::string> string, const text::regex::Captures& c,
              const Cursor& cursor, int64_t pos, int64_t endpos)
      : pattern_(std::move(pattern)), string_(std::move(string)), pos_(pos), endpos_(endpos), lastindex_(c.lastindex) {
    const size_t n = c.marks.size() + 2;
    bytes_.resize(n);
    points_.resize(n);
    bytes_[0] = c.start;
    bytes_[1] = c.end;
    for (size_t i = 0; i < c.marks.size(); ++i) bytes_[i + 2] = c.marks[i];
    for (size_t i = 0; i < n; ++i) points_[i] = bytes_[i] < 0 ? -1 : cursor.point_of(bytes_[i]);
  }

  const CompiledPattern& pattern() const { return *pattern_; }
  const PatternPtr& pattern_ptr() const { return pattern_; }
  const std::string& string() const { return *string_; }
  int64_t groups() const { return static_cast<int64_t>(bytes_.size() / 2) - 1; }
  int64_t pos() const { return pos_; }
  int64_t endpos() const { return endpos_ >= 0 ? endpos_ : unicode::length(*string_); }
  std::optional<int64_t> lastindex() const {
    return lastindex_ >= 0 ? std::optional<int64_t>(lastindex_) : std::nullopt;
  }

  // A group by number: IndexError "no such group" outside 0..groups, as CPython.
  int64_t index(int64_t g) const {
    if (g < 0 || g > groups()) throw IndexError("no such group");
    return g;
  }
  // A group by name.
  int64_t index(const std::string& name) const {
    for (const auto& [n, g] : pattern_->program.groupindex)
      if (n == name) return g;
    throw IndexError("no such group");
  }

  bool matched(int64_t g) const { return bytes_[2 * g] >= 0; }
  std::optional<std::string> group(int64_t g) const {
    if (!matched(g)) return std::nullopt;
    return string_->substr(static_cast<size_t>(bytes_[2 * g]), static_cast<size_t>(bytes_[2 * g + 1] - bytes_[2 * g]));
  }
  int64_t start(int64_t g) const { return points_[2 * g]; }
  int64_t end(int64_t g) const { return points_[2 * g + 1]; }
  int64_t start_byte(int64_t g) const { return bytes_[2 * g]; }
  int64_t end_byte(int64_t g) const { return bytes_[2 * g + 1]; }

 private:
  PatternPtr pattern_;
  std::shared_ptr<const std::string> string_;
  std::vector<int64_t> bytes_, points_;  // start, end per group, group 0 first; -1 unmatched
  int64_t pos_ = 0, endpos_ = -1, lastindex_ = -1;
};

// A Match is always true (`if m:`); both spellings, for qualified calls and for ADL from
// truth(std::optional<MatchObject>).
inline bool truth(const MatchObject&) { return true; }

// A group's text where the type says it is always set: None there means muna's analysis of
// the pattern was wrong, reported rather than undefined.
inline std::string required(std::optional<std::string> text) {
  if (!text) throw TypeError("expected a str, got None from a regular expression group");
  return std::move(*text);
}

}  // namespace muna::python::re

namespace muna::python {
inline bool truth(const re::MatchObject&) { return true; }
}  // namespace muna::python
