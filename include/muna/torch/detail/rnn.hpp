// The recurrent layers torch's nn.RNN / nn.LSTM / nn.GRU and their cells reach in C++
// (torch._VF.rnn_tanh, rnn_relu, lstm, gru and the *_cell functions), on the project's GEMM:
// for each layer and direction, the input projections of every time step are one GEMM
// (W_ih [G*H, I] against all T*B input rows, as ATen's CPU path does), then each step is one
// GEMM of the hidden state (W_hh) and the cell's element-wise update
// (kernels/muna/kernels/rnn_cells.hpp). Constant weights arrive packed once for the GEMM.
//
// Weights come as torch's _flat_weights: per layer, per direction (forward, then reverse):
// w_ih, w_hh, then b_ih, b_hh when has_biases, then w_hr for an LSTM with proj_size > 0.
// hx is (num_layers * num_directions, B, H); outputs are (T, B, D * H), or (B, T, D * H) with
// batch_first, the forward direction's features first.
#pragma once
#include <algorithm>
#include <cstring>
#include <string>
#include <tuple>
#include <vector>

#include <muna/kernels/gemm.hpp>
#include <muna/kernels/rnn_cells.hpp>
#include <muna/torch/detail/common.hpp>
#include <muna/torch/nn/functional/linear_packed.hpp>

namespace muna::torch::detail::rnn {

using kernels::RnnCell;

// A weight matrix in torch's [out, in] layout, or a bias: a constant packed for the GEMM, a
// tensor (made contiguous), or absent (a bias of a layer built with bias=False).
template <class T>
struct Weight {
  const kernels::PackedWeight* packed = nullptr;
  Tn<T> tensor;
  bool present = false;

  int64_t rows() const { return packed ? packed->N() : tensor.shape()[0]; }
  int64_t cols() const { return packed ? packed->K() : tensor.ndim() > 1 ? tensor.shape()[1] : 1; }
};

template <class T>
Weight<T> weight(const kernels::PackedWeight& w) {
  static_assert(std::is_same_v<T, float>, "packed weights are float32");
  Weight<T> out;
  out.packed = &w;
  out.present = true;
  return out;
}
template <class T, class S>
Weight<T> weight(const Tn<S>& w) {
  static_assert(std::is_same_v<T, S>, "RNN weights have the input's dtype (the compiler checks)");
  Weight<T> out;
  out.tensor = contiguous(w);
  out.present = true;
  return out;
}
template <class T>
Weight<T> weight(NoneType) { return {}; }

// out[m, :] = x[m, :] @ w^T + bias for m rows (x rows ldx apart, out rows ldo apart).
template <class T>
void project(const T* x, int64_t m, int64_t ldx, const Weight<T>& w, const Weight<T>& bias, T* out, int64_t ldo) {
  const int64_t n = w.rows(), k = w.cols();
  if (m == 0 || n == 0) return;
  const T* b = bias.present ? bias.tensor.data() : nullptr;
  if (w.packed) {
    if constexpr (std::is_same_v<T, float>) return kernels::linear(x, m, ldx, *w.packed, b, out, ldo);
  }
  if (k == 0) {
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < n; ++j) out[i * ldo + j] = b ? b[j] : T(0);
    return;
  }
  kernels::matmul(x, w.tensor.data(), out, m, n, k, ldx, k, ldo, /*transpose_b=*/true);
  if (b)
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < n; ++j) out[i * ldo + j] += b[j];
}

// One layer in one direction: w_ih, w_hh, b_ih, b_hh, w_hr (absent ones not present).
template <class T>
struct Layer {
  Weight<T> w_ih, w_hh, b_ih, b_hh, w_hr;
};

template <class T>
Layer<T> layer_at(const std::vector<Weight<T>>& flat, size_t at, bool has_biases, bool proj) {
  Layer<T> p;
  p.w_ih = flat[at++];
  p.w_hh = flat[at++];
  if (has_biases) p.b_ih = flat[at++], p.b_hh = flat[at++];
  if (proj) p.w_hr = flat[at++];
  return p;
}

inline void require(bool ok, const std::string& message) {
  if (!ok) throw RuntimeError(message);
}

// Runs one direction of one layer. x holds `steps * batch` rows of `in` features, row (t, b) at
// x_row(t, b); out gets h_t of batch b at out + out_row(t, b) * ld_out. h [batch, out_size] and,
// for the LSTM, c [batch, hidden] hold the initial state and are left holding the final one.
template <RnnCell Cell, class T, class Row>
void run_direction(const T* x, int64_t steps, int64_t batch, int64_t in, const Layer<T>& p, bool reverse, T* h, T* c,
                   T* out, int64_t ld_out, Row&& row) {
  const int64_t hidden = p.w_hh.rows() / kernels::rnn_gates(Cell);
  const int64_t out_size = p.w_hr.present ? p.w_hr.rows() : hidden;
  const int64_t g = kernels::rnn_gates(Cell) * hidden;
  // Every step's input projection in one GEMM, rows in the input's own order.
  std::vector<T> xg(static_cast<size_t>(steps * batch * g));
  project(x, steps * batch, in, p.w_ih, p.b_ih, xg.data(), g);
  std::vector<T> hg(static_cast<size_t>(batch * g));
  std::vector<T> unprojected(p.w_hr.present ? static_cast<size_t>(batch * hidden) : 0);
  for (int64_t s = 0; s < steps; ++s) {
    const int64_t t = reverse ? steps - 1 - s : s;
    project(h, batch, out_size, p.w_hh, p.b_hh, hg.data(), g);
    for (int64_t b = 0; b < batch; ++b) {
      T* state = h + b * out_size;
      T* cell = c ? c + b * hidden : nullptr;
      T* result = p.w_hr.present ? unprojected.data() + b * hidden : state;
      kernels::rnn_cell<Cell>(xg.data() + row(t, b) * g, hg.data() + b * g, state, cell, result, hidden);
    }
    if (p.w_hr.present) project(unprojected.data(), batch, hidden, p.w_hr, Weight<T>{}, h, out_size);
    for (int64_t b = 0; b < batch; ++b)
      std::memcpy(out + row(t, b) * ld_out, h + b * out_size, sizeof(T) * static_cast<size_t>(out_size));
  }
}

// The whole stack: returns output and the final h (and c) as (L * D, B, out_size) tensors.
template <RnnCell Cell, class T>
std::tuple<Tn<T>, Tn<T>, Tn<T>> run(const Tn<T>& input, const Tn<T>& hx, const Tn<T>* cx,
                                    const std::vector<Weight<T>>& flat, bool has_biases, int64_t num_layers,
                                    bool bidirectional, bool batch_first) {
  const int64_t dirs = bidirectional ? 2 : 1;
  require(input.ndim() == 3, "input must have 3 dimensions, got " + std::to_string(input.ndim()));
  require(num_layers > 0 && flat.size() % static_cast<size_t>(num_layers * dirs) == 0,
          "RNN: the weights do not match num_layers and bidirectional");
  const int64_t per = static_cast<int64_t>(flat.size()) / (num_layers * dirs);
  const bool proj = per == (has_biases ? 5 : 3);
  require(per == (has_biases ? 4 : 2) || (Cell == RnnCell::Lstm && proj), "RNN: unexpected number of weights");
  const int64_t steps = input.shape()[batch_first ? 1 : 0], batch = input.shape()[batch_first ? 0 : 1];
  require(steps > 0, "Expected sequence length to be larger than 0 in RNN");
  const Layer<T> first = layer_at(flat, 0, has_biases, proj);
  const int64_t hidden = first.w_hh.rows() / kernels::rnn_gates(Cell);
  const int64_t out_size = proj ? first.w_hr.rows() : hidden;
  auto expect_state = [&](const Tn<T>& s, int64_t size, const char* what) {
    const Shape want{num_layers * dirs, batch, size};
    require(s.shape() == want, std::string("Expected ") + what + " size " + shape_str(want) + ", got " +
                                   shape_str(s.shape()));
  };
  expect_state(hx, out_size, "hidden");
  if (cx) expect_state(*cx, hidden, "cell");
  // Rows (t, b) of x and of every layer's output in the caller's layout: no transposes.
  auto row = [&](int64_t t, int64_t b) { return batch_first ? b * steps + t : t * batch + b; };
  Tn<T> layer_in = contiguous(input);
  Tn<T> h_n(Shape{num_layers * dirs, batch, out_size});
  Tn<T> c_n(cx ? Shape{num_layers * dirs, batch, hidden} : Shape{0});
  if (h_n.size()) std::memcpy(h_n.data(), contiguous(hx).data(), sizeof(T) * static_cast<size_t>(h_n.size()));
  if (cx && c_n.size()) std::memcpy(c_n.data(), contiguous(*cx).data(), sizeof(T) * static_cast<size_t>(c_n.size()));
  Tn<T> layer_out;
  for (int64_t l = 0; l < num_layers; ++l) {
    const int64_t in = layer_in.shape()[2];
    Shape out_shape = batch_first ? Shape{batch, steps, dirs * out_size} : Shape{steps, batch, dirs * out_size};
    layer_out = Tn<T>(out_shape);
    for (int64_t d = 0; d < dirs; ++d) {
      const Layer<T> p = layer_at(flat, static_cast<size_t>((l * dirs + d) * per), has_biases, proj);
      require(p.w_ih.cols() == in, "input.size(-1) must be equal to input_size. Expected " +
                                       std::to_string(p.w_ih.cols()) + ", got " + std::to_string(in));
      T* h = h_n.data() + (l * dirs + d) * batch * out_size;
      T* c = cx ? c_n.data() + (l * dirs + d) * batch * hidden : nullptr;
      run_direction<Cell>(layer_in.data(), steps, batch, in, p, d == 1, h, c, layer_out.data() + d * out_size,
                          dirs * out_size, row);
    }
    layer_in = layer_out;  // dropout between layers applies in training only
  }
  return {layer_out, h_n, c_n};
}

template <class T, class... W>
std::vector<Weight<T>> flat_weights(const W&... params) {
  return {weight<T>(params)...};
}

// A cell (one step, no sequence): input [B, I], hx [B, H].
template <RnnCell Cell, class T, class W1, class W2, class B1, class B2>
std::pair<Tn<T>, Tn<T>> step(const Tn<T>& input, const Tn<T>& hx, const Tn<T>* cx, const W1& w_ih, const W2& w_hh,
                             const B1& b_ih, const B2& b_hh) {
  Layer<T> p;
  p.w_ih = weight<T>(w_ih), p.w_hh = weight<T>(w_hh), p.b_ih = weight<T>(b_ih), p.b_hh = weight<T>(b_hh);
  const int64_t hidden = p.w_hh.rows() / kernels::rnn_gates(Cell);
  require(input.ndim() == 2 && input.shape()[1] == p.w_ih.cols(),
          "input has inconsistent input_size: got " + std::to_string(input.ndim() ? input.shape().back() : 0) +
              " expected " + std::to_string(p.w_ih.cols()));
  const int64_t batch = input.shape()[0];
  for (const Tn<T>* s : {&hx, cx}) {
    if (!s) continue;
    require(s->ndim() == 2 && s->shape()[0] == batch, "Input batch size " + std::to_string(batch) +
                                                          " doesn't match hidden0 batch size " +
                                                          std::to_string(s->ndim() ? s->shape()[0] : 0));
    require(s->shape()[1] == p.w_hh.cols(), "hidden0 has inconsistent hidden_size: got " +
                                                std::to_string(s->shape()[1]) + ", expected " +
                                                std::to_string(p.w_hh.cols()));
  }
  const Tn<T> x = contiguous(input);
  Tn<T> h(Shape{batch, hidden});
  if (h.size()) std::memcpy(h.data(), contiguous(hx).data(), sizeof(T) * static_cast<size_t>(h.size()));
  Tn<T> c(cx ? Shape{batch, hidden} : Shape{0});
  if (cx && c.size()) std::memcpy(c.data(), contiguous(*cx).data(), sizeof(T) * static_cast<size_t>(c.size()));
  Tn<T> out(Shape{batch, hidden});
  run_direction<Cell>(x.data(), 1, batch, p.w_ih.cols(), p, false, h.data(), cx ? c.data() : nullptr, out.data(),
                      hidden, [](int64_t, int64_t b) { return b; });
  return {out, c};
}

}  // namespace muna::torch::detail::rnn

namespace muna::torch {

template <class T, class... W>
std::tuple<detail::Tn<T>, detail::Tn<T>> rnn_tanh(const detail::Tn<T>& input, const detail::Tn<T>& hx, bool has_biases,
                                                  int64_t num_layers, bool bidirectional, bool batch_first,
                                                  const W&... params) {
  auto r = detail::rnn::run<kernels::RnnCell::Tanh, T>(input, hx, nullptr, detail::rnn::flat_weights<T>(params...),
                                                       has_biases, num_layers, bidirectional, batch_first);
  return {std::get<0>(r), std::get<1>(r)};
}

template <class T, class... W>
std::tuple<detail::Tn<T>, detail::Tn<T>> rnn_relu(const detail::Tn<T>& input, const detail::Tn<T>& hx, bool has_biases,
                                                  int64_t num_layers, bool bidirectional, bool batch_first,
                                                  const W&... params) {
  auto r = detail::rnn::run<kernels::RnnCell::Relu, T>(input, hx, nullptr, detail::rnn::flat_weights<T>(params...),
                                                       has_biases, num_layers, bidirectional, batch_first);
  return {std::get<0>(r), std::get<1>(r)};
}

template <class T, class... W>
std::tuple<detail::Tn<T>, detail::Tn<T>> gru(const detail::Tn<T>& input, const detail::Tn<T>& hx, bool has_biases,
                                             int64_t num_layers, bool bidirectional, bool batch_first, const W&... params) {
  auto r = detail::rnn::run<kernels::RnnCell::Gru, T>(input, hx, nullptr, detail::rnn::flat_weights<T>(params...),
                                                      has_biases, num_layers, bidirectional, batch_first);
  return {std::get<0>(r), std::get<1>(r)};
}

// hx is (h_0, c_0); returns (output, h_n, c_n).
template <class T, class HX, class... W>
std::tuple<detail::Tn<T>, detail::Tn<T>, detail::Tn<T>> lstm(const detail::Tn<T>& input, const HX& hx, bool has_biases,
                                                             int64_t num_layers, bool bidirectional, bool batch_first,
                                                             const W&... params) {
  const detail::Tn<T> h0 = std::get<0>(hx), c0 = std::get<1>(hx);
  return detail::rnn::run<kernels::RnnCell::Lstm, T>(input, h0, &c0, detail::rnn::flat_weights<T>(params...), has_biases,
                                                     num_layers, bidirectional, batch_first);
}

template <class T, class W1, class W2, class B1, class B2>
detail::Tn<T> rnn_tanh_cell(const detail::Tn<T>& input, const detail::Tn<T>& hx, const W1& w_ih, const W2& w_hh,
                            const B1& b_ih, const B2& b_hh) {
  return detail::rnn::step<kernels::RnnCell::Tanh, T>(input, hx, nullptr, w_ih, w_hh, b_ih, b_hh).first;
}

template <class T, class W1, class W2, class B1, class B2>
detail::Tn<T> rnn_relu_cell(const detail::Tn<T>& input, const detail::Tn<T>& hx, const W1& w_ih, const W2& w_hh,
                            const B1& b_ih, const B2& b_hh) {
  return detail::rnn::step<kernels::RnnCell::Relu, T>(input, hx, nullptr, w_ih, w_hh, b_ih, b_hh).first;
}

template <class T, class W1, class W2, class B1, class B2>
detail::Tn<T> gru_cell(const detail::Tn<T>& input, const detail::Tn<T>& hx, const W1& w_ih, const W2& w_hh,
                       const B1& b_ih, const B2& b_hh) {
  return detail::rnn::step<kernels::RnnCell::Gru, T>(input, hx, nullptr, w_ih, w_hh, b_ih, b_hh).first;
}

// hx is (h, c); returns (h', c').
template <class T, class HX, class W1, class W2, class B1, class B2>
std::tuple<detail::Tn<T>, detail::Tn<T>> lstm_cell(const detail::Tn<T>& input, const HX& hx, const W1& w_ih,
                                                   const W2& w_hh, const B1& b_ih, const B2& b_hh) {
  const detail::Tn<T> h0 = std::get<0>(hx), c0 = std::get<1>(hx);
  auto r = detail::rnn::step<kernels::RnnCell::Lstm, T>(input, h0, &c0, w_ih, w_hh, b_ih, b_hh);
  return {r.first, r.second};
}

}  // namespace muna::torch
