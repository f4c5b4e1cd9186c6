// Rotary position embedding as a model writes it, fused by the compiler
// (codegen/muna/ops/torch_fused.py):
//   x * cos + cat([-x[..., half:], x[..., :half]], -1) * sin
// The kernel takes x of any layout (rows addressed through its strides) and cos/sin tables of
// one row per position, [T, D] (leading 1s allowed), for x [..., T, D] with D = 2 * half. Any
// other shapes build rotate_half(x) explicitly and run the unfused ops, so broadcasting and
// errors are torch's.
#pragma once
#include <muna/core/tensor.hpp>
#include <muna/core/threading.hpp>
#include <muna/kernels/rotary.hpp>
#include <muna/torch/detail/elementwise.hpp>

namespace muna::fused {

namespace detail {

// Whether `table` holds exactly one row of `cols` values per position of `positions`.
inline bool is_position_table(const Tensor<float>& table, int64_t positions, int64_t cols) {
  const int64_t n = table.ndim();
  if (n < 2 || table.shape()[n - 1] != cols || table.shape()[n - 2] != positions) return false;
  for (int64_t i = 0; i + 2 < n; ++i)
    if (table.shape()[i] != 1) return false;
  return true;
}

// rotate_half(x) = cat([-x[..., half:], x[..., :half]], -1), for the unfused path.
inline Tensor<float> rotate_half_of(const Tensor<float>& input, int64_t half) {
  const Tensor<float> x = contiguous(input);
  Tensor<float> out(x.shape());
  const int64_t cols = x.ndim() ? x.shape().back() : 1;
  const int64_t low = std::clamp<int64_t>(half, 0, cols);  // x[..., :half] has `low` columns
  const int64_t high = cols - low;
  for (int64_t r = 0; cols && r < x.size() / cols; ++r) {
    const float* xr = x.data() + r * cols;
    float* o = out.data() + r * cols;
    for (int64_t j = 0; j < high; ++j) o[j] = -xr[low + j];
    for (int64_t j = 0; j < low; ++j) o[high + j] = xr[j];
  }
  return out;
}

}  // namespace detail

inline Tensor<float> rotate_half(const Tensor<float>& x, const Tensor<float>& cos, const Tensor<float>& sin, int64_t half) {
  const int64_t n = x.ndim();
  const Tensor<float> c = contiguous(cos), s = contiguous(sin);
  if (n < 2 || half <= 0 || x.shape()[n - 1] != 2 * half || x.strides()[n - 1] != 1 ||
      !detail::is_position_table(c, x.shape()[n - 2], 2 * half) ||
      !detail::is_position_table(s, x.shape()[n - 2], 2 * half))
    return torch::add(torch::mul(x, cos), torch::mul(detail::rotate_half_of(x, half), sin));
  const int64_t cols = 2 * half, positions = x.shape()[n - 2];
  Tensor<float> out(x.shape());
  const int64_t rows = x.size() / cols;
  // Chunks of >= 32 K elements (a few microseconds): waking a second thread costs about that.
  parallel_for(0, rows, std::max<int64_t>(1, 32768 / cols), [&](int64_t lo, int64_t hi) {
    for (int64_t r = lo; r < hi; ++r) {
      // The row's offset in x through its strides (x may be a transposed view).
      int64_t offset = 0;
      for (int64_t i = n - 2, rest = r; i >= 0; --i) {
        offset += (rest % x.shape()[i]) * x.strides()[i];
        rest /= x.shape()[i];
      }
      const int64_t t = r % positions;
      kernels::rotate_half_row(x.data() + offset, c.data() + t * cols, s.data() + t * cols, out.data() + r * cols, half);
    }
  });
  return out;
}

}  // namespace muna::fused
