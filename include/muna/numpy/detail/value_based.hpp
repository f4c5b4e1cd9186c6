// NumPy 1.24 reads a scalar operand beside arrays by its value (value-based casting, through
// np.min_scalar_type): a uint8 array plus the Python int 300 is uint16, plus -1 int16, a float32
// array times 1e39 float64, a float32 array times a 0-d float64 array float32. muna types such an
// operation when it compiles, for the values that keep the result it was compiled for (codegen's
// numpy_ops.value_based asks NumPy which those are). This check stands between the operand and
// the operation: a value outside them raises, where converting it to the compiled dtype would
// wrap it (300 → 44) and give another result than NumPy's.
#pragma once
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <string>
#include <type_traits>

#include <muna/core/error.hpp>
#include <muna/core/tensor.hpp>
#include <muna/python/number.hpp>

namespace muna::numpy::detail {

// The floating values that keep the compiled result: every one, those np.min_scalar_type puts
// in float32 or float16 (strictly inside float32's finite range, or inf or NaN), the others (in
// float64), or none (a 0-d array where NumPy's result was worked out for an array of rank >= 1).
struct AnyFloat {};
struct Float32Range {};
struct BeyondFloat32 {};
struct NoFloat {};

template <class Range>
bool keeps_float(double v) {
  if constexpr (std::is_same_v<Range, AnyFloat>) return true;
  else if constexpr (std::is_same_v<Range, NoFloat>) return false;
  else if constexpr (std::is_same_v<Range, BeyondFloat32>) return std::isfinite(v) && std::fabs(v) >= double(FLT_MAX);
  else {
    static_assert(std::is_same_v<Range, Float32Range>);
    return !std::isfinite(v) || std::fabs(v) < double(FLT_MAX);
  }
}

// The integer values that keep it: the ranges Lo..Hi of the pairs in Bounds (none if empty).
template <int64_t Lo, int64_t Hi, int64_t... Rest>
bool keeps_int(int64_t v) {
  if (v >= Lo && v <= Hi) return true;
  if constexpr (sizeof...(Rest) > 0) return keeps_int<Rest...>(v);
  else return false;
}

template <class FloatRange, int64_t... Bounds, class T>
bool keeps_result(T v) {
  if constexpr (std::is_floating_point_v<T>) return keeps_float<FloatRange>(double(v));
  else if constexpr (sizeof...(Bounds) == 0) return false;
  else return keeps_int<Bounds...>(int64_t(v));
}

template <int64_t Lo, int64_t Hi, int64_t... Rest>
std::string int_ranges() {
  std::string text = "ints from " + std::to_string(Lo) + " to " + std::to_string(Hi);
  if constexpr (sizeof...(Rest) > 0) return text + " or " + int_ranges<Rest...>();
  else return text;
}

template <class FloatRange, int64_t... Bounds, class T>
[[noreturn]] void value_based_error(const std::string& where, const char* what, T v) {
  std::string value;
  if constexpr (std::is_floating_point_v<T>) {
    char text[32];
    std::snprintf(text, sizeof text, "%.17g", double(v));
    value = text;
  } else {
    value = std::to_string(int64_t(v));
  }
  std::string compiled;
  if constexpr (std::is_floating_point_v<T>) {
    if constexpr (std::is_same_v<FloatRange, Float32Range>) compiled = "floats within float32's range";
    if constexpr (std::is_same_v<FloatRange, BeyondFloat32>) compiled = "floats beyond float32's range";
  } else if constexpr (sizeof...(Bounds) > 0) {
    compiled = int_ranges<Bounds...>();
  }
  if (compiled.empty()) compiled = *what ? "arrays of rank 1 or more" : "no such value";
  throw NotImplementedError(where + ": NumPy 1.24 reads " + what + value +
                            " by its value here (value-based casting) and computes in another dtype than the "
                            "one this operation was compiled for (it takes " + compiled +
                            "); convert the operand to the dtype you want first (x.astype(...), np.int64(n), "
                            "float(...))");
}

// The operand `v` (a Python or NumPy scalar, or an array of rank 0 or of rank known when it
// runs), checked to hold a value that keeps the compiled result.
template <class FloatRange, int64_t... Bounds, class T>
T value_based(T v, const std::string& where) {
  if constexpr (std::is_same_v<T, python::Number>) {
    if (v.is_float() && !keeps_result<FloatRange, Bounds...>(v.as_float()))
      value_based_error<FloatRange, Bounds...>(where, "", v.as_float());
    if (!v.is_float() && !keeps_result<FloatRange, Bounds...>(v.as_int()))
      value_based_error<FloatRange, Bounds...>(where, "", v.as_int());
  } else if constexpr (std::is_arithmetic_v<T>) {
    if (!keeps_result<FloatRange, Bounds...>(v)) value_based_error<FloatRange, Bounds...>(where, "", v);
  } else {  // muna::Tensor<E>: NumPy reads it by its value when it is 0-d
    if (v.ndim() == 0 && !keeps_result<FloatRange, Bounds...>(*v.data()))
      value_based_error<FloatRange, Bounds...>(where, "the 0-d array ", *v.data());
  }
  return v;
}

}  // namespace muna::numpy::detail
