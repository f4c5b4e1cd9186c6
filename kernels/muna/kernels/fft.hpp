// Discrete Fourier transforms of any length in double precision (NumPy 1.24's numpy.fft computes
// in double for every input dtype, so one precision serves float32 and float64 alike).
//
// A complex transform of length n runs as a Stockham autosort FFT (decimation in frequency,
// natural order in and out, no bit reversal) over the factors of n: radix 4, 2, 3 and 5
// butterflies, and a generic butterfly for other prime factors up to kMaxDirectRadix. A length
// whose factors make that too slow (large primes) runs Bluestein's algorithm instead: the DFT
// as a convolution with a chirp, done by three FFTs of a 2^a 3^b 5^c length >= 2n - 1.
// Data is split (re[], im[]): every stage vectorises over the contiguous index of its
// sub-transforms with plain loads, stores and FMAs, and the first stage, whose sub-transforms
// are single elements, vectorises over butterflies and writes its outputs interleaved.
// Twiddles come from unit_root, which reduces the angle to [0, pi/4] exactly in integers.
//
// Real transforms of even length n fold the input into a complex transform of n/2 (z[t] =
// x[2t] + i x[2t+1]) and unfold its result; odd lengths use the complex transform.
// Plans (twiddle tables) are built once per length and thread (plan_cache).
#pragma once
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <list>
#include <memory>
#include <utility>
#include <vector>

#include <muna/kernels/simd.hpp>

namespace muna::kernels::fft {

// Prime factors above this use Bluestein when that is cheaper (Plan::cost).
constexpr size_t kMaxDirectRadix = 61;

// cos(2 pi j / n) and sin(2 pi j / n). The angle is reduced to [0, pi/4] by the symmetries of
// the octants, on integers (in units of pi / (4n)), so the libm call sees an argument with a
// single rounding: the roots of unity are correct to about an ulp.
inline void unit_root(uint64_t j, uint64_t n, double& c, double& s) {
  const uint64_t full = 8 * n;
  uint64_t t = (8 * (j % n)) % full;  // the angle is 2 pi t / (8n)
  bool negate_sin = false, negate_cos = false, swap = false;
  if (t > 4 * n) { t = full - t; negate_sin = true; }   // (pi, 2 pi): mirror into [0, pi]
  if (t > 2 * n) { t = 4 * n - t; negate_cos = true; }  // (pi/2, pi]: pi - angle
  if (t > n) { t = 2 * n - t; swap = true; }            // (pi/4, pi/2]: pi/2 - angle
  const double angle = 0.78539816339744830962 * (static_cast<double>(t) / static_cast<double>(n));
  double cv = std::cos(angle), sv = std::sin(angle);
  if (swap) std::swap(cv, sv);
  c = negate_cos ? -cv : cv;
  s = negate_sin ? -sv : sv;
}

namespace detail {

using D1 = hn::CappedTag<double, 1>;

inline std::vector<size_t> factorize(size_t n) {
  std::vector<size_t> out;
  while (n % 4 == 0) { out.push_back(4); n /= 4; }
  while (n % 2 == 0) { out.push_back(2); n /= 2; }
  for (size_t p = 3; p * p <= n; p += 2)
    while (n % p == 0) { out.push_back(p); n /= p; }
  if (n > 1) out.push_back(n);
  // A radix 2 after radix 4s: put it first, where the output interleaving is cheapest.
  if (!out.empty() && std::find(out.begin(), out.end(), 2) != out.end()) {
    out.erase(std::find(out.begin(), out.end(), 2));
    out.insert(out.begin(), 2);
  }
  return out;
}

// One Stockham stage: the current sub-transforms have length r*m and are interleaved with
// stride s; output k of butterfly p is multiplied by w^(p k), w = exp(-2 pi i / (r m)).
struct Stage {
  size_t radix, m, s;
  std::vector<double> tw_re, tw_im;  // [(k - 1) * m + p], k in [1, radix)
  std::vector<double> root_re, root_im;  // exp(-2 pi i q / radix), generic butterflies only
};

template <class D>
HWY_INLINE void cmul(D d, hn::Vec<D>& re, hn::Vec<D>& im, hn::Vec<D> wr, hn::Vec<D> wi) {
  const auto r = hn::MulSub(re, wr, hn::Mul(im, wi));
  im = hn::MulAdd(re, wi, hn::Mul(im, wr));
  re = r;
  (void)d;
}

// The radix-R DFT of a[0..R) in place (forward: exp(-2 pi i j k / R)).
template <size_t R, class D>
HWY_INLINE void butterfly(D d, hn::Vec<D>* ar, hn::Vec<D>* ai, const Stage& st) {
  using V = hn::Vec<D>;
  if constexpr (R == 2) {
    const V r0 = hn::Add(ar[0], ar[1]), i0 = hn::Add(ai[0], ai[1]);
    ar[1] = hn::Sub(ar[0], ar[1]);
    ai[1] = hn::Sub(ai[0], ai[1]);
    ar[0] = r0;
    ai[0] = i0;
  } else if constexpr (R == 4) {
    const V s02r = hn::Add(ar[0], ar[2]), s02i = hn::Add(ai[0], ai[2]);
    const V d02r = hn::Sub(ar[0], ar[2]), d02i = hn::Sub(ai[0], ai[2]);
    const V s13r = hn::Add(ar[1], ar[3]), s13i = hn::Add(ai[1], ai[3]);
    const V d13r = hn::Sub(ar[1], ar[3]), d13i = hn::Sub(ai[1], ai[3]);
    // (a1 - a3) * -i = (d13i, -d13r)
    ar[0] = hn::Add(s02r, s13r);
    ai[0] = hn::Add(s02i, s13i);
    ar[2] = hn::Sub(s02r, s13r);
    ai[2] = hn::Sub(s02i, s13i);
    ar[1] = hn::Add(d02r, d13i);
    ai[1] = hn::Sub(d02i, d13r);
    ar[3] = hn::Sub(d02r, d13i);
    ai[3] = hn::Add(d02i, d13r);
  } else if constexpr (R == 3) {
    const V half = hn::Set(d, 0.5), sin60 = hn::Set(d, 0.86602540378443864676);
    const V tr = hn::Add(ar[1], ar[2]), ti = hn::Add(ai[1], ai[2]);
    const V ur = hn::Mul(sin60, hn::Sub(ar[1], ar[2])), ui = hn::Mul(sin60, hn::Sub(ai[1], ai[2]));
    const V mr = hn::NegMulAdd(half, tr, ar[0]), mi = hn::NegMulAdd(half, ti, ai[0]);
    ar[0] = hn::Add(ar[0], tr);
    ai[0] = hn::Add(ai[0], ti);
    // b1 = m - i u, b2 = m + i u
    ar[1] = hn::Add(mr, ui);
    ai[1] = hn::Sub(mi, ur);
    ar[2] = hn::Sub(mr, ui);
    ai[2] = hn::Add(mi, ur);
  } else if constexpr (R == 5) {
    const V c1 = hn::Set(d, 0.30901699437494742410), c2 = hn::Set(d, -0.80901699437494742410);
    const V s1 = hn::Set(d, 0.95105651629515357212), s2 = hn::Set(d, 0.58778525229247312917);
    const V t1r = hn::Add(ar[1], ar[4]), t1i = hn::Add(ai[1], ai[4]);
    const V t2r = hn::Add(ar[2], ar[3]), t2i = hn::Add(ai[2], ai[3]);
    const V u1r = hn::Sub(ar[1], ar[4]), u1i = hn::Sub(ai[1], ai[4]);
    const V u2r = hn::Sub(ar[2], ar[3]), u2i = hn::Sub(ai[2], ai[3]);
    const V m1r = hn::MulAdd(c2, t2r, hn::MulAdd(c1, t1r, ar[0]));
    const V m1i = hn::MulAdd(c2, t2i, hn::MulAdd(c1, t1i, ai[0]));
    const V m2r = hn::MulAdd(c1, t2r, hn::MulAdd(c2, t1r, ar[0]));
    const V m2i = hn::MulAdd(c1, t2i, hn::MulAdd(c2, t1i, ai[0]));
    const V n1r = hn::MulAdd(s2, u2r, hn::Mul(s1, u1r)), n1i = hn::MulAdd(s2, u2i, hn::Mul(s1, u1i));
    const V n2r = hn::MulSub(s2, u1r, hn::Mul(s1, u2r)), n2i = hn::MulSub(s2, u1i, hn::Mul(s1, u2i));
    ar[0] = hn::Add(ar[0], hn::Add(t1r, t2r));
    ai[0] = hn::Add(ai[0], hn::Add(t1i, t2i));
    // b1 = m1 - i n1, b4 = m1 + i n1, b2 = m2 - i n2, b3 = m2 + i n2
    ar[1] = hn::Add(m1r, n1i);
    ai[1] = hn::Sub(m1i, n1r);
    ar[4] = hn::Sub(m1r, n1i);
    ai[4] = hn::Add(m1i, n1r);
    ar[2] = hn::Add(m2r, n2i);
    ai[2] = hn::Sub(m2i, n2r);
    ar[3] = hn::Sub(m2r, n2i);
    ai[3] = hn::Add(m2i, n2r);
  } else {
    // An odd prime radix: pairs (a_j + a_{R-j}, a_j - a_{R-j}) halve the multiplications.
    const size_t r = st.radix, half = (r - 1) / 2;
    V sr[kMaxDirectRadix / 2 + 1], si[kMaxDirectRadix / 2 + 1];
    V dr[kMaxDirectRadix / 2 + 1], di[kMaxDirectRadix / 2 + 1];
    V b0r = ar[0], b0i = ai[0];
    for (size_t j = 1; j <= half; ++j) {
      sr[j] = hn::Add(ar[j], ar[r - j]);
      si[j] = hn::Add(ai[j], ai[r - j]);
      dr[j] = hn::Sub(ar[j], ar[r - j]);
      di[j] = hn::Sub(ai[j], ai[r - j]);
      b0r = hn::Add(b0r, sr[j]);
      b0i = hn::Add(b0i, si[j]);
    }
    const V a0r = ar[0], a0i = ai[0];
    for (size_t k = 1; k <= half; ++k) {
      V mr = a0r, mi = a0i, nr = hn::Zero(d), ni = hn::Zero(d);
      for (size_t j = 1; j <= half; ++j) {
        const size_t q = (j * k) % r;
        const V c = hn::Set(d, st.root_re[q]), s = hn::Set(d, -st.root_im[q]);  // sin(2 pi q / r)
        mr = hn::MulAdd(c, sr[j], mr);
        mi = hn::MulAdd(c, si[j], mi);
        nr = hn::MulAdd(s, dr[j], nr);
        ni = hn::MulAdd(s, di[j], ni);
      }
      // b_k = m - i n, b_{r-k} = m + i n
      ar[k] = hn::Add(mr, ni);
      ai[k] = hn::Sub(mi, nr);
      ar[r - k] = hn::Sub(mr, ni);
      ai[r - k] = hn::Add(mi, nr);
    }
    ar[0] = b0r;
    ai[0] = b0i;
  }
}

// Butterflies p of a stage for q in [q0, q1) (q1 - q0 a multiple of the lane count of D).
template <size_t R, class D>
HWY_INLINE void stage_rows(D d, const Stage& st, size_t p, size_t q0, size_t q1, const double* xr,
                           const double* xi, double* yr, double* yi) {
  using V = hn::Vec<D>;
  const size_t r = R ? R : st.radix, m = st.m, s = st.s;
  constexpr size_t kSlots = R ? R : kMaxDirectRadix;
  V wr[kSlots], wi[kSlots];
  if (p != 0)
    for (size_t k = 1; k < r; ++k) {
      wr[k] = hn::Set(d, st.tw_re[(k - 1) * m + p]);
      wi[k] = hn::Set(d, st.tw_im[(k - 1) * m + p]);
    }
  for (size_t q = q0; q < q1; q += hn::Lanes(d)) {
    V ar[kSlots], ai[kSlots];
    for (size_t j = 0; j < r; ++j) {
      ar[j] = hn::LoadU(d, xr + q + s * (p + j * m));
      ai[j] = hn::LoadU(d, xi + q + s * (p + j * m));
    }
    butterfly<R>(d, ar, ai, st);
    for (size_t k = 0; k < r; ++k) {
      if (p != 0 && k != 0) cmul(d, ar[k], ai[k], wr[k], wi[k]);
      hn::StoreU(ar[k], d, yr + q + s * (r * p + k));
      hn::StoreU(ai[k], d, yi + q + s * (r * p + k));
    }
  }
}

// The first stage (s == 1): butterflies p..p+L-1 side by side, twiddles loaded per lane, and
// output k of butterfly p stored at r*p + k by interleaving the R result vectors.
template <size_t R, class D>
HWY_INLINE size_t first_stage_vectors(D d, const Stage& st, const double* xr, const double* xi,
                                      double* yr, double* yi) {
  using V = hn::Vec<D>;
  const size_t L = hn::Lanes(d), m = st.m;
  if constexpr (R == 2 || R == 3 || R == 4) {
    size_t p = 0;
    for (; p + L <= m; p += L) {
      V ar[R], ai[R];
      for (size_t j = 0; j < R; ++j) {
        ar[j] = hn::LoadU(d, xr + p + j * m);
        ai[j] = hn::LoadU(d, xi + p + j * m);
      }
      butterfly<R>(d, ar, ai, st);
      for (size_t k = 1; k < R; ++k)
        cmul(d, ar[k], ai[k], hn::LoadU(d, st.tw_re.data() + (k - 1) * m + p),
             hn::LoadU(d, st.tw_im.data() + (k - 1) * m + p));
      if constexpr (R == 2) {
        hn::StoreInterleaved2(ar[0], ar[1], d, yr + R * p);
        hn::StoreInterleaved2(ai[0], ai[1], d, yi + R * p);
      } else if constexpr (R == 3) {
        hn::StoreInterleaved3(ar[0], ar[1], ar[2], d, yr + R * p);
        hn::StoreInterleaved3(ai[0], ai[1], ai[2], d, yi + R * p);
      } else {
        hn::StoreInterleaved4(ar[0], ar[1], ar[2], ar[3], d, yr + R * p);
        hn::StoreInterleaved4(ai[0], ai[1], ai[2], ai[3], d, yi + R * p);
      }
    }
    return p;
  } else {
    (void)L, (void)m, (void)xr, (void)xi, (void)yr, (void)yi, (void)d, (void)st;
    return 0;
  }
}

template <size_t R>
void run_stage(const Stage& st, const double* xr, const double* xi, double* yr, double* yi) {
  const hn::ScalableTag<double> d;
  const size_t L = hn::Lanes(d), s = st.s, m = st.m;
  if (s == 1) {
    size_t p = L > 1 ? first_stage_vectors<R>(d, st, xr, xi, yr, yi) : 0;
    for (; p < m; ++p) stage_rows<R>(D1(), st, p, 0, 1, xr, xi, yr, yi);
    return;
  }
  // The widest vector (a power of two of lanes) that fits the s contiguous rows.
  for (size_t p = 0; p < m; ++p) {
    size_t q = 0;
    if (s >= L) {
      q = s - s % L;
      stage_rows<R>(d, st, p, 0, q, xr, xi, yr, yi);
    }
#if HWY_TARGET != HWY_SCALAR
    if (HWY_MAX_BYTES >= 32 && s - q >= 4 && L > 4) {
      const hn::CappedTag<double, 4> d4;
      stage_rows<R>(d4, st, p, q, q + 4, xr, xi, yr, yi);
      q += 4;
    }
    if (s - q >= 2 && L > 2) {
      const hn::CappedTag<double, 2> d2;
      const size_t end = q + (s - q) / 2 * 2;
      stage_rows<R>(d2, st, p, q, end, xr, xi, yr, yi);
      q = end;
    }
#endif
    if (q < s) stage_rows<R>(D1(), st, p, q, s, xr, xi, yr, yi);
  }
}

inline void run_stage_any(const Stage& st, const double* xr, const double* xi, double* yr, double* yi) {
  switch (st.radix) {
    case 2: return run_stage<2>(st, xr, xi, yr, yi);
    case 3: return run_stage<3>(st, xr, xi, yr, yi);
    case 4: return run_stage<4>(st, xr, xi, yr, yi);
    case 5: return run_stage<5>(st, xr, xi, yr, yi);
    default: return run_stage<0>(st, xr, xi, yr, yi);
  }
}

// The smallest 2^a 3^b 5^c >= n: Bluestein's convolution length.
inline size_t smooth_length(size_t n) {
  size_t best = 1;
  while (best < n) best *= 2;
  for (size_t f5 = 1; f5 < best; f5 *= 5)
    for (size_t f35 = f5; f35 < best; f35 *= 3) {
      size_t v = f35;
      while (v < n) v *= 2;
      best = std::min(best, v);
    }
  return best;
}

}  // namespace detail

// The forward DFT X[f] = sum_t x[t] exp(-2 pi i f t / n) of one length, on split arrays.
class Plan {
 public:
  explicit Plan(size_t n) : n_(n) {
    if (n <= 1) return;
    const std::vector<size_t> factors = detail::factorize(n);
    const size_t largest = *std::max_element(factors.begin(), factors.end());
    if (largest > kMaxDirectRadix || direct_cost(factors) > 2.5 * bluestein_cost(n)) {
      init_bluestein();
      return;
    }
    size_t current = n, s = 1;
    for (size_t r : factors) {
      detail::Stage st{r, current / r, s, {}, {}, {}, {}};
      st.tw_re.resize((r - 1) * st.m);
      st.tw_im.resize((r - 1) * st.m);
      for (size_t k = 1; k < r; ++k)
        for (size_t p = 0; p < st.m; ++p) {
          double c, sn;
          unit_root(p * k, current, c, sn);
          st.tw_re[(k - 1) * st.m + p] = c;
          st.tw_im[(k - 1) * st.m + p] = -sn;
        }
      if (r > 5) {
        st.root_re.resize(r);
        st.root_im.resize(r);
        for (size_t q = 0; q < r; ++q) {
          double c, sn;
          unit_root(q, r, c, sn);
          st.root_re[q] = c;
          st.root_im[q] = -sn;
        }
      }
      stages_.push_back(std::move(st));
      current /= r;
      s *= r;
    }
  }

  size_t size() const { return n_; }
  // Doubles of scratch forward() needs.
  size_t work_size() const { return bluestein_ ? 4 * m_ + sub_->work_size() : 2 * n_; }

  // In place on re[0..n), im[0..n); `work` holds work_size() doubles.
  void forward(double* re, double* im, double* work) const {
    if (n_ <= 1) return;
    if (bluestein_) return forward_bluestein(re, im, work);
    double *xr = re, *xi = im, *yr = work, *yi = work + n_;
    for (const detail::Stage& st : stages_) {
      detail::run_stage_any(st, xr, xi, yr, yi);
      std::swap(xr, yr);
      std::swap(xi, yi);
    }
    if (xr != re) {
      std::memcpy(re, xr, n_ * sizeof(double));
      std::memcpy(im, xi, n_ * sizeof(double));
    }
  }

  // The unnormalised inverse (exp(+2 pi i f t / n)): conjugate, forward, conjugate.
  void backward(double* re, double* im, double* work) const {
    for (size_t i = 0; i < n_; ++i) im[i] = -im[i];
    forward(re, im, work);
    for (size_t i = 0; i < n_; ++i) im[i] = -im[i];
  }

 private:
  // Rough operation counts: a radix-r pass costs about r per element for the generic
  // butterfly, less for the special ones.
  static double direct_cost(const std::vector<size_t>& factors) {
    double per_element = 0;
    for (size_t r : factors) per_element += r <= 5 ? 1.0 + 0.25 * static_cast<double>(r) : 0.5 * static_cast<double>(r) + 2;
    return per_element;
  }
  static double bluestein_cost(size_t n) {
    const size_t m = detail::smooth_length(2 * n - 1);
    double per_element = direct_cost(detail::factorize(m));
    return (2.0 * per_element + 3.0) * static_cast<double>(m) / static_cast<double>(n);
  }

  // X[f] = conj(c[f]) * sum_t (x[t] conj(c[t])) c[f - t], c[t] = exp(i pi t^2 / n): a
  // convolution with the chirp, done at length m by FFTs (the chirp's transform precomputed).
  void init_bluestein() {
    bluestein_ = true;
    m_ = detail::smooth_length(2 * n_ - 1);
    sub_ = std::make_unique<Plan>(m_);
    chirp_re_.resize(n_);
    chirp_im_.resize(n_);
    for (size_t t = 0; t < n_; ++t) {
      // t^2 mod 2n exactly (t < n < 2^32 for any array that fits in memory).
      const uint64_t sq = (static_cast<uint64_t>(t) * t) % (2 * static_cast<uint64_t>(n_));
      unit_root(sq, 2 * n_, chirp_re_[t], chirp_im_[t]);  // exp(+i pi t^2 / n)
    }
    kernel_re_.assign(m_, 0.0);
    kernel_im_.assign(m_, 0.0);
    const double scale = 1.0 / static_cast<double>(m_);  // the inverse FFT's 1/m, folded in here
    kernel_re_[0] = chirp_re_[0] * scale;
    kernel_im_[0] = chirp_im_[0] * scale;
    for (size_t t = 1; t < n_; ++t) {
      kernel_re_[t] = kernel_re_[m_ - t] = chirp_re_[t] * scale;
      kernel_im_[t] = kernel_im_[m_ - t] = chirp_im_[t] * scale;
    }
    std::vector<double> work(sub_->work_size());
    sub_->forward(kernel_re_.data(), kernel_im_.data(), work.data());
  }

  void forward_bluestein(double* re, double* im, double* work) const {
    double* ar = work;
    double* ai = work + m_;
    double* sub_work = work + 4 * m_;
    for (size_t t = 0; t < n_; ++t) {  // a[t] = x[t] conj(c[t])
      const double cr = chirp_re_[t], ci = chirp_im_[t];
      ar[t] = re[t] * cr + im[t] * ci;
      ai[t] = im[t] * cr - re[t] * ci;
    }
    std::fill(ar + n_, ar + m_, 0.0);
    std::fill(ai + n_, ai + m_, 0.0);
    sub_->forward(ar, ai, sub_work);
    for (size_t f = 0; f < m_; ++f) {  // times the kernel's transform, conjugated for the inverse
      const double xr = ar[f], xi = ai[f], kr = kernel_re_[f], ki = kernel_im_[f];
      ar[f] = xr * kr - xi * ki;
      ai[f] = -(xr * ki + xi * kr);
    }
    sub_->forward(ar, ai, sub_work);  // conj(FFT(conj(.))) is the inverse: conjugate below
    for (size_t f = 0; f < n_; ++f) {  // X[f] = conj(c[f]) * conj(a[f])
      const double cr = chirp_re_[f], ci = chirp_im_[f], xr = ar[f], xi = -ai[f];
      re[f] = xr * cr + xi * ci;
      im[f] = xi * cr - xr * ci;
    }
  }

  size_t n_;
  std::vector<detail::Stage> stages_;
  bool bluestein_ = false;
  size_t m_ = 0;
  std::unique_ptr<Plan> sub_;
  std::vector<double> chirp_re_, chirp_im_, kernel_re_, kernel_im_;
};

// Real transforms of one length: rfft (n real -> n/2 + 1 complex) and its unnormalised
// inverse irfft (n/2 + 1 complex, taken as the half of a Hermitian spectrum -> n real).
class RealPlan {
 public:
  explicit RealPlan(size_t n) : n_(n), complex_(n % 2 == 0 ? n / 2 : n) {
    if (n % 2 == 0) {
      const size_t h = n / 2;
      w_re_.resize(h + 1);
      w_im_.resize(h + 1);
      for (size_t k = 0; k <= h; ++k) {
        double c, s;
        unit_root(k, n, c, s);
        w_re_[k] = c;
        w_im_[k] = -s;  // exp(-2 pi i k / n)
      }
    }
  }

  size_t size() const { return n_; }
  size_t work_size() const { return 2 * complex_.size() + complex_.work_size(); }

  // out[0..n/2] = rfft(x).
  void forward(const double* x, double* out_re, double* out_im, double* work) const {
    const size_t c = complex_.size();
    double* zr = work;
    double* zi = work + c;
    double* rest = work + 2 * c;
    if (n_ % 2) {
      std::memcpy(zr, x, n_ * sizeof(double));
      std::fill(zi, zi + n_, 0.0);
      complex_.forward(zr, zi, rest);
      std::memcpy(out_re, zr, (n_ / 2 + 1) * sizeof(double));
      std::memcpy(out_im, zi, (n_ / 2 + 1) * sizeof(double));
      out_im[0] = 0.0;  // the sum of real values (Bluestein leaves rounding noise there)
      return;
    }
    const size_t h = c;
    for (size_t t = 0; t < h; ++t) {
      zr[t] = x[2 * t];
      zi[t] = x[2 * t + 1];
    }
    complex_.forward(zr, zi, rest);
    out_re[0] = zr[0] + zi[0];
    out_im[0] = 0.0;
    out_re[h] = zr[0] - zi[0];
    out_im[h] = 0.0;
    // X[k] = E[k] + w^k O[k], E = (Z[k] + conj Z[h-k]) / 2, O = (Z[k] - conj Z[h-k]) / 2i.
    for (size_t k = 1; k < h; ++k) {
      const double ar = zr[k], ai = zi[k], br = zr[h - k], bi = -zi[h - k];
      const double er = 0.5 * (ar + br), ei = 0.5 * (ai + bi);
      const double or_ = 0.5 * (ai - bi), oi = -0.5 * (ar - br);
      const double wr = w_re_[k], wi = w_im_[k];
      out_re[k] = er + (or_ * wr - oi * wi);
      out_im[k] = ei + (or_ * wi + oi * wr);
    }
  }

  // x[0..n) = sum over the Hermitian spectrum of in[0..n/2] times exp(+2 pi i f t / n); the
  // imaginary parts of in[0] (and of in[n/2] for even n) are ignored, as pocketfft does.
  void backward(const double* in_re, const double* in_im, double* x, double* work) const {
    const size_t c = complex_.size();
    double* zr = work;
    double* zi = work + c;
    double* rest = work + 2 * c;
    if (n_ % 2) {
      zr[0] = in_re[0];
      zi[0] = 0.0;
      for (size_t k = 1; k <= n_ / 2; ++k) {
        zr[k] = zr[n_ - k] = in_re[k];
        zi[k] = in_im[k];
        zi[n_ - k] = -in_im[k];
      }
      complex_.backward(zr, zi, rest);
      std::memcpy(x, zr, n_ * sizeof(double));
      return;
    }
    const size_t h = c;
    // Z[k] = (X[k] + conj X[h-k]) + i conj(w^k) (X[k] - conj X[h-k]); x[2t] + i x[2t+1] = IDFT(Z).
    for (size_t k = 0; k < h; ++k) {
      const double ar = in_re[k], ai = k == 0 ? 0.0 : in_im[k];
      const double br = in_re[h - k], bi = (k == 0) ? 0.0 : -in_im[h - k];
      const double er = ar + br, ei = ai + bi;
      const double dr = ar - br, di = ai - bi;
      const double wr = w_re_[k], wi = -w_im_[k];  // conj(w^k) = exp(+2 pi i k / n)
      const double orr = dr * wr - di * wi, oi = dr * wi + di * wr;
      zr[k] = er - oi;
      zi[k] = ei + orr;
    }
    complex_.backward(zr, zi, rest);
    for (size_t t = 0; t < h; ++t) {
      x[2 * t] = zr[t];
      x[2 * t + 1] = zi[t];
    }
  }

 private:
  size_t n_;
  Plan complex_;
  std::vector<double> w_re_, w_im_;
};

// This thread's plans of the lengths it used last (building one costs n sin/cos calls, more
// than a transform): a few, most recent first.
template <class P>
const P& plan_cache(size_t n) {
  constexpr size_t kKept = 8;
  thread_local std::list<std::unique_ptr<P>> plans;
  for (auto it = plans.begin(); it != plans.end(); ++it)
    if ((*it)->size() == n) {
      if (it != plans.begin()) plans.splice(plans.begin(), plans, it);
      return *plans.front();
    }
  plans.push_front(std::make_unique<P>(n));
  if (plans.size() > kKept) plans.pop_back();
  return *plans.front();
}

}  // namespace muna::kernels::fft
