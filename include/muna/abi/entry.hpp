// What a compiled library's entry point is built from: argument reading with checks, and the
// exception barrier that turns every C++ exception into a status and a thread-local message.
#pragma once
#include <initializer_list>
#include <new>
#include <type_traits>
#include <string>

#include <muna/abi.h>
#include <muna/abi/convert.hpp>
#include <muna/abi/matches.hpp>
#include <muna/core/threading.hpp>

namespace muna::abi {

inline std::string& last_error() {
  thread_local std::string message;
  return message;
}

// Argument i, or its default when the caller passed fewer arguments or NULL. T names how it
// crosses the ABI; the result is the C++ value (the same type but for EnumMember, ScalarIf0d).
template <class T> using value_of = decltype(Convert<T>::from(nullptr, std::declval<const Where&>()));

template <class T, class Default>
value_of<T> argument(muna_value* const* args, size_t nargs, size_t i, const char* name, Default&& fallback) {
  if (i < nargs && args[i]) return Convert<T>::from(args[i], Where{std::string("argument '") + name + "'"});
  return fallback();
}
template <class T>
value_of<T> argument(muna_value* const* args, size_t nargs, size_t i, const char* name) {
  return argument<T>(args, nargs, i, name, [&]() -> value_of<T> {
    throw ArgumentError(std::string("missing required argument '") + name + "'");
  });
}

// A declared rank (from an annotation such as np.ndarray[tuple[int, int], ...]).
template <class T>
const Tensor<T>& require_rank(const Tensor<T>& x, int64_t rank, const char* name) {
  if (x.ndim() != rank)
    throw ArgumentError(std::string("argument '") + name + "': expected tensor of rank " +
                        std::to_string(rank) + ", got rank " + std::to_string(x.ndim()));
  return x;
}

inline const Array& require_rank(const Array& x, int64_t rank, const char* name) {
  if (x.ndim() != rank)
    throw ArgumentError(std::string("argument '") + name + "': expected tensor of rank " +
                        std::to_string(rank) + ", got rank " + std::to_string(x.ndim()));
  return x;
}

// Argument i, where the parameter is an array of run-time dtype: an array of one of the dtypes
// the function was compiled for (or nothing, where the parameter has a default).
inline void require_array(muna_value* const* args, size_t nargs, size_t i, const char* name,
                          std::initializer_list<DType> allowed, const char* kind) {
  if (i >= nargs || !args[i]) return;
  const muna_value* v = args[i];
  if (v->kind == MUNA_TENSOR)
    for (DType d : allowed)
      if (static_cast<int>(d) == v->dtype) return;
  std::string expected;
  for (DType d : allowed) expected += std::string(expected.empty() ? "" : ", ") + kind + "[" + dtype_name(d) + "]";
  throw ArgumentError(std::string("argument '") + name + "': got " + describe(v) + "; accepted: " + expected);
}

// A Literal[...] parameter given a value outside its set.
template <class T>
void require_literal(const T& value, std::initializer_list<T> allowed, const char* name) {
  for (const T& a : allowed)
    if (a == value) return;
  std::string expected;
  for (const T& a : allowed) {
    if (!expected.empty()) expected += ", ";
    if constexpr (std::is_same_v<T, std::string>) expected += "'" + a + "'";
    else expected += std::to_string(a);
  }
  throw ArgumentError(std::string("argument '") + name + "': expected one of " + expected);
}

inline void check_arity(size_t nargs, size_t max_args) {
  if (nargs > max_args)
    throw ArgumentError("takes " + std::to_string(max_args) + " arguments but " +
                        std::to_string(nargs) + " were given");
}

template <class Body>
muna_status invoke(muna_value** result, Body&& body) {
  if (!result) {
    last_error() = "TypeError: result pointer is NULL";
    return MUNA_ERROR_ARGUMENT;
  }
  *result = nullptr;
  try {
    *result = body();
    last_error().clear();
    return MUNA_OK;
  } catch (const ArgumentError& e) {
    last_error() = e.formatted();
    return MUNA_ERROR_ARGUMENT;
  } catch (const Exception& e) {
    last_error() = e.formatted();
    return MUNA_ERROR_RAISED;
  } catch (const std::bad_alloc&) {
    last_error() = "MemoryError: out of memory";
    return MUNA_ERROR_INTERNAL;
  } catch (const std::exception& e) {
    last_error() = std::string("RuntimeError: ") + e.what();
    return MUNA_ERROR_INTERNAL;
  } catch (...) {
    last_error() = "RuntimeError: unknown error";
    return MUNA_ERROR_INTERNAL;
  }
}

}  // namespace muna::abi
