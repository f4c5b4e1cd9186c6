// NumPy indexing: basic indices (ints, slices, None, Ellipsis) give views; one integer array or
// one boolean mask among them ("advanced" indexing) gives a copy, laid out as NumPy lays it out
// when a single advanced index is present (its dimensions replace the indexed axis).
#pragma once
#include <algorithm>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

#include <muna/core/none.hpp>
#include <muna/core/opcore.hpp>
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

// Where a key's advanced items act: each array item's first axis in the basic view (a mask
// spans as many axes as it has dims), and NumPy's placement of the broadcast index dims: at
// the first advanced item (integer arrays, masks, and the integers beside them) when all of
// them stand together in the key, else in front.
struct Advanced {
  std::vector<int64_t> axes;
  int64_t insert_at = 0;
};

// The basic-indexing view of x by the items of `key`, with every array item replaced by full
// slices over the axes it indexes; `adv` receives where the array items act.
template <class T, class... K>
Tensor<T> basic_view(const Tensor<T>& x, const std::tuple<K...>& key, Advanced* adv) {
  int64_t used = 0;
  bool ellipsis = false;
  std::apply([&](const auto&... k) {
    ((used += consumed(k), ellipsis |= std::is_same_v<std::decay_t<decltype(k)>, EllipsisType>), ...);
  }, key);
  if (used > x.ndim())
    throw IndexError("too many indices for array: array is " + std::to_string(x.ndim()) +
                     "-dimensional, but " + std::to_string(used) + " were indexed");
  Shape shape, strides;
  int64_t offset = 0, dim = 0, item_at = 0, first = -1, last = -1, count = 0, first_axis = 0;
  adv->axes.clear();
  auto advanced_item = [&]() {
    if (first < 0) first = item_at, first_axis = static_cast<int64_t>(shape.size());
    last = item_at;
    ++count;
  };
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
      advanced_item();
      adv->axes.push_back(static_cast<int64_t>(shape.size()));
      for (int64_t n = consumed(k); n > 0; --n, ++dim) {
        shape.push_back(x.shape()[dim]);
        strides.push_back(x.strides()[dim]);
      }
    } else {  // an integer
      advanced_item();
      offset += checked_index(static_cast<int64_t>(k), x.shape()[dim], dim) * x.strides()[dim];
      ++dim;
    }
    ++item_at;
  };
  std::apply([&](const auto&... k) { (item(k), ...); }, key);
  for (; dim < x.ndim(); ++dim) {  // unindexed trailing axes stay whole
    shape.push_back(x.shape()[dim]);
    strides.push_back(x.strides()[dim]);
  }
  adv->insert_at = last - first + 1 == count ? first_axis : 0;
  return x.with_layout(shape, strides, offset);
}

template <class K> struct key_tuple { using type = std::tuple<K>; static type make(const K& k) { return type{k}; } };
template <class... K> struct key_tuple<std::tuple<K...>> {
  using type = std::tuple<K...>;
  static const type& make(const type& k) { return k; }
};

// How many array items a key holds.
template <class Tuple> struct array_items;
template <class... K> struct array_items<std::tuple<K...>> {
  static constexpr int value = (0 + ... + int(is_array_index<K>::value));
};

// Positions (flat, C order) of a mask's true elements over the view axes it spans.
MUNA_OPCORE_FN std::vector<int64_t> mask_positions(const Tensor<bool>& mask, const Shape& shape, int64_t axis);

// The integer index arrays of a key's array items and the view axis each indexes: an integer
// array as is, a mask spanning n axes as the n arrays of its true positions (as nonzero).
template <class... K>
void index_arrays(const Shape& view_shape, const std::tuple<K...>& key, const Advanced& adv,
                  std::vector<int64_t>& axes, std::vector<Tensor<int64_t>>& index) {
  size_t item = 0;
  auto collect = [&](const auto& k) {
    using Kt = std::decay_t<decltype(k)>;
    if constexpr (is_array_index<Kt>::value) {
      const int64_t axis = adv.axes[item++];
      if constexpr (std::is_same_v<Kt, Tensor<bool>>) {
        const std::vector<int64_t> flat = mask_positions(k, view_shape, axis);
        const int64_t n = static_cast<int64_t>(flat.size());
        for (int64_t d = 0; d < k.ndim(); ++d) {
          int64_t inner = 1;  // elements per step along mask axis d
          for (int64_t e = d + 1; e < k.ndim(); ++e) inner *= k.shape()[e];
          Tensor<int64_t> pos(Shape{n});
          for (int64_t i = 0; i < n; ++i) pos.data()[i] = (flat[i] / inner) % k.shape()[d];
          axes.push_back(axis + d);
          index.push_back(pos);
        }
      } else {
        axes.push_back(axis);
        index.push_back(cast<int64_t>(k));
      }
    }
  };
  std::apply([&](const auto&... k) { (collect(k), ...); }, key);
}

// Element offsets of the view's elements at every position of `shape` (C order).
MUNA_OPCORE_FN std::vector<int64_t> enumerate_offsets(const Shape& shape, const Shape& strides);

// Element offsets (into `view`, in C order of `out_shape`) of an advanced index, NumPy's
// rules: the index arrays broadcast together to B (checked against their axes' sizes), the
// indexed axes are replaced by B, placed at adv.insert_at.
template <class T, class... K>
void advanced(const Tensor<T>& view, const std::tuple<K...>& key, const Advanced& adv, Shape& out_shape,
              std::vector<int64_t>& offsets) {
  std::vector<int64_t> axes;
  std::vector<Tensor<int64_t>> index;
  index_arrays(view.shape(), key, adv, axes, index);
  Shape b;
  try {
    for (const auto& t : index) b = broadcast_shapes(b, t.shape());
  } catch (const ValueError&) {
    std::string shapes;
    for (const auto& t : index) shapes += shape_str(t.shape()) + " ";
    throw IndexError("shape mismatch: indexing arrays could not be broadcast together with shapes " + shapes);
  }
  // Each broadcast position's offset: the sum over the indexed axes.
  std::vector<int64_t> picks(static_cast<size_t>(shape_size(b)), 0);
  for (size_t a = 0; a < index.size(); ++a) {
    const Tensor<int64_t> full = contiguous(index[a].with_layout(b, broadcast_strides(index[a].shape(), index[a].strides(), b)));
    const int64_t size = view.shape()[axes[a]], stride = view.strides()[axes[a]];
    for (size_t i = 0; i < picks.size(); ++i) picks[i] += checked_index(full.data()[i], size, axes[a]) * stride;
  }
  Shape outer, so, inner, si;  // the other view axes, before and after the insertion point
  for (int64_t d = 0; d < view.ndim(); ++d) {
    if (std::find(axes.begin(), axes.end(), d) != axes.end()) continue;
    (d < adv.insert_at ? outer : inner).push_back(view.shape()[d]);
    (d < adv.insert_at ? so : si).push_back(view.strides()[d]);
  }
  out_shape = outer;
  out_shape.insert(out_shape.end(), b.begin(), b.end());
  out_shape.insert(out_shape.end(), inner.begin(), inner.end());
  const std::vector<int64_t> outer_off = enumerate_offsets(outer, so), inner_off = enumerate_offsets(inner, si);
  offsets.clear();
  offsets.reserve(outer_off.size() * picks.size() * inner_off.size());
  for (int64_t a : outer_off)
    for (int64_t p : picks)
      for (int64_t c : inner_off) offsets.push_back(a + p + c);
}

#if MUNA_OPCORE_DEFINE
MUNA_OPCORE_FN std::vector<int64_t> mask_positions(const Tensor<bool>& mask, const Shape& shape, int64_t axis) {
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

MUNA_OPCORE_FN std::vector<int64_t> enumerate_offsets(const Shape& shape, const Shape& strides) {
  std::vector<int64_t> out(static_cast<size_t>(shape_size(shape)));
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
  return out;
}
#endif

}  // namespace muna::numpy::detail
