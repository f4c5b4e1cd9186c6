// numpy.gradient: central differences inside, one-sided (edge_order 1 or 2) at the ends, along
// each requested axis, in the result dtype R (float64 for integer arrays), with NumPy 1.24's
// formulas and rounding: uniform spacing h (a scalar, or coordinates whose steps are all equal)
// divides by 2h, h, or weighs by -1.5/h, 2/h, -0.5/h; uneven coordinates use NumPy's three-point
// weights, computed in the coordinates' dtype D and applied in P = result_type(D, R).
#pragma once
#include <functional>
#include <string>
#include <tuple>
#include <vector>

#include <muna/numpy/detail/along_axis.hpp>
#include <muna/numpy/detail/no_contract.hpp>
#include <muna/python/list.hpp>

namespace muna::numpy {
namespace detail {
// The spacing of one axis: uniform (h) or the steps between coordinates (dx), in D.
template <class D>
struct Spacing {
  bool uniform = true;
  bool from_coordinates = false;  // h is a NumPy scalar of D (equal steps), not a Python number
  double h = 1.0;
  std::vector<D> dx;
};

template <class D, class C>
Spacing<D> spacing_of(const C& s, int64_t length) {
  Spacing<D> out;
  if constexpr (std::is_arithmetic_v<C>) {
    out.h = static_cast<double>(s);
  } else {
    if (s.ndim() == 0) {
      out.h = static_cast<double>(s.data()[0]);
      return out;
    }
    if (s.ndim() != 1) throw ValueError("distances must be either scalars or 1d");
    if (s.shape()[0] != length)
      throw ValueError("when 1d, distances must match the length of the corresponding dimension");
    const auto c = contiguous(s);
    for (int64_t i = 1; i < c.size(); ++i)
      out.dx.push_back(static_cast<D>(static_cast<D>(c.data()[i]) - static_cast<D>(c.data()[i - 1])));
    bool equal = true;
    for (const D& d : out.dx) equal = equal && d == out.dx[0];
    if (equal && !out.dx.empty()) {
      out.h = static_cast<double>(out.dx[0]);
      out.from_coordinates = true;
      out.dx.clear();
    } else {
      out.uniform = false;
    }
  }
  return out;
}

MUNA_NO_FP_CONTRACT_BEGIN
// The end values of a 1-d f: NumPy indexes them as NumPy scalars, whose arithmetic promotes as
// scalars do (a Python float or a float64 weight makes it float64; DR is float only for float32
// weights on float32 data), unlike the arrays of the other cases.
template <class R, class D>
void scalar_edges(const Spacing<D>& sp, int64_t edge_order, int64_t n, const std::function<R(int64_t)>& at, R& first,
                  R& last) {
  using DR = std::conditional_t<std::is_same_v<D, float> && std::is_same_v<R, float>, float, double>;
  if (sp.uniform && edge_order == 1) {
    const R d0 = at(1) - at(0), d1 = at(n - 1) - at(n - 2);
    if (sp.from_coordinates) {
      first = static_cast<R>(static_cast<DR>(d0) / static_cast<DR>(static_cast<D>(sp.h)));
      last = static_cast<R>(static_cast<DR>(d1) / static_cast<DR>(static_cast<D>(sp.h)));
    } else {
      first = static_cast<R>(static_cast<double>(d0) / sp.h);
      last = static_cast<R>(static_cast<double>(d1) / sp.h);
    }
  } else if (sp.uniform) {
    const double h = sp.h;
    first = static_cast<R>((-1.5 / h) * static_cast<double>(at(0)) + (2.0 / h) * static_cast<double>(at(1)) +
                           (-0.5 / h) * static_cast<double>(at(2)));
    last = static_cast<R>((0.5 / h) * static_cast<double>(at(n - 3)) + (-2.0 / h) * static_cast<double>(at(n - 2)) +
                          (1.5 / h) * static_cast<double>(at(n - 1)));
  } else if (edge_order == 1) {
    first = static_cast<R>(static_cast<DR>(at(1) - at(0)) / static_cast<DR>(sp.dx[0]));
    last = static_cast<R>(static_cast<DR>(at(n - 1) - at(n - 2)) / static_cast<DR>(sp.dx[sp.dx.size() - 1]));
  } else {
    const std::vector<D>& dx = sp.dx;
    D dx1 = dx[0], dx2 = dx[1];
    const double a = -(2.0 * static_cast<double>(dx1) + static_cast<double>(dx2)) / static_cast<double>(dx1 * (dx1 + dx2));
    const D b = (dx1 + dx2) / (dx1 * dx2), c = -dx1 / (dx2 * (dx1 + dx2));
    const DR t1 = static_cast<DR>(b) * static_cast<DR>(at(1)), t2 = static_cast<DR>(c) * static_cast<DR>(at(2));
    first = static_cast<R>(a * static_cast<double>(at(0)) + static_cast<double>(t1) + static_cast<double>(t2));
    dx1 = dx[dx.size() - 2];
    dx2 = dx[dx.size() - 1];
    const D a2 = (dx2) / (dx1 * (dx1 + dx2)), b2 = -(dx2 + dx1) / (dx1 * dx2);
    const double c2 = (2.0 * static_cast<double>(dx2) + static_cast<double>(dx1)) / static_cast<double>(dx2 * (dx1 + dx2));
    const DR s = static_cast<DR>(a2) * static_cast<DR>(at(n - 3)) + static_cast<DR>(b2) * static_cast<DR>(at(n - 2));
    last = static_cast<R>(static_cast<double>(s) + c2 * static_cast<double>(at(n - 1)));
  }
}

template <class R, class P, class T, class D>
Tensor<R> gradient_axis(const Tensor<T>& f, int64_t axis, const Spacing<D>& sp, int64_t edge_order) {
  const int64_t n = f.shape()[static_cast<size_t>(axis)];
  if (n < edge_order + 1)
    throw ValueError("Shape of array too small to calculate a numerical gradient, at least (edge_order + 1) elements are required.");
  Tensor<R> out(f.shape());
  along_axis(f, axis, out, [&](const T* x, int64_t, int64_t sx, R* y, int64_t sy) {
    auto at = [&](int64_t i) { return convert_element<R>(x[i * sx]); };
    if (sp.uniform) {
      const R two_h = static_cast<R>(2.0 * sp.h);
      for (int64_t i = 1; i + 1 < n; ++i) y[i * sy] = (at(i + 1) - at(i - 1)) / two_h;
      if (edge_order == 1) {
        const R h = static_cast<R>(sp.h);
        y[0] = (at(1) - at(0)) / h;
        y[(n - 1) * sy] = (at(n - 1) - at(n - 2)) / h;
      } else {
        const R a = static_cast<R>(-1.5 / sp.h), b = static_cast<R>(2.0 / sp.h), c = static_cast<R>(-0.5 / sp.h);
        y[0] = a * at(0) + b * at(1) + c * at(2);
        const R a2 = static_cast<R>(0.5 / sp.h), b2 = static_cast<R>(-2.0 / sp.h), c2 = static_cast<R>(1.5 / sp.h);
        y[(n - 1) * sy] = a2 * at(n - 3) + b2 * at(n - 2) + c2 * at(n - 1);
      }
      return;
    }
    auto p = [&](int64_t i) { return convert_element<P>(x[i * sx]); };
    const std::vector<D>& dx = sp.dx;
    for (int64_t i = 1; i + 1 < n; ++i) {
      const D dx1 = dx[static_cast<size_t>(i - 1)], dx2 = dx[static_cast<size_t>(i)];
      const D a = -(dx2) / (dx1 * (dx1 + dx2));
      const D b = (dx2 - dx1) / (dx1 * dx2);
      const D c = dx1 / (dx2 * (dx1 + dx2));
      y[i * sy] = convert_element<R>(static_cast<P>(a) * p(i - 1) + static_cast<P>(b) * p(i) + static_cast<P>(c) * p(i + 1));
    }
    // At the edges the weights are NumPy scalars, so they multiply in R (value-based casting);
    // NumPy's `2. * dx` terms are float64.
    if (edge_order == 1) {
      y[0] = (at(1) - at(0)) / static_cast<R>(dx[0]);
      y[(n - 1) * sy] = (at(n - 1) - at(n - 2)) / static_cast<R>(dx[dx.size() - 1]);
    } else {
      D dx1 = dx[0], dx2 = dx[1];
      const double a = -(2.0 * static_cast<double>(dx1) + static_cast<double>(dx2)) / static_cast<double>(dx1 * (dx1 + dx2));
      const D b = (dx1 + dx2) / (dx1 * dx2);
      const D c = -dx1 / (dx2 * (dx1 + dx2));
      y[0] = static_cast<R>(a) * at(0) + static_cast<R>(b) * at(1) + static_cast<R>(c) * at(2);
      dx1 = dx[dx.size() - 2];
      dx2 = dx[dx.size() - 1];
      const D a2 = (dx2) / (dx1 * (dx1 + dx2));
      const D b2 = -(dx2 + dx1) / (dx1 * dx2);
      const double c2 = (2.0 * static_cast<double>(dx2) + static_cast<double>(dx1)) / static_cast<double>(dx2 * (dx1 + dx2));
      y[(n - 1) * sy] = static_cast<R>(a2) * at(n - 3) + static_cast<R>(b2) * at(n - 2) + static_cast<R>(c2) * at(n - 1);
    }
  });
  if (f.ndim() == 1) {
    R first, last;
    const std::function<R(int64_t)> at = [&](int64_t i) { return convert_element<R>(f.data()[i * f.strides()[0]]); };
    scalar_edges<R, D>(sp, edge_order, n, at, first, last);
    out.data()[0] = first;
    out.data()[n - 1] = last;
  }
  return out;
}
MUNA_NO_FP_CONTRACT_END

inline void check_edge_order(int64_t edge_order) {
  if (edge_order > 2) throw ValueError("'edge_order' greater than 2 not supported");
  if (edge_order < 1) throw ValueError("'edge_order' must be 1 or 2");  // NumPy: 0 is rejected too
}
}  // namespace detail

// One axis: the gradient array.
template <class R, class P, class D, class T, class S>
Tensor<R> gradient(const Tensor<T>& f, const S& spacing, int64_t axis, int64_t edge_order) {
  detail::check_edge_order(edge_order);
  axis = normalize_axis(axis, f.ndim());
  return detail::gradient_axis<R, P>(f, axis, detail::spacing_of<D>(spacing, f.shape()[static_cast<size_t>(axis)]), edge_order);
}

// Several axes (each with its spacing): a list of gradient arrays.
template <class R, class P, class D, class T, class... S, class... A>
python::List<Tensor<R>> gradient(const Tensor<T>& f, const std::tuple<S...>& spacings, const std::tuple<A...>& axes,
                                 int64_t edge_order) {
  detail::check_edge_order(edge_order);
  std::vector<int64_t> list;
  std::apply([&](auto... a) { (list.push_back(normalize_axis(static_cast<int64_t>(a), f.ndim())), ...); }, axes);
  for (size_t i = 0; i < list.size(); ++i)
    for (size_t j = i + 1; j < list.size(); ++j)
      if (list[i] == list[j]) throw ValueError("duplicate value in 'axis'");
  python::List<Tensor<R>> out;
  size_t k = 0;
  std::apply([&](const auto&... s) {
    ((out.push_back(detail::gradient_axis<R, P>(f, list[k], detail::spacing_of<D>(s, f.shape()[static_cast<size_t>(list[k])]),
                                                edge_order)), ++k), ...);
  }, spacings);
  return out;
}
}  // namespace muna::numpy
