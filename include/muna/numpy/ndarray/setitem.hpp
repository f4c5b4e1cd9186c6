// numpy.ndarray.__setitem__ (x[key] = value): the value (a NumPy scalar or an array, already of
// x's dtype) is broadcast to the selected elements and written through; read-only arrays
// (constants) raise NumPy's ValueError.
#pragma once
#include <muna/numpy/detail/index.hpp>

namespace muna::numpy::ndarray {
template <class T, class Key, class Value>
NoneType setitem(const Tensor<T>& x, const Key& key, const Value& value) {
  x.require_writable();
  using Keys = detail::key_tuple<Key>;
  const auto& keys = Keys::make(key);
  detail::Advanced adv;
  const Tensor<T> view = detail::basic_view(x, keys, &adv);
  Shape shape = view.shape();
  std::vector<int64_t> offsets;
  if constexpr (detail::array_items<typename Keys::type>::value > 0) {
    detail::advanced(view, keys, adv, shape, offsets);
  } else {  // every element of the view, in C order
    offsets.clear();
    const Shape* strides[1] = {&view.strides()};
    for_each_run(view.shape(), strides, [&](int64_t n, const int64_t* off) {
      const int64_t step = view.ndim() ? view.strides().back() : 0;
      for (int64_t i = 0; i < n; ++i) offsets.push_back(off[0] + i * step);
    });
  }
  if constexpr (std::is_same_v<Value, T>) {
    for (int64_t o : offsets) view.data()[o] = value;
  } else {
    // NumPy broadcasts the value to the selection's shape (and copies it first, so overlapping
    // reads see the old values).
    const Shape target = broadcast_shapes(shape, value.shape());
    if (target != shape)
      throw ValueError("could not broadcast input array from shape " + shape_str(value.shape()) +
                       " into shape " + shape_str(shape));
    const Tensor<T> v = contiguous(value.with_layout(shape, broadcast_strides(value.shape(), value.strides(), shape)));
    const Tensor<T> source = cast<T>(v);
    for (size_t i = 0; i < offsets.size(); ++i) view.data()[offsets[i]] = source.data()[i];
  }
  return None;
}
}  // namespace muna::numpy::ndarray
