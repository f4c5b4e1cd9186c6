// The element-wise step of the recurrent cells, one batch row at a time, after the GEMMs have
// formed the gate pre-activations: x = W_ih x_t + b_ih (all time steps in one GEMM) and
// h = W_hh h_{t-1} + b_hh (one GEMM per step). Gate order and formulas are torch's (ATen's
// RNN.cpp cells), evaluated in the same operation order:
//
//   tanh/relu RNN  h' = act(h + x)
//   GRU    (r, z, n)     r = sigmoid(h_r + x_r), z = sigmoid(h_z + x_z), n = tanh(x_n + h_n * r),
//                        h' = (h - n) * z + n
//   LSTM   (i, f, g, o)  i, f, o = sigmoid(h_* + x_*), g = tanh(h_g + x_g), c' = f * c + i * g,
//                        h' = o * tanh(c')
//
// Each has a scalar reference (libm) beside the SIMD form (Highway's Exp for sigmoid, muna's
// guarded Tanh, which falls back to libm for lanes outside its range).
#pragma once
#include <cmath>
#include <cstdint>

#include <muna/kernels/activation.hpp>
#include <muna/kernels/transcendental.hpp>
#include <muna/kernels/vector_loop.hpp>

namespace muna::kernels {

enum class RnnCell { Tanh, Relu, Gru, Lstm };

// Gate blocks per cell: the rows of W_ih and W_hh are `gates * hidden`.
constexpr int64_t rnn_gates(RnnCell cell) {
  return cell == RnnCell::Gru ? 3 : cell == RnnCell::Lstm ? 4 : 1;
}

namespace rnn_detail {

template <class T>
T sigmoid(T v) { return T(1) / (T(1) + std::exp(-v)); }

template <class D, class V>
HWY_INLINE V tanh_v(D d, V v) { return detail::checked<Tanh>(d, v); }
template <class D, class V>
HWY_INLINE V sigmoid_v(D d, V v) { return Sigmoid::simd(d, v); }

}  // namespace rnn_detail

// One row of `hidden` units. x and h hold the gates' pre-activations (gates * hidden each);
// `state` is h_{t-1} on entry and h_t on return; `cell` is the LSTM's c (unused otherwise). For
// the LSTM, `out` receives o * tanh(c') (h_t, or the input of the projection when proj_size > 0);
// for the others `out` may be `state`.
template <RnnCell Cell, class T>
void rnn_cell_reference(const T* x, const T* h, T* state, T* cell, T* out, int64_t hidden) {
  using rnn_detail::sigmoid;
  for (int64_t j = 0; j < hidden; ++j) {
    if constexpr (Cell == RnnCell::Tanh) {
      out[j] = std::tanh(h[j] + x[j]);
    } else if constexpr (Cell == RnnCell::Relu) {
      const T v = h[j] + x[j];
      out[j] = v < T(0) ? T(0) : v;  // NaN stays NaN, as torch.relu
    } else if constexpr (Cell == RnnCell::Gru) {
      const T r = sigmoid(h[j] + x[j]);
      const T z = sigmoid(h[hidden + j] + x[hidden + j]);
      const T n = std::tanh(x[2 * hidden + j] + h[2 * hidden + j] * r);
      out[j] = (state[j] - n) * z + n;
    } else {
      const T i = sigmoid(h[j] + x[j]);
      const T f = sigmoid(h[hidden + j] + x[hidden + j]);
      const T g = std::tanh(h[2 * hidden + j] + x[2 * hidden + j]);
      const T o = sigmoid(h[3 * hidden + j] + x[3 * hidden + j]);
      const T c = f * cell[j] + i * g;
      cell[j] = c;
      out[j] = o * std::tanh(c);
    }
  }
}

template <RnnCell Cell, class T>
void rnn_cell(const T* x, const T* h, T* state, T* cell, T* out, int64_t hidden) {
  if constexpr (!(std::is_same_v<T, float> || std::is_same_v<T, double>)) {
    return rnn_cell_reference<Cell>(x, h, state, cell, out, hidden);
  } else {
    using rnn_detail::sigmoid_v;
    using rnn_detail::tanh_v;
    const Full<T> d;
    const size_t n = static_cast<size_t>(hidden);
    for_each_vector(d, n, [&](auto at) {
      if constexpr (Cell == RnnCell::Tanh) {
        at.store(d, tanh_v(d, hn::Add(at.load(d, h), at.load(d, x))), out);
      } else if constexpr (Cell == RnnCell::Relu) {
        at.store(d, Relu::simd(d, hn::Add(at.load(d, h), at.load(d, x))), out);
      } else if constexpr (Cell == RnnCell::Gru) {
        const auto r = sigmoid_v(d, hn::Add(at.load(d, h), at.load(d, x)));
        const auto z = sigmoid_v(d, hn::Add(at.load(d, h + n), at.load(d, x + n)));
        const auto g = tanh_v(d, hn::Add(at.load(d, x + 2 * n), hn::Mul(at.load(d, h + 2 * n), r)));
        at.store(d, hn::Add(hn::Mul(hn::Sub(at.load(d, state), g), z), g), out);
      } else {
        const auto i = sigmoid_v(d, hn::Add(at.load(d, h), at.load(d, x)));
        const auto f = sigmoid_v(d, hn::Add(at.load(d, h + n), at.load(d, x + n)));
        const auto g = tanh_v(d, hn::Add(at.load(d, h + 2 * n), at.load(d, x + 2 * n)));
        const auto o = sigmoid_v(d, hn::Add(at.load(d, h + 3 * n), at.load(d, x + 3 * n)));
        const auto c = hn::Add(hn::Mul(f, at.load(d, cell)), hn::Mul(i, g));
        at.store(d, c, cell);
        at.store(d, hn::Mul(o, tanh_v(d, c)), out);
      }
    });
  }
}

}  // namespace muna::kernels
