// `for row in x:` over an array or tensor: its items along axis 0, as NumPy and torch yield
// them. A 2-d or higher array gives views of one rank less (writes through them change x); a
// 1-d NumPy array gives its elements as NumPy scalars, a 1-d torch tensor 0-d tensors. The rows
// are x's at the start of the loop (NumPy's iterator reads len(x) once).
#pragma once
#include <cstdint>

#include <muna/core/array.hpp>
#include <muna/core/error.hpp>
#include <muna/core/tensor.hpp>

namespace muna {

template <class T, bool Elements>
class Rows {
 public:
  explicit Rows(const Tensor<T>& x) : x_(x) {
    if (x.ndim() == 0) throw TypeError("iteration over a 0-d array");
  }
  struct iterator {
    const Tensor<T>* x;
    int64_t i;
    auto operator*() const {
      if constexpr (Elements) {
        return x->data()[i * x->strides()[0]];
      } else {
        Shape shape(x->shape().begin() + 1, x->shape().end());
        Shape strides(x->strides().begin() + 1, x->strides().end());
        return x->with_layout(std::move(shape), std::move(strides), i * x->strides()[0]);
      }
    }
    iterator& operator++() { ++i; return *this; }
    bool operator!=(const iterator& end) const { return i != end.i; }
  };
  iterator begin() const { return {&x_, 0}; }
  iterator end() const { return {&x_, x_.shape(0)}; }
  int64_t size() const { return x_.shape(0); }

 private:
  Tensor<T> x_;
};

// NumPy: elements of a 1-d array are scalars (Elements), rows of a higher one views.
template <bool Elements, class T>
Rows<T, Elements> rows(const Tensor<T>& x) { return Rows<T, Elements>(x); }

// The same over an array of run-time dtype: its rows as Arrays (Elements: 0-d ones standing for
// the NumPy scalars).
template <bool Elements>
class ArrayRows {
 public:
  explicit ArrayRows(const Array& x) : x_(x) {
    if (x.ndim() == 0) throw TypeError("iteration over a 0-d array");
  }
  struct iterator {
    const Array* x;
    int64_t i;
    Array operator*() const {
      return std::visit([&](const auto& t) -> Array {
        using T = typename std::decay_t<decltype(t)>::value_type;
        const auto item = *typename Rows<T, Elements>::iterator{&t, i};
        if constexpr (Elements) return Array(Tensor<T>::scalar(item));
        else return Array(item);
      }, x->variant());
    }
    iterator& operator++() { ++i; return *this; }
    bool operator!=(const iterator& end) const { return i != end.i; }
  };
  iterator begin() const { return {&x_, 0}; }
  iterator end() const { return {&x_, x_.shape(0)}; }
  int64_t size() const { return x_.shape(0); }

 private:
  Array x_;
};

template <bool Elements>
ArrayRows<Elements> rows(const Array& x) { return ArrayRows<Elements>(x); }

}  // namespace muna
