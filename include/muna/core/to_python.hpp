// Arrays and tensors to Python values: tolist() (nested lists of Python numbers), item(), and
// float()/int() of a one-element array, with NumPy's and torch's own errors.
#pragma once
#include <cstdint>
#include <string>
#include <type_traits>

#include <muna/core/error.hpp>
#include <muna/core/tensor.hpp>
#include <muna/python/builtins/int.hpp>
#include <muna/python/list.hpp>

namespace muna {
namespace detail {
// The Python number an element becomes: bool, int (int64) or float (double).
template <class T> using python_number_t =
    std::conditional_t<std::is_same_v<T, bool>, bool,
                       std::conditional_t<is_floating_v<T>, double, int64_t>>;

template <class Out, class T>
Out tolist_at(const Tensor<T>& x, int64_t axis, int64_t offset) {
  if constexpr (std::is_arithmetic_v<Out>) {
    return static_cast<Out>(static_cast<python_number_t<T>>(x.data()[offset]));
  } else {
    Out out;
    for (int64_t i = 0; i < x.shape()[axis]; ++i)
      out.push_back(tolist_at<typename Out::value_type>(x, axis + 1, offset + i * x.strides()[axis]));
    return out;
  }
}
// The one element as int() / float() read it: a float to int truncates, with CPython's errors
// for NaN, infinity and (muna's int being 64-bit) values beyond int64.
template <class Out, class T>
Out first_as(const Tensor<T>& x) {
  Shape index(x.ndim(), 0);
  const auto v = static_cast<python_number_t<T>>(x.at(index.data()));
  if constexpr (std::is_integral_v<Out> && !std::is_same_v<Out, bool> && std::is_floating_point_v<decltype(v)>)
    return static_cast<Out>(python::builtins::int_(v));
  else
    return static_cast<Out>(v);
}
}  // namespace detail

// x.tolist() for an x of the rank Out's nesting has (a 0-d array gives its number).
template <class Out, class T>
Out tolist(const Tensor<T>& x) { return detail::tolist_at<Out>(x, 0, 0); }

// x.item(): NumPy's message for more than one element.
template <class Out, class T>
Out item_numpy(const Tensor<T>& x) {
  if (x.size() != 1) throw ValueError("can only convert an array of size 1 to a Python scalar");
  Shape index(x.ndim(), 0);
  return static_cast<Out>(static_cast<detail::python_number_t<T>>(x.at(index.data())));
}

// float(x) / int(x) of an array: one element, else NumPy's TypeError.
template <class Out, class T>
Out scalar_numpy(const Tensor<T>& x) {
  if (x.size() != 1) throw TypeError("only size-1 arrays can be converted to Python scalars");
  return detail::first_as<Out>(x);
}
// ... of a tensor: torch's ValueError.
template <class Out, class T>
Out scalar_torch(const Tensor<T>& x) {
  if (x.size() != 1) throw ValueError("only one element tensors can be converted to Python scalars");
  return detail::first_as<Out>(x);
}
}  // namespace muna
