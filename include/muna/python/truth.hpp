// Python truthiness for the values muna compiles (if x:, while x:, not x, and/or).
#pragma once
#include <complex>
#include <cstdint>
#include <optional>
#include <string>
#include <tuple>
#include <type_traits>

#include <muna/core/error.hpp>
#include <muna/core/none.hpp>
#include <muna/core/tensor.hpp>
#include <muna/python/dict.hpp>
#include <muna/python/list.hpp>
#include <muna/python/set.hpp>

namespace muna::python {
inline bool truth(bool x) { return x; }
// Numbers, NumPy scalars included: zero is false (NaN is true, as in Python).
template <class T, std::enable_if_t<std::is_arithmetic_v<T> && !std::is_same_v<T, bool>, int> = 0>
bool truth(T x) { return x != T(0); }
inline bool truth(bfloat16 x) { return static_cast<float>(x) != 0.0f; }
template <class T> bool truth(const std::complex<T>& x) { return x != std::complex<T>(0); }  // 0j is false
inline bool truth(const std::string& s) { return !s.empty(); }
inline bool truth(NoneType) { return false; }
template <class T> bool truth(const List<T>& xs) { return xs.size() != 0; }
template <class T> bool truth(const Set<T>& xs) { return xs.size() != 0; }
template <class K, class V> bool truth(const Dict<K, V>& d) { return d.size() != 0; }
template <class T> bool truth(const std::optional<T>& x) { return x && truth(*x); }
template <class... T> bool truth(const std::tuple<T...>&) { return sizeof...(T) != 0; }
// An instance of the user's class (Record, muna/python/record.hpp): true, as object's.
template <class T, class = decltype(&T::truth_of)> bool truth(const T& x) { return T::truth_of(x); }

// `if array:` as NumPy decides it: the one element's truth; more elements are ambiguous (an
// empty array is false, with a DeprecationWarning in NumPy 1.24).
template <class T> bool truth_numpy(const Tensor<T>& x) {
  const int64_t n = x.size();
  if (n > 1)
    throw ValueError("The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()");
  return n == 1 && truth(contiguous(x).data()[0]);
}
// ... and as torch decides it: exactly one element.
template <class T> bool truth_torch(const Tensor<T>& x) {
  const int64_t n = x.size();
  if (n == 0) throw RuntimeError("Boolean value of Tensor with no values is ambiguous");
  if (n > 1) throw RuntimeError("Boolean value of Tensor with more than one value is ambiguous");
  return truth(contiguous(x).data()[0]);
}
}  // namespace muna::python
