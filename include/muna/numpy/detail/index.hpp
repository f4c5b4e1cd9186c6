// NumPy indexing: basic indices (ints, slices, None, Ellipsis) give views; one integer array or
// one boolean mask among them ("advanced" indexing) gives a copy, laid out as NumPy lays it out
// when a single advanced index is present (its dimensions replace the indexed axis).
#pragma once
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

#include <muna/core/none.hpp>
#include <muna/core/slice.hpp>
#include <muna/core/tensor.hpp>

namespace muna::numpy::detail {

template <class K> struct is_array_index : std::false_type {};
template <class U> struct is_array_index<Tensor<U>> : std::true_type {};

// How many dimensions of the indexed array an index item consumes.
template <class K>
int64_t consumed(const K& k) {
  if constexpr (std::is_same_v<K, NoneType> || std::is_same_v<K, EllipsisType>) return 0;
  else if constexpr (std::is_same_v<K, Tensor<bool>>) return k.ndim();
  else return 1;
}

inline int64_t checked_index(int64_t i, int64_t size, int64_t axis) {
  if (i < -size || i >= size)
    throw IndexError("index " + std::to_string(i) + " is out of bounds for axis " +
                     std::to_string(axis) + " with size " + std::to_string(size));
  return i < 0 ? i + size : i;
}

// The basic-indexing view of x by the items of `key`, with every array item replaced by a full
// slice; `array_axis` receives the view axis where that array item applies (-1 if none).
template <class T, class... K>
Tensor<T> basic_view(const Tensor<T>& x, const std::tuple<K...>& key, int64_t* array_axis) {
  int64_t used = 0;
  bool ellipsis = false;
  std::apply([&](const auto&... k) {
    ((used += consumed(k), ellipsis |= std::is_same_v<std::decay_t<decltype(k)>, EllipsisType>), ...);
  }, key);
  if (used > x.ndim())
    throw IndexError("too many indices for array: array is " + std::to_string(x.ndim()) +
                     "-dimensional, but " + std::to_string(used) + " were indexed");
  Shape shape, strides;
  int64_t offset = 0, dim = 0;
  *array_axis = -1;
  auto item = [&](const auto& k) {
    using Kt = std::decay_t<decltype(k)>;
    if constexpr (std::is_same_v<Kt, NoneType>) {
      shape.push_back(1);
      strides.push_back(0);
    } else if constexpr (std::is_same_v<Kt, EllipsisType>) {
      for (int64_t n = x.ndim() - used; n > 0; --n, ++dim) {
        shape.push_back(x.shape()[dim]);
        strides.push_back(x.strides()[dim]);
      }
    } else if constexpr (std::is_same_v<Kt, Slice>) {
      const Slice::Range r = k.adjust(x.shape()[dim]);
      offset += r.start * x.strides()[dim];
      shape.push_back(r.count);
      strides.push_back(r.step * x.strides()[dim]);
      ++dim;
    } else if constexpr (is_array_index<Kt>::value) {
      *array_axis = static_cast<int64_t>(shape.size());
      for (int64_t n = consumed(k); n > 0; --n, ++dim) {
        shape.push_back(x.shape()[dim]);
        strides.push_back(x.strides()[dim]);
      }
    } else {  // an integer
      offset += checked_index(static_cast<int64_t>(k), x.shape()[dim], dim) * x.strides()[dim];
      ++dim;
    }
  };
  std::apply([&](const auto&... k) { (item(k), ...); }, key);
  for (; dim < x.ndim(); ++dim) {  // unindexed trailing axes stay whole
    shape.push_back(x.shape()[dim]);
    strides.push_back(x.strides()[dim]);
  }
  return x.with_layout(shape, strides, offset);
}

// Positions along one axis selected by an integer array (checked) or a boolean mask.
template <class I>
std::vector<int64_t> positions(const Tensor<I>& index, int64_t size, int64_t axis) {
  std::vector<int64_t> out;
  const Tensor<I> c = contiguous(index);
  if constexpr (std::is_same_v<I, bool>) {
    if (c.ndim() != 1 || c.shape()[0] != size)
      throw IndexError("boolean index did not match indexed array along dimension " +
                       std::to_string(axis) + "; dimension is " + std::to_string(size) +
                       " but corresponding boolean dimension is " +
                       std::to_string(c.ndim() ? c.shape()[0] : 0));
    for (int64_t i = 0; i < size; ++i) if (c.data()[i]) out.push_back(i);
  } else {
    for (int64_t i = 0; i < c.size(); ++i)
      out.push_back(checked_index(static_cast<int64_t>(c.data()[i]), size, axis));
  }
  return out;
}

template <class K> struct key_tuple { using type = std::tuple<K>; static type make(const K& k) { return type{k}; } };
template <class... K> struct key_tuple<std::tuple<K...>> {
  using type = std::tuple<K...>;
  static const type& make(const type& k) { return k; }
};

// The single array item of a key (a mask over several dims is flattened to its positions).
template <class Tuple> struct array_items;
template <class... K> struct array_items<std::tuple<K...>> {
  static constexpr int value = (0 + ... + int(is_array_index<K>::value));
};

template <class F, class... K>
void with_array_item(const std::tuple<K...>& key, F&& f) {
  std::apply([&](const auto&... k) {
    auto one = [&](const auto& item) {
      if constexpr (is_array_index<std::decay_t<decltype(item)>>::value) f(item);
    };
    (one(k), ...);
  }, key);
}

// Flat element offsets (into a contiguous copy of `view` laid out over axes [axis, axis+n) )
// for a boolean mask spanning n axes: positions of its true elements, in C order.
inline std::vector<int64_t> mask_positions(const Tensor<bool>& mask, const Shape& shape, int64_t axis) {
  for (int64_t i = 0; i < mask.ndim(); ++i)
    if (mask.shape()[i] != shape[axis + i])
      throw IndexError("boolean index did not match indexed array along dimension " +
                       std::to_string(axis + i) + "; dimension is " + std::to_string(shape[axis + i]) +
                       " but corresponding boolean dimension is " + std::to_string(mask.shape()[i]));
  const Tensor<bool> c = contiguous(mask);
  std::vector<int64_t> out;
  for (int64_t i = 0; i < c.size(); ++i) if (c.data()[i]) out.push_back(i);
  return out;
}

// Applies fn(view lane element pointer of the source, destination element) for an advanced
// index: the view's axes [axis, axis + span) are replaced by the selected positions.
template <class T, class I>
void advanced(const Tensor<T>& view, int64_t axis, const Tensor<I>& index, Shape& out_shape,
              std::vector<int64_t>& offsets) {
  int64_t span = std::is_same_v<I, bool> ? index.ndim() : 1;
  // Offsets (in elements of `view`) of each selected position within the spanned axes.
  std::vector<int64_t> picks;
  Shape index_shape;
  if constexpr (std::is_same_v<I, bool>) {
    const std::vector<int64_t> flat = mask_positions(index, view.shape(), axis);
    for (int64_t f : flat) {
      int64_t off = 0;
      for (int64_t d = axis + span - 1; d >= axis; --d) {
        off += (f % view.shape()[d]) * view.strides()[d];
        f /= view.shape()[d];
      }
      picks.push_back(off);
    }
    index_shape = Shape{static_cast<int64_t>(picks.size())};
  } else {
    for (int64_t p : positions(index, view.shape()[axis], axis)) picks.push_back(p * view.strides()[axis]);
    index_shape = index.shape();
  }
  Shape outer(view.shape().begin(), view.shape().begin() + axis);
  Shape inner(view.shape().begin() + axis + span, view.shape().end());
  Shape so(view.strides().begin(), view.strides().begin() + axis);
  Shape si(view.strides().begin() + axis + span, view.strides().end());
  out_shape = outer;
  out_shape.insert(out_shape.end(), index_shape.begin(), index_shape.end());
  out_shape.insert(out_shape.end(), inner.begin(), inner.end());
  // Output order: outer positions, then picks, then inner positions (C order of out_shape).
  const int64_t n_outer = shape_size(outer), n_inner = shape_size(inner);
  std::vector<int64_t> outer_off(n_outer), inner_off(n_inner);
  auto enumerate = [](const Shape& shape, const Shape& strides, std::vector<int64_t>& out) {
    std::vector<int64_t> idx(shape.size(), 0);
    for (auto& o : out) {
      int64_t off = 0;
      for (size_t d = 0; d < shape.size(); ++d) off += idx[d] * strides[d];
      o = off;
      for (size_t d = shape.size(); d-- > 0;) {
        if (++idx[d] < shape[d]) break;
        idx[d] = 0;
      }
    }
  };
  enumerate(outer, so, outer_off);
  enumerate(inner, si, inner_off);
  offsets.clear();
  offsets.reserve(n_outer * picks.size() * n_inner);
  for (int64_t a : outer_off)
    for (int64_t p : picks)
      for (int64_t c : inner_off) offsets.push_back(a + p + c);
}

}  // namespace muna::numpy::detail
