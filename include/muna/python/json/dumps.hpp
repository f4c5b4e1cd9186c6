// json.dumps(obj, ...) of muna's static types, as CPython's json module writes them: str with
// its escapes (\uXXXX for every non-ASCII code point, as surrogate pairs beyond the BMP, when
// ensure_ascii; only '"', '\\' and control characters otherwise), int, float as repr (NaN,
// Infinity, -Infinity unless allow_nan=False), bool, None, lists and tuples as arrays, dicts
// with str, int, float or bool keys written as strings, sort_keys, indent and separators.
// Without an indent CPython runs its C encoder, with one its Python encoder; the only visible
// difference, the allow_nan error message, is kept.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include <muna/core/error.hpp>
#include <muna/core/none.hpp>
#include <muna/python/dict.hpp>
#include <muna/python/format/float_to_string.hpp>
#include <muna/python/format/int_to_string.hpp>
#include <muna/python/list.hpp>
#include <muna/python/object.hpp>
#include <muna/python/unicode/utf8.hpp>

namespace muna::python::json {
namespace detail {

struct Options {
  bool skipkeys, ensure_ascii, allow_nan, sort_keys;
  std::optional<std::string> indent;  // None: everything on one line
  std::string item_separator, key_separator;
};

inline void append_u(std::string& out, uint32_t unit) {
  const char* hex = "0123456789abcdef";
  out += "\\u";
  for (int shift = 12; shift >= 0; shift -= 4) out.push_back(hex[(unit >> shift) & 15]);
}

inline void encode_string(std::string& out, const std::string& s, bool ensure_ascii) {
  out.push_back('"');
  for (size_t i = 0; i < s.size();) {
    const size_t start = i;
    const char32_t c = unicode::decode(s, i);
    switch (c) {
      case '"': out += "\\\""; continue;
      case '\\': out += "\\\\"; continue;
      case '\b': out += "\\b"; continue;
      case '\f': out += "\\f"; continue;
      case '\n': out += "\\n"; continue;
      case '\r': out += "\\r"; continue;
      case '\t': out += "\\t"; continue;
      default: break;
    }
    if (c < 0x20 || (ensure_ascii && c >= 0x7F)) {
      if (c >= 0x10000) {
        const uint32_t v = static_cast<uint32_t>(c) - 0x10000;
        append_u(out, 0xD800 | (v >> 10));
        append_u(out, 0xDC00 | (v & 0x3FF));
      } else {
        append_u(out, static_cast<uint32_t>(c));
      }
    } else {
      out.append(s, start, i - start);
    }
  }
  out.push_back('"');
}

inline std::string float_text(double x, const Options& o) {
  if (std::isfinite(x)) return format::float_repr(x);
  if (!o.allow_nan)
    throw ValueError(o.indent ? "Out of range float values are not JSON compliant: " + format::float_repr(x)
                              : std::string("Out of range float values are not JSON compliant"));
  return std::isnan(x) ? "NaN" : x > 0 ? "Infinity" : "-Infinity";
}

template <class K>
constexpr bool is_json_key = std::is_same_v<K, std::string> || std::is_same_v<K, int64_t> ||
                             std::is_same_v<K, double> || std::is_same_v<K, bool>;

// A dict key as the string it is written as.
template <class K>
std::string key_text(const K& key, const Options& o) {
  if constexpr (std::is_same_v<K, std::string>) return key;
  else if constexpr (std::is_same_v<K, bool>) return key ? "true" : "false";
  else if constexpr (std::is_same_v<K, int64_t>) return format::int_to_string(key);
  else return float_text(key, o);
}

class Encoder {
 public:
  explicit Encoder(const Options& o) : o_(o) {}
  std::string out;

  void encode(bool x) { out += x ? "true" : "false"; }
  void encode(int64_t x) { out += format::int_to_string(x); }
  void encode(double x) { out += float_text(x, o_); }
  void encode(const std::string& s) { encode_string(out, s, o_.ensure_ascii); }
  void encode(NoneType) { out += "null"; }
  template <class T>
  void encode(const std::optional<T>& x) {
    if (x) encode(*x);
    else out += "null";
  }
  template <class T>
  void encode(const List<T>& xs) {
    sequence(xs.size(), [&](auto each) {
      for (const T& x : xs) each([&] { encode(x); });
    });
  }
  template <class... T>
  void encode(const std::tuple<T...>& xs) {
    sequence(sizeof...(T), [&](auto each) {
      std::apply([&](const auto&... x) { (each([&] { encode(x); }), ...); }, xs);
    });
  }
  template <class K, class V>
  void encode(const Dict<K, V>& d) {
    if (d.size() == 0) {
      out += "{}";
      return;
    }
    std::vector<const std::pair<K, V>*> entries;
    for (const auto& e : d.entries()) entries.push_back(&e);
    if constexpr (is_json_key<K>) {
      if (o_.sort_keys)
        std::stable_sort(entries.begin(), entries.end(), [](auto* a, auto* b) { return a->first < b->first; });
    } else if (!o_.skipkeys) {
      // The compiler lets other keys through only with skipkeys=True.
      throw TypeError("keys must be str, int, float, bool or None");
    }
    if constexpr (is_json_key<K>) {
      members([&](auto each) {
        for (const auto* e : entries) each(key_text(e->first, o_), [&] { encode(e->second); });
      });
    } else {
      members([](auto) {});
    }
  }

  // A value of run-time type (json.loads' results, dict[str, Any] values): written by its kind
  // at run time, as CPython's encoder asks isinstance.
  void encode(const Object& x) {
    const std::string kind = x.type_name();
    if (x.is_none()) out += "null";
    else if (kind == "bool") encode(x.number()->as_int() != 0);
    else if (kind == "int") encode(x.number()->as_int());
    else if (kind == "float") encode(x.number()->as_float());
    else if (const std::string* s = x.string()) encode(*s);
    else if (kind == "list" || kind == "tuple") encode(object::iterate(x));
    else if (kind == "dict") encode_object_dict(object::items(x));
    else throw TypeError("Object of type " + kind + " is not JSON serializable");
  }

 private:
  void encode_object_dict(const List<std::tuple<Object, Object>>& items) {
    std::vector<std::pair<std::string, const Object*>> entries;
    std::vector<const std::tuple<Object, Object>*> order;
    for (const auto& kv : items) order.push_back(&kv);
    if (o_.sort_keys)
      std::stable_sort(order.begin(), order.end(), [](auto* a, auto* b) { return std::get<0>(*a) < std::get<0>(*b); });
    for (const auto* kv : order) {
      const Object& k = std::get<0>(*kv);
      const std::string kind = k.type_name();
      if (const std::string* s = k.string()) entries.emplace_back(*s, &std::get<1>(*kv));
      else if (kind == "bool") entries.emplace_back(key_text(k.number()->as_int() != 0, o_), &std::get<1>(*kv));
      else if (kind == "int") entries.emplace_back(key_text(k.number()->as_int(), o_), &std::get<1>(*kv));
      else if (kind == "float") entries.emplace_back(key_text(k.number()->as_float(), o_), &std::get<1>(*kv));
      else if (k.is_none()) entries.emplace_back("null", &std::get<1>(*kv));
      else if (!o_.skipkeys) throw TypeError("keys must be str, int, float, bool or None, not " + kind);
    }
    if (entries.empty() && items.size() == 0) {
      out += "{}";
      return;
    }
    members([&](auto each) {
      for (const auto& [key, value] : entries) each(key, [&, value = value] { encode(*value); });
    });
  }

  // '{' key: value pairs '}' with the separators and, with an indent, one pair a line. As
  // CPython: the newline after '{' even when skipkeys dropped every key.
  template <class Members>
  void members(const Members& members) {
    out += '{';
    ++depth_;
    const std::string newline = o_.indent ? "\n" + repeat(*o_.indent, depth_) : "";
    out += newline;
    bool first = true;
    members([&](const std::string& key, const auto& value) {
      if (!first) out += o_.item_separator + newline;
      first = false;
      encode_string(out, key, o_.ensure_ascii);
      out += o_.key_separator;
      value();
    });
    --depth_;
    if (o_.indent) out += "\n" + repeat(*o_.indent, depth_);
    out += '}';
  }

  static std::string repeat(const std::string& s, int64_t n) {
    std::string r;
    for (int64_t k = 0; k < n; ++k) r += s;
    return r;
  }

  // '[' items ']' with the separators and, with an indent, one item a line.
  template <class Items>
  void sequence(int64_t n, const Items& items) {
    if (n == 0) {
      out += "[]";
      return;
    }
    out += '[';
    ++depth_;
    const std::string newline = o_.indent ? "\n" + repeat(*o_.indent, depth_) : "";
    bool first = true;
    items([&](const auto& item) {
      out += first ? newline : o_.item_separator + newline;
      first = false;
      item();
    });
    --depth_;
    if (o_.indent) out += "\n" + repeat(*o_.indent, depth_);
    out += ']';
  }

  const Options& o_;
  int64_t depth_ = 0;
};

inline std::optional<std::string> indent_text(NoneType) { return std::nullopt; }
inline std::optional<std::string> indent_text(int64_t n) { return std::string(n > 0 ? static_cast<size_t>(n) : 0, ' '); }
inline std::optional<std::string> indent_text(bool n) { return indent_text(static_cast<int64_t>(n)); }
inline std::optional<std::string> indent_text(const std::string& s) { return s; }
template <class T>
std::optional<std::string> indent_text(const std::optional<T>& x) {
  return x ? indent_text(*x) : std::nullopt;
}

}  // namespace detail

// separators: None (", " and ": ", or "," and ": " with an indent) or a (item, key) pair.
template <class T, class Indent, class Separators>
std::string dumps(const T& obj, bool skipkeys, bool ensure_ascii, bool allow_nan, const Indent& indent,
                  const Separators& separators, bool sort_keys) {
  detail::Options o{skipkeys, ensure_ascii, allow_nan, sort_keys, detail::indent_text(indent), ", ", ": "};
  if constexpr (std::is_same_v<Separators, NoneType>) {
    if (o.indent) o.item_separator = ",";
  } else {
    o.item_separator = std::get<0>(separators);
    o.key_separator = std::get<1>(separators);
  }
  detail::Encoder encoder(o);
  encoder.encode(obj);
  return std::move(encoder.out);
}

}  // namespace muna::python::json
