// unicodedata.normalize(form, unistr): NFC, NFD, NFKC or NFKD, exactly CPython's.
#pragma once
#include <string>

#include "muna/core/error.hpp"
#include "muna/python/unicode/normalization.hpp"

namespace muna::python::unicodedata {
namespace detail {
inline unicode::Form normalization_form(const std::string& form) {
  if (form == "NFC") return unicode::Form::kNFC;
  if (form == "NFD") return unicode::Form::kNFD;
  if (form == "NFKC") return unicode::Form::kNFKC;
  if (form == "NFKD") return unicode::Form::kNFKD;
  throw ValueError("invalid normalization form");
}
}  // namespace detail

inline std::string normalize(const std::string& form, const std::string& unistr) {
  if (unistr.empty()) return unistr;  // before the form is checked, as CPython
  return unicode::normalize(unistr, detail::normalization_form(form));
}

}  // namespace muna::python::unicodedata
