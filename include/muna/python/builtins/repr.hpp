// repr() of the values muna compiles: numbers, str, None, and containers of them, exactly as
// CPython prints them (NumPy scalars as NumPy 1.24 prints them: np.float32(0.1) is 0.1).
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <tuple>
#include <type_traits>

#include "muna/core/dtype.hpp"
#include "muna/core/none.hpp"
#include "muna/python/dict.hpp"
#include "muna/python/format/float_to_string.hpp"
#include "muna/python/format/int_to_string.hpp"
#include "muna/python/format/str_repr.hpp"
#include "muna/python/list.hpp"
#include "muna/python/set.hpp"

namespace muna::python {
class Object;
class Number;
template <class Info, class... T> struct NamedTuple;
template <class Info, class... T> class Record;
}  // namespace muna::python

namespace muna::python::builtins {

// Defined with their types (object.hpp, number.hpp, record.hpp), declared here for the
// containers and printers below.
inline std::string repr(const Object& value);
inline std::string repr(const Number& value);
template <class Info, class... T> std::string repr(const NamedTuple<Info, T...>& t);
template <class Info, class... T> std::string repr(const Record<Info, T...>& r);

inline std::string repr(const std::string& value) { return format::quote_str(value, false); }
inline std::string repr(const char* value) { return format::quote_str(value, false); }
inline std::string repr(double value) { return format::float_repr(value); }
inline std::string repr(float value) { return format::float32_repr(value); }
inline std::string repr(int64_t value) { return format::int_to_string(value); }
inline std::string repr(bool value) { return value ? "True" : "False"; }
inline std::string repr(NoneType) { return "None"; }

// Other integer types (an int literal, long long) would be ambiguous between the int64_t,
// double and bool overloads.
template <class T, std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool> &&
                                        !std::is_same_v<T, int64_t>,
                                    int> = 0>
std::string repr(T value) {
  return repr(static_cast<int64_t>(value));
}

template <class T> std::string repr(const std::optional<T>& x) { return x ? repr(*x) : "None"; }
template <class T> std::string repr(const List<T>& xs);
template <class T> std::string repr(const Tuple<T>& xs);
template <class T> std::string repr(const Set<T>& xs);
template <class K, class V> std::string repr(const Dict<K, V>& d);
template <class... T> std::string repr(const std::tuple<T...>& t);

namespace detail {
template <class Items>
std::string joined(const Items& items, const char* open, const char* close) {
  std::string out = open;
  bool first = true;
  for (const auto& x : items) {
    if (!first) out += ", ";
    first = false;
    out += repr(x);
  }
  return out + close;
}
}  // namespace detail

template <class T> std::string repr(const List<T>& xs) { return detail::joined(xs, "[", "]"); }
template <class T> std::string repr(const Tuple<T>& xs) {
  if (xs.size() == 1) return "(" + repr(xs.items()[0]) + ",)";
  return detail::joined(xs, "(", ")");
}
template <class T> std::string repr(const Set<T>& xs) {
  return xs.size() == 0 ? "set()" : detail::joined(xs, "{", "}");
}
template <class K, class V> std::string repr(const Dict<K, V>& d) {
  std::string out = "{";
  bool first = true;
  for (const auto& [k, v] : d.entries()) {
    if (!first) out += ", ";
    first = false;
    out += repr(k) + ": " + repr(v);
  }
  return out + "}";
}
template <class... T> std::string repr(const std::tuple<T...>& t) {
  std::string out = "(";
  std::apply([&](const auto&... x) {
    size_t i = 0;
    ((out += (i++ ? ", " : "") + repr(x)), ...);
  }, t);
  return out + (sizeof...(T) == 1 ? ",)" : ")");
}

}  // namespace muna::python::builtins
