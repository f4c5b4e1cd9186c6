// Packing values into and unpacking them out of a laid-out struct format.
#pragma once
#include <cstdint>
#include <cstring>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include <muna/python/bytes.hpp>
#include <muna/python/struct/detail/layout.hpp>
#include <muna/python/struct/detail/values.hpp>

namespace muna::python::struct_::detail {

inline void pack_into(const Layout& layout, const Value* values, size_t n, uint8_t* out) {
  if (n != static_cast<size_t>(layout.items))
    throw error("pack expected " + std::to_string(layout.items) + " items for packing (got " + std::to_string(n) + ")");
  size_t next = 0;
  for (const Code& code : layout.codes) {
    uint8_t* p = out + code.offset;
    if (code.code == 'x') {
      std::memset(p, 0, static_cast<size_t>(code.count));
      continue;
    }
    if (code.code == 's' || code.code == 'p') {
      const Value& v = values[next++];
      if (v.kind != Value::bytes) throw error(std::string("argument for '") + code.code + "' must be a bytes object");
      std::memset(p, 0, static_cast<size_t>(code.count));
      if (code.code == 's') {
        std::memcpy(p, v.data.data(), std::min<size_t>(v.data.size(), static_cast<size_t>(code.count)));
      } else if (code.count > 0) {
        // A Pascal string: a length byte (at most 255), then at most count - 1 bytes.
        size_t len = std::min<size_t>(v.data.size(), static_cast<size_t>(code.count - 1));
        std::memcpy(p + 1, v.data.data(), len);
        p[0] = static_cast<uint8_t>(len > 255 ? 255 : len);
      }
      continue;
    }
    for (int64_t k = 0; k < code.count; ++k, p += code.size) {
      const Value& v = values[next++];
      switch (code.code) {
        case 'c':
          if (v.kind != Value::bytes || v.data.size() != 1) throw error("char format requires a bytes object of length 1");
          *p = static_cast<uint8_t>(v.data[0]);
          break;
        case '?':
          *p = (v.kind == Value::boolean ? v.b : v.kind == Value::integer ? v.i != 0 : v.d != 0) ? 1 : 0;
          break;
        case 'e': case 'f': case 'd': {
          const double x = v.kind == Value::real ? v.d : v.kind == Value::integer ? static_cast<double>(v.i)
                                                       : v.kind == Value::boolean ? static_cast<double>(v.b)
                                                       : throw error("required argument is not a float");
          if (code.code == 'e') {
            put_uint(p, pack_half(x), 2, layout.little);
          } else if (code.code == 'f') {
            put_uint(p, pack_float(x), 4, layout.little);
          } else {
            uint64_t bits;
            std::memcpy(&bits, &x, 8);
            put_uint(p, bits, 8, layout.little);
          }
          break;
        }
        default: {
          const int64_t x = v.kind == Value::integer ? v.i : v.kind == Value::boolean ? int64_t{v.b}
                                                            : throw error("required argument is not an integer");
          check_integer(code.code, x, code.size, !layout.little);
          put_uint(p, static_cast<uint64_t>(x), code.size, layout.little);
        }
      }
    }
  }
}

// The values at `data` (layout.size bytes), in order.
inline std::vector<Value> unpack_values(const Layout& layout, const uint8_t* data) {
  std::vector<Value> out;
  out.reserve(static_cast<size_t>(layout.items));
  for (const Code& code : layout.codes) {
    const uint8_t* p = data + code.offset;
    const char* text = reinterpret_cast<const char*>(p);
    switch (code.code) {
      case 'x':
        continue;
      case 's':
        out.push_back({Value::bytes, 0, 0, false, std::string_view(text, static_cast<size_t>(code.count))});
        continue;
      case 'p': {
        size_t len = code.count > 0 ? p[0] : 0;
        if (code.count > 0 && len >= static_cast<size_t>(code.count)) len = static_cast<size_t>(code.count - 1);
        out.push_back({Value::bytes, 0, 0, false, std::string_view(text + (code.count > 0), len)});
        continue;
      }
      default:
        break;
    }
    for (int64_t k = 0; k < code.count; ++k, p += code.size) {
      switch (code.code) {
        case 'c': out.push_back({Value::bytes, 0, 0, false, std::string_view(reinterpret_cast<const char*>(p), 1)}); break;
        case '?': out.push_back(value(*p != 0)); break;
        case 'e': out.push_back(value(unpack_half(static_cast<uint16_t>(get_uint(p, 2, layout.little))))); break;
        case 'f': {
          const uint32_t bits = static_cast<uint32_t>(get_uint(p, 4, layout.little));
          float f;
          std::memcpy(&f, &bits, 4);
          out.push_back(value(static_cast<double>(f)));
          break;
        }
        case 'd': {
          const uint64_t bits = get_uint(p, 8, layout.little);
          double d;
          std::memcpy(&d, &bits, 8);
          out.push_back(value(d));
          break;
        }
        case 'b': case 'h': case 'i': case 'l': case 'q': case 'n': {
          uint64_t v = get_uint(p, code.size, layout.little);
          if (code.size < 8 && (v >> (8 * code.size - 1)) & 1) v |= ~uint64_t{0} << (8 * code.size);  // sign
          out.push_back(value(static_cast<int64_t>(v)));
          break;
        }
        default: {  // B H I L Q N: a value above muna's int64 is OverflowError
          const uint64_t v = get_uint(p, code.size, layout.little);
          if (v > static_cast<uint64_t>(INT64_MAX)) builtins::raise_int_overflow();
          out.push_back(value(static_cast<int64_t>(v)));
        }
      }
    }
  }
  return out;
}

template <class T>
T as(const Value& v) {
  if constexpr (std::is_same_v<T, int64_t>) return v.i;
  else if constexpr (std::is_same_v<T, double>) return v.d;
  else if constexpr (std::is_same_v<T, bool>) return v.b;
  else return T(std::string(v.data));
}

template <class Tuple, size_t... I>
Tuple as_tuple(const std::vector<Value>& values, std::index_sequence<I...>) {
  return Tuple{as<std::tuple_element_t<I, Tuple>>(values[I])...};
}

template <class Tuple>
Tuple unpack_tuple(const Layout& layout, const uint8_t* data) {
  const std::vector<Value> values = unpack_values(layout, data);
  if (values.size() != std::tuple_size_v<Tuple>) throw error("the format does not match the compiled tuple");
  return as_tuple<Tuple>(values, std::make_index_sequence<std::tuple_size_v<Tuple>>{});
}

}  // namespace muna::python::struct_::detail
