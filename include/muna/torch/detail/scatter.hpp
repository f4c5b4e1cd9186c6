// Writes at indices: scatter / scatter_add (per element of an index tensor along one dim),
// index_add (whole slices along one dim), index_put_ (positions given by index tensors over
// the leading dims) and fill_diagonal_. Every index is checked before it is used, with torch's
// message; writes run in C order of the index, so with repeated indices the last write wins, as
// on torch's CPU. The functional forms write into a copy.
#pragma once
#include <algorithm>
#include <string>
#include <type_traits>
#include <vector>

#include <muna/torch/detail/common.hpp>
#include <muna/torch/detail/shape.hpp>

namespace muna::torch::detail {

// torch's ensure_nonempty_*: a 0-d tensor counts as 1-d of size 1.
template <class T> int64_t nonempty_dim(const Tn<T>& t) { return t.ndim() ? t.ndim() : 1; }
template <class T> int64_t nonempty_size(const Tn<T>& t, int64_t d) { return t.ndim() ? t.shape()[d] : 1; }
template <class T> int64_t nonempty_stride(const Tn<T>& t, int64_t d) { return t.ndim() ? t.strides()[d] : 0; }

// Calls fn(pos) for every position of `shape` in C order (a 0-d shape: one empty position).
template <class Fn>
void for_each_position(const Shape& shape, Fn&& fn) {
  if (shape_size(shape) == 0) return;
  std::vector<int64_t> pos(shape.size(), 0);
  while (true) {
    fn(pos);
    size_t k = shape.size();
    while (k > 0 && ++pos[k - 1] == shape[k - 1]) pos[--k] = 0;
    if (k == 0) return;
  }
}

template <class T>
int64_t offset_at(const Tn<T>& t, const std::vector<int64_t>& pos) {
  int64_t off = 0;
  for (int64_t k = 0; k < t.ndim(); ++k) off += pos[k] * t.strides()[k];
  return off;
}

template <class T> struct is_tensor : std::false_type {};
template <class T> struct is_tensor<Tn<T>> : std::true_type {};

// scatter's checks (torch's scatter_shape_check); src is a Tn<T> or a Python number.
template <class T, class S>
void check_scatter(const Tn<T>& self, int64_t dim, const Tn<int64_t>& index, const S& src) {
  const int64_t ndim = nonempty_dim(self);
  if (nonempty_dim(index) != ndim) throw RuntimeError("Index tensor must have the same number of dimensions as self tensor");
  bool wrong = false;
  for (int64_t d = 0; d < ndim; ++d)
    wrong = wrong || (d != dim && nonempty_size(index, d) > nonempty_size(self, d));
  std::string what = "Expected index " + sizes_str(index.shape()) + " to be smaller than self " + sizes_str(self.shape()) +
                     " apart from dimension " + std::to_string(dim);
  if constexpr (is_tensor<S>::value) {
    if (nonempty_dim(src) != ndim) throw RuntimeError("Index tensor must have the same number of dimensions as src tensor");
    for (int64_t d = 0; d < ndim; ++d) wrong = wrong || nonempty_size(index, d) > nonempty_size(src, d);
    what += " and to be smaller size than src " + sizes_str(src.shape());
  }
  if (wrong) throw RuntimeError(what);
}

// self[index[p] along dim, p elsewhere] = combine(old, src[p] or value), for every p of index.
template <class T, class S, class Combine>
const Tn<T>& scatter_into(const Tn<T>& self, int64_t dim, const Tn<int64_t>& index, const S& src, Combine combine) {
  if (index.size() == 0) return self;
  self.require_writable();
  const int64_t d = wrap_dim(dim, self.ndim());
  check_scatter(self, d, index, src);
  const int64_t size = nonempty_size(self, d), stride = nonempty_stride(self, d);
  for_each_position(index.shape(), [&](const std::vector<int64_t>& pos) {
    const int64_t j = index.data()[offset_at(index, pos)];
    if (j < 0 || j >= size)
      throw RuntimeError("index " + std::to_string(j) + " is out of bounds for dimension " + std::to_string(d) +
                         " with size " + std::to_string(size));
    int64_t off = j * stride;
    for (int64_t k = 0; k < self.ndim(); ++k) off += k == d ? 0 : pos[k] * self.strides()[k];
    T& to = self.data()[off];
    if constexpr (is_tensor<S>::value) to = combine(to, src.data()[offset_at(src, pos)]);
    else to = combine(to, checked_scalar<T>(src));
  });
  return self;
}

// a + b * alpha in T's arithmetic (bfloat16 in float, rounded once; bool as torch's add: or).
template <class T>
T add_scaled(T a, T b, T alpha) {
  using A = compute_t<T>;
  if constexpr (std::is_same_v<T, bool>) return a || (b && alpha);
  else return static_cast<T>(static_cast<A>(a) + static_cast<A>(b) * static_cast<A>(alpha));
}

}  // namespace muna::torch::detail

namespace muna::torch {

template <class T, class S>
detail::Tn<T> scatter_(const detail::Tn<T>& self, int64_t dim, const detail::Tn<int64_t>& index, const S& src) {
  return detail::scatter_into(self, dim, index, src, [](T, T v) { return v; });
}
template <class T, class S>
detail::Tn<T> scatter(const detail::Tn<T>& self, int64_t dim, const detail::Tn<int64_t>& index, const S& src) {
  return scatter_(cast<T>(self), dim, index, src);
}
template <class T>
detail::Tn<T> scatter_add_(const detail::Tn<T>& self, int64_t dim, const detail::Tn<int64_t>& index,
                           const detail::Tn<T>& src) {
  return detail::scatter_into(self, dim, index, src, [](T a, T v) { return detail::add_scaled(a, v, T(1)); });
}
template <class T>
detail::Tn<T> scatter_add(const detail::Tn<T>& self, int64_t dim, const detail::Tn<int64_t>& index,
                          const detail::Tn<T>& src) {
  return scatter_add_(cast<T>(self), dim, index, src);
}

// index_add_(self, dim, index, source, alpha): self.select(dim, index[i]) += alpha * source.select(dim, i),
// the source slice broadcast to the self slice (torch's add_).
template <class T, class A>
detail::Tn<T> index_add_(const detail::Tn<T>& self, int64_t dim, const detail::Tn<int64_t>& index,
                         const detail::Tn<T>& source, A alpha_value) {
  self.require_writable();
  const int64_t d = detail::wrap_dim(dim, self.ndim());
  if (index.ndim() > 1)
    throw IndexError("index_add_(): Index is supposed to be a vector, but got dim: " + std::to_string(index.ndim()) +
                     " with type: Long and size: " + detail::sizes_str(index.shape()));
  if (!(d == 0 || d < source.ndim()))
    throw RuntimeError("index_add_(): Indexing dim " + std::to_string(d) + " is out of bounds of the source tensor with dim " +
                     std::to_string(source.ndim()));
  const int64_t count = index.size(), source_size = source.ndim() ? source.shape()[d] : 1;
  if (count != source_size)
    throw RuntimeError("index_add_(): Number of indices (" + std::to_string(count) + ") should be equal to source.size(dim): (" +
                       std::to_string(source_size) + "), for dim: " + std::to_string(d));
  const T alpha = detail::checked_scalar<T>(alpha_value);
  const int64_t size = detail::nonempty_size(self, d), index_step = index.ndim() ? index.strides()[0] : 0;
  for (int64_t i = 0; i < count; ++i) {
    const int64_t j = index.data()[i * index_step];
    if (j < 0 || j >= size) throw IndexError("index out of range in self");
    if (self.ndim() <= 1) {
      T& to = self.data()[j * detail::nonempty_stride(self, 0)];
      to = detail::add_scaled(to, source.data()[i * detail::nonempty_stride(source, 0)], alpha);
      continue;
    }
    Shape to_shape = self.shape(), to_strides = self.strides();
    to_shape.erase(to_shape.begin() + d), to_strides.erase(to_strides.begin() + d);
    Shape from_shape = source.shape(), from_strides = source.strides();
    from_shape.erase(from_shape.begin() + d), from_strides.erase(from_strides.begin() + d);
    const detail::Tn<T> to = self.with_layout(to_shape, to_strides, j * self.strides()[d]);
    const detail::Tn<T> from = source.with_layout(from_shape, from_strides, i * source.strides()[d]);
    if (!detail::broadcasts_to(from_shape, to_shape))
      throw RuntimeError("output with shape " + detail::sizes_str(to_shape) + " doesn't match the broadcast shape " +
                         detail::sizes_str(detail::torch_broadcast(to_shape, from_shape)));
    const Shape fb = broadcast_strides(from_shape, from_strides, to_shape);
    const Shape* strides[2] = {&to_strides, &fb};
    for_each_run(to_shape, strides, [&](int64_t n, const int64_t* off) {
      const int64_t st = to_strides.back(), sf = fb.back();
      for (int64_t k = 0; k < n; ++k) {
        T& a = to.data()[off[0] + k * st];
        a = detail::add_scaled(a, from.data()[off[1] + k * sf], alpha);
      }
    });
  }
  return self;
}
template <class T, class A>
detail::Tn<T> index_add(const detail::Tn<T>& self, int64_t dim, const detail::Tn<int64_t>& index,
                        const detail::Tn<T>& source, A alpha) {
  return index_add_(cast<T>(self), dim, index, source, alpha);
}

// fill_diagonal_(value, wrap): self[i, i, ...] for i < min(size(0), size(1)); with wrap (2-D,
// tall), the diagonal starts again every width + 1 rows, as torch's strided view of a
// contiguous matrix does.
template <class T, class V>
detail::Tn<T> fill_diagonal_(const detail::Tn<T>& self, V value, bool wrap) {
  self.require_writable();
  const int64_t ndim = self.ndim();
  if (ndim < 2) throw RuntimeError("dimensions must larger than 1");
  const int64_t height = self.shape()[0], width = self.shape()[1];
  if (ndim > 2)
    for (int64_t k = 1; k < ndim; ++k)
      if (self.shape()[k] != height) throw RuntimeError("all dimensions of input must be of equal length");
  const T v = detail::checked_scalar<T>(value);
  int64_t step = 0;
  for (int64_t k = 0; k < ndim; ++k) step += self.strides()[k];
  const int64_t diagonal = std::min(height, width);
  for (int64_t i = 0; i < diagonal; ++i) self.data()[i * step] = v;
  if (wrap && ndim == 2 && height > width + 1) {
    const int64_t extra = (self.size() + width) / (width + 1) - diagonal;
    for (int64_t i = 0; i < extra; ++i) {
      const int64_t flat = (width + 1) * (width + i);  // row-major position in the matrix
      self.data()[(flat / width) * self.strides()[0] + (flat % width) * self.strides()[1]] = v;
    }
  }
  return self;
}

// index_put_(indices, values, accumulate): int64 index tensors (broadcast together) address
// the leading dims; values broadcast to the indexed result's shape (index shape + the rest of
// self's dims). Negative indices count from the end, as in x[i] = v.
template <class T, class C>
detail::Tn<T> index_put_(const detail::Tn<T>& self, const C& indices, const detail::Tn<T>& values, bool accumulate) {
  self.require_writable();
  const std::vector<detail::Tn<int64_t>> index = detail::tensors_of(indices);
  const int64_t count = static_cast<int64_t>(index.size());
  if (count > detail::nonempty_dim(self))
    throw IndexError("too many indices for tensor of dimension " + std::to_string(self.ndim()));
  Shape index_shape;
  for (const auto& i : index) index_shape = detail::torch_broadcast(index_shape, i.shape());
  Shape shape = index_shape;
  for (int64_t k = count; k < self.ndim(); ++k) shape.push_back(self.shape()[k]);
  if (!detail::broadcasts_to(values.shape(), shape))
    throw RuntimeError("shape mismatch: value tensor of shape " + detail::sizes_str(values.shape()) +
                       " cannot be broadcast to indexing result of shape " + detail::sizes_str(shape));
  const detail::Tn<T> from = values.with_layout(shape, broadcast_strides(values.shape(), values.strides(), shape), 0);
  std::vector<Shape> index_strides;
  for (const auto& i : index) index_strides.push_back(broadcast_strides(i.shape(), i.strides(), index_shape));
  const int64_t lead = static_cast<int64_t>(index_shape.size());
  detail::for_each_position(shape, [&](const std::vector<int64_t>& pos) {
    int64_t off = 0;
    for (int64_t k = 0; k < count; ++k) {
      int64_t at = 0;
      for (int64_t m = 0; m < lead; ++m) at += pos[m] * index_strides[k][m];
      const int64_t size = detail::nonempty_size(self, k);
      int64_t j = index[k].data()[at];
      if (j < -size || j >= size)
        throw IndexError("index " + std::to_string(j) + " is out of bounds for dimension " + std::to_string(k) +
                         " with size " + std::to_string(size));
      off += (j < 0 ? j + size : j) * detail::nonempty_stride(self, k);
    }
    for (int64_t k = count; k < self.ndim(); ++k) off += pos[lead + k - count] * self.strides()[k];
    T& to = self.data()[off];
    const T v = from.data()[detail::offset_at(from, pos)];
    to = accumulate ? detail::add_scaled(to, v, T(1)) : v;
  });
  return self;
}

}  // namespace muna::torch
