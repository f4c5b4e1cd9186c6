// Members of the user's Enum classes: a member is its index among the class's members; the
// generated code declares, per class, a struct Info with their names, values, and the text
// str(), repr() and format() give (computed by Python at compile time, so exactly Python's):
//   struct Info { static constexpr const char* name = "Color";
//                 static constexpr const char* names[] = {"RED", ...};
//                 static constexpr const char* strs[] = {...}, *reprs[] = {...}, *formats[] = {...};
//                 using Value = std::string;  static Value value(int64_t i); };
#pragma once
#include <cstdint>
#include <string>

#include <muna/core/error.hpp>
#include <muna/python/builtins/repr.hpp>

namespace muna::python::enum_ {
template <class Info> std::string name(int64_t i) { return Info::names[i]; }
template <class Info> typename Info::Value value(int64_t i) { return Info::value(i); }
template <class Info> std::string str(int64_t i) { return Info::strs[i]; }
template <class Info> std::string repr(int64_t i) { return Info::reprs[i]; }
template <class Info> std::string format(int64_t i, const std::string& spec = "") {
  if (!spec.empty()) throw ValueError("format specs of Enum members are not supported");
  return Info::formats[i];
}

// Color(value): the member whose value it is (the first, for aliases), else Python's ValueError.
template <class Info, class V>
int64_t from_value(const V& v) {
  for (int64_t i = 0; i < Info::count; ++i)
    if (Info::value(i) == v) return i;
  throw ValueError(builtins::repr(v) + " is not a valid " + Info::name);
}

// Color["RED"]: the member of that name, else KeyError.
template <class Info>
int64_t from_name(const std::string& s) {
  for (int64_t i = 0; i < Info::count; ++i)
    if (s == Info::names[i]) return i;
  throw KeyError("'" + s + "'");
}
}  // namespace muna::python::enum_

// A member crosses the C ABI as its value, tagged with its class's name (the Python loader
// gives back the member); from the ABI, a value is looked up among the class's members.
#include <muna/abi/convert.hpp>

namespace muna::abi {
template <class Info> struct EnumMember {};
template <class Info> struct Convert<EnumMember<Info>> {
  static int64_t from(const muna_value* v, const Where& w) {
    return python::enum_::from_value<Info>(Convert<typename Info::Value>::from(v, w));
  }
  static muna_value* to(int64_t i) {
    muna_value* v = Convert<typename Info::Value>::to(Info::value(i));
    if (v) v->type_name = Info::name;
    return v;
  }
};
}  // namespace muna::abi
