// numpy.searchsorted: for each v, the first (side='left') or last (side='right') insertion
// point in the sorted 1-d a, in NumPy's order (NaN last). With sorter (the indices that sort a),
// the same in a[sorter], as NumPy's.
#pragma once
#include <algorithm>

#include <muna/numpy/detail/ufunc.hpp>
#include <muna/numpy/sort.hpp>

namespace muna::numpy {
template <class A, class V>
auto searchsorted(const A& a, const V& v, bool right) {
  using T = typename detail::tensor_element<A>::type;
  const Tensor<T> sorted = contiguous(detail::as_tensor<T>(a));
  if (sorted.ndim() != 1) throw ValueError("object too deep for desired array");
  const Tensor<T> values = detail::as_tensor<T>(v);
  const Tensor<T> flat = contiguous(values);
  Tensor<int64_t> out(values.shape());
  const T* begin = sorted.data();
  const T* end = begin + sorted.size();
  for (int64_t i = 0; i < flat.size(); ++i) {
    const T x = flat.data()[i];
    const T* at = right ? std::upper_bound(begin, end, x, detail::sort_less<T>)
                        : std::lower_bound(begin, end, x, detail::sort_less<T>);
    out.data()[i] = at - begin;
  }
  return out;
}

template <class A, class V>
auto searchsorted(const A& a, const V& v, bool right, const Tensor<int64_t>& sorter) {
  using T = typename detail::tensor_element<A>::type;
  const Tensor<T> base = contiguous(detail::as_tensor<T>(a));
  if (base.ndim() != 1) throw ValueError("object too deep for desired array");
  if (sorter.ndim() != 1 || sorter.size() != base.size()) throw ValueError("sorter.size must equal a.size");
  const Tensor<int64_t> order = contiguous(sorter);
  Tensor<T> sorted(base.shape());
  for (int64_t i = 0; i < base.size(); ++i) {
    const int64_t k = order.data()[i];
    if (k < 0 || k >= base.size()) throw ValueError("Sorter index out of range.");
    sorted.data()[i] = base.data()[k];
  }
  return searchsorted(sorted, v, right);
}
}  // namespace muna::numpy
