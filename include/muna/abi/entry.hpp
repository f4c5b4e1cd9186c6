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

// The arguments most entry points read: arrays of run-time dtype, strs and numbers.
MUNA_OPCORE_INSTANCE(value_of<ScalarIf0d<Array>> argument<ScalarIf0d<Array>>(muna_value* const*, size_t, size_t, const char*))
MUNA_OPCORE_INSTANCE(value_of<Array> argument<Array>(muna_value* const*, size_t, size_t, const char*))
MUNA_OPCORE_INSTANCE(value_of<std::string> argument<std::string>(muna_value* const*, size_t, size_t, const char*))
MUNA_OPCORE_INSTANCE(value_of<double> argument<double>(muna_value* const*, size_t, size_t, const char*))
MUNA_OPCORE_INSTANCE(value_of<int64_t> argument<int64_t>(muna_value* const*, size_t, size_t, const char*))
MUNA_OPCORE_INSTANCE(value_of<bool> argument<bool>(muna_value* const*, size_t, size_t, const char*))

// A declared rank (from an annotation such as np.ndarray[tuple[int, int], ...]).
template <class T>
const Tensor<T>& require_rank(const Tensor<T>& x, int64_t rank, const char* name) {
  if (x.ndim() != rank)
    throw ArgumentError(std::string("argument '") + name + "': expected tensor of rank " +
                        std::to_string(rank) + ", got rank " + std::to_string(x.ndim()));
  return x;
}

MUNA_OPCORE_FN const Array& require_rank(const Array& x, int64_t rank, const char* name);

// Argument i, where the parameter is an array of run-time dtype: an array of one of the dtypes
// the function was compiled for (or nothing, where the parameter has a default).
MUNA_OPCORE_FN void require_array(muna_value* const* args, size_t nargs, size_t i, const char* name,
                                  std::initializer_list<DType> allowed, const char* kind);

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

MUNA_OPCORE_FN void check_arity(size_t nargs, size_t max_args);

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

#if MUNA_OPCORE_DEFINE
MUNA_OPCORE_FN const Array& require_rank(const Array& x, int64_t rank, const char* name) {
  if (x.ndim() != rank)
    throw ArgumentError(std::string("argument '") + name + "': expected tensor of rank " +
                        std::to_string(rank) + ", got rank " + std::to_string(x.ndim()));
  return x;
}

MUNA_OPCORE_FN void require_array(muna_value* const* args, size_t nargs, size_t i, const char* name,
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

MUNA_OPCORE_FN void check_arity(size_t nargs, size_t max_args) {
  if (nargs > max_args)
    throw ArgumentError("takes " + std::to_string(max_args) + " arguments but " +
                        std::to_string(nargs) + " were given");
}
#endif

}  // namespace muna::abi
