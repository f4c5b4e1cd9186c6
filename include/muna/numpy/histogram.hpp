// numpy.histogram with an int number of equal bins, NumPy 1.24's steps: the outer edges from
// `range` or the data's min and max (widened by 0.5 each way when equal, (0, 1) for no data),
// edges = linspace(first, last, bins + 1) in the edge dtype E, then each kept value (inside
// the outer edges, compared in E) goes to the bin its offset (v - first) * norm estimates in E,
// corrected by one against the actual edges, so counts agree with the edges exactly.
// With an array of edges (NumPy's non-uniform path): the sorted data searched for each edge,
// compared in C (the data's and edges' common dtype): bin j counts edges[j] <= v < edges[j+1],
// the last bin also v == edges[-1]; NaN sorts last and is counted nowhere.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <tuple>
#include <type_traits>
#include <vector>

#include <muna/numpy/detail/index.hpp>
#include <muna/numpy/linspace.hpp>
#include <muna/python/format/float_to_string.hpp>

namespace muna::numpy {
template <class E, class T>
std::tuple<Tensor<int64_t>, Tensor<E>> histogram(const Tensor<T>& a, int64_t bins, double first, double last,
                                                 bool has_range) {
  if (bins < 1) throw ValueError("`bins` must be positive, when an integer");
  const Tensor<T> x = contiguous(a);
  const int64_t n = x.size();
  auto not_finite = [&](const char* what) {
    return ValueError(std::string(what) + " range of [" + python::format::float_repr(first) + ", " +
                      python::format::float_repr(last) + "] is not finite");
  };
  if (has_range) {
    if (first > last) throw ValueError("max must be larger than min in range parameter.");
    if (!std::isfinite(first) || !std::isfinite(last)) throw not_finite("supplied");
  } else if (n == 0) {
    first = 0;
    last = 1;
  } else {
    const auto [lo, hi] = std::minmax_element(x.data(), x.data() + n, [](T p, T q) { return p < q; });
    first = static_cast<double>(*lo);
    last = static_cast<double>(*hi);
    for (int64_t i = 0; i < n; ++i)  // a NaN anywhere is NumPy's min and max
      if (std::isnan(static_cast<double>(x.data()[i]))) first = last = static_cast<double>(x.data()[i]);
    if (!std::isfinite(first) || !std::isfinite(last)) throw not_finite("autodetected");
  }
  if (first == last) {  // in the dtype NumPy's scalars have here: E for data, float64 for a range
    first = has_range ? first - 0.5 : static_cast<double>(static_cast<E>(first) - E(0.5));
    last = has_range ? last + 0.5 : static_cast<double>(static_cast<E>(last) + E(0.5));
  }
  const Tensor<E> edges = linspace<E>(first, last, bins + 1, true);
  const E lo = static_cast<E>(first), hi = static_cast<E>(last);
  // NumPy's scalars: a range's norm is a Python float, the data's is computed in E.
  const E norm = has_range ? static_cast<E>(static_cast<double>(bins) / (last - first))
                           : static_cast<E>(static_cast<E>(bins) / (hi - lo));
  // NumPy indexes the edges with its estimates: negative ones wrap, others raise IndexError.
  auto edge = [&](int64_t k) { return edges.data()[detail::checked_index(k, bins + 1, 0)]; };
  Tensor<int64_t> counts = Tensor<int64_t>::full(Shape{bins}, 0);
  for (int64_t i = 0; i < n; ++i) {
    const E v = static_cast<E>(x.data()[i]);
    if (!(v >= lo && v <= hi)) continue;
    const E f = static_cast<E>(v - lo) * norm;
    // astype(intp) as x86 converts: NaN and out-of-range values become INT64_MIN
    int64_t k = f >= E(-9.2e18) && f < E(9.2e18) ? static_cast<int64_t>(f) : INT64_MIN;
    if (k == bins) --k;
    if (v < edge(k)) --k;
    else if (k != bins - 1 && v >= edge(k + 1)) ++k;
    if (k < 0) throw ValueError("'list' argument must have no negative elements");
    ++counts.data()[k];
  }
  return {counts, edges};
}

template <class C, class T, class E>
std::tuple<Tensor<int64_t>, Tensor<E>> histogram(const Tensor<T>& a, const Tensor<E>& bins) {
  if (bins.ndim() != 1) throw ValueError("`bins` must be 1d, when an array");
  const int64_t m = bins.shape()[0];
  const auto edge = [&](int64_t j) { return static_cast<C>(bins.data()[j * bins.strides()[0]]); };
  for (int64_t j = 0; j + 1 < m; ++j)
    if (edge(j) > edge(j + 1)) throw ValueError("`bins` must increase monotonically, when an array");
  const Tensor<T> x = contiguous(a);
  std::vector<C> sorted(x.data(), x.data() + x.size());
  const auto less = [](C p, C q) {  // NumPy's sort order: NaN after everything
    if constexpr (std::is_floating_point_v<C>) return p < q || (std::isnan(q) && !std::isnan(p));
    else return p < q;
  };
  std::sort(sorted.begin(), sorted.end(), less);
  std::vector<int64_t> below(static_cast<size_t>(m));  // NumPy's cumulative counts
  for (int64_t j = 0; j < m; ++j) {
    const C e = edge(j);
    below[j] = (j + 1 < m ? std::lower_bound(sorted.begin(), sorted.end(), e, less)
                          : std::upper_bound(sorted.begin(), sorted.end(), e, less)) - sorted.begin();
  }
  Tensor<int64_t> counts(Shape{std::max<int64_t>(m - 1, 0)});
  for (int64_t j = 0; j + 1 < m; ++j) counts.data()[j] = below[j + 1] - below[j];
  return {counts, bins};
}
}  // namespace muna::numpy
