// re.Match.expand(template): the template with its group references replaced (see re.sub).
#pragma once
#include <string>

#include "muna/python/re/detail/template.hpp"

namespace muna::python::re::Match {

inline std::string expand(const MatchObject& self, const std::string& templ) {
  std::string out;
  re::expand(parse_template(templ, self.pattern()), self, out);
  return out;
}

}  // namespace muna::python::re::Match
