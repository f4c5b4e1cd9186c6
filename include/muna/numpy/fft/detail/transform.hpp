// The lines of numpy.fft's one-dimensional transforms: for each 1-d lane of the input along
// `axis`, NumPy's cropping or zero padding to the transform length, conversion to double (as
// NumPy 1.24 computes every dtype), the transform (<muna/kernels/fft.hpp>) and the norm= factor,
// written into a new contiguous result. Errors are NumPy's, in NumPy's order.
#pragma once
#include <algorithm>
#include <cmath>
#include <complex>
#include <string>
#include <type_traits>
#include <vector>

#include <muna/core/none.hpp>
#include <muna/core/tensor.hpp>
#include <muna/kernels/fft.hpp>
#include <muna/numpy/detail/along_axis.hpp>

namespace muna::numpy::fft::detail {

using complex128 = std::complex<double>;

// The transform length: n, or what NumPy derives from the axis when n is None (the axis is
// read as NumPy's a.shape[axis] reads it, so an axis out of range is an IndexError here).
template <class N>
int64_t transform_length(const Shape& shape, const N& n, int64_t axis, bool from_half) {
  if constexpr (std::is_same_v<N, NoneType>) {
    const int64_t ndim = static_cast<int64_t>(shape.size());
    if (axis < -ndim || axis >= ndim) throw IndexError("tuple index out of range");
    const int64_t dim = shape[static_cast<size_t>(axis < 0 ? axis + ndim : axis)];
    return from_half ? (dim - 1) * 2 : dim;
  } else {
    return static_cast<int64_t>(n);
  }
}

// 1 / inv_norm of NumPy's _get_forward_norm / _get_backward_norm.
inline double norm_factor(int64_t n, const std::string& norm, bool forward) {
  if (n < 1) throw ValueError("Invalid number of FFT data points (" + std::to_string(n) + ") specified.");
  double inv;
  if (norm == "backward") inv = forward ? 1.0 : static_cast<double>(n);
  else if (norm == "ortho") inv = std::sqrt(static_cast<double>(n));
  else if (norm == "forward") inv = forward ? static_cast<double>(n) : 1.0;
  else throw ValueError("Invalid norm value " + norm + "; should be \"backward\", \"ortho\" or \"forward\".");
  return 1.0 / inv;
}
inline double norm_factor(int64_t n, NoneType, bool forward) { return norm_factor(n, "backward", forward); }

template <class T>
double real_part(const T& v) {
  if constexpr (is_complex_v<T>) return static_cast<double>(v.real());
  else return convert_element<double>(v);
}
template <class T>
double imag_part(const T& v) {
  if constexpr (is_complex_v<T>) return static_cast<double>(v.imag());
  else return 0.0;
}

// Per-call scratch of this thread, reused across lines (and calls: sizes repeat).
inline std::vector<double>& scratch(size_t doubles) {
  thread_local std::vector<double> buffer;
  if (buffer.size() < doubles) buffer.resize(doubles);
  return buffer;
}

// The result array: a's shape with `out_len` along `axis` (axis already normalised).
template <class U, class T>
Tensor<U> result_like(const Tensor<T>& a, int64_t axis, int64_t out_len) {
  Shape shape = a.shape();
  shape[static_cast<size_t>(axis)] = out_len;
  return Tensor<U>(shape);
}

// fft / ifft: complex to complex of length n.
template <class T, class N, class Norm>
Tensor<complex128> complex_transform(const Tensor<T>& a, const N& n_arg, int64_t axis, const Norm& norm,
                                     bool forward) {
  const int64_t n = transform_length(a.shape(), n_arg, axis, false);
  const double fct = norm_factor(n, norm, forward);
  axis = normalize_axis(axis, a.ndim());
  Tensor<complex128> out = result_like<complex128>(a, axis, n);
  if (out.size() == 0) return out;
  const size_t len = static_cast<size_t>(n);
  // Real input: the half spectrum by the real transform, the rest by Hermitian symmetry.
  constexpr bool real_input = !is_complex_v<T>;
  const kernels::fft::Plan* cplan = real_input ? nullptr : &kernels::fft::plan_cache<kernels::fft::Plan>(len);
  const kernels::fft::RealPlan* rplan = real_input ? &kernels::fft::plan_cache<kernels::fft::RealPlan>(len) : nullptr;
  const size_t work = real_input ? rplan->work_size() : cplan->work_size();
  std::vector<double>& buf = scratch(2 * len + 2 + work);
  double* re = buf.data();
  double* im = re + len + 1;
  double* rest = im + len + 1;
  numpy::detail::along_axis(a, axis, out, [&](const T* x, int64_t count, int64_t sx, complex128* y, int64_t sy) {
    const size_t take = std::min<size_t>(static_cast<size_t>(count), len);
    for (size_t t = 0; t < take; ++t) {
      re[t] = real_part(x[static_cast<int64_t>(t) * sx]);
      im[t] = imag_part(x[static_cast<int64_t>(t) * sx]);
    }
    std::fill(re + take, re + len, 0.0);
    std::fill(im + take, im + len, 0.0);
    if constexpr (real_input) {
      rplan->forward(re, re, im, rest);  // reads x from re before writing the half spectrum
      const double sign = forward ? 1.0 : -1.0;  // ifft of real data: the conjugate spectrum
      for (size_t f = 0; f <= len / 2; ++f) y[static_cast<int64_t>(f) * sy] = complex128(re[f] * fct, sign * im[f] * fct);
      for (size_t f = len / 2 + 1; f < len; ++f)
        y[static_cast<int64_t>(f) * sy] = complex128(re[len - f] * fct, -sign * im[len - f] * fct);
    } else {
      if (forward) cplan->forward(re, im, rest);
      else cplan->backward(re, im, rest);
      for (size_t f = 0; f < len; ++f) y[static_cast<int64_t>(f) * sy] = complex128(re[f] * fct, im[f] * fct);
    }
  });
  return out;
}

// rfft: n real values (complex input: its real part, as NumPy's cast) to n/2 + 1.
template <class T, class N, class Norm>
Tensor<complex128> real_forward(const Tensor<T>& a, const N& n_arg, int64_t axis, const Norm& norm) {
  const int64_t n = transform_length(a.shape(), n_arg, axis, false);
  const double fct = norm_factor(n, norm, true);
  axis = normalize_axis(axis, a.ndim());
  const size_t len = static_cast<size_t>(n), half = len / 2 + 1;
  Tensor<complex128> out = result_like<complex128>(a, axis, static_cast<int64_t>(half));
  if (out.size() == 0) return out;
  const kernels::fft::RealPlan& plan = kernels::fft::plan_cache<kernels::fft::RealPlan>(len);
  std::vector<double>& buf = scratch(len + 2 * half + plan.work_size());
  double* x = buf.data();
  double* re = x + len;
  double* im = re + half;
  double* rest = im + half;
  numpy::detail::along_axis(a, axis, out, [&](const T* in, int64_t count, int64_t sx, complex128* y, int64_t sy) {
    const size_t take = std::min<size_t>(static_cast<size_t>(count), len);
    for (size_t t = 0; t < take; ++t) x[t] = real_part(in[static_cast<int64_t>(t) * sx]);
    std::fill(x + take, x + len, 0.0);
    plan.forward(x, re, im, rest);
    for (size_t f = 0; f < half; ++f) y[static_cast<int64_t>(f) * sy] = complex128(re[f] * fct, im[f] * fct);
  });
  return out;
}

// irfft: the first n/2 + 1 values of each lane (zero padded) as half a Hermitian spectrum, to n
// real values.
template <class T, class N, class Norm>
Tensor<double> real_backward(const Tensor<T>& a, const N& n_arg, int64_t axis, const Norm& norm) {
  const int64_t n = transform_length(a.shape(), n_arg, axis, true);
  const double fct = norm_factor(n, norm, false);
  axis = normalize_axis(axis, a.ndim());
  const size_t len = static_cast<size_t>(n), half = len / 2 + 1;
  Tensor<double> out = result_like<double>(a, axis, n);
  if (out.size() == 0) return out;
  const kernels::fft::RealPlan& plan = kernels::fft::plan_cache<kernels::fft::RealPlan>(len);
  std::vector<double>& buf = scratch(len + 2 * half + plan.work_size());
  double* x = buf.data();
  double* re = x + len;
  double* im = re + half;
  double* rest = im + half;
  numpy::detail::along_axis(a, axis, out, [&](const T* in, int64_t count, int64_t sx, double* y, int64_t sy) {
    const size_t take = std::min<size_t>(static_cast<size_t>(count), half);
    for (size_t f = 0; f < take; ++f) {
      re[f] = real_part(in[static_cast<int64_t>(f) * sx]);
      im[f] = imag_part(in[static_cast<int64_t>(f) * sx]);
    }
    std::fill(re + take, re + half, 0.0);
    std::fill(im + take, im + half, 0.0);
    plan.backward(re, im, x, rest);
    for (size_t t = 0; t < len; ++t) y[static_cast<int64_t>(t) * sy] = x[t] * fct;
  });
  return out;
}

}  // namespace muna::numpy::fft::detail
