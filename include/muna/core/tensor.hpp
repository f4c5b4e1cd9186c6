// muna::Tensor<T>: an n-d array with NumPy's reference semantics. A tensor is a view (data
// pointer, shape, strides in elements) over storage it shares with every other view of it;
// copying a Tensor copies the view, not the elements, as assigning an ndarray in Python does.
// Constants baked into a library are read-only views of its weight section.
#pragma once
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>
#include <type_traits>
#include <utility>

#include <muna/core/dtype.hpp>
#include <muna/core/error.hpp>
#include <muna/core/memory.hpp>
#include <muna/core/opcore.hpp>
#include <muna/core/shape.hpp>

namespace muna {

template <class T>
class Tensor {
  static_assert(!std::is_const_v<T>, "read-only tensors are marked by a flag, not by const T");

 public:
  using value_type = T;

  // A 0-d tensor holding T{} (what `Tensor<T> x;` declares before its first assignment).
  Tensor() : Tensor(Shape{}) {}

  // New contiguous storage, elements uninitialised (numpy.empty).
  explicit Tensor(Shape shape)
      : owner_(allocate_storage(sizeof(T) * static_cast<size_t>(shape_size(shape)))),
        data_(static_cast<T*>(owner_.get())),
        shape_(std::move(shape)),
        strides_(contiguous_strides(shape_)) {}

  // A view over existing memory. `owner` keeps it alive (null for static memory).
  Tensor(T* data, Shape shape, Shape strides, std::shared_ptr<void> owner, bool writable = true)
      : owner_(std::move(owner)), data_(data), shape_(std::move(shape)),
        strides_(std::move(strides)), writable_(writable) {}

  static Tensor empty(Shape shape) { return Tensor(std::move(shape)); }
  static Tensor full(Shape shape, T value) {
    Tensor out(std::move(shape));
    T* p = out.data();
    for (int64_t i = 0, n = out.size(); i < n; ++i) p[i] = value;
    return out;
  }
  static Tensor scalar(T value) { return full(Shape{}, value); }
  // A read-only view of a constant (weights in the library's read-only section).
  static Tensor constant(const T* data, Shape shape) {
    Shape strides = contiguous_strides(shape);
    return Tensor(const_cast<T*>(data), std::move(shape), std::move(strides), nullptr, false);
  }

  int64_t ndim() const { return static_cast<int64_t>(shape_.size()); }
  const Shape& shape() const { return shape_; }
  const Shape& strides() const { return strides_; }
  int64_t shape(int64_t axis) const { return shape_[normalize_axis(axis, ndim())]; }
  int64_t size() const { return shape_size(shape_); }
  T* data() const { return data_; }
  const std::shared_ptr<void>& owner() const { return owner_; }
  bool writable() const { return writable_; }

  bool is_contiguous() const {
    int64_t step = 1;
    for (size_t i = shape_.size(); i-- > 0;) {
      if (shape_[i] != 1 && strides_[i] != step) return false;
      step *= shape_[i];
    }
    return true;
  }

  // Element at a full multi-index (no bounds checks: callers index validated positions).
  T& at(const int64_t* index) const {
    int64_t offset = 0;
    for (size_t i = 0; i < shape_.size(); ++i) offset += index[i] * strides_[i];
    return data_[offset];
  }

  // Raises what NumPy raises when writing into a constant.
  void require_writable() const {
    if (!writable_) throw ValueError("assignment destination is read-only");
  }

  // A view with new shape/strides over the same elements.
  Tensor with_layout(Shape shape, Shape strides, int64_t offset = 0) const {
    return Tensor(data_ + offset, std::move(shape), std::move(strides), owner_, writable_);
  }

  // NumPy hands back a 0-d result as a NumPy scalar from arithmetic, ufuncs, reductions and
  // indexing, but as a 0-d ndarray from squeeze, reshape, astype, copy, np.asarray... (and an
  // argument is the array it was). Where the compiler does not know a result's rank, this mark
  // says which one a 0-d tensor stands for when it is returned (abi::ScalarIf0d); a new tensor
  // or view has it unset.
  bool is_0d_array() const { return array_0d_; }
  Tensor as_0d_array() const {
    Tensor out = *this;
    out.array_0d_ = true;
    return out;
  }

 private:
  std::shared_ptr<void> owner_;
  T* data_ = nullptr;
  Shape shape_;
  Shape strides_;
  bool writable_ = true;
  bool array_0d_ = false;
};

// Visits every element position of `shape` in row-major order, calling
// fn(inner_count, offsets...) once per innermost run, where offsets are element offsets into
// each operand (given by its strides over `shape`) and the run advances operand k by
// strides[k].back(). Collapsing the innermost run into one call lets kernels vectorise it.
template <size_t N, class Fn>
void for_each_run(const Shape& shape, const Shape* const (&strides)[N], Fn&& fn) {
  const int64_t rank = static_cast<int64_t>(shape.size());
  if (shape_size(shape) == 0) return;
  if (rank == 0) {
    int64_t zero[N] = {};
    fn(int64_t{1}, zero);
    return;
  }
  const int64_t inner = shape[rank - 1];
  std::vector<int64_t> index(rank, 0);
  int64_t offsets[N] = {};
  while (true) {
    fn(inner, offsets);
    int64_t axis = rank - 2;
    for (; axis >= 0; --axis) {
      for (size_t k = 0; k < N; ++k) offsets[k] += (*strides[k])[axis];
      if (++index[axis] < shape[axis]) break;
      for (size_t k = 0; k < N; ++k) offsets[k] -= (*strides[k])[axis] * shape[axis];
      index[axis] = 0;
    }
    if (axis < 0) return;
  }
}

// A contiguous copy (or the tensor itself when it already is contiguous).
template <class T>
Tensor<T> contiguous(const Tensor<T>& x) {
  if (x.is_contiguous()) return x;
  Tensor<T> out(x.shape());
  T* dst = out.data();
  const Shape* strides[1] = {&x.strides()};
  for_each_run(x.shape(), strides, [&](int64_t n, const int64_t* off) {
    const T* src = x.data() + off[0];
    const int64_t step = x.strides().back();
    for (int64_t i = 0; i < n; ++i) *dst++ = src[i * step];
  });
  return out;
}

// An element-wise copy converted to U (ndarray.astype: always a new array).
template <class U, class T>
Tensor<U> cast(const Tensor<T>& x) {
  Tensor<U> out(x.shape());
  U* dst = out.data();
  const Shape* strides[1] = {&x.strides()};
  for_each_run(x.shape(), strides, [&](int64_t n, const int64_t* off) {
    const T* src = x.data() + off[0];
    const int64_t step = x.ndim() ? x.strides().back() : 1;
    if (step == 1) {  // unit stride: a copy, or a loop the compiler vectorises
      if constexpr (std::is_same_v<U, T>) std::memcpy(dst, src, sizeof(T) * static_cast<size_t>(n));
      else for (int64_t i = 0; i < n; ++i) dst[i] = convert_element<U>(src[i]);
      dst += n;
      return;
    }
    for (int64_t i = 0; i < n; ++i) *dst++ = convert_element<U>(src[i * step]);
  });
  return out;
}

// X(T, ...) for each element type an Array may hold (muna/core/array.hpp's variant, in order).
#define MUNA_EACH_DTYPE(X, ...)                                                           \
  X(bool, __VA_ARGS__) X(uint8_t, __VA_ARGS__) X(int8_t, __VA_ARGS__) X(int16_t, __VA_ARGS__) \
  X(int32_t, __VA_ARGS__) X(int64_t, __VA_ARGS__) X(float, __VA_ARGS__)                   \
  X(double, __VA_ARGS__) X(bfloat16, __VA_ARGS__) X(std::complex<float>, __VA_ARGS__)     \
  X(std::complex<double>, __VA_ARGS__)

// Every dtype's Tensor, contiguous copy and conversion to every dtype are in the op core
// (muna/core/opcore.hpp): nearly every library copies or converts arrays of several dtypes.
#define MUNA_TENSOR_INSTANCE(T, _)                                                        \
  MUNA_OPCORE_INSTANCE(class Tensor<T>)                                                   \
  MUNA_OPCORE_INSTANCE(Tensor<T> contiguous<T>(const Tensor<T>&))
#define MUNA_CAST_INSTANCE(T, U) MUNA_OPCORE_INSTANCE(Tensor<U> cast<U, T>(const Tensor<T>&))
// (The list again: a macro cannot expand inside its own expansion.)
#define MUNA_CASTS_FROM(T, _)                                                             \
  MUNA_CAST_INSTANCE(T, bool) MUNA_CAST_INSTANCE(T, uint8_t) MUNA_CAST_INSTANCE(T, int8_t) \
  MUNA_CAST_INSTANCE(T, int16_t) MUNA_CAST_INSTANCE(T, int32_t)                           \
  MUNA_CAST_INSTANCE(T, int64_t) MUNA_CAST_INSTANCE(T, float)                             \
  MUNA_CAST_INSTANCE(T, double) MUNA_CAST_INSTANCE(T, bfloat16)                           \
  MUNA_CAST_INSTANCE(T, std::complex<float>) MUNA_CAST_INSTANCE(T, std::complex<double>)
MUNA_EACH_DTYPE(MUNA_TENSOR_INSTANCE, _)
MUNA_EACH_DTYPE(MUNA_CASTS_FROM, _)
#undef MUNA_CASTS_FROM
#undef MUNA_CAST_INSTANCE
#undef MUNA_TENSOR_INSTANCE

}  // namespace muna
