// re.Match.lastgroup: the name of the last group closed, or None (none closed, or unnamed).
#pragma once
#include <optional>
#include <string>

#include "muna/python/re/detail/match.hpp"
#include "muna/text/regex/source.hpp"

namespace muna::python::re::Match {

inline std::optional<std::string> lastgroup(const MatchObject& self) {
  auto last = self.lastindex();
  if (!last) return std::nullopt;
  const std::u32string& name = self.pattern().program.group_names[*last];
  if (name.empty()) return std::nullopt;
  return text::regex::utf8(name);
}

}  // namespace muna::python::re::Match
