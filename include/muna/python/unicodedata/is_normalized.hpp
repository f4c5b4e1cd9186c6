// unicodedata.is_normalized(form, unistr): whether normalizing would leave unistr as it is.
#pragma once
#include <string>

#include "muna/python/unicodedata/normalize.hpp"

namespace muna::python::unicodedata {

inline bool is_normalized(const std::string& form, const std::string& unistr) {
  if (unistr.empty()) return true;  // before the form is checked, as CPython
  unicode::Form f = detail::normalization_form(form);
  if (unicode::is_ascii(unistr)) return true;
  std::u32string cps = unicode::to_code_points(unistr);
  return unicode::normalize(cps, f) == cps;
}

}  // namespace muna::python::unicodedata
