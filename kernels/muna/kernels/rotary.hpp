// Rotary position embedding in the rotate-half form (Hugging Face's Llama/Gemma):
//   out = x * cos + rotate_half(x) * sin,  rotate_half(x) = cat(-x[half:], x[:half])
// applied in place to every head of every token in one pass, where torch eager slices,
// negates, concatenates, multiplies twice and adds.
//
// rope_tables() computes cos/sin [positions, head_dim / 2] once per forward, as Hugging Face
// does in fp32: inv_freq[i] = 1 / theta^(2i / head_dim), angle = inv_freq[i] * position.
// (HF's tables repeat each half twice; the repeat is implicit here.) q and k share the tables.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>

#include "muna/core/error.hpp"
#include "muna/core/threading.hpp"
#include "muna/kernels/vector_loop.hpp"

namespace muna::kernels {

inline void rope_tables(const int64_t* positions, int64_t count, int64_t head_dim, float theta, float* cos_out,
                        float* sin_out) {
  if (head_dim <= 0 || head_dim % 2 != 0)
    throw ValueError("rope_tables: head_dim must be a positive even number, got " + std::to_string(head_dim));
  const int64_t half = head_dim / 2;
  for (int64_t t = 0; t < count; ++t) {
    const float pos = static_cast<float>(positions[t]);
    for (int64_t i = 0; i < half; ++i) {
      const float inv_freq = 1.0f / std::pow(theta, static_cast<float>(2 * i) / static_cast<float>(head_dim));
      const float angle = inv_freq * pos;
      cos_out[t * half + i] = std::cos(angle);
      sin_out[t * half + i] = std::sin(angle);
    }
  }
}

namespace rotary_detail {

inline void check(int64_t head_dim) {
  if (head_dim <= 0 || head_dim % 2 != 0)
    throw ValueError("apply_rotary: head_dim must be a positive even number, got " + std::to_string(head_dim));
}

// One pair (x1, x2) = (x[i], x[i + half]); the products are rounded before the sum, as in the
// unfused torch expression.
inline void rotate_pair(float* x1, float* x2, float c, float s) {
  const float a = *x1, b = *x2;
  *x1 = a * c - b * s;
  *x2 = b * c + a * s;
}

}  // namespace rotary_detail

// x: [tokens, heads, head_dim] rotated in place; token t's heads start at x + t * ld_token and
// are ld_head apart. cos/sin: [tokens, head_dim / 2] from rope_tables.
inline void apply_rotary_reference(float* x, int64_t tokens, int64_t heads, int64_t head_dim, int64_t ld_token,
                                   int64_t ld_head, const float* cos, const float* sin) {
  rotary_detail::check(head_dim);
  const int64_t half = head_dim / 2;
  for (int64_t t = 0; t < tokens; ++t)
    for (int64_t h = 0; h < heads; ++h) {
      float* xh = x + t * ld_token + h * ld_head;
      for (int64_t i = 0; i < half; ++i)
        rotary_detail::rotate_pair(xh + i, xh + half + i, cos[t * half + i], sin[t * half + i]);
    }
}

inline void apply_rotary(float* x, int64_t tokens, int64_t heads, int64_t head_dim, int64_t ld_token, int64_t ld_head,
                         const float* cos, const float* sin) {
  rotary_detail::check(head_dim);
  const int64_t half = head_dim / 2;
  // Chunks of >= 32 K elements (a few microseconds): waking a second thread costs about that.
  const int64_t grain = std::max<int64_t>(1, 32768 / std::max<int64_t>(1, heads * head_dim));
  parallel_for(0, tokens, grain, [&](int64_t lo, int64_t hi) {
    const Full<float> d;
    for (int64_t t = lo; t < hi; ++t) {
      const float* ct = cos + t * half;
      const float* st = sin + t * half;
      for (int64_t h = 0; h < heads; ++h) {
        float* x1 = x + t * ld_token + h * ld_head;
        float* x2 = x1 + half;
        for_each_vector(d, static_cast<size_t>(half), [&](auto at) {
          const auto a = at.load(d, x1), b = at.load(d, x2);
          const auto c = at.load(d, ct), s = at.load(d, st);
          at.store(d, hn::Sub(hn::Mul(a, c), hn::Mul(b, s)), x1);
          at.store(d, hn::Add(hn::Mul(b, c), hn::Mul(a, s)), x2);
        });
      }
    }
  });
}

// One row of the rotate-half form with full-width tables, as a model computes them in its own
// code (cos/sin of cat(freqs, freqs), each [head_dim]): out = x * cos + rotate_half(x) * sin.
// The two halves of a table need not be equal. out must not alias x.
inline void rotate_half_row(const float* x, const float* cos, const float* sin, float* out, int64_t half) {
  const Full<float> d;
  for_each_vector(d, static_cast<size_t>(half), [&](auto at) {
    const auto a = at.load(d, x), b = at.load(d, x + half);
    at.store(d, hn::Sub(hn::Mul(a, at.load(d, cos)), hn::Mul(b, at.load(d, sin))), out);
    at.store(d, hn::Add(hn::Mul(b, at.load(d, cos + half)), hn::Mul(a, at.load(d, sin + half))), out + half);
  });
}

}  // namespace muna::kernels
