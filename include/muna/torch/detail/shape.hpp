// Creating tensors, converting dtypes and changing shapes: torch's functions and the Tensor
// methods that share them. Views (view, permute, transpose, unsqueeze, expand, slicing) share
// storage with their base exactly as in torch, so in-place writes through one are seen by all.
#pragma once
#include <algorithm>
#include <cmath>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include <muna/numpy/meshgrid.hpp>
#include <muna/python/list.hpp>
#include <muna/torch/detail/common.hpp>

namespace muna::torch::detail {

// A shape with at most one -1 resolved against `numel` (view/reshape).
inline Shape infer_shape(Shape shape, int64_t numel) {
  int64_t known = 1, unknown = -1;
  for (size_t i = 0; i < shape.size(); ++i) {
    if (shape[i] == -1) {
      if (unknown >= 0) throw RuntimeError("only one dimension can be inferred");
      unknown = static_cast<int64_t>(i);
    } else if (shape[i] < 0) {
      throw RuntimeError("invalid shape dimension " + std::to_string(shape[i]));
    } else {
      known *= shape[i];
    }
  }
  if (unknown >= 0) {
    if (known == 0 || numel % known != 0)
      throw RuntimeError("shape '" + shape_str(shape) + "' is invalid for input of size " + std::to_string(numel));
    shape[unknown] = numel / known;
  } else if (known != numel) {
    throw RuntimeError("shape '" + shape_str(shape) + "' is invalid for input of size " + std::to_string(numel));
  }
  return shape;
}

// Strides that let `x` be viewed as `shape` without copying, or an empty optional-like flag
// (torch's computeStride): each group of merged/split dims must be contiguous in memory.
inline bool view_strides(const Shape& old_shape, const Shape& old_strides, const Shape& shape, Shape& out) {
  out.assign(shape.size(), 0);
  if (shape_size(old_shape) == 0 || old_shape.empty()) {
    out = contiguous_strides(shape);
    return true;
  }
  int64_t view_d = static_cast<int64_t>(shape.size()) - 1;
  int64_t chunk_base_stride = old_strides.back();
  int64_t tensor_numel = 1, view_numel = 1;
  for (int64_t d = static_cast<int64_t>(old_shape.size()) - 1; d >= 0; --d) {
    tensor_numel *= old_shape[d];
    if (d == 0 || (old_shape[d - 1] != 1 && old_strides[d - 1] != tensor_numel * chunk_base_stride)) {
      while (view_d >= 0 && (view_numel < tensor_numel || shape[view_d] == 1)) {
        out[view_d] = view_numel * chunk_base_stride;
        view_numel *= shape[view_d];
        --view_d;
      }
      if (view_numel != tensor_numel) return false;
      if (d > 0) {
        chunk_base_stride = old_strides[d - 1];
        tensor_numel = 1;
        view_numel = 1;
      }
    }
  }
  return view_d == -1;
}

// The first N items of a vector as a std::tuple (a compile-time-sized unpacking target).
template <class V, size_t... I>
auto tuple_of_impl(const V& items, std::index_sequence<I...>) { return std::make_tuple(items[I]...); }
template <size_t N, class V>
auto tuple_of(const V& items) { return tuple_of_impl(items, std::make_index_sequence<N>{}); }

template <class T>
std::vector<Tn<T>> tensors_of(const python::List<Tn<T>>& list) { return list.items(); }
template <class T, class... R>
std::vector<Tn<T>> tensors_of(const std::tuple<Tn<T>, R...>& tuple) {
  std::vector<Tn<T>> out;
  std::apply([&](const auto&... t) { (out.push_back(t), ...); }, tuple);
  return out;
}
template <class C> struct element_of_sequence;
template <class T> struct element_of_sequence<python::List<Tn<T>>> { using type = T; };
template <class T, class... R> struct element_of_sequence<std::tuple<Tn<T>, R...>> { using type = T; };

// Flattens nested Python lists/scalars given to torch.tensor, checking they are rectangular.
template <class T, class V>
void flatten_data(const V& value, int64_t depth, Shape& shape, std::vector<T>& out) {
  if constexpr (std::is_arithmetic_v<V>) {
    if (depth != static_cast<int64_t>(shape.size()))
      throw ValueError("expected sequence at depth " + std::to_string(depth));
    out.push_back(convert_element<T>(value));
  } else {
    const int64_t n = value.size();
    if (depth == static_cast<int64_t>(shape.size())) {
      if (!out.empty()) throw ValueError("expected a number at depth " + std::to_string(depth) + ", got a sequence");
      shape.push_back(n);
    } else if (shape[depth] != n) {
      throw ValueError("expected sequence of length " + std::to_string(shape[depth]) + " at dim " +
                       std::to_string(depth) + " (got " + std::to_string(n) + ")");
    }
    for (const auto& item : value) flatten_data<T>(item, depth + 1, shape, out);
  }
}
// The shape of nested lists, found from their first items (so empty inner lists count).
template <class V>
void probe_shape(const V& value, Shape& shape) {
  if constexpr (!std::is_arithmetic_v<V>) {
    shape.push_back(value.size());
    if (value.size()) probe_shape(*value.begin(), shape);
  }
}

}  // namespace muna::torch::detail

namespace muna::torch {

// --- creation -------------------------------------------------------------------------------
template <class T, class S>
detail::Tn<T> zeros(const S& size) { return detail::Tn<T>::full(detail::shape_of(size), T(0)); }
template <class T, class S>
detail::Tn<T> ones(const S& size) { return detail::Tn<T>::full(detail::shape_of(size), static_cast<T>(1)); }
template <class T, class S>
detail::Tn<T> empty(const S& size) { return detail::Tn<T>::full(detail::shape_of(size), T(0)); }
template <class T, class S, class V>
detail::Tn<T> full(const S& size, const V& value) {
  return detail::Tn<T>::full(detail::shape_of(size), detail::checked_scalar<T>(value));
}
template <class T, class X> detail::Tn<T> zeros_like(const detail::Tn<X>& x) { return detail::Tn<T>::full(x.shape(), T(0)); }
template <class T, class X> detail::Tn<T> ones_like(const detail::Tn<X>& x) { return detail::Tn<T>::full(x.shape(), static_cast<T>(1)); }
template <class T, class X> detail::Tn<T> empty_like(const detail::Tn<X>& x) { return detail::Tn<T>::full(x.shape(), T(0)); }
template <class T, class X, class V>
detail::Tn<T> full_like(const detail::Tn<X>& x, const V& value) { return detail::Tn<T>::full(x.shape(), detail::checked_scalar<T>(value)); }

// arange in double (torch computes the length as ceil((end - start) / step) in double and each
// element as start + i * step in the accumulate type).
template <class T, class A, class B, class C>
detail::Tn<T> arange(const A& start, const B& end, const C& step) {
  const double s = static_cast<double>(start), e = static_cast<double>(end), k = static_cast<double>(step);
  if (k == 0) throw RuntimeError("step must be nonzero");
  if ((k > 0 && s > e) || (k < 0 && s < e))
    throw RuntimeError("upper bound and larger bound inconsistent with step sign");
  const int64_t n = static_cast<int64_t>(std::ceil((e - s) / k));
  detail::Tn<T> out(Shape{n});
  using Acc = std::conditional_t<std::is_integral_v<T>, int64_t, double>;
  for (int64_t i = 0; i < n; ++i)
    out.data()[i] = static_cast<T>(static_cast<Acc>(start) + static_cast<Acc>(i) * static_cast<Acc>(step));
  return out;
}

template <class T, class V>
detail::Tn<T> tensor(const V& data) {
  Shape shape;
  detail::probe_shape(data, shape);
  std::vector<T> values;
  Shape seen;
  detail::flatten_data<T>(data, 0, seen, values);
  if (seen.size() < shape.size()) seen = shape;  // trailing empty lists
  detail::Tn<T> out(seen);
  std::copy(values.begin(), values.end(), out.data());
  return out;
}

// from_numpy shares memory with the array, as torch does; a NumPy array and a torch tensor are
// the same C++ type.
template <class T> detail::Tn<T> from_numpy(const detail::Tn<T>& x) { return x; }

template <class C>
auto cat(const C& tensors, int64_t dim) {
  using T = typename detail::element_of_sequence<C>::type;
  const std::vector<detail::Tn<T>> xs = detail::tensors_of(tensors);
  if (xs.empty()) throw RuntimeError("torch.cat(): expected a non-empty list of Tensors");
  // torch skips 1-d empty tensors (legacy behaviour) when the others have more dims.
  const detail::Tn<T>* ref = nullptr;
  for (const auto& x : xs) if (!(x.ndim() == 1 && x.size() == 0)) { ref = &x; break; }
  if (!ref) return detail::Tn<T>(Shape{0});
  const int64_t d = detail::wrap_dim(dim, ref->ndim());
  Shape shape = ref->shape();
  shape[d] = 0;
  for (const auto& x : xs) {
    if (x.ndim() == 1 && x.size() == 0) continue;
    if (x.ndim() != ref->ndim())
      throw RuntimeError("Tensors must have same number of dimensions: got " + std::to_string(ref->ndim()) +
                         " and " + std::to_string(x.ndim()));
    for (int64_t k = 0; k < x.ndim(); ++k)
      if (k != d && x.shape()[k] != ref->shape()[k])
        throw RuntimeError("Sizes of tensors must match except in dimension " + std::to_string(d) +
                           ". Expected size " + std::to_string(ref->shape()[k]) + " but got size " +
                           std::to_string(x.shape()[k]) + " for tensor number 1 in the list.");
    shape[d] += x.shape()[d];
  }
  detail::Tn<T> out(shape);
  int64_t at = 0;
  for (const auto& x : xs) {
    if (x.ndim() == 1 && x.size() == 0) continue;
    Shape sub = out.shape();
    sub[d] = x.shape()[d];
    detail::copy_into(out.with_layout(sub, out.strides(), at * out.strides()[d]), x);
    at += x.shape()[d];
  }
  return out;
}

template <class C>
auto stack(const C& tensors, int64_t dim) {
  using T = typename detail::element_of_sequence<C>::type;
  std::vector<detail::Tn<T>> xs = detail::tensors_of(tensors);
  if (xs.empty()) throw RuntimeError("stack expects a non-empty TensorList");
  const int64_t d = detail::wrap_dim(dim, xs[0].ndim() + 1);
  python::List<detail::Tn<T>> expanded;
  for (const auto& x : xs) {
    if (x.shape() != xs[0].shape())
      throw RuntimeError("stack expects each tensor to be equal size, but got " + shape_str(xs[0].shape()) +
                         " at entry 0 and " + shape_str(x.shape()) + " at entry 1");
    Shape shape = x.shape(), strides = x.strides();
    shape.insert(shape.begin() + d, 1);
    strides.insert(strides.begin() + d, 0);
    expanded.push_back(x.with_layout(shape, strides));
  }
  return cat(expanded, d);
}

}  // namespace muna::torch

namespace muna::torch::Tensor {

// --- dtype conversions: a new tensor unless the dtype already matches (torch returns self) ----
template <class U, class T>
detail::Tn<U> to(const detail::Tn<T>& self) {
  if constexpr (std::is_same_v<U, T>) return self;
  else return cast<U>(self);
}
template <class T> detail::Tn<T> clone(const detail::Tn<T>& self) { return cast<T>(self); }
template <class T> detail::Tn<T> numpy(const detail::Tn<T>& self) { return self; }
template <class T> detail::Tn<T> detach(const detail::Tn<T>& self) { return self; }
// .cpu(): compiled code runs on the CPU, where every tensor is already.
template <class T> detail::Tn<T> cpu(const detail::Tn<T>& self) { return self; }
template <class T> detail::Tn<T> contiguous(const detail::Tn<T>& self) { return ::muna::contiguous(self); }

// --- sizes ---------------------------------------------------------------------------------
template <class T> int64_t dim(const detail::Tn<T>& self) { return self.ndim(); }
template <class T> int64_t numel(const detail::Tn<T>& self) { return self.size(); }
template <class T> int64_t size(const detail::Tn<T>& self, int64_t d) {
  return self.shape()[detail::wrap_dim(d, self.ndim())];
}
// .shape / .size() with the rank known at compile time: a tuple of N ints.
template <size_t N, class T>
auto shape(const detail::Tn<T>& self) {
  if (self.ndim() != static_cast<int64_t>(N))
    throw RuntimeError("tensor has rank " + std::to_string(self.ndim()) + ", expected " + std::to_string(N));
  return detail::tuple_of<N>(self.shape());
}

// --- views ---------------------------------------------------------------------------------
template <class T, class S>
detail::Tn<T> view(const detail::Tn<T>& self, const S& size) {
  Shape shape = detail::infer_shape(detail::shape_of(size), self.size());
  Shape strides;
  if (!detail::view_strides(self.shape(), self.strides(), shape, strides))
    throw RuntimeError("view size is not compatible with input tensor's size and stride (at least one "
                       "dimension spans across two contiguous subspaces). Use .reshape(...) instead.");
  return self.with_layout(shape, strides);
}
template <class T, class S>
detail::Tn<T> reshape(const detail::Tn<T>& self, const S& size) {
  Shape shape = detail::infer_shape(detail::shape_of(size), self.size());
  Shape strides;
  if (detail::view_strides(self.shape(), self.strides(), shape, strides)) return self.with_layout(shape, strides);
  const detail::Tn<T> packed = cast<T>(self);
  return packed.with_layout(shape, contiguous_strides(shape));
}
template <class T, class S>
detail::Tn<T> permute(const detail::Tn<T>& self, const S& dims) {
  const Shape order = detail::shape_of(dims);
  if (static_cast<int64_t>(order.size()) != self.ndim())
    throw RuntimeError("permute(sparse_coo): number of dimensions in the tensor input does not match the length "
                       "of the desired ordering of dimensions i.e. input.dim() = " + std::to_string(self.ndim()) +
                       " is not equal to len(dims) = " + std::to_string(order.size()));
  Shape shape, strides;
  std::vector<bool> used(order.size(), false);
  for (int64_t o : order) {
    const int64_t d = detail::wrap_dim(o, self.ndim());
    if (used[d]) throw RuntimeError("permute(): duplicate dims are not allowed.");
    used[d] = true;
    shape.push_back(self.shape()[d]);
    strides.push_back(self.strides()[d]);
  }
  return self.with_layout(shape, strides);
}
template <class T>
detail::Tn<T> transpose(const detail::Tn<T>& self, int64_t dim0, int64_t dim1) {
  if (self.ndim() == 0) return self;
  const int64_t a = detail::wrap_dim(dim0, self.ndim()), b = detail::wrap_dim(dim1, self.ndim());
  Shape shape = self.shape(), strides = self.strides();
  std::swap(shape[a], shape[b]);
  std::swap(strides[a], strides[b]);
  return self.with_layout(shape, strides);
}
template <class T>
detail::Tn<T> t(const detail::Tn<T>& self) {
  if (self.ndim() > 2) throw RuntimeError("t() expects a tensor with <= 2 dimensions, but self is " + std::to_string(self.ndim()) + "D");
  return self.ndim() < 2 ? self : transpose(self, 0, 1);
}
template <class T> detail::Tn<T> T_(const detail::Tn<T>& self) {
  Shape shape(self.shape().rbegin(), self.shape().rend()), strides(self.strides().rbegin(), self.strides().rend());
  return self.with_layout(shape, strides);
}
template <class T>
detail::Tn<T> unsqueeze(const detail::Tn<T>& self, int64_t dim) {
  const int64_t d = detail::wrap_dim(dim, self.ndim() + 1);
  Shape shape = self.shape(), strides = self.strides();
  const int64_t stride = d < self.ndim() ? shape[d] * strides[d] : 1;
  shape.insert(shape.begin() + d, 1);
  strides.insert(strides.begin() + d, stride);
  return self.with_layout(shape, strides);
}
template <class T, class D>
detail::Tn<T> squeeze(const detail::Tn<T>& self, const D& dim) {
  Shape shape, strides;
  int64_t only = -1;
  if constexpr (!std::is_same_v<D, NoneType>) only = detail::wrap_dim(dim, self.ndim());
  for (int64_t k = 0; k < self.ndim(); ++k) {
    const bool drop = self.shape()[k] == 1 && (only < 0 || only == k);
    if (!drop) {
      shape.push_back(self.shape()[k]);
      strides.push_back(self.strides()[k]);
    }
  }
  return self.with_layout(shape, strides);
}
template <class T>
detail::Tn<T> flatten(const detail::Tn<T>& self, int64_t start_dim, int64_t end_dim) {
  if (self.ndim() == 0) return reshape(self, std::make_tuple(int64_t{1}));
  const int64_t a = detail::wrap_dim(start_dim, self.ndim()), b = detail::wrap_dim(end_dim, self.ndim());
  if (a > b) throw RuntimeError("flatten() has invalid args: start_dim cannot come after end_dim");
  Shape shape(self.shape().begin(), self.shape().begin() + a);
  int64_t merged = 1;
  for (int64_t k = a; k <= b; ++k) merged *= self.shape()[k];
  shape.push_back(merged);
  shape.insert(shape.end(), self.shape().begin() + b + 1, self.shape().end());
  return reshape(self, shape);
}
template <class T, class S>
detail::Tn<T> expand(const detail::Tn<T>& self, const S& size) {
  const Shape want = detail::shape_of(size);
  if (want.size() < self.shape().size())
    throw RuntimeError("expand: the number of sizes provided (" + std::to_string(want.size()) +
                       ") must be greater or equal to the number of dimensions in the tensor (" +
                       std::to_string(self.ndim()) + ")");
  const size_t lead = want.size() - self.shape().size();
  Shape shape(want.size()), strides(want.size());
  for (size_t k = 0; k < want.size(); ++k) {
    if (k < lead) {
      if (want[k] < 0) throw RuntimeError("expand: -1 is not allowed in a leading, non-existing dimension");
      shape[k] = want[k];
      strides[k] = 0;
      continue;
    }
    const int64_t have = self.shape()[k - lead];
    const int64_t w = want[k] == -1 ? have : want[k];
    if (have != w && have != 1)
      throw RuntimeError("The expanded size of the tensor (" + std::to_string(w) + ") must match the existing size (" +
                         std::to_string(have) + ") at non-singleton dimension " + std::to_string(k) +
                         ".  Target sizes: " + shape_str(want) + ".  Tensor sizes: " + shape_str(self.shape()));
    shape[k] = w;
    strides[k] = have == w ? self.strides()[k - lead] : 0;
  }
  return self.with_layout(shape, strides);
}
template <class T, class X>
detail::Tn<T> expand_as(const detail::Tn<T>& self, const detail::Tn<X>& other) { return expand(self, other.shape()); }
template <class T, class X>
detail::Tn<T> view_as(const detail::Tn<T>& self, const detail::Tn<X>& other) { return view(self, other.shape()); }
template <class T, class S>
detail::Tn<T> repeat(const detail::Tn<T>& self, const S& repeats) {
  const Shape times = detail::shape_of(repeats);
  if (times.size() < self.shape().size())
    throw RuntimeError("Number of dimensions of repeat dims can not be smaller than number of dimensions of tensor");
  const size_t lead = times.size() - self.shape().size();
  // Each repeated dim becomes (times, size) with stride 0 on `times`; one copy materialises it.
  Shape shape, strides, final_shape;
  for (size_t k = 0; k < times.size(); ++k) {
    const int64_t size = k < lead ? 1 : self.shape()[k - lead];
    const int64_t stride = k < lead ? 0 : self.strides()[k - lead];
    shape.push_back(times[k]);
    strides.push_back(0);
    shape.push_back(size);
    strides.push_back(stride);
    final_shape.push_back(times[k] * size);
  }
  const detail::Tn<T> packed = cast<T>(self.with_layout(shape, strides));
  return packed.with_layout(final_shape, contiguous_strides(final_shape));
}

template <class T, class S>
python::List<detail::Tn<T>> split(const detail::Tn<T>& self, const S& split_size_or_sections, int64_t dim) {
  const int64_t d = detail::wrap_dim(dim, self.ndim());
  const int64_t length = self.shape()[d];
  Shape sizes;
  if constexpr (std::is_integral_v<S>) {
    if (split_size_or_sections <= 0 && length > 0) throw RuntimeError("split_size can only be 0 if dimension size is 0");
    for (int64_t at = 0; at < length || (at == 0 && length == 0); at += std::max<int64_t>(split_size_or_sections, 1)) {
      sizes.push_back(std::min(split_size_or_sections, length - at));
      if (length == 0) break;
    }
  } else {
    sizes = detail::shape_of(split_size_or_sections);
    int64_t total = 0;
    for (int64_t s : sizes) total += s;
    if (total != length)
      throw RuntimeError("split_with_sizes expects split_sizes to sum exactly to " + std::to_string(length) +
                         " (input tensor's size at dimension " + std::to_string(d) + "), but got split_sizes=" + shape_str(sizes));
  }
  python::List<detail::Tn<T>> out;
  int64_t at = 0;
  for (int64_t s : sizes) {
    Shape shape = self.shape();
    shape[d] = s;
    out.push_back(self.with_layout(shape, self.strides(), at * self.strides()[d]));
    at += s;
  }
  return out;
}
template <class T>
python::List<detail::Tn<T>> chunk(const detail::Tn<T>& self, int64_t chunks, int64_t dim) {
  if (chunks <= 0) throw RuntimeError("chunk expects `chunks` to be greater than 0, got: " + std::to_string(chunks));
  const int64_t length = self.shape()[detail::wrap_dim(dim, self.ndim())];
  return split(self, std::max<int64_t>((length + chunks - 1) / chunks, 1), dim);
}
// A list of tensors as a tuple of N (unpacking `a, b = x.chunk(2)`), checking the count.
template <size_t N, class T>
auto as_tuple(const python::List<detail::Tn<T>>& parts) {
  if (parts.size() != static_cast<int64_t>(N))
    throw ValueError("expected " + std::to_string(N) + " tensors, got " + std::to_string(parts.size()));
  return detail::tuple_of<N>(parts.items());
}

}  // namespace muna::torch::Tensor

namespace muna::torch {
using Tensor::chunk;
using Tensor::flatten;
using Tensor::permute;
using Tensor::reshape;
using Tensor::split;
using Tensor::squeeze;
using Tensor::transpose;
using Tensor::t;
using Tensor::unsqueeze;
using Tensor::numel;
using Tensor::clone;
}  // namespace muna::torch

namespace muna::torch::Tensor {
// .item(): the one element as a Python number (R is double, int64_t or bool).
template <class R, class T>
R item(const detail::Tn<T>& self) {
  if (self.size() != 1)
    throw RuntimeError("a Tensor with " + std::to_string(self.size()) + " elements cannot be converted to Scalar");
  Shape index(self.ndim(), 0);
  return static_cast<R>(static_cast<detail::compute_t<T>>(self.at(index.data())));
}
}  // namespace muna::torch::Tensor

namespace muna::torch {

// tril/triu over the last two dims: keep (i, j) with j - i <= diagonal (tril), >= (triu).
template <bool Upper, class T>
detail::Tn<T> triangle(const detail::Tn<T>& input, int64_t diagonal) {
  if (input.ndim() < 2) throw RuntimeError(std::string(Upper ? "triu" : "tril") + ": input tensor must have at least 2 dimensions");
  detail::Tn<T> out = cast<T>(input);
  const int64_t rows = input.shape()[input.ndim() - 2], cols = input.shape()[input.ndim() - 1];
  for (int64_t m = 0; rows * cols && m < out.size() / (rows * cols); ++m)
    for (int64_t i = 0; i < rows; ++i)
      for (int64_t j = 0; j < cols; ++j)
        if (Upper ? j - i < diagonal : j - i > diagonal) out.data()[(m * rows + i) * cols + j] = T(0);
  return out;
}
template <class T> detail::Tn<T> tril(const detail::Tn<T>& input, int64_t diagonal) { return triangle<false>(input, diagonal); }
template <class T> detail::Tn<T> triu(const detail::Tn<T>& input, int64_t diagonal) { return triangle<true>(input, diagonal); }

template <class T, class M>
detail::Tn<T> eye(int64_t n, const M& m) {
  int64_t cols = n;
  if constexpr (!std::is_same_v<M, NoneType>) cols = m;
  if (n < 0 || cols < 0) throw RuntimeError("n must be greater or equal to 0, got " + std::to_string(std::min(n, cols)));
  detail::Tn<T> out = detail::Tn<T>::full(Shape{n, cols}, T(0));
  for (int64_t i = 0; i < std::min(n, cols); ++i) out.data()[i * cols + i] = static_cast<T>(1);
  return out;
}

// linspace as torch's CPU kernel computes it: the first half counts up from start, the second
// half down from end, so both ends are exact.
template <class T, class A, class B>
detail::Tn<T> linspace(const A& start, const B& end, int64_t steps) {
  if (steps < 0) throw RuntimeError("number of steps must be non-negative");
  detail::Tn<T> out(Shape{steps});
  using C = std::conditional_t<std::is_integral_v<T>, double, detail::compute_t<T>>;
  const C a = static_cast<C>(start), b = static_cast<C>(end);
  const C step = steps > 1 ? (b - a) / static_cast<C>(steps - 1) : C(0);
  const int64_t half = steps / 2;
  for (int64_t i = 0; i < steps; ++i)
    out.data()[i] = static_cast<T>(i < half ? a + step * static_cast<C>(i) : b - step * static_cast<C>(steps - i - 1));
  return out;
}

// hamming_window (hann_window is alpha = beta = 0.5) as torch computes it, in T:
// alpha - beta * cos(i * 2pi / (N - 1)), N one longer when periodic (its last point dropped).
template <class T>
detail::Tn<T> hamming_window(int64_t window_length, bool periodic, double alpha, double beta, const char* name) {
  if (window_length < 0)
    throw RuntimeError(std::string(name) + " requires non-negative window_length, got window_length=" +
                       std::to_string(window_length));
  if (window_length <= 1) return detail::Tn<T>::full(Shape{window_length}, static_cast<T>(1));
  const int64_t n = periodic ? window_length + 1 : window_length;
  using C = detail::compute_t<T>;
  const C scale = static_cast<C>(M_PI * 2. / static_cast<double>(n - 1));
  detail::Tn<T> out(Shape{window_length});
  for (int64_t i = 0; i < window_length; ++i) {
    const T angle = static_cast<T>(static_cast<C>(i) * scale);  // each torch step rounds to T
    const T c = static_cast<T>(std::cos(static_cast<C>(angle)));
    const T scaled = static_cast<T>(static_cast<C>(c) * static_cast<C>(-beta));
    out.data()[i] = static_cast<T>(static_cast<C>(scaled) + static_cast<C>(alpha));
  }
  return out;
}
template <class T>
detail::Tn<T> hamming_window(int64_t window_length, bool periodic, double alpha, double beta) {
  return hamming_window<T>(window_length, periodic, alpha, beta, "hamming_window");
}
template <class T>
detail::Tn<T> hann_window(int64_t window_length, bool periodic) {
  return hamming_window<T>(window_length, periodic, 0.5, 0.5, "hann_window");
}

// flip: a copy with the given dims reversed (torch copies too).
template <class T, class D>
detail::Tn<T> flip(const detail::Tn<T>& input, const D& dims) {
  Shape strides = input.strides();
  int64_t offset = 0;
  for (int64_t d : detail::shape_of(dims)) {
    const int64_t k = detail::wrap_dim(d, input.ndim());
    if (input.shape()[k] > 0) offset += (input.shape()[k] - 1) * strides[k];
    strides[k] = -strides[k];
  }
  return cast<T>(input.with_layout(input.shape(), strides, offset));
}

// unfold(dimension, size, step): every window of `size` along `dimension`, `step` apart, as a
// new last dimension; torch returns a view, muna a copy of it (as for flip).
template <class T>
detail::Tn<T> unfold(const detail::Tn<T>& input, int64_t dimension, int64_t size, int64_t step) {
  if (input.ndim() == 0) throw RuntimeError("unfold of a 0-d tensor is not supported");
  const int64_t d = detail::wrap_dim(dimension, input.ndim());
  const int64_t length = input.shape()[d];
  if (size < 0 || size > length)
    throw RuntimeError("maximum size for tensor at dimension " + std::to_string(d) + " is " + std::to_string(length) +
                       " but size is " + std::to_string(size));
  if (step <= 0) throw RuntimeError("step is " + std::to_string(step) + " but must be > 0");
  Shape shape = input.shape(), strides = input.strides();
  shape[d] = (length - size) / step + 1;
  strides[d] = input.strides()[d] * step;
  shape.push_back(size);
  strides.push_back(input.strides()[d]);
  return cast<T>(input.with_layout(shape, strides, 0));
}

template <class T>
detail::Tn<T> outer(const detail::Tn<T>& input, const detail::Tn<T>& vec2) {
  if (input.ndim() != 1 || vec2.ndim() != 1) throw RuntimeError("outer: expected 1-D tensors");
  const int64_t n = input.shape()[0], m = vec2.shape()[0];
  detail::Tn<T> out(Shape{n, m});
  using A = detail::compute_t<T>;
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = 0; j < m; ++j)
      out.data()[i * m + j] = static_cast<T>(static_cast<A>(input.data()[i * input.strides()[0]]) *
                                             static_cast<A>(vec2.data()[j * vec2.strides()[0]]));
  return out;
}

}  // namespace muna::torch

namespace muna::torch {

// repeat_interleave with an int count: each element (or slice along dim) repeated in place.
template <class T, class D>
detail::Tn<T> repeat_interleave(const detail::Tn<T>& input, int64_t repeats, const D& dim) {
  if (repeats < 0) throw RuntimeError("repeats can not be negative");
  detail::Tn<T> x = input;
  int64_t d = 0;
  if constexpr (std::is_same_v<D, NoneType>) x = cast<T>(input).with_layout(Shape{input.size()}, Shape{1});
  else d = detail::wrap_dim(dim, input.ndim());
  // (.., n, ..) -> (.., n, repeats, ..) with stride 0 on the repeat, then merged.
  Shape shape = x.shape(), strides = x.strides();
  shape.insert(shape.begin() + d + 1, repeats);
  strides.insert(strides.begin() + d + 1, 0);
  Shape merged = x.shape();
  merged[d] *= repeats;
  const detail::Tn<T> packed = cast<T>(x.with_layout(shape, strides));
  return packed.with_layout(merged, contiguous_strides(merged));
}

template <class T>
python::List<detail::Tn<T>> unbind(const detail::Tn<T>& input, int64_t dim) {
  const int64_t d = detail::wrap_dim(dim, input.ndim());
  python::List<detail::Tn<T>> out;
  Shape shape = input.shape(), strides = input.strides();
  shape.erase(shape.begin() + d);
  strides.erase(strides.begin() + d);
  for (int64_t i = 0; i < input.shape()[d]; ++i) out.push_back(input.with_layout(shape, strides, i * input.strides()[d]));
  return out;
}

// one_hot: num_classes -1 means max + 1, found at run time.
inline detail::Tn<int64_t> one_hot(const detail::Tn<int64_t>& input, int64_t num_classes) {
  const detail::Tn<int64_t> x = contiguous(input);
  int64_t classes = num_classes;
  if (classes == -1) {
    if (x.size() == 0) throw RuntimeError("Can not infer total number of classes from empty tensor.");
    classes = *std::max_element(x.data(), x.data() + x.size()) + 1;
  }
  Shape shape = x.shape();
  shape.push_back(classes);
  detail::Tn<int64_t> out = detail::Tn<int64_t>::full(shape, 0);
  for (int64_t i = 0; i < x.size(); ++i) {
    const int64_t c = x.data()[i];
    if (c < 0) throw RuntimeError("Class values must be non-negative.");
    if (c >= classes) throw RuntimeError("Class values must be smaller than num_classes.");
    out.data()[i * classes + c] = 1;
  }
  return out;
}

// meshgrid of 0-d or 1-d tensors: expanded views of them (as torch's), 'xy' swapping the first
// two dims (NumPy's grid_axis).
template <class C>
auto meshgrid(const C& tensors, const std::string& indexing) {
  using T = typename detail::element_of_sequence<C>::type;
  const std::vector<detail::Tn<T>> items = detail::tensors_of(tensors);
  if (items.empty()) throw RuntimeError("meshgrid expects a non-empty TensorList");
  Shape full;
  for (const auto& x : items) {
    if (x.ndim() > 1)
      throw RuntimeError("torch.meshgrid: Expected 0D or 1D tensor in the tensor list but got a " +
                         std::to_string(x.ndim()) + "-D tensor");
    full.push_back(x.size());
  }
  const bool xy = indexing == "xy";
  if (xy && full.size() > 1) std::swap(full[0], full[1]);
  python::List<detail::Tn<T>> out;
  for (size_t i = 0; i < items.size(); ++i) out.push_back(numpy::detail::grid_axis(items[i], i, full, xy, false, false));
  return out;
}

// pad_sequence: the tensors stacked along a new dim (1, or 0 with batch_first), each padded
// to the longest with padding_value; trailing dims must agree (copied as torch assigns them).
template <class C, class V>
auto pad_sequence(const C& sequences, bool batch_first, V padding_value) {
  using T = typename detail::element_of_sequence<C>::type;
  const std::vector<detail::Tn<T>> items = detail::tensors_of(sequences);
  if (items.empty()) throw RuntimeError("received an empty list of sequences");
  int64_t longest = 0;
  for (const auto& x : items) {
    if (x.ndim() == 0) throw IndexError("Dimension specified as 0 but tensor has no dimensions");
    longest = std::max(longest, x.shape()[0]);
  }
  const int64_t count = static_cast<int64_t>(items.size());
  Shape shape = items[0].shape();
  shape[0] = batch_first ? count : longest;
  shape.insert(shape.begin() + 1, batch_first ? longest : count);
  detail::Tn<T> out = detail::Tn<T>::full(shape, detail::checked_scalar<T>(padding_value));
  for (int64_t i = 0; i < count; ++i) {
    Shape part(shape.begin() + 1, shape.end()), strides(out.strides().begin() + 1, out.strides().end());
    part[0] = items[i].shape()[0];
    strides[0] = out.strides()[batch_first ? 1 : 0];
    detail::torch_broadcast(part, items[i].shape());  // torch's RuntimeError where they cannot broadcast
    detail::copy_into(out.with_layout(part, strides, i * out.strides()[batch_first ? 0 : 1]), items[i]);
  }
  return out;
}

}  // namespace muna::torch
