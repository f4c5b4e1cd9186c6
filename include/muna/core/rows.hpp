// `for row in x:` over an array or tensor: its items along axis 0, as NumPy and torch yield
// them. A 2-d or higher array gives views of one rank less (writes through them change x); a
// 1-d NumPy array gives its elements as NumPy scalars, a 1-d torch tensor 0-d tensors. The rows
// are x's at the start of the loop (NumPy's iterator reads len(x) once).
#pragma once
#include <cstdint>
#include <string>
#include <type_traits>
#include <variant>

#include <muna/core/array.hpp>
#include <muna/core/error.hpp>
#include <muna/core/tensor.hpp>

namespace muna {

// Row i of x: its element (Elements, a 1-d NumPy array) or a view of one rank less.
template <bool Elements, class T>
auto row(const Tensor<T>& x, int64_t i) {
  if constexpr (Elements) {
    return x.data()[i * x.strides()[0]];
  } else {
    Shape shape(x.shape().begin() + 1, x.shape().end());
    Shape strides(x.strides().begin() + 1, x.strides().end());
    return x.with_layout(std::move(shape), std::move(strides), i * x.strides()[0]);
  }
}

// The same of an array of run-time dtype, as an Array (an element as the 0-d Array standing for
// the NumPy scalar).
template <bool Elements>
Array row(const Array& x, int64_t i) {
  return std::visit([&](const auto& t) -> Array {
    using T = typename std::decay_t<decltype(t)>::value_type;
    if constexpr (Elements) return Array(Tensor<T>::scalar(row<true>(t, i)));
    else return Array(row<false>(t, i));
  }, x.variant());
}

// Row i of an array whose rank is known only when it runs (its C++ type is the same whatever
// the rank): a 1-d one's element as the 0-d array standing for the NumPy scalar, a higher one's
// view.
template <class T>
Tensor<T> open_row(const Tensor<T>& x, int64_t i) {
  return x.ndim() == 1 ? Tensor<T>::scalar(row<true>(x, i)) : row<false>(x, i);
}
inline Array open_row(const Array& x, int64_t i) { return x.ndim() == 1 ? row<true>(x, i) : row<false>(x, i); }

// `a, b, c = x`: row `index` of x, whose first dimension must be `expected` long (Python's
// messages, as NumPy's iteration gives them).
template <class X>
void check_unpack(const X& x, int64_t expected) {
  if (x.ndim() == 0) throw TypeError("iteration over a 0-d array");
  if (x.shape(0) > expected)
    throw ValueError("too many values to unpack (expected " + std::to_string(expected) + ")");
  if (x.shape(0) < expected)
    throw ValueError("not enough values to unpack (expected " + std::to_string(expected) + ", got " +
                     std::to_string(x.shape(0)) + ")");
}
template <bool Elements, class X>
auto unpack_row(const X& x, int64_t index, int64_t expected) {
  check_unpack(x, expected);
  return row<Elements>(x, index);
}
// The same of a NumPy array of a rank known only when it runs (open_row).
template <class X>
X unpack_open_row(const X& x, int64_t index, int64_t expected) {
  check_unpack(x, expected);
  return open_row(x, index);
}

// What Rows yields: views, a 1-d NumPy array's elements, or either by x's rank when it runs
// (open_row).
enum RowsOf { Views = 0, ElementsOnly = 1, OpenRank = 2 };

template <class X, int Of>
class Rows {
 public:
  explicit Rows(const X& x) : x_(x) {
    if (x.ndim() == 0) throw TypeError("iteration over a 0-d array");
  }
  struct iterator {
    const X* x;
    int64_t i;
    auto operator*() const {
      if constexpr (Of == OpenRank) return open_row(*x, i);
      else return row<Of == ElementsOnly>(*x, i);
    }
    iterator& operator++() { ++i; return *this; }
    bool operator!=(const iterator& end) const { return i != end.i; }
  };
  iterator begin() const { return {&x_, 0}; }
  iterator end() const { return {&x_, x_.shape(0)}; }
  int64_t size() const { return x_.shape(0); }

 private:
  X x_;
};

// NumPy: elements of a 1-d array are scalars (Elements), rows of a higher one views.
template <bool Elements, class T>
Rows<Tensor<T>, Elements> rows(const Tensor<T>& x) { return Rows<Tensor<T>, Elements>(x); }
template <bool Elements>
Rows<Array, Elements> rows(const Array& x) { return Rows<Array, Elements>(x); }
// Of a NumPy array of a rank known only when it runs.
template <class X>
Rows<X, OpenRank> open_rows(const X& x) { return Rows<X, OpenRank>(x); }

}  // namespace muna
