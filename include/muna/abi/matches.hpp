// Whether an ABI value can be read as a C++ type: how the entry point of a function compiled
// for several argument types (a Union parameter, arrays of open rank) picks the one to call.
// Each check looks only at kinds and dtypes, the same ones Convert<T>::from then enforces.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <tuple>
#include <utility>

#include <muna/abi/convert.hpp>

namespace muna::abi {

template <class T> struct Matches {
  // Numbers and strings: what Convert<T>::from accepts.
  static bool check(const muna_value* v) {
    if (!v) return false;
    if constexpr (std::is_same_v<T, bool>) return v->kind == MUNA_BOOL;
    else if constexpr (std::is_same_v<T, int64_t>) return v->kind == MUNA_INT || v->kind == MUNA_BOOL;
    else if constexpr (std::is_floating_point_v<T>)
      return v->kind == MUNA_FLOAT || v->kind == MUNA_INT || v->kind == MUNA_BOOL;
    else if constexpr (std::is_integral_v<T>) return v->kind == MUNA_INT || v->kind == MUNA_BOOL;
    else if constexpr (std::is_same_v<T, std::string>) return v->kind == MUNA_STR;
    else if constexpr (std::is_same_v<T, NoneType>) return v->kind == MUNA_NONE;
    else if constexpr (std::is_same_v<T, python::Bytes> || std::is_same_v<T, python::ByteArray>)
      return v->kind == MUNA_BYTES;
    else return false;
  }
};
template <> struct Matches<python::Number> {
  static bool check(const muna_value* v) {
    return v && (v->kind == MUNA_FLOAT || v->kind == MUNA_INT || v->kind == MUNA_BOOL);
  }
};
template <> struct Matches<Array> {  // a tensor of any dtype
  static bool check(const muna_value* v) { return v && v->kind == MUNA_TENSOR; }
};
template <class T> struct Matches<Tensor<T>> {
  static bool check(const muna_value* v) {
    return v && v->kind == MUNA_TENSOR && static_cast<DType>(v->dtype) == dtype_v<T>;
  }
};
template <class T> struct Matches<std::optional<T>> {
  static bool check(const muna_value* v) { return (v && v->kind == MUNA_NONE) || Matches<T>::check(v); }
};
template <class T> struct Matches<python::List<T>> {
  static bool check(const muna_value* v) {
    if (!v || (v->kind != MUNA_LIST && v->kind != MUNA_TUPLE)) return false;
    for (const auto& item : v->items)
      if (!Matches<T>::check(item.get())) return false;
    return true;
  }
};
template <class T> struct Matches<python::Tuple<T>> : Matches<python::List<T>> {};
template <class T> struct Matches<python::Set<T>> {
  static bool check(const muna_value* v) {
    if (!v || v->kind != MUNA_SET) return false;
    for (const auto& item : v->items)
      if (!Matches<T>::check(item.get())) return false;
    return true;
  }
};
template <class K, class V> struct Matches<python::Dict<K, V>> {
  static bool check(const muna_value* v) {
    if (!v || v->kind != MUNA_DICT) return false;
    for (size_t i = 0; i < v->items.size(); ++i)
      if (!Matches<K>::check(v->items[i].get()) || !Matches<V>::check(v->values[i].get())) return false;
    return true;
  }
};
template <class... T> struct Matches<std::tuple<T...>> {
  static bool check(const muna_value* v) {
    if (!v || v->kind != MUNA_TUPLE || v->items.size() != sizeof...(T)) return false;
    return items(v, std::index_sequence_for<T...>{});
  }
  template <size_t... I>
  static bool items(const muna_value* v, std::index_sequence<I...>) {
    return (Matches<T>::check(v->items[I].get()) && ...);
  }
};

// Argument i matches T (a tensor of rank `rank`, when not -1), or is left out where the
// parameter has a default.
template <class T>
bool accepts(muna_value* const* args, size_t nargs, size_t i, bool has_default, int64_t rank = -1) {
  if (i >= nargs || !args[i]) return has_default;
  if (rank >= 0 && static_cast<int64_t>(args[i]->shape.size()) != rank) return false;
  return Matches<T>::check(args[i]);
}

// A tensor argument of any dtype (an array of run-time dtype: muna::Array), of rank `rank`
// when not -1.
inline bool accepts_any_tensor(muna_value* const* args, size_t nargs, size_t i, bool has_default,
                               int64_t rank = -1) {
  if (i >= nargs || !args[i]) return has_default;
  if (args[i]->kind != MUNA_TENSOR) return false;
  return rank < 0 || static_cast<int64_t>(args[i]->shape.size()) == rank;
}

// What argument i is, for the message when no compiled form takes the arguments given.
inline std::string given(muna_value* const* args, size_t nargs, size_t i) {
  if (i >= nargs || !args[i]) return "nothing (the default)";
  return describe(args[i]);
}

// A NumPy scalar result (np.float32, ...): the number, tagged with its dtype for the caller.
inline muna_value* numpy_scalar(muna_value* v, muna_dtype dtype) {
  if (v) v->scalar_dtype = static_cast<int>(dtype);
  return v;
}

}  // namespace muna::abi
