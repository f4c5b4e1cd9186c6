// Element types of tensors: the C++ type of each NumPy/Torch dtype, its name, and bfloat16.
#pragma once
#include <cmath>
#include <complex>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

namespace muna {

// Numbering matches muna_dtype in <muna/abi.h>.
enum class DType : int32_t {
  Bool = 0, UInt8 = 1, Int8 = 2, Int16 = 3, Int32 = 4, Int64 = 5,
  Float32 = 6, Float64 = 7, BFloat16 = 8, Complex64 = 9, Complex128 = 10
};

// bfloat16 as stored by torch: the top 16 bits of an IEEE float32. Conversion from float rounds
// to nearest even and keeps NaN a NaN, as torch does.
struct bfloat16 {
  uint16_t bits = 0;
  bfloat16() = default;
  explicit bfloat16(float value) : bits(round_from(value)) {}
  operator float() const {
    uint32_t wide = static_cast<uint32_t>(bits) << 16;
    float out;
    std::memcpy(&out, &wide, sizeof out);
    return out;
  }
  static uint16_t round_from(float value) {
    uint32_t wide;
    std::memcpy(&wide, &value, sizeof wide);
    if (std::isnan(value)) return static_cast<uint16_t>((wide >> 16) | 0x40);
    wide += 0x7FFF + ((wide >> 16) & 1);
    return static_cast<uint16_t>(wide >> 16);
  }
};

template <class T> struct dtype_of;
template <> struct dtype_of<bool> { static constexpr DType value = DType::Bool; };
template <> struct dtype_of<uint8_t> { static constexpr DType value = DType::UInt8; };
template <> struct dtype_of<int8_t> { static constexpr DType value = DType::Int8; };
template <> struct dtype_of<int16_t> { static constexpr DType value = DType::Int16; };
template <> struct dtype_of<int32_t> { static constexpr DType value = DType::Int32; };
template <> struct dtype_of<int64_t> { static constexpr DType value = DType::Int64; };
template <> struct dtype_of<float> { static constexpr DType value = DType::Float32; };
template <> struct dtype_of<double> { static constexpr DType value = DType::Float64; };
template <> struct dtype_of<bfloat16> { static constexpr DType value = DType::BFloat16; };
template <> struct dtype_of<std::complex<float>> { static constexpr DType value = DType::Complex64; };
template <> struct dtype_of<std::complex<double>> { static constexpr DType value = DType::Complex128; };
template <class T> constexpr DType dtype_v = dtype_of<std::remove_const_t<T>>::value;

inline const char* dtype_name(DType dtype) {
  switch (dtype) {
    case DType::Bool: return "bool";
    case DType::UInt8: return "uint8";
    case DType::Int8: return "int8";
    case DType::Int16: return "int16";
    case DType::Int32: return "int32";
    case DType::Int64: return "int64";
    case DType::Float32: return "float32";
    case DType::Float64: return "float64";
    case DType::BFloat16: return "bfloat16";
    case DType::Complex64: return "complex64";
    case DType::Complex128: return "complex128";
  }
  return "unknown";
}

inline size_t dtype_size(DType dtype) {
  switch (dtype) {
    case DType::Bool: case DType::UInt8: case DType::Int8: return 1;
    case DType::Int16: case DType::BFloat16: return 2;
    case DType::Int32: case DType::Float32: return 4;
    case DType::Int64: case DType::Float64: case DType::Complex64: return 8;
    case DType::Complex128: return 16;
  }
  return 0;
}

template <class T>
constexpr bool is_floating_v = std::is_floating_point_v<T> || std::is_same_v<T, bfloat16>;

// NumPy's complex64 and complex128 (numpy.fft's results, .real/.imag, abs, angle, conj).
template <class T> struct is_complex : std::false_type {};
template <class T> struct is_complex<std::complex<T>> : std::true_type {};
template <class T> constexpr bool is_complex_v = is_complex<std::remove_const_t<T>>::value;

}  // namespace muna

namespace muna {

// One element converted as NumPy's astype does, without C++'s undefined behaviour. NumPy's C
// casts compile to x86's truncating conversions: to a 32-bit register for int32 and narrower
// targets (then the low bits are kept), to a 64-bit one for int64; NaN or a value out of the
// register's range gives its minimum (0x80000000...).
template <class U, class T>
U convert_element(T value) {
  if constexpr (std::is_same_v<U, T>) {
    return value;
  } else if constexpr (is_complex_v<U>) {  // a real value is the real part; complex widths convert
    if constexpr (is_complex_v<T>)
      return U(static_cast<typename U::value_type>(value.real()), static_cast<typename U::value_type>(value.imag()));
    else
      return U(convert_element<typename U::value_type>(value), typename U::value_type{});
  } else if constexpr (is_complex_v<T>) {  // NumPy's astype of complex to real keeps the real part
    if constexpr (std::is_same_v<U, bool>) return value != T{};
    else return convert_element<U>(value.real());
  } else if constexpr (std::is_same_v<U, bool>) {
    if constexpr (std::is_same_v<T, bfloat16>) return static_cast<float>(value) != 0.0f;
    else return value != T{};  // in T itself: a subnormal double is true
  } else if constexpr (std::is_same_v<U, bfloat16>) {
    return bfloat16(static_cast<float>(value));
  } else if constexpr (std::is_same_v<T, bfloat16>) {
    return convert_element<U>(static_cast<float>(value));
  } else if constexpr (std::is_integral_v<U> && std::is_floating_point_v<T>) {
    using Register = std::conditional_t<(sizeof(U) < 8), int32_t, int64_t>;
    constexpr T limit = static_cast<T>(sizeof(Register) == 4 ? 2147483648.0 : 9223372036854775808.0);
    if (!(value >= -limit && value < limit)) return static_cast<U>(std::numeric_limits<Register>::min());
    return static_cast<U>(static_cast<Register>(value));
  } else {
    return static_cast<U>(value);
  }
}

}  // namespace muna
