// numpy.array / numpy.asarray / numpy.ascontiguousarray: an array of T from a (nested) list,
// a tuple of numbers, a number, or an array (converted as astype does). Nested lists must be
// rectangular, or NumPy's "inhomogeneous shape" ValueError is raised. An empty list at a level
// above the innermost is a ValueError too (NumPy's result would have a lower rank).
#pragma once
#include <algorithm>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

#include <muna/core/tensor.hpp>
#include <muna/python/any_scalar.hpp>
#include <muna/python/list.hpp>

namespace muna::numpy {
namespace detail {

template <class X> struct is_tuple : std::false_type {};
template <class... X> struct is_tuple<std::tuple<X...>> : std::true_type {};

[[noreturn]] inline void inhomogeneous(size_t depth, const Shape& shape) {
  std::string detected = "(";
  for (size_t i = 0; i < depth && i < shape.size(); ++i)
    detected += (i ? ", " : "") + std::to_string(shape[i]);
  detected += depth == 1 ? ",)" : ")";
  throw ValueError("setting an array element with a sequence. The requested array has an "
                   "inhomogeneous shape after " + std::to_string(depth) + " dimensions. The "
                   "detected shape was " + detected + " + inhomogeneous part.");
}

inline void extent(size_t depth, int64_t n, Shape& shape, std::vector<bool>& seen) {
  if (depth >= shape.size()) inhomogeneous(depth, shape);
  if (!seen[depth]) {
    seen[depth] = true;
    shape[depth] = n;
  } else if (shape[depth] != n) {
    inhomogeneous(depth, shape);
  }
}

// Records the extent of each nesting level on first sight, checks it everywhere else.
template <class T, class X>
void gather(const X& x, size_t depth, Shape& shape, std::vector<bool>& seen, std::vector<T>& out) {
  if constexpr (std::is_arithmetic_v<X> || std::is_same_v<X, bfloat16>) {
    out.push_back(convert_element<T>(x));
  } else if constexpr (std::is_same_v<X, python::AnyScalar>) {  // a Python number or NumPy scalar
    if (x.is_float()) out.push_back(convert_element<T>(x.template as<double>()));
    else out.push_back(convert_element<T>(x.template as<int64_t>()));
  } else if constexpr (is_tuple<X>::value) {
    extent(depth, static_cast<int64_t>(std::tuple_size_v<X>), shape, seen);
    std::apply([&](const auto&... item) { (out.push_back(convert_element<T>(item)), ...); }, x);
  } else if constexpr (std::is_same_v<X, Tensor<typename X::value_type>>) {  // an array in a list
    for (int64_t i = 0; i < x.ndim(); ++i) extent(depth + i, x.shape()[i], shape, seen);
    const auto c = contiguous(x);
    for (int64_t i = 0; i < c.size(); ++i) out.push_back(convert_element<T>(c.data()[i]));
  } else {
    extent(depth, x.size(), shape, seen);
    // By value through value_type: a List<bool> holds a std::vector<bool> of bit proxies.
    using Item = typename X::value_type;
    for (int64_t n = 0; n < x.size(); ++n)
      gather<T, Item>(static_cast<Item>(x.items()[n]), depth + 1, shape, seen, out);
  }
}

// The rank of the array NumPy makes of `x`, where the compiler does not know it (a list of
// arrays of run-time rank): the nesting down the first items, and the first array's own.
template <class X>
int64_t data_rank(const X& x) {
  if constexpr (std::is_arithmetic_v<X> || std::is_same_v<X, bfloat16> || std::is_same_v<X, python::AnyScalar>) {
    return 0;
  } else if constexpr (is_tuple<X>::value) {
    return 1;
  } else if constexpr (std::is_same_v<X, Tensor<typename X::value_type>>) {
    return x.ndim();
  } else {
    using Item = typename X::value_type;
    return x.size() ? 1 + data_rank<Item>(static_cast<Item>(x.items()[0])) : 1;
  }
}

}  // namespace detail

// Lists, tuples and numbers; Rank is the result's rank where the compiler knows it, else -1.
template <class T, int Rank, class X>
Tensor<T> array(const X& object, bool /*copy*/ = true) {
  const int64_t rank = Rank >= 0 ? Rank : detail::data_rank(object);
  Shape shape(rank, 0);
  std::vector<bool> seen(rank, false);
  std::vector<T> values;
  detail::gather<T>(object, 0, shape, seen, values);
  // An empty list hides the levels below it: NumPy makes np.asarray([]) 1-d, whatever the
  // list's type says. The compiled array's rank is fixed by that type, so raise rather than
  // return a shape NumPy would not.
  for (int64_t d = 0; d < rank; ++d)
    if (!seen[d])
      throw ValueError("numpy.array of an empty nested list: NumPy gives a " + std::to_string(d) +
                       "-d array here, but the compiled array has rank " + std::to_string(rank) +
                       " (from the list's type); check for an empty list before converting it");
  if (static_cast<int64_t>(values.size()) != shape_size(shape)) detail::inhomogeneous(rank, shape);
  Tensor<T> out(shape);
  std::copy(values.begin(), values.end(), out.data());
  return out;
}

// From an array: a converted copy, or (asarray, same dtype, copy=false) the array itself.
template <class T, int Rank, class U>
Tensor<T> array(const Tensor<U>& object, bool copy = true) {
  if constexpr (std::is_same_v<T, U>) {
    if (!copy && object.is_contiguous()) return object;
  }
  return cast<T>(object);
}
}  // namespace muna::numpy
