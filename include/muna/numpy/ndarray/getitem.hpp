// numpy.ndarray.__getitem__ (x[key]): a view for basic keys; a copy for a key holding integer
// arrays or boolean masks (NumPy's advanced indexing); a NumPy scalar (Out = T) when every
// axis gets an integer.
#pragma once
#include <muna/numpy/detail/index.hpp>

namespace muna::numpy::ndarray {
template <class Out, class T, class Key>
Out getitem(const Tensor<T>& x, const Key& key) {
  using Keys = detail::key_tuple<Key>;
  const auto& keys = Keys::make(key);
  detail::Advanced adv;
  const Tensor<T> view = detail::basic_view(x, keys, &adv);
  if constexpr (std::is_same_v<Out, T>) {
    return view.data()[0];
  } else if constexpr (detail::array_items<typename Keys::type>::value == 0) {
    return view;
  } else {
    Shape shape;
    std::vector<int64_t> offsets;
    detail::advanced(view, keys, adv, shape, offsets);
    Tensor<T> out(shape);
    for (size_t i = 0; i < offsets.size(); ++i) out.data()[i] = view.data()[offsets[i]];
    return out;
  }
}
}  // namespace muna::numpy::ndarray
