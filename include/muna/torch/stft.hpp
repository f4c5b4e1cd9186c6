// torch.stft of a real 1-d (L) or 2-d (B, L) tensor, return_complex=True: each frame of n_fft
// samples, hop_length apart, times the window (win_length long, centred in n_fft, ones when
// None), transformed; (B,) n_freq x n_frames complex, n_freq = n_fft / 2 + 1 when onesided.
// With center, the input is first padded by n_fft / 2 on each side (pad_mode: reflect,
// constant, replicate or circular). The transforms run in double (<muna/kernels/fft.hpp>,
// numpy.fft's) and are rounded to the input's precision once; torch's run in it. Argument
// errors are torch's RuntimeErrors, with its description of the call.
#pragma once
#include <cmath>
#include <complex>
#include <cstdint>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include <muna/core/error.hpp>
#include <muna/core/none.hpp>
#include <muna/core/tensor.hpp>
#include <muna/numpy/fft/detail/transform.hpp>

namespace muna::torch {
namespace stft_detail {

template <class T>
const char* tensor_name() {
  return std::is_same_v<T, float> ? "torch.FloatTensor" : "torch.DoubleTensor";
}

// The sample at index i of a row of length n padded by `pad` on the left (pad_mode's rule).
inline int64_t padded_index(int64_t i, int64_t pad, int64_t n, const std::string& mode, bool& zero) {
  int64_t j = i - pad;
  zero = false;
  if (j >= 0 && j < n) return j;
  if (mode == "constant") {
    zero = true;
    return 0;
  }
  if (mode == "replicate") return j < 0 ? 0 : n - 1;
  if (mode == "circular") return ((j % n) + n) % n;
  return j < 0 ? -j : 2 * (n - 1) - j;  // reflect (the edge not repeated)
}

}  // namespace stft_detail

template <class T, class Hop, class WinLength, class Window>
muna::Tensor<std::complex<T>> stft(const muna::Tensor<T>& input, int64_t n_fft, const Hop& hop_arg, const WinLength& win_arg,
                             const Window& window, bool center, const std::string& pad_mode, bool normalized,
                             bool onesided) {
  using namespace stft_detail;
  if (input.ndim() != 1 && input.ndim() != 2)
    throw RuntimeError("stft: expected a 1D or 2D tensor, but got " + std::to_string(input.ndim()) + "D tensor");
  const int64_t batch = input.ndim() == 2 ? input.shape(0) : 1;
  const int64_t length = input.shape(input.ndim() - 1);
  const int64_t pad = center ? n_fft / 2 : 0;
  if (center && pad_mode == "reflect" && pad >= length && length > 0)
    throw RuntimeError("Argument #4: Padding size should be less than the corresponding input dimension, but got: "
                       "padding (" + std::to_string(pad) + ", " + std::to_string(pad) + ") at dimension " +
                       std::to_string(input.ndim() - 1) + " of input " + shape_str(input.shape()));
  const int64_t len = length + 2 * pad;
  int64_t hop = n_fft / 4, win_length = n_fft;
  if constexpr (!std::is_same_v<Hop, NoneType>) hop = hop_arg;
  if constexpr (!std::is_same_v<WinLength, NoneType>) win_length = win_arg;
  int64_t window_size = -1;
  std::string window_shape = "None";
  if constexpr (!std::is_same_v<Window, NoneType>) {
    window_size = window.ndim() == 1 ? window.shape(0) : -2;
    window_shape = std::string(tensor_name<T>()) + "{" + shape_str(window.shape()) + "}";
  }
  auto fail = [&](const std::string& what) {
    std::string described = "stft(" + std::string(tensor_name<T>()) + (input.ndim() == 2 ? "[" + std::to_string(batch) + ", " : "[") +
                            std::to_string(len) + "], n_fft=" + std::to_string(n_fft) + ", hop_length=" +
                            std::to_string(hop) + ", win_length=" + std::to_string(win_length) + ", window=" +
                            window_shape +
                            ", normalized=" + (normalized ? "1" : "0") + ", onesided=" + (onesided ? "1" : "0") +
                            ", return_complex=1) : ";
    throw RuntimeError(described + what);
  };
  if (n_fft <= 0 || n_fft > len)
    fail("expected 0 < n_fft < " + std::to_string(len + 1) + ", but got n_fft=" + std::to_string(n_fft));
  if (hop <= 0) fail("expected hop_length > 0, but got hop_length=" + std::to_string(hop));
  if (win_length <= 0 || win_length > n_fft)
    fail("expected 0 < win_length <= n_fft, but got win_length=" + std::to_string(win_length));
  if (window_size != -1 && window_size != win_length)
    fail("expected a 1D window tensor of size equal to win_length=" + std::to_string(win_length) +
         ", but got window with size " + window_shape.substr(window_shape.find('{') + 1, window_shape.size() - window_shape.find('{') - 2));

  // The window, zero-padded to n_fft with win_length centred.
  std::vector<double> w(n_fft, 0.0);
  const int64_t left = (n_fft - win_length) / 2;
  for (int64_t i = 0; i < win_length; ++i) {
    if constexpr (std::is_same_v<Window, NoneType>) w[left + i] = 1.0;
    else w[left + i] = static_cast<double>(window.data()[i * window.strides()[0]]);
  }
  const int64_t frames = 1 + (len - n_fft) / hop;
  muna::Tensor<double> windowed(Shape{batch, frames, n_fft});
  double* out = windowed.data();
  const int64_t row_stride = input.ndim() == 2 ? input.strides()[0] : 0, step = input.strides()[input.ndim() - 1];
  for (int64_t b = 0; b < batch; ++b)
    for (int64_t f = 0; f < frames; ++f)
      for (int64_t k = 0; k < n_fft; ++k) {
        bool zero;
        const int64_t j = padded_index(f * hop + k, pad, length, pad_mode, zero);
        const double x = zero ? 0.0 : static_cast<double>(input.data()[b * row_stride + j * step]);
        *out++ = x * w[k];
      }
  const muna::Tensor<std::complex<double>> spectrum =
      onesided ? numpy::fft::detail::real_forward(windowed, None, 2, None)
               : numpy::fft::detail::complex_transform(windowed, None, 2, None, true);
  const int64_t bins = spectrum.shape(2);
  const double scale = normalized ? 1.0 / std::sqrt(static_cast<double>(n_fft)) : 1.0;
  Shape shape = input.ndim() == 2 ? Shape{batch, bins, frames} : Shape{bins, frames};
  muna::Tensor<std::complex<T>> result(shape);
  std::complex<T>* r = result.data();
  const std::complex<double>* s = spectrum.data();
  for (int64_t b = 0; b < batch; ++b)
    for (int64_t k = 0; k < bins; ++k)
      for (int64_t f = 0; f < frames; ++f) {
        const std::complex<double> v = s[(b * frames + f) * bins + k] * scale;
        *r++ = std::complex<T>(static_cast<T>(v.real()), static_cast<T>(v.imag()));
      }
  return result;
}

}  // namespace muna::torch

namespace muna::torch {
// |z| of a complex tensor (torch.abs, Tensor.abs): a real tensor of the matching precision.
template <class T>
muna::Tensor<T> complex_abs(const muna::Tensor<std::complex<T>>& z) {
  muna::Tensor<T> out(z.shape());
  const muna::Tensor<std::complex<T>> c = muna::contiguous(z);
  for (int64_t i = 0; i < c.size(); ++i) out.data()[i] = std::abs(c.data()[i]);
  return out;
}
}  // namespace muna::torch
