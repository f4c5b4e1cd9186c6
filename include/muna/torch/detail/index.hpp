// Tensor subscripts with torch's rules: ints, slices (positive steps only), None, Ellipsis give a
// view; one index tensor (int64 positions or a bool mask) gathers into a new tensor; item
// assignment writes through the same positions.
#pragma once
#include <string>
#include <tuple>
#include <vector>

#include <muna/core/slice.hpp>
#include <muna/torch/detail/common.hpp>

namespace muna::torch::detail {

// The part of a subscript that only moves the view, plus where the (single) index tensor sits.
template <class T>
struct Indexed {
  Tn<T> view;            // after ints, slices, None, Ellipsis
  int64_t adv_dim = -1;  // first dim of `view` the index tensor covers, -1 when there is none
  int64_t adv_span = 0;  // dims it covers: 1 for positions, the mask's rank for a mask
  const Tn<int64_t>* positions = nullptr;
  const Tn<bool>* mask = nullptr;
};

inline int64_t dims_consumed(const int64_t&) { return 1; }
inline int64_t dims_consumed(const Slice&) { return 1; }
inline int64_t dims_consumed(const NoneType&) { return 0; }
inline int64_t dims_consumed(const EllipsisType&) { return 0; }
inline int64_t dims_consumed(const Tn<int64_t>&) { return 1; }
inline int64_t dims_consumed(const Tn<bool>& m) { return m.ndim(); }

template <class T>
struct IndexWalk {
  const Tn<T>& x;
  int64_t in_dim = 0, offset = 0, consumed = 0;
  bool seen_ellipsis = false;
  Shape shape, strides;
  Indexed<T> result;

  void too_many() const {
    throw IndexError("too many indices for tensor of dimension " + std::to_string(x.ndim()));
  }
  void item(int64_t i) {
    if (in_dim >= x.ndim()) too_many();
    const int64_t size = x.shape()[in_dim];
    if (i < -size || i >= size)
      throw IndexError("index " + std::to_string(i) + " is out of bounds for dimension " +
                       std::to_string(in_dim) + " with size " + std::to_string(size));
    offset += (i < 0 ? i + size : i) * x.strides()[in_dim];
    ++in_dim;
  }
  void item(const Slice& s) {
    if (in_dim >= x.ndim()) too_many();
    if (s.step && *s.step <= 0) throw ValueError("step must be greater than zero");
    const Slice::Range r = s.adjust(x.shape()[in_dim]);
    offset += (r.count ? r.start : 0) * x.strides()[in_dim];
    shape.push_back(r.count);
    strides.push_back(x.strides()[in_dim] * r.step);
    ++in_dim;
  }
  void item(const NoneType&) {
    shape.push_back(1);
    strides.push_back(0);
  }
  void item(const EllipsisType&) {
    if (seen_ellipsis) throw IndexError("an index can only have a single ellipsis ('...')");
    seen_ellipsis = true;
    const int64_t fill = x.ndim() - consumed;
    if (fill < 0) too_many();
    for (int64_t k = 0; k < fill; ++k, ++in_dim) {
      shape.push_back(x.shape()[in_dim]);
      strides.push_back(x.strides()[in_dim]);
    }
  }
  template <class I>
  void tensor_item(const Tn<I>& index, int64_t span) {
    if (in_dim + span > x.ndim()) too_many();
    result.adv_dim = static_cast<int64_t>(shape.size());
    result.adv_span = span;
    for (int64_t k = 0; k < span; ++k, ++in_dim) {
      shape.push_back(x.shape()[in_dim]);
      strides.push_back(x.strides()[in_dim]);
    }
    (void)index;
  }
  void item(const Tn<int64_t>& p) { result.positions = &p; tensor_item(p, 1); }
  void item(const Tn<bool>& m) { result.mask = &m; tensor_item(m, m.ndim()); }
};

template <class T, class... K>
Indexed<T> apply_index(const Tn<T>& x, const std::tuple<K...>& key) {
  IndexWalk<T> walk{x};
  std::apply([&](const auto&... k) { walk.consumed = (int64_t{0} + ... + dims_consumed(k)); }, key);
  std::apply([&](const auto&... k) { (walk.item(k), ...); }, key);
  if (walk.in_dim > x.ndim()) walk.too_many();
  for (; walk.in_dim < x.ndim(); ++walk.in_dim) {
    walk.shape.push_back(x.shape()[walk.in_dim]);
    walk.strides.push_back(x.strides()[walk.in_dim]);
  }
  walk.result.view = x.with_layout(walk.shape, walk.strides, walk.offset);
  return walk.result;
}

// Element offsets (relative to view.data()) of every position an index tensor selects, in
// output order, with the output shape: view.shape[:d] + selection + view.shape[d+span:].
template <class T>
std::pair<Shape, std::vector<int64_t>> gathered_offsets(const Indexed<T>& ix) {
  const Tn<T>& v = ix.view;
  const int64_t d = ix.adv_dim;
  std::vector<int64_t> selected;
  Shape selection;
  if (ix.positions) {
    const Tn<int64_t> p = contiguous(*ix.positions);
    const int64_t size = v.shape()[d];
    for (int64_t i = 0; i < p.size(); ++i) {
      int64_t k = p.data()[i];
      if (k < -size || k >= size)
        throw IndexError("index " + std::to_string(k) + " is out of bounds for dimension " +
                         std::to_string(d) + " with size " + std::to_string(size));
      selected.push_back((k < 0 ? k + size : k) * v.strides()[d]);
    }
    selection = p.shape();
  } else {
    const Tn<bool> m = contiguous(*ix.mask);
    for (int64_t k = 0; k < ix.adv_span; ++k)
      if (m.shape()[k] != v.shape()[d + k])
        throw IndexError("The shape of the mask " + shape_str(m.shape()) + " at index " +
                         std::to_string(k) + " does not match the shape of the indexed tensor " +
                         shape_str(v.shape()) + " at index " + std::to_string(d + k));
    std::vector<int64_t> index(ix.adv_span, 0);
    for (int64_t i = 0; i < m.size(); ++i) {
      if (m.data()[i]) {
        int64_t off = 0;
        for (int64_t k = 0; k < ix.adv_span; ++k) off += index[k] * v.strides()[d + k];
        selected.push_back(off);
      }
      for (int64_t k = ix.adv_span; k-- > 0;) {
        if (++index[k] < m.shape()[k]) break;
        index[k] = 0;
      }
    }
    selection = {static_cast<int64_t>(selected.size())};
  }
  Shape prefix(v.shape().begin(), v.shape().begin() + d);
  Shape prefix_strides(v.strides().begin(), v.strides().begin() + d);
  Shape suffix(v.shape().begin() + d + ix.adv_span, v.shape().end());
  Shape suffix_strides(v.strides().begin() + d + ix.adv_span, v.strides().end());
  Shape out_shape = prefix;
  out_shape.insert(out_shape.end(), selection.begin(), selection.end());
  out_shape.insert(out_shape.end(), suffix.begin(), suffix.end());
  std::vector<int64_t> offsets;
  offsets.reserve(static_cast<size_t>(shape_size(out_shape)));
  auto each = [](const Shape& shape, const Shape& strides, auto&& fn) {
    const int64_t n = shape_size(shape);
    std::vector<int64_t> index(shape.size(), 0);
    for (int64_t i = 0; i < n; ++i) {
      int64_t off = 0;
      for (size_t k = 0; k < shape.size(); ++k) off += index[k] * strides[k];
      fn(off);
      for (size_t k = shape.size(); k-- > 0;) {
        if (++index[k] < shape[k]) break;
        index[k] = 0;
      }
    }
  };
  each(prefix, prefix_strides, [&](int64_t a) {
    for (int64_t s : selected) each(suffix, suffix_strides, [&](int64_t c) { offsets.push_back(a + s + c); });
  });
  return {out_shape, offsets};
}

template <class K> struct as_key { static std::tuple<K> make(const K& k) { return std::tuple<K>(k); } };
template <class... K> struct as_key<std::tuple<K...>> {
  static const std::tuple<K...>& make(const std::tuple<K...>& k) { return k; }
};

}  // namespace muna::torch::detail

namespace muna::torch::Tensor {

template <class T, class K>
detail::Tn<T> __getitem__(const detail::Tn<T>& self, const K& key) {
  // Bound to a name: the index tensors in the key must outlive `ix`, which points at them.
  const auto& full_key = detail::as_key<K>::make(key);
  const auto ix = detail::apply_index(self, full_key);
  if (ix.adv_dim < 0) return ix.view;
  const auto [shape, offsets] = detail::gathered_offsets(ix);
  detail::Tn<T> out(shape);
  for (size_t i = 0; i < offsets.size(); ++i) out.data()[i] = ix.view.data()[offsets[i]];
  return out;
}

template <class T, class K, class V>
NoneType __setitem__(const detail::Tn<T>& self, const K& key, const V& value) {
  self.require_writable();
  // Bound to a name: the index tensors in the key must outlive `ix`, which points at them.
  const auto& full_key = detail::as_key<K>::make(key);
  const auto ix = detail::apply_index(self, full_key);
  detail::Tn<T> source;
  if constexpr (std::is_arithmetic_v<V> || std::is_same_v<V, bfloat16>) source = detail::scalar_tensor(detail::checked_scalar<T>(value));
  else source = cast<T>(value);
  if (ix.adv_dim < 0) {
    detail::copy_into(ix.view, source);
    return None;
  }
  const auto [shape, offsets] = detail::gathered_offsets(ix);
  detail::Tn<T> packed(shape);
  detail::copy_into(packed, source);
  for (size_t i = 0; i < offsets.size(); ++i) ix.view.data()[offsets[i]] = packed.data()[i];
  return None;
}

}  // namespace muna::torch::Tensor
